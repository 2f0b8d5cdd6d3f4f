//! Named table tests for the classic tricky hands, the rule options and the errors.

use haipai_score::{ErrorKind, FuPart, Limit, Outcome, Rules, Score, Situation, Yaku, score};
use haipai_tiles::Wind;
use haipai_tiles::{Hand, parse_tile};

/// The kind of a result's error, so tests can compare it exactly.
fn kind_of<T>(r: Result<T, haipai_score::Error>) -> Result<T, ErrorKind> {
    r.map_err(|e| e.kind().clone())
}

fn sit(hand: &str, win: &str) -> Situation {
    let mut s = Situation::new(Hand::parse(hand).expect("hand"), parse_tile(win).expect("tile").tile());
    s.conditions.seat = Wind::South;
    s
}

fn win(s: &Situation, rules: &Rules) -> Score {
    match score(s, rules) {
        Ok(Outcome::Win(w)) => w,
        other => panic!("expected a win, got {other:?}"),
    }
}

fn has(w: &Score, y: Yaku) -> bool {
    w.yaku.iter().any(|&(x, _)| x == y)
}

#[test]
fn ryanmen_reading_beats_kanchan_for_pinfu() {
    // 233445m: 3m completes 234 (kanchan 2-4) or 345 (ryanmen 4-5). Pinfu 30 fu 1 han wins.
    let w = win(&sit("233445m678p234s99s", "3m"), &Rules::default());
    assert_eq!((w.han, w.fu, w.payment.ron), (1, 30, 1000));
    assert!(has(&w, Yaku::Pinfu));
    assert_eq!(w.fu_parts, vec![FuPart::Base, FuPart::ClosedRon]);
}

#[test]
fn kanchan_reading_wins_when_pinfu_is_impossible() {
    // With a closed East triplet (round wind) pinfu is gone; the kanchan 2 fu lifts 40 to 50.
    let w = win(&sit("233445m678p111z55z", "3m"), &Rules::default());
    assert_eq!((w.han, w.fu, w.payment.ron), (1, 50, 1600));
    assert!(w.fu_parts.contains(&FuPart::Kanchan));
}

#[test]
fn pinfu_tsumo_is_20_fu() {
    let mut s = sit("233445m678p234s99s", "3m");
    s.conditions.tsumo = true;
    let w = win(&s, &Rules::default());
    assert_eq!((w.han, w.fu), (2, 20));
    assert_eq!((w.payment.dealer, w.payment.non_dealer), (700, 400));
    // With the pinfu-tsumo-fu variant it is 30 fu.
    let w = win(&s, &Rules::default().pinfu_tsumo_fu(true));
    assert_eq!((w.han, w.fu), (2, 30));
}

#[test]
fn ryanpeikou_beats_seven_pairs() {
    let w = win(&sit("223344m556677p88s", "7p"), &Rules::default());
    assert!(has(&w, Yaku::Ryanpeikou) && has(&w, Yaku::Pinfu) && has(&w, Yaku::Tanyao));
    assert!(!has(&w, Yaku::Chiitoitsu));
    assert_eq!((w.han, w.payment.limit, w.payment.ron), (5, Limit::Mangan, 8000));
}

#[test]
fn seven_pairs_is_25_fu() {
    let w = win(&sit("1199m3377p2255s66z", "6z"), &Rules::default());
    assert_eq!((w.han, w.fu, w.payment.ron), (2, 25, 1600));
}

#[test]
fn ron_on_the_third_triplet_is_not_sanankou() {
    let mut s = sit("111456m222p99p333s", "3s");
    s.conditions.riichi = true;
    let w = win(&s, &Rules::default());
    assert!(!has(&w, Yaku::Sanankou));
    // 30 + 8 (closed 1m) + 4 (closed 2p) + 2 (3s, open by the ron) = 44 -> 50.
    assert_eq!((w.han, w.fu), (1, 50));
    // By tsumo the triplet is concealed.
    s.conditions.tsumo = true;
    assert!(has(&win(&s, &Rules::default()), Yaku::Sanankou));
}

#[test]
fn ron_tile_read_into_a_sequence_keeps_sanankou() {
    // 3s may complete 345s (ryanmen), so 333s stays concealed.
    let w = win(&sit("111m222p99p333345s", "3s"), &Rules::default());
    assert!(has(&w, Yaku::Sanankou));
}

#[test]
fn chankan_is_a_ron_yaku() {
    let mut s = sit("345678m678p234s99s", "3m");
    s.conditions.chankan = true;
    let w = win(&s, &Rules::default());
    assert!(has(&w, Yaku::Chankan) && has(&w, Yaku::Pinfu));
    assert_eq!((w.han, w.fu), (2, 30));
    s.conditions.tsumo = true;
    assert_eq!(kind_of(score(&s, &Rules::default())), Err(ErrorKind::Conflict("chankan is a ron")));
}

#[test]
fn rinshan_counts_tsumo_fu_and_kan_fu() {
    let mut s = sit("234m567p23488s[5555z*]", "2s");
    s.conditions.tsumo = true;
    s.conditions.rinshan = true;
    let w = win(&s, &Rules::default());
    assert!(has(&w, Yaku::RinshanKaihou) && has(&w, Yaku::MenzenTsumo) && has(&w, Yaku::YakuhaiHaku));
    // 20 + 32 (closed honour kan) + 2 tsumo = 54 -> 60; 3 han 60 fu.
    assert_eq!((w.han, w.fu), (3, 60));
    assert_eq!((w.payment.dealer, w.payment.non_dealer, w.payment.total), (3900, 2000, 7900));
}

#[test]
fn no_yaku_is_explicit() {
    let mut s = sit("234m567p99s[789s][123m]", "2m");
    s.dora_indicators = vec![parse_tile("8s").expect("tile").tile()];
    assert_eq!(score(&s, &Rules::default()), Ok(Outcome::NoYaku));
}

#[test]
fn kiriage_mangan_is_an_option() {
    let mut s = sit("223344m567p23466s", "4s");
    s.conditions.riichi = true;
    let w = win(&s, &Rules::default());
    assert_eq!((w.han, w.fu, w.payment.ron), (4, 30, 7700));
    let w = win(&s, &Rules::default().kiriage(true));
    assert_eq!((w.payment.limit, w.payment.ron), (Limit::Mangan, 8000));
}

#[test]
fn kazoe_yakuman_is_an_option() {
    let mut s = sit("123123456789m99m", "4m");
    s.conditions.riichi = true;
    s.conditions.tsumo = true;
    s.dora_indicators = vec![parse_tile("8m").expect("tile").tile()];
    let w = win(&s, &Rules::default());
    assert_eq!((w.han, w.payment.limit, w.payment.total), (15, Limit::KazoeYakuman, 32000), "{:?}", w.yaku);
    let w = win(&s, &Rules::default().kazoe_yakuman(false));
    assert_eq!((w.payment.limit, w.payment.total), (Limit::Sanbaiman, 24000));
}

#[test]
fn double_yakuman_is_an_option() {
    let mut s = sit("111m222p333s444z55z", "5z");
    s.conditions.tsumo = true;
    let w = win(&s, &Rules::default());
    assert_eq!(w.yaku, vec![(Yaku::SuuankouTanki, 26)]);
    assert_eq!((w.han, w.yakuman, w.payment.total), (26, 2, 64000));
    let w = win(&s, &Rules::default().double_yakuman(false));
    assert_eq!((w.han, w.yakuman, w.payment.total), (13, 1, 32000));
}

#[test]
fn double_wind_pair_fu_is_an_option() {
    let mut s = sit("234m567p234s678s11z", "3m");
    s.conditions.seat = Wind::East;
    s.conditions.riichi = true;
    let pair = |w: &Score| w.fu_parts.iter().find_map(|p| matches!(p, FuPart::ValuePair { .. }).then_some(p.fu()));
    assert_eq!(pair(&win(&s, &Rules::default())), Some(4));
    assert_eq!(pair(&win(&s, &Rules::default().double_wind_pair_fu(2))), Some(2));
}

#[test]
fn thirteen_orphans_thirteen_sided_and_tenhou_add_up() {
    let mut s = sit("19m19p19s12345677z", "7z");
    s.conditions.seat = Wind::East;
    s.conditions.tsumo = true;
    s.conditions.tenhou = true;
    let w = win(&s, &Rules::default());
    assert_eq!(w.yaku, vec![(Yaku::Tenhou, 13), (Yaku::KokushiMusou13, 26)]);
    assert_eq!((w.han, w.yakuman, w.payment.total), (39, 3, 144000));
}

#[test]
fn bad_input_is_an_error() {
    let rules = Rules::default();
    assert_eq!(kind_of(score(&sit("123m456p789s1112z", "1z"), &rules)), Err(ErrorKind::WrongSize { got: 13 }));
    let missing = sit("123m456p789s11122z", "5m");
    assert_eq!(
        kind_of(score(&missing, &rules)),
        Err(ErrorKind::WinningTileNotInHand(parse_tile("5m").unwrap().tile()))
    );
    assert_eq!(kind_of(score(&sit("123m456p789s12356z", "1z"), &rules)), Err(ErrorKind::NotAWinningHand));
    let mut open = sit("234m567p99s[789s][123m]", "2m");
    open.conditions.riichi = true;
    assert_eq!(kind_of(score(&open, &rules)), Err(ErrorKind::Conflict("riichi needs a closed hand")));
    let mut houtei = sit("233445m678p234s99s", "3m");
    houtei.conditions.houtei = true;
    houtei.conditions.tsumo = true;
    let houtei_tsumo = "houtei is a ron (haitei is the tsumo on the last tile)";
    assert_eq!(kind_of(score(&houtei, &rules)), Err(ErrorKind::Conflict(houtei_tsumo)));
}

#[test]
fn indicators_cannot_make_a_fifth_copy_or_outnumber_the_kans() {
    let rules = Rules::default();
    let t = |text: &str| parse_tile(text).expect("tile").tile();
    // 99s in the hand and three 9s indicators: five 9s.
    let mut s = sit("233445m678p234s99s", "3m");
    s.dora_indicators = vec![t("9s"), t("9s"), t("9s")];
    assert_eq!(score(&s, &rules).map_err(|e| e.kind().clone()), Err(ErrorKind::IndicatorCopies(t("9s"))));
    assert_eq!(
        score(&s, &rules).unwrap_err().to_string(),
        "five copies of 9s between the hand and the dora and ura-dora indicators"
    );
    // A dora and an ura indicator of 3m beside the hand's two make four; one more is five.
    s.dora_indicators = vec![t("3m")];
    s.conditions.riichi = true;
    s.ura_indicators = vec![t("3m")];
    assert!(score(&s, &rules).is_ok());
    s.ura_indicators.push(t("3m"));
    assert_eq!(score(&s, &rules).map_err(|e| e.kind().clone()), Err(ErrorKind::IndicatorCopies(t("3m"))));
    // Six indicators: more than one and four kan dora.
    s.ura_indicators.clear();
    s.dora_indicators = ["1z", "2z", "3z", "4z", "5z", "6z"].map(t).to_vec();
    assert_eq!(
        score(&s, &rules).map_err(|e| e.kind().clone()),
        Err(ErrorKind::TooManyIndicators { which: "dora", count: 6 })
    );
    assert_eq!(score(&s, &rules).unwrap_err().to_string(), "6 dora indicators: at most 5 (one, and one for each kan)");
    s.dora_indicators.pop();
    assert!(score(&s, &rules).is_ok());
}

#[test]
fn kan_dora_are_more_indicators() {
    // A closed white-dragon kan won on the replacement tile. Indicator 3s: one 4s held.
    let mut s = sit("234m567p23488s[5555z*]", "2s");
    s.conditions.tsumo = true;
    s.conditions.rinshan = true;
    s.dora_indicators = vec![parse_tile("3s").expect("tile").tile()];
    let one = win(&s, &Rules::default());
    assert!(one.yaku.contains(&(Yaku::Dora, 1)));
    // The kan turned over two more: 4z (North) points to East (none held), 7z (red) points
    // to white (the four of the kan).
    s.dora_indicators.push(parse_tile("4z").expect("tile").tile());
    s.dora_indicators.push(parse_tile("7z").expect("tile").tile());
    let three = win(&s, &Rules::default());
    assert!(three.yaku.contains(&(Yaku::Dora, 5)), "{:?}", three.yaku);
    assert_eq!(three.han, one.han + 4);
}

#[test]
fn ura_dora_need_riichi() {
    let mut s = sit("234m567p23488s[5555z*]", "2s");
    s.conditions.tsumo = true;
    s.ura_indicators = vec![parse_tile("7s").expect("tile").tile()];
    let w = win(&s, &Rules::default());
    assert!(!has(&w, Yaku::UraDora));
    s.conditions.riichi = true;
    let w = win(&s, &Rules::default());
    assert!(w.yaku.contains(&(Yaku::UraDora, 2)), "{:?}", w.yaku);
}

#[test]
fn honba_and_sticks_are_paid_to_the_winner() {
    let mut s = sit("233445m678p234s99s", "3m");
    s.conditions.riichi = true;
    s.conditions.honba = 2;
    s.conditions.sticks = 1;
    let w = win(&s, &Rules::default());
    // 2 han 30 fu ron 2000, +600 honba, +1000 stick.
    assert_eq!((w.payment.ron, w.payment.total), (2600, 3600));
    s.conditions.tsumo = true;
    let w = win(&s, &Rules::default());
    // Riichi tsumo pinfu 3 han 20 fu: 700/1300, each payer +200.
    assert_eq!((w.payment.dealer, w.payment.non_dealer, w.payment.total), (1500, 900, 4300));
}

#[test]
fn haitei_and_houtei() {
    let mut s = sit("234m567p99s[789s][123m]", "2m");
    s.conditions.houtei = true;
    let w = win(&s, &Rules::default());
    assert_eq!(w.yaku, vec![(Yaku::HouteiRaoyui, 1)]);
    s.conditions.houtei = false;
    s.conditions.haitei = true;
    s.conditions.tsumo = true;
    let w = win(&s, &Rules::default());
    assert_eq!(w.yaku, vec![(Yaku::HaiteiRaoyue, 1)]);
}

#[test]
fn tenhou_and_chiihou() {
    let mut s = sit("233445m678p234s99s", "3m");
    s.conditions.tsumo = true;
    s.conditions.chiihou = true;
    let w = win(&s, &Rules::default());
    assert_eq!((w.yaku.clone(), w.payment.total), (vec![(Yaku::Chiihou, 13)], 32000));
    // Tenhou is the dealer's; chiihou for the dealer is a conflict.
    s.conditions.seat = Wind::East;
    let dealer = "chiihou is a non-dealer's first draw";
    assert_eq!(kind_of(score(&s, &Rules::default())), Err(ErrorKind::Conflict(dealer)));
    s.conditions.chiihou = false;
    s.conditions.tenhou = true;
    assert_eq!(win(&s, &Rules::default()).payment.total, 48000);
}

#[test]
fn fifth_copy_is_an_error_not_a_panic() {
    // A hand cannot even be built with a fifth copy: the tiles crate refuses it.
    let fifth = |s: &str| Hand::parse(s).unwrap_err().kind().clone();
    let tile = |s: &str| parse_tile(s).unwrap().tile();
    assert_eq!(fifth("11111m234p567s99s"), haipai_tiles::ErrorKind::TooManyCopies(tile("1m")));
    assert_eq!(fifth("1m234p567s99s[111m][999s]"), haipai_tiles::ErrorKind::TooManyCopies(tile("9s")));
}
