//! haipai-score: a complete riichi mahjong scoring engine.
//!
//! Give it a [`Situation`] (the hand with its winning tile and called melds, how it was won,
//! winds, dora and ura-dora indicators, the riichi / ippatsu / haitei / houtei / rinshan /
//! chankan / tenhou / chiihou flags, honba and riichi sticks) and [`Rules`]; [`score`] returns
//! the best reading of the hand ([`Outcome::Win`] with han, fu, yaku, fu breakdown and
//! payments) or [`Outcome::NoYaku`].
//!
//! Every regular decomposition of the closed tiles, and every group the winning tile may have
//! completed, is scored; seven pairs and thirteen orphans too. The best is the one paying the
//! most, then a real yakuman over a counted one, then the most han, then the most fu.
//!
//! Checked against an independent engine: `tests/corpus.rs` scores 22,000 random situations
//! scored by the PyPI package `mahjong` 2.1.0 (regenerate with `cargo xtask gen-score-corpus`).
//!
//! ```
//! use haipai_score::{score, Outcome, Rules, Situation};
//! use haipai_tiles::Wind;
//! use haipai_tiles::{parse_tile, Hand};
//!
//! // An open hand with a called white-dragon triplet, ron on 7m: yakuhai haku, 1 han; fu 20 +
//! // 4 for the open honour triplet, rounded up to 30: a non-dealer's 1000.
//! let hand = Hand::parse("234567m22p234s[555z]")?;
//! let mut s = Situation::new(hand, parse_tile("7m")?.tile());
//! s.conditions.seat = Wind::South;
//! let Outcome::Win(win) = score(&s, &Rules::default())? else { panic!("no yaku") };
//! assert_eq!((win.han, win.fu, win.payment.ron), (1, 30, 1000));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The fast path for search engines
//!
//! [`score`] builds the yaku list and the fu breakdown (two small `Vec`s). A search that
//! scores millions of hands (the ev crate) calls [`value`] instead: the [`WinningTiles`] (the
//! tiles as borrowed [`Counts`](haipai_tiles::Counts) plus melds, the winning tile, the red-five
//! count, the dora indicators, kan dora being more indicators) and a `Copy` [`Conditions`] (tsumo, riichi,
//! double riichi, ippatsu, haitei, houtei, rinshan, chankan, tenhou, chiihou, seat and round
//! wind, honba, sticks). It returns `Ok(None)` for no yaku, or a [`Value`]: `han`, `fu`,
//! `yakuman` and [`Payment`] of the best reading *without ura-dora*, allocating nothing.
//!
//! Ura-dora are left out on purpose: the ura han of a hand are the same for every reading, so
//! a caller taking an expectation over ura indicators computes, for each indicator outcome,
//! the ura han with [`dora_han`] (or directly: the copies held of the tile the indicator
//! points to) and asks [`Value::with_ura`] for the payment. That is exact: `Value` keeps every
//! (han, fu) reading that extra han could make best (e.g. 3 han 70 fu beats 4 han 30 fu
//! without ura, but 6 han 30 fu beats 5 han 70 fu with two).
//!
//! ```
//! use haipai_score::{dora_han, value, Conditions, Rules, WinningTiles};
//! use haipai_tiles::Wind;
//! use haipai_tiles::{parse_counts, parse_tile};
//!
//! let hand = parse_counts("234567m345p23488s")?; // complete, drawn 2s
//! let cond = Conditions::default().tsumo(true).riichi(true).seat(Wind::South);
//! let rules = Rules::default();
//! let v = value(&WinningTiles::new(&hand, parse_tile("2s")?.tile()), &cond, &rules)?.expect("a yaku");
//! assert_eq!((v.han, v.fu, v.payment.total), (4, 20, 5200)); // riichi tsumo pinfu tanyao
//! // Expected points over one ura indicator uniform over the 34 kinds (a simplification):
//! let expected: f64 = (0..34)
//!     .map(|k| {
//!         let ura = dora_han(&hand, &[haipai_tiles::Tile::new(k).expect("kind")]);
//!         f64::from(v.total_with_ura(ura))
//!     })
//!     .sum::<f64>()
//!     / 34.0;
//! // 21 indicators add nothing (5200), 12 add one han (mangan, 8000), 7s adds two (haneman):
//! assert_eq!(format!("{expected:.2}"), format!("{:.2}", (21.0 * 5200.0 + 12.0 * 8000.0 + 12000.0) / 34.0));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Yaku names
//!
//! riichi, double_riichi, ippatsu, menzen_tsumo, pinfu, tanyao, iipeikou, yakuhai_haku,
//! yakuhai_hatsu, yakuhai_chun, yakuhai_seat_wind, yakuhai_round_wind, rinshan_kaihou, chankan,
//! haitei_raoyue, houtei_raoyui, chiitoitsu, chanta, ittsu, sanshoku_doujun, sanshoku_doukou,
//! sankantsu, toitoi, sanankou, shousangen, honroutou, ryanpeikou, junchan, honitsu, chinitsu,
//! dora, aka_dora, ura_dora; yakuman: tenhou, chiihou, kokushi_musou, kokushi_musou_13
//! (double), suuankou, suuankou_tanki (double), daisangen, shousuushii, daisuushii (double),
//! tsuuiisou, chinroutou, ryuuiisou, chuuren_poutou, junsei_chuuren_poutou (double),
//! suukantsu.
//!
//! # Rules notes
//!
//! - Fu: 20 base; +10 closed ron; +2 tsumo except pinfu; 25 flat for seven pairs; kanchan,
//!   penchan and tanki waits 2; a dragon / seat / round wind pair 2 (a double wind pair
//!   [`Rules::double_wind_pair_fu`]); triplets 2 open simple, 4 open terminal-or-honour or
//!   closed simple, 8 closed terminal-or-honour, quads 4 times that; a triplet completed by ron
//!   counts as open (for fu and for sanankou / suuankou); an open ron hand with no fu gets 2
//!   (30 fu); thirteen orphans reports 0 fu (yakuman points do not use fu).
//! - An open tsumo hand with no other fu gets the 2 tsumo fu (30 fu). The oracle gives the
//!   same 30 fu but names it the open-pinfu 2 fu; they differ only with
//!   `open_pinfu_fu = false`, where haipai still pays the tsumo fu (the usual rule).
//! - Dora, red fives and ura-dora count only when the hand has a yaku, and not on a yakuman.
//! - Yakuman add up (13 han each, 26 for a double yakuman), capped at [`Rules::max_yakuman`].
//! - Tenhou and chiihou use the winning tile given (it decides junsei chuuren, kokushi
//!   13-sided and suuankou tanki). Not scored: nagashi mangan (not a hand win: pay it with
//!   [`payment`] as a mangan tsumo), renhou, daichiishin and other local yaku, pao, three-player
//!   rules (see `docs/crates/score.md`).
//!
//! # Errors
//!
//! [`score`] and [`value`] return an [`Error`], opaque with a `#[non_exhaustive]` [`ErrorKind`],
//! when the question is malformed: a hand that is not 14 tiles (a quad counting 3), a winning
//! tile not among the closed tiles, tiles that do not form a winning hand, flags that cannot go
//! together (riichi on an open hand, haitei with ron, ...), a fifth copy or a red five too many,
//! too many indicators. A complete hand with no yaku is an answer, not an error:
//! [`Outcome::NoYaku`] (`Ok(None)` from [`value`]).
//!
//! The mahjong terms (yaku, han, fu, dora, riichi, ...) are explained in the glossary of the
//! `haipai` crate: <https://docs.rs/haipai/latest/haipai/glossary/>.

mod check;
mod engine;
mod fu;
mod points;
mod rules;
mod situation;
mod value;
mod yaku;

pub use check::{MAX_INDICATORS, MAX_STICKS};
pub use engine::{Outcome, Score, dora_han, score};
pub use fu::FuPart;
pub use points::{HanFu, Limit, Payment, base_points, payment};
pub use rules::Rules;
pub use situation::{Conditions, Error, ErrorKind, Situation};
pub use value::{Value, WinningTiles, value, value_pair};
pub use yaku::Yaku;

/// The crate's public types are `Send + Sync`, so users may share them between threads.
#[cfg(test)]
mod send_sync {
    use super::*;

    /// Compiles only for types that may cross and be shared between threads.
    fn assert_send_sync<T: Send + Sync>() {}

    #[test]
    fn main_types_are_send_and_sync() {
        assert_send_sync::<Situation>();
        assert_send_sync::<Conditions>();
        assert_send_sync::<Rules>();
        assert_send_sync::<Outcome>();
        assert_send_sync::<Score>();
        assert_send_sync::<Value>();
        assert_send_sync::<Payment>();
        assert_send_sync::<Yaku>();
        assert_send_sync::<FuPart>();
        assert_send_sync::<Limit>();
        assert_send_sync::<Error>();
        assert_send_sync::<ErrorKind>();
    }
}

/// `FromStr` and `Display` agree: every yaku reads back what it prints.
#[cfg(test)]
mod text_round_trips {
    use super::*;

    #[test]
    fn yaku_read_back_what_they_print() {
        for yaku in Yaku::ALL {
            assert_eq!(yaku.to_string().parse::<Yaku>(), Ok(yaku));
        }
    }

    #[test]
    fn unknown_names_say_what_was_expected() {
        let yaku = "tsumo".parse::<Yaku>().unwrap_err().to_string();
        assert_eq!(yaku, "'tsumo' is not a yaku name (riichi, pinfu, ... as listed in the crate docs)");
    }
}

/// The example of the crate's README.md, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeExample;
