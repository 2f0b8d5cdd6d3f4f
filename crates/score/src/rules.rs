//! `Rules`: the rule variants that change a score, with the common online defaults.

/// Rule variants. [`Rules::default`] matches the common online rules (and the oracle corpus):
///
/// | field | default | meaning |
/// |---|---|---|
/// | `kuitan` | `true` | tanyao counts on an open hand (喰いタン) |
/// | `aka_dora` | `true` | the three red fives (one 5m, 5p, 5s) are one dora each |
/// | `kiriage` | `false` | 4 han 30 fu and 3 han 60 fu round up to mangan (切り上げ満貫) |
/// | `kazoe_yakuman` | `true` | 13 or more han from ordinary yaku and dora is a yakuman; when off, sanbaiman |
/// | `double_yakuman` | `true` | kokushi 13-sided, suuankou tanki, junsei chuuren and daisuushii count twice |
/// | `double_wind_pair_fu` | `4` | fu for a pair of a wind that is both seat and round wind (2 or 4) |
/// | `open_pinfu_fu` | `true` | an open hand with no fu that wins by ron gets 2 fu (30 fu, not 20) |
/// | `pinfu_tsumo_fu` | `false` | pinfu tsumo also gets the 2 tsumo fu (so 30 fu, not 20) |
/// | `max_yakuman` | `6` | the cap on counted yakuman multiples |
///
/// # Presets
///
/// [`Rules::preset`] names four rule sets ([`Rules::PRESETS`]); each differs from the default
/// only where a public rule page says so, and keeps the default everywhere else:
///
/// | preset | switched against the default | source |
/// |---|---|---|
/// | `default` | nothing | the common online rules |
/// | `tenhou` | `double_yakuman: false`: kokushi 13-sided, suuankou tanki, junsei chuuren and daisuushii are single yakuman | RiichiEnv's rule notes (`docs/RULES.md`, its `default_tenhou()` preset), <https://github.com/smly/RiichiEnv> |
/// | `majsoul` | nothing: Mahjong Soul counts those four double, as the default does | the same notes (`default_mjsoul()`) |
/// | `mleague` | `double_yakuman: false` (only separate yakuman add up), `kazoe_yakuman: false` (13 han or more is sanbaiman), `kiriage: true` (7700 rounds up to mangan) | M.League's rules as summarised at <https://k-bys.work/mleague-rule/> and <https://majyan-item.com/m-rule/>; both say red fives (one 5m, 5p, 5s) and open tanyao, as the default |
///
/// Not modelled, though a table plays it: the double-wind pair's fu under each preset is
/// left at the default's 4 (no page consulted states it); the rules around a win (pao, triple
/// ron, nagashi mangan, abortive draws) are not scoring switches.
///
/// New fields may be added, so outside this crate rules are built from the default with one
/// setter per field (or their public fields assigned):
///
/// ```
/// use haipai_score::Rules;
///
/// let rules = Rules::default().kuitan(false).kiriage(true);
/// assert!(!rules.kuitan && rules.kiriage && rules.aka_dora);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Rules {
    /// Open tanyao (喰いタン).
    pub kuitan: bool,
    /// Red fives count as dora.
    pub aka_dora: bool,
    /// Kiriage mangan.
    pub kiriage: bool,
    /// Kazoe yakuman (13+ han is a yakuman); otherwise capped at sanbaiman.
    pub kazoe_yakuman: bool,
    /// Double yakuman for kokushi 13-sided wait, suuankou tanki, junsei chuuren poutou and daisuushii.
    pub double_yakuman: bool,
    /// Fu for a double-wind pair: 4 (default) or 2.
    pub double_wind_pair_fu: u8,
    /// 2 fu for an open ron hand that would otherwise have none.
    pub open_pinfu_fu: bool,
    /// Tsumo fu even for pinfu.
    pub pinfu_tsumo_fu: bool,
    /// Highest yakuman multiple paid (a sum of yakuman above it is capped).
    pub max_yakuman: u8,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            kuitan: true,
            aka_dora: true,
            kiriage: false,
            kazoe_yakuman: true,
            double_yakuman: true,
            double_wind_pair_fu: 4,
            open_pinfu_fu: true,
            pinfu_tsumo_fu: false,
            max_yakuman: 6,
        }
    }
}

impl Rules {
    /// The names [`Rules::preset`] knows, the default first.
    pub const PRESETS: &[&str] = &["default", "tenhou", "majsoul", "mleague"];

    /// The rules of a named preset (one of [`Rules::PRESETS`]; see the table above), or `None`
    /// for another name.
    ///
    /// ```
    /// use haipai_score::Rules;
    ///
    /// assert_eq!(Rules::preset("tenhou"), Some(Rules::tenhou()));
    /// assert!(Rules::PRESETS.iter().all(|name| Rules::preset(name).is_some()));
    /// assert_eq!(Rules::preset("sega"), None);
    /// ```
    pub fn preset(name: &str) -> Option<Rules> {
        match name {
            "default" => Some(Rules::default()),
            "tenhou" => Some(Rules::tenhou()),
            "majsoul" => Some(Rules::majsoul()),
            "mleague" => Some(Rules::mleague()),
            _ => None,
        }
    }

    /// Tenhou's rules: the default with every yakuman single (no double yakuman).
    #[must_use]
    pub fn tenhou() -> Rules {
        Rules::default().double_yakuman(false)
    }

    /// Mahjong Soul's rules: the default (its four double yakuman included).
    #[must_use]
    pub fn majsoul() -> Rules {
        Rules::default()
    }

    /// M.League's rules: no double yakuman, no kazoe yakuman (13 han or more is sanbaiman),
    /// kiriage mangan; red fives and open tanyao as the default.
    #[must_use]
    pub fn mleague() -> Rules {
        Rules::default().double_yakuman(false).kazoe_yakuman(false).kiriage(true)
    }

    /// With `kuitan` set to `kuitan` (open tanyao (喰いタン)).
    #[must_use]
    pub const fn kuitan(mut self, kuitan: bool) -> Rules {
        self.kuitan = kuitan;
        self
    }

    /// With `aka_dora` set to `aka_dora` (red fives count as dora).
    #[must_use]
    pub const fn aka_dora(mut self, aka_dora: bool) -> Rules {
        self.aka_dora = aka_dora;
        self
    }

    /// With `kiriage` set to `kiriage` (kiriage mangan).
    #[must_use]
    pub const fn kiriage(mut self, kiriage: bool) -> Rules {
        self.kiriage = kiriage;
        self
    }

    /// With `kazoe_yakuman` set to `kazoe_yakuman` (kazoe yakuman (13+ han is a yakuman); otherwise capped at sanbaiman).
    #[must_use]
    pub const fn kazoe_yakuman(mut self, kazoe_yakuman: bool) -> Rules {
        self.kazoe_yakuman = kazoe_yakuman;
        self
    }

    /// With `double_yakuman` set to `double_yakuman` (double yakuman for kokushi 13-sided wait, suuankou tanki, junsei chuuren poutou and daisuushii).
    #[must_use]
    pub const fn double_yakuman(mut self, double_yakuman: bool) -> Rules {
        self.double_yakuman = double_yakuman;
        self
    }

    /// With `double_wind_pair_fu` set to `double_wind_pair_fu` (fu for a double-wind pair: 4 (default) or 2).
    #[must_use]
    pub const fn double_wind_pair_fu(mut self, double_wind_pair_fu: u8) -> Rules {
        self.double_wind_pair_fu = double_wind_pair_fu;
        self
    }

    /// With `open_pinfu_fu` set to `open_pinfu_fu` (2 fu for an open ron hand that would otherwise have none).
    #[must_use]
    pub const fn open_pinfu_fu(mut self, open_pinfu_fu: bool) -> Rules {
        self.open_pinfu_fu = open_pinfu_fu;
        self
    }

    /// With `pinfu_tsumo_fu` set to `pinfu_tsumo_fu` (tsumo fu even for pinfu).
    #[must_use]
    pub const fn pinfu_tsumo_fu(mut self, pinfu_tsumo_fu: bool) -> Rules {
        self.pinfu_tsumo_fu = pinfu_tsumo_fu;
        self
    }

    /// With `max_yakuman` set to `max_yakuman` (highest yakuman multiple paid (a sum of yakuman above it is capped)).
    #[must_use]
    pub const fn max_yakuman(mut self, max_yakuman: u8) -> Rules {
        self.max_yakuman = max_yakuman;
        self
    }
}

#[cfg(test)]
mod tests {
    use super::Rules;
    use crate::{Outcome, Situation, score};
    use haipai_tiles::{Hand, Wind, parse_tile};

    /// The han and what the winner receives for `hand` won by ron on `win` (South seat, with
    /// riichi and ippatsu when `riichi`) under `rules`.
    fn pays(hand: &str, win: &str, riichi: bool, rules: &Rules) -> (u32, u32) {
        let mut s = Situation::new(Hand::parse(hand).expect("hand"), parse_tile(win).expect("tile").tile());
        s.conditions.seat = Wind::South;
        s.conditions.riichi = riichi;
        s.conditions.ippatsu = riichi;
        match score(&s, rules) {
            Ok(Outcome::Win(w)) => (w.han, w.payment.total),
            other => panic!("{hand} on {win}: expected a win, got {other:?}"),
        }
    }

    #[test]
    fn every_preset_name_reads_and_no_other() {
        for name in Rules::PRESETS {
            assert!(Rules::preset(name).is_some(), "{name}");
        }
        assert_eq!(Rules::preset("default"), Some(Rules::default()));
        for name in ["", "Tenhou", "mleague ", "wrc"] {
            assert_eq!(Rules::preset(name), None, "{name:?}");
        }
    }

    #[test]
    fn kokushi_13_sided_is_single_on_tenhou_and_mleague_and_double_on_majsoul() {
        // The thirteen-sided wait won on 1m: a double yakuman where the rules have them.
        let hand = "119m19p19s1234567z";
        assert_eq!(pays(hand, "1m", false, &Rules::majsoul()), (26, 64_000));
        assert_eq!(pays(hand, "1m", false, &Rules::tenhou()), (13, 32_000));
        assert_eq!(pays(hand, "1m", false, &Rules::mleague()), (13, 32_000));
    }

    #[test]
    fn mleague_caps_thirteen_han_at_sanbaiman_and_rounds_7700_up() {
        // Closed chinitsu 6, ryanpeikou 3, pinfu, tanyao, riichi, ippatsu: 13 han.
        let chinitsu = "223344667788m55m";
        assert_eq!(pays(chinitsu, "2m", true, &Rules::tenhou()), (13, 32_000));
        assert_eq!(pays(chinitsu, "2m", true, &Rules::mleague()), (13, 24_000));
        // Pinfu, tanyao, iipeikou, riichi, ippatsu: 5 han; without ippatsu 4 han 30 fu, 7700.
        let mut s =
            Situation::new(Hand::parse("234m234m567p55s678s").expect("hand"), parse_tile("2m").expect("tile").tile());
        s.conditions.seat = Wind::South;
        s.conditions.riichi = true;
        let total = |rules: &Rules| match score(&s, rules) {
            Ok(Outcome::Win(w)) => (w.han, w.fu, w.payment.total),
            other => panic!("expected a win, got {other:?}"),
        };
        assert_eq!(total(&Rules::tenhou()), (4, 30, 7700));
        assert_eq!(total(&Rules::mleague()), (4, 30, 8000));
    }
}
