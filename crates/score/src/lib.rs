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
//! use haipai_score::{score, Outcome, Rules, Situation, Wind};
//! use haipai_tiles::{parse_tile, Hand};
//!
//! // An open hand with a called white-dragon triplet, ron on 7m: yakuhai haku, 1 han; fu 20 +
//! // 4 for the open honour triplet, rounded up to 30: a non-dealer's 1000.
//! let hand = Hand::parse("234567m22p234s[555z]")?;
//! let mut s = Situation::new(hand, parse_tile("7m")?.0);
//! s.seat = Wind::South;
//! let Outcome::Win(win) = score(&s, &Rules::default())? else { panic!("no yaku") };
//! assert_eq!((win.han, win.fu, win.payment.ron), (1, 30, 1000));
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

mod decompose_shim;
mod engine;
mod fu;
mod points;
mod rules;
mod situation;
mod yaku;

pub use engine::{Outcome, Score, score};
pub use fu::FuPart;
pub use points::{Limit, Payment, base_points, payment};
pub use rules::Rules;
pub use situation::{Error, Situation, Wind};
pub use yaku::Yaku;
