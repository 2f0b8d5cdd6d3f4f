//! `Yaku`: every standard yaku and yakuman, with snake_case romaji names and han values.

use crate::situation::{Error, ErrorKind};
use std::fmt;
use std::str::FromStr;

/// A yaku, a yakuman, or a dora count (dora, aka_dora, ura_dora are listed with the yaku but
/// never make a hand valid on their own). New yaku (local ones) may be added: a `match` needs a
/// `_` arm outside this crate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Yaku {
    /// 立直 riichi, 1 han, closed.
    Riichi,
    /// ダブル立直 double riichi, 2 han, closed.
    DoubleRiichi,
    /// 一発 ippatsu, 1 han, closed.
    Ippatsu,
    /// 門前清自摸和 menzen tsumo, 1 han, closed.
    MenzenTsumo,
    /// 平和 pinfu, 1 han, closed.
    Pinfu,
    /// 断幺九 tanyao, 1 han (open only with kuitan).
    Tanyao,
    /// 一盃口 iipeikou, 1 han, closed.
    Iipeikou,
    /// 役牌 白 yakuhai haku, 1 han.
    YakuhaiHaku,
    /// 役牌 發 yakuhai hatsu, 1 han.
    YakuhaiHatsu,
    /// 役牌 中 yakuhai chun, 1 han.
    YakuhaiChun,
    /// 自風 seat wind, 1 han.
    YakuhaiSeatWind,
    /// 場風 round wind, 1 han.
    YakuhaiRoundWind,
    /// 嶺上開花 rinshan kaihou, 1 han.
    RinshanKaihou,
    /// 槍槓 chankan, 1 han.
    Chankan,
    /// 海底摸月 haitei raoyue, 1 han.
    HaiteiRaoyue,
    /// 河底撈魚 houtei raoyui, 1 han.
    HouteiRaoyui,
    /// 七対子 chiitoitsu, 2 han, closed.
    Chiitoitsu,
    /// 混全帯幺九 chanta, 2 han (1 open).
    Chanta,
    /// 一気通貫 ittsu, 2 han (1 open).
    Ittsu,
    /// 三色同順 sanshoku doujun, 2 han (1 open).
    SanshokuDoujun,
    /// 三色同刻 sanshoku doukou, 2 han.
    SanshokuDoukou,
    /// 三槓子 sankantsu, 2 han.
    Sankantsu,
    /// 対々和 toitoi, 2 han.
    Toitoi,
    /// 三暗刻 sanankou, 2 han.
    Sanankou,
    /// 小三元 shousangen, 2 han.
    Shousangen,
    /// 混老頭 honroutou, 2 han.
    Honroutou,
    /// 二盃口 ryanpeikou, 3 han, closed.
    Ryanpeikou,
    /// 純全帯幺九 junchan, 3 han (2 open).
    Junchan,
    /// 混一色 honitsu, 3 han (2 open).
    Honitsu,
    /// 清一色 chinitsu, 6 han (5 open).
    Chinitsu,
    /// ドラ dora, 1 han each.
    Dora,
    /// 赤ドラ red fives, 1 han each.
    AkaDora,
    /// 裏ドラ ura dora, 1 han each (riichi only).
    UraDora,
    /// 天和 tenhou (yakuman).
    Tenhou,
    /// 地和 chiihou (yakuman).
    Chiihou,
    /// 国士無双 kokushi musou (yakuman).
    KokushiMusou,
    /// 国士無双十三面 kokushi musou, 13-sided wait (double yakuman).
    KokushiMusou13,
    /// 四暗刻 suuankou (yakuman).
    Suuankou,
    /// 四暗刻単騎 suuankou tanki (double yakuman).
    SuuankouTanki,
    /// 大三元 daisangen (yakuman).
    Daisangen,
    /// 小四喜 shousuushii (yakuman).
    Shousuushii,
    /// 大四喜 daisuushii (double yakuman).
    Daisuushii,
    /// 字一色 tsuuiisou (yakuman).
    Tsuuiisou,
    /// 清老頭 chinroutou (yakuman).
    Chinroutou,
    /// 緑一色 ryuuiisou (yakuman).
    Ryuuiisou,
    /// 九蓮宝燈 chuuren poutou (yakuman).
    ChuurenPoutou,
    /// 純正九蓮宝燈 junsei chuuren poutou, 9-sided wait (double yakuman).
    JunseiChuurenPoutou,
    /// 四槓子 suukantsu (yakuman).
    Suukantsu,
}

impl Yaku {
    /// Every yaku, in display order.
    pub const ALL: [Yaku; 48] = [
        Yaku::Riichi,
        Yaku::DoubleRiichi,
        Yaku::Ippatsu,
        Yaku::MenzenTsumo,
        Yaku::Pinfu,
        Yaku::Tanyao,
        Yaku::Iipeikou,
        Yaku::YakuhaiHaku,
        Yaku::YakuhaiHatsu,
        Yaku::YakuhaiChun,
        Yaku::YakuhaiSeatWind,
        Yaku::YakuhaiRoundWind,
        Yaku::RinshanKaihou,
        Yaku::Chankan,
        Yaku::HaiteiRaoyue,
        Yaku::HouteiRaoyui,
        Yaku::Chiitoitsu,
        Yaku::Chanta,
        Yaku::Ittsu,
        Yaku::SanshokuDoujun,
        Yaku::SanshokuDoukou,
        Yaku::Sankantsu,
        Yaku::Toitoi,
        Yaku::Sanankou,
        Yaku::Shousangen,
        Yaku::Honroutou,
        Yaku::Ryanpeikou,
        Yaku::Junchan,
        Yaku::Honitsu,
        Yaku::Chinitsu,
        Yaku::Dora,
        Yaku::AkaDora,
        Yaku::UraDora,
        Yaku::Tenhou,
        Yaku::Chiihou,
        Yaku::KokushiMusou,
        Yaku::KokushiMusou13,
        Yaku::Suuankou,
        Yaku::SuuankouTanki,
        Yaku::Daisangen,
        Yaku::Shousuushii,
        Yaku::Daisuushii,
        Yaku::Tsuuiisou,
        Yaku::Chinroutou,
        Yaku::Ryuuiisou,
        Yaku::ChuurenPoutou,
        Yaku::JunseiChuurenPoutou,
        Yaku::Suukantsu,
    ];

    /// The snake_case romaji name (`riichi`, `yakuhai_haku`, `kokushi_musou_13`, ...).
    pub const fn name(self) -> &'static str {
        match self {
            Yaku::Riichi => "riichi",
            Yaku::DoubleRiichi => "double_riichi",
            Yaku::Ippatsu => "ippatsu",
            Yaku::MenzenTsumo => "menzen_tsumo",
            Yaku::Pinfu => "pinfu",
            Yaku::Tanyao => "tanyao",
            Yaku::Iipeikou => "iipeikou",
            Yaku::YakuhaiHaku => "yakuhai_haku",
            Yaku::YakuhaiHatsu => "yakuhai_hatsu",
            Yaku::YakuhaiChun => "yakuhai_chun",
            Yaku::YakuhaiSeatWind => "yakuhai_seat_wind",
            Yaku::YakuhaiRoundWind => "yakuhai_round_wind",
            Yaku::RinshanKaihou => "rinshan_kaihou",
            Yaku::Chankan => "chankan",
            Yaku::HaiteiRaoyue => "haitei_raoyue",
            Yaku::HouteiRaoyui => "houtei_raoyui",
            Yaku::Chiitoitsu => "chiitoitsu",
            Yaku::Chanta => "chanta",
            Yaku::Ittsu => "ittsu",
            Yaku::SanshokuDoujun => "sanshoku_doujun",
            Yaku::SanshokuDoukou => "sanshoku_doukou",
            Yaku::Sankantsu => "sankantsu",
            Yaku::Toitoi => "toitoi",
            Yaku::Sanankou => "sanankou",
            Yaku::Shousangen => "shousangen",
            Yaku::Honroutou => "honroutou",
            Yaku::Ryanpeikou => "ryanpeikou",
            Yaku::Junchan => "junchan",
            Yaku::Honitsu => "honitsu",
            Yaku::Chinitsu => "chinitsu",
            Yaku::Dora => "dora",
            Yaku::AkaDora => "aka_dora",
            Yaku::UraDora => "ura_dora",
            Yaku::Tenhou => "tenhou",
            Yaku::Chiihou => "chiihou",
            Yaku::KokushiMusou => "kokushi_musou",
            Yaku::KokushiMusou13 => "kokushi_musou_13",
            Yaku::Suuankou => "suuankou",
            Yaku::SuuankouTanki => "suuankou_tanki",
            Yaku::Daisangen => "daisangen",
            Yaku::Shousuushii => "shousuushii",
            Yaku::Daisuushii => "daisuushii",
            Yaku::Tsuuiisou => "tsuuiisou",
            Yaku::Chinroutou => "chinroutou",
            Yaku::Ryuuiisou => "ryuuiisou",
            Yaku::ChuurenPoutou => "chuuren_poutou",
            Yaku::JunseiChuurenPoutou => "junsei_chuuren_poutou",
            Yaku::Suukantsu => "suukantsu",
        }
    }

    /// The yaku with this name, or `None`.
    pub fn from_name(name: &str) -> Option<Yaku> {
        Yaku::ALL.into_iter().find(|y| y.name() == name)
    }

    /// True for yakuman (single or double).
    pub const fn is_yakuman(self) -> bool {
        (self as u8) >= (Yaku::Tenhou as u8)
    }

    /// True for the yakuman that count twice under `Rules::double_yakuman`.
    pub const fn is_double_yakuman(self) -> bool {
        matches!(self, Yaku::KokushiMusou13 | Yaku::SuuankouTanki | Yaku::JunseiChuurenPoutou | Yaku::Daisuushii)
    }

    /// Han for an ordinary yaku (closed, open); 0 where the yaku needs a closed hand. Yakuman
    /// and dora return (0, 0): their value is counted separately.
    pub const fn han(self) -> (u8, u8) {
        match self {
            Yaku::Riichi | Yaku::Ippatsu | Yaku::MenzenTsumo | Yaku::Pinfu | Yaku::Iipeikou => (1, 0),
            Yaku::Tanyao
            | Yaku::YakuhaiHaku
            | Yaku::YakuhaiHatsu
            | Yaku::YakuhaiChun
            | Yaku::YakuhaiSeatWind
            | Yaku::YakuhaiRoundWind
            | Yaku::RinshanKaihou
            | Yaku::Chankan
            | Yaku::HaiteiRaoyue
            | Yaku::HouteiRaoyui => (1, 1),
            Yaku::DoubleRiichi | Yaku::Chiitoitsu => (2, 0),
            Yaku::Chanta | Yaku::Ittsu | Yaku::SanshokuDoujun => (2, 1),
            Yaku::SanshokuDoukou
            | Yaku::Sankantsu
            | Yaku::Toitoi
            | Yaku::Sanankou
            | Yaku::Shousangen
            | Yaku::Honroutou => (2, 2),
            Yaku::Ryanpeikou => (3, 0),
            Yaku::Junchan | Yaku::Honitsu => (3, 2),
            Yaku::Chinitsu => (6, 5),
            _ => (0, 0),
        }
    }
}

impl FromStr for Yaku {
    type Err = Error;

    /// Parses a yaku by its [`name`](Yaku::name) as [`Yaku::from_name`] does (`riichi`,
    /// `sanshoku_doujun`, ...); the error is an [`ErrorKind::UnknownName`].
    ///
    /// ```
    /// use haipai_score::Yaku;
    ///
    /// let yaku: Yaku = "pinfu".parse()?;
    /// assert_eq!((yaku, yaku.to_string()), (Yaku::Pinfu, "pinfu".to_string()));
    /// assert!("Pinfu".parse::<Yaku>().is_err()); // names are lower case
    /// # Ok::<(), haipai_score::Error>(())
    /// ```
    fn from_str(s: &str) -> Result<Yaku, Error> {
        Yaku::from_name(s).ok_or_else(|| Error::new(ErrorKind::UnknownName { what: "yaku", text: s.to_string() }))
    }
}

impl fmt::Display for Yaku {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
