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
