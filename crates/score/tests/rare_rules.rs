//! Rare rules: hands the oracle corpus rarely or never produces, each with
//! its exact han, fu, yaku and payments worked out by hand under the standard (Japanese pro /
//! Tenhou-style) rules, and the allocation-free `value` path checked against `score` on each.

use haipai_score::{ErrorKind, Limit, Outcome, Rules, Score, Situation, WinningTiles, Yaku, dora_han, score, value};
use haipai_tiles::Wind;
use haipai_tiles::{Hand, parse_tile};

/// A situation: non-dealer (South seat), East round, ron, no flags.
fn sit(hand: &str, win: &str) -> Situation {
    let mut s = Situation::new(Hand::parse(hand).expect("hand"), parse_tile(win).expect("tile").tile());
    s.conditions.seat = Wind::South;
    s
}

/// The same situation won by tsumo.
fn tsumo(hand: &str, win: &str) -> Situation {
    let mut s = sit(hand, win);
    s.conditions.tsumo = true;
    s
}

/// The same situation for the dealer (East seat).
fn dealer(mut s: Situation) -> Situation {
    s.conditions.seat = Wind::East;
    s
}

/// Scores `s`, expecting a win, and checks that `value` (with `Value::with_ura` for the
/// ura-dora) pays exactly the same and reports the same han, fu and yakuman.
fn win(s: &Situation, rules: &Rules) -> Score {
    let w = match score(s, rules) {
        Ok(Outcome::Win(w)) => w,
        other => panic!("expected a win, got {other:?}"),
    };
    let hand = &s.hand;
    let fast = value(
        &WinningTiles::new(hand.closed(), s.win)
            .melds(hand.melds())
            .red_fives(hand.red_fives())
            .dora_indicators(&s.dora_indicators),
        &s.conditions,
        rules,
    )
    .expect("value scores what score scores")
    .expect("value finds the yaku score finds");
    let ura = if s.conditions.riichi || s.conditions.double_riichi {
        dora_han(&hand.all_tiles(), &s.ura_indicators)
    } else {
        0
    };
    assert_eq!(fast.with_ura(ura), w.payment, "value and score pay differently");
    if ura == 0 {
        assert_eq!((fast.han, fast.fu, fast.yakuman), (w.han, w.fu, w.yakuman), "value and score differ");
    }
    w
}

/// Asserts han, fu, the yaku list (in display order) and the payments `(ron, dealer,
/// non_dealer, total)` of a win.
fn check(w: &Score, han: u32, fu: u32, yaku: &[(Yaku, u32)], pay: (u32, u32, u32, u32)) {
    assert_eq!((w.han, w.fu), (han, fu), "han and fu of {:?}", w.yaku);
    assert_eq!(w.yaku, yaku.to_vec());
    let p = w.payment;
    assert_eq!((p.ron, p.dealer, p.non_dealer, p.total), pay, "payments of {:?}", w.yaku);
}

#[test]
fn penchan_reading_beats_ryanmen_when_it_rounds_up() {
    // 123345m: 3m completes 123 (penchan) or 345 (ryanmen 4-5). With a closed white-dragon
    // triplet there is no pinfu, so the penchan's 2 fu lift 30 to 40: 20 + 2 + 8 + 2 tsumo.
    let w = win(&tsumo("123345m789p555z22s", "3m"), &Rules::default());
    check(&w, 2, 40, &[(Yaku::MenzenTsumo, 1), (Yaku::YakuhaiHaku, 1)], (0, 1300, 700, 2700));
}

#[test]
fn tanki_on_a_four_tile_run_is_2_fu() {
    // 1234m waits on 1m or 4m as a pair (nobetan): either win is tanki, 20 + 10 + 2 + 8 = 40.
    for (hand, tile) in [("11234m456p789s555z", "1m"), ("12344m456p789s555z", "4m")] {
        let w = win(&sit(hand, tile), &Rules::default());
        check(&w, 1, 40, &[(Yaku::YakuhaiHaku, 1)], (1300, 0, 0, 1300));
    }
}

#[test]
fn kanchan_and_a_closed_kan_with_a_red_five() {
    // 7m inside 678m is kanchan; the closed 5m kan is 16 fu and holds one red five:
    // 20 + 10 + 2 + 16 = 48 -> 50 fu, riichi tanyao aka 3 han.
    let mut s = sit("234678m22p234s[0555m*]", "7m");
    s.conditions.riichi = true;
    let w = win(&s, &Rules::default());
    check(&w, 3, 50, &[(Yaku::Riichi, 1), (Yaku::Tanyao, 1), (Yaku::AkaDora, 1)], (6400, 0, 0, 6400));
}

#[test]
fn open_pinfu_shape_is_30_fu_by_ron_and_by_tsumo() {
    let rules = Rules::default();
    let w = win(&sit("234567m22p234s[678s]", "7m"), &rules);
    check(&w, 1, 30, &[(Yaku::Tanyao, 1)], (1000, 0, 0, 1000));
    let w = win(&tsumo("234567m22p234s[678s]", "7m"), &rules);
    check(&w, 1, 30, &[(Yaku::Tanyao, 1)], (0, 500, 300, 1100));
    // Without the open-pinfu 2 fu the ron is 20 fu (640 -> 700); the tsumo keeps its 2 fu.
    let bare = rules.open_pinfu_fu(false);
    check(&win(&sit("234567m22p234s[678s]", "7m"), &bare), 1, 20, &[(Yaku::Tanyao, 1)], (700, 0, 0, 700));
    check(&win(&tsumo("234567m22p234s[678s]", "7m"), &bare), 1, 30, &[(Yaku::Tanyao, 1)], (0, 500, 300, 1100));
    // Dealer tsumo: 500 all.
    let w = win(&dealer(tsumo("234567m22p234s[678s]", "7m")), &rules);
    check(&w, 1, 30, &[(Yaku::Tanyao, 1)], (0, 0, 500, 1500));
}

#[test]
fn seven_pairs_need_seven_different_pairs() {
    // Four 1m are not two pairs.
    let s = sit("1111m3377p2255s66z", "6z");
    assert_eq!(score(&s, &Rules::default()).map_err(|e| e.kind().clone()), Err(ErrorKind::NotAWinningHand));
    // Dealer tsumo: 25 fu 3 han, 1600 all.
    let w = win(&dealer(tsumo("1199m3377p2255s66z", "6z")), &Rules::default());
    check(&w, 3, 25, &[(Yaku::MenzenTsumo, 1), (Yaku::Chiitoitsu, 2)], (0, 0, 1600, 4800));
    // Seven pairs of terminals and honours add honroutou: 4 han 25 fu.
    let w = win(&sit("1199m1199p1199s11z", "1z"), &Rules::default());
    check(&w, 4, 25, &[(Yaku::Chiitoitsu, 2), (Yaku::Honroutou, 2)], (6400, 0, 0, 6400));
}

#[test]
fn four_identical_runs_are_ryanpeikou() {
    // 222233334444m: four 234m (ryanpeikou, pinfu) beats three triplets and a run.
    let w = win(&sit("222233334444m55p", "4m"), &Rules::default());
    check(&w, 5, 30, &[(Yaku::Pinfu, 1), (Yaku::Tanyao, 1), (Yaku::Ryanpeikou, 3)], (8000, 0, 0, 8000));
}

#[test]
fn kan_fu_open_and_closed_and_kiriage() {
    // Open East kan 16, open 2p kan 8, closed 3s kan 16: 60 fu; round wind + sankantsu 3 han.
    let s = sit("234m55p[1111z][2222p][3333s*]", "2m");
    let yaku = [(Yaku::YakuhaiRoundWind, 1), (Yaku::Sankantsu, 2)];
    check(&win(&s, &Rules::default()), 3, 60, &yaku, (7700, 0, 0, 7700));
    let w = win(&s, &Rules::default().kiriage(true));
    check(&w, 3, 60, &yaku, (8000, 0, 0, 8000));
    assert_eq!(w.payment.limit, Limit::Mangan);
    // All three closed, ron on the pair: 20 + 10 + 2 + 32 + 16 + 16 = 96 -> 100 fu, sanankou.
    let w = win(&sit("234m55p[1111z*][2222p*][3333s*]", "5p"), &Rules::default());
    let yaku = [(Yaku::YakuhaiRoundWind, 1), (Yaku::Sankantsu, 2), (Yaku::Sanankou, 2)];
    check(&w, 5, 100, &yaku, (8000, 0, 0, 8000));
}

#[test]
fn suuankou_by_ron_only_on_the_pair() {
    let rules = Rules::default();
    // Ron on 4z completes a triplet, which is then open: toitoi sanankou, 60 fu mangan.
    let w = win(&sit("111m222p333s44455z", "4z"), &rules);
    check(&w, 4, 60, &[(Yaku::Toitoi, 2), (Yaku::Sanankou, 2)], (8000, 0, 0, 8000));
    // Ron on 5z (tanki): suuankou tanki, a double yakuman.
    let w = win(&sit("111m222p333s44455z", "5z"), &rules);
    check(&w, 26, 60, &[(Yaku::SuuankouTanki, 26)], (64000, 0, 0, 64000));
    let w = win(&sit("111m222p333s44455z", "5z"), &rules.double_yakuman(false));
    check(&w, 13, 60, &[(Yaku::SuuankouTanki, 13)], (32000, 0, 0, 32000));
}

#[test]
fn thirteen_orphans_single_wait_and_chiihou() {
    let w = win(&tsumo("19m19p19s12345677z", "1m"), &Rules::default());
    check(&w, 13, 0, &[(Yaku::KokushiMusou, 13)], (0, 16000, 8000, 32000));
    let mut s = tsumo("19m19p19s12345677z", "1m");
    s.conditions.chiihou = true;
    let w = win(&s, &Rules::default());
    check(&w, 26, 0, &[(Yaku::Chiihou, 13), (Yaku::KokushiMusou, 13)], (0, 32000, 16000, 64000));
}

#[test]
fn nine_gates_pure_on_every_tile_of_the_nine_sided_wait() {
    let rules = Rules::default();
    // 1112345678999m + 9m or + 1m: the 13 tiles were the pure shape.
    for (hand, tile) in [("11123456789999m", "9m"), ("11112345678999m", "1m")] {
        let w = win(&sit(hand, tile), &rules);
        check(&w, 26, 40, &[(Yaku::JunseiChuurenPoutou, 26)], (64000, 0, 0, 64000));
    }
    // 11123455678999m won on 6m: the 13 tiles held two 5m, a single chuuren.
    let w = win(&tsumo("11123455678999m", "6m"), &rules);
    check(&w, 13, 40, &[(Yaku::ChuurenPoutou, 13)], (0, 16000, 8000, 32000));
    let w = win(&sit("11123456789999m", "9m"), &rules.double_yakuman(false));
    check(&w, 13, 40, &[(Yaku::JunseiChuurenPoutou, 13)], (32000, 0, 0, 32000));
}

#[test]
fn big_winds_stack_and_count_twice() {
    let rules = Rules::default();
    // Four concealed wind triplets won on the pair by tsumo: suuankou tanki and daisuushii.
    let w = win(&tsumo("111222333z444z55m", "5m"), &rules);
    check(&w, 52, 60, &[(Yaku::SuuankouTanki, 26), (Yaku::Daisuushii, 26)], (0, 64000, 32000, 128000));
    // Open: daisuushii alone, 26 han (13 without the double-yakuman rule).
    let w = win(&sit("222333z444z55m[111z]", "5m"), &rules);
    check(&w, 26, 50, &[(Yaku::Daisuushii, 26)], (64000, 0, 0, 64000));
    let w = win(&sit("222333z444z55m[111z]", "5m"), &rules.double_yakuman(false));
    check(&w, 13, 50, &[(Yaku::Daisuushii, 13)], (32000, 0, 0, 32000));
    // Three wind triplets and a wind pair: shousuushii, a single yakuman.
    let w = win(&sit("111222333z44z567m", "5m"), &rules);
    check(&w, 13, 60, &[(Yaku::Shousuushii, 13)], (32000, 0, 0, 32000));
}

#[test]
fn all_honours_seven_pairs_is_a_single_yakuman() {
    // Daichiishin (a local double yakuman) is not counted: tsuuiisou alone.
    let w = win(&sit("11223344556677z", "7z"), &Rules::default());
    check(&w, 13, 25, &[(Yaku::Tsuuiisou, 13)], (32000, 0, 0, 32000));
    // Tsuuiisou with daisangen stacks: two yakuman.
    let w = win(&sit("555666777z11z222z", "2z"), &Rules::default());
    check(&w, 26, 60, &[(Yaku::Daisangen, 13), (Yaku::Tsuuiisou, 13)], (64000, 0, 0, 64000));
}

#[test]
fn yakuman_multiples_are_capped_with_the_han() {
    // Suuankou tanki (double) with at most one yakuman paid: 13 han and 1 multiple (the
    // multiple used to be reported uncapped, 2, beside 13 han and a single-yakuman payment).
    let s = tsumo("111m222p333s444z55z", "5z");
    let rules = Rules::default().max_yakuman(1);
    let w = win(&s, &rules);
    check(&w, 13, 50, &[(Yaku::SuuankouTanki, 26)], (0, 16000, 8000, 32000));
    assert_eq!((w.yakuman, w.payment.limit), (1, Limit::Yakuman(1)));
    // Three yakuman (chinroutou and suuankou tanki) capped at two.
    let w = win(&sit("111999m111p99p999s", "9p"), &Rules::default().max_yakuman(2));
    check(&w, 26, 70, &[(Yaku::SuuankouTanki, 26), (Yaku::Chinroutou, 13)], (64000, 0, 0, 64000));
    assert_eq!(w.yakuman, 2);
}

#[test]
fn open_hands_lose_a_han_on_the_run_yaku() {
    let rules = Rules::default();
    // Chanta 1 open: 20 + 2 (round-wind pair) + 8 (closed 999s) = 30.
    check(&win(&sit("123m789p11z999s[789s]", "1m"), &rules), 1, 30, &[(Yaku::Chanta, 1)], (1000, 0, 0, 1000));
    // Ittsu 1 open.
    check(&win(&sit("123456m789m11z[789s]", "1m"), &rules), 1, 30, &[(Yaku::Ittsu, 1)], (1000, 0, 0, 1000));
    // Ittsu 1 + honitsu 2 open.
    let w = win(&sit("123456m789m11z[111m]", "1m"), &rules);
    check(&w, 3, 30, &[(Yaku::Ittsu, 1), (Yaku::Honitsu, 2)], (3900, 0, 0, 3900));
    // Ittsu 1 + chinitsu 5 open: haneman.
    let w = win(&sit("123456m789m99m[111m]", "1m"), &rules);
    check(&w, 6, 30, &[(Yaku::Ittsu, 1), (Yaku::Chinitsu, 5)], (12000, 0, 0, 12000));
    // Sanshoku 1 open, no fu: 30 by the open-pinfu 2 fu.
    let w = win(&sit("234m234p678s99s[234s]", "6s"), &rules);
    check(&w, 1, 30, &[(Yaku::SanshokuDoujun, 1)], (1000, 0, 0, 1000));
    // Junchan 2 open: 20 + 2 tanki + 4 (open 1m pon) = 26 -> 30.
    let w = win(&sit("123m789p99s[789s][111m]", "9s"), &rules);
    check(&w, 2, 30, &[(Yaku::Junchan, 2)], (2000, 0, 0, 2000));
    // Without kuitan an open all-simples hand has no yaku.
    let s = sit("234567m22p234s[678s]", "7m");
    assert_eq!(score(&s, &rules.kuitan(false)), Ok(Outcome::NoYaku));
}

#[test]
fn triplets_in_three_suits_open_or_closed() {
    // Sanshoku doukou is 2 han open or closed.
    let w = win(&sit("222m222p222s456m99s", "4m"), &Rules::default());
    check(&w, 4, 50, &[(Yaku::SanshokuDoukou, 2), (Yaku::Sanankou, 2)], (8000, 0, 0, 8000));
    let w = win(&sit("222m222p456m99s[222s]", "4m"), &Rules::default());
    check(&w, 2, 30, &[(Yaku::SanshokuDoukou, 2)], (2000, 0, 0, 2000));
}

#[test]
fn four_kans_and_three_kans_with_toitoi() {
    let w = win(&sit("55p[1111z][2222p][3333s*][7777m]", "5p"), &Rules::default());
    check(&w, 13, 70, &[(Yaku::Suukantsu, 13)], (32000, 0, 0, 32000));
    // Sankantsu toitoi by tsumo (222m concealed, but only two concealed sets: no sanankou).
    let w = win(&tsumo("222m55p[1111z][2222p][3333s*]", "2m"), &Rules::default());
    let yaku = [(Yaku::YakuhaiRoundWind, 1), (Yaku::Sankantsu, 2), (Yaku::Toitoi, 2)];
    check(&w, 5, 70, &yaku, (0, 4000, 2000, 8000));
}

#[test]
fn tenhou_takes_the_given_winning_tile() {
    // The 14 dealt tiles have no winning tile: the one given decides the wait (4z: suuankou,
    // not suuankou tanki). A caller wanting the best reading tries each tile.
    let mut s = dealer(tsumo("111m222p333s44455z", "4z"));
    s.conditions.tenhou = true;
    let w = win(&s, &Rules::default());
    check(&w, 26, 50, &[(Yaku::Tenhou, 13), (Yaku::Suuankou, 13)], (0, 0, 32000, 96000));
    s.win = parse_tile("5z").expect("tile").tile();
    let w = win(&s, &Rules::default());
    check(&w, 39, 50, &[(Yaku::Tenhou, 13), (Yaku::SuuankouTanki, 26)], (0, 0, 48000, 144000));
}

#[test]
fn red_fives_in_called_melds_and_honba_on_every_payment() {
    // A red five in a pon counts; in a chi too.
    let w = win(&sit("234567m33p234s[055p]", "7m"), &Rules::default());
    check(&w, 2, 30, &[(Yaku::Tanyao, 1), (Yaku::AkaDora, 1)], (2000, 0, 0, 2000));
    let w = win(&sit("234567m22p234s[067s]", "7m"), &Rules::default());
    check(&w, 2, 30, &[(Yaku::Tanyao, 1), (Yaku::AkaDora, 1)], (2000, 0, 0, 2000));
    // Non-dealer tsumo 1 han 30 fu (300/500) with 3 honba and 2 sticks: each payer +300.
    let mut s = tsumo("234567m22p234s[678s]", "7m");
    s.conditions.honba = 3;
    s.conditions.sticks = 2;
    check(&win(&s, &Rules::default()), 1, 30, &[(Yaku::Tanyao, 1)], (0, 800, 600, 4000));
    // Dealer ron 2 han 40 fu: 3840 -> 3900, +300 for a honba, +2000 in sticks.
    let mut s = dealer(sit("223344m567p23455s", "5s"));
    s.conditions.honba = 1;
    s.conditions.sticks = 2;
    check(&win(&s, &Rules::default()), 2, 40, &[(Yaku::Tanyao, 1), (Yaku::Iipeikou, 1)], (4200, 0, 0, 6200));
}

#[test]
fn chankan_robs_the_fourth_copy() {
    let rules = Rules::default();
    let conflict = ErrorKind::Conflict("chankan robs the fourth copy: the hand holds no other copy of it");
    // Held once: chankan pinfu, 2 han 30 fu.
    let mut s = sit("345678m678p234s99s", "3m");
    s.conditions.chankan = true;
    check(&win(&s, &rules), 2, 30, &[(Yaku::Pinfu, 1), (Yaku::Chankan, 1)], (2000, 0, 0, 2000));
    // A second 3m (233445m) cannot be: the opponent's kan holds the other three. This hand was
    // scored before (and 443 oracle-corpus lines robbed a tile held again or shown by an
    // indicator; the generator now draws chankan only on a tile held once).
    let mut s = sit("233445m678p234s99s", "3m");
    s.conditions.chankan = true;
    assert_eq!(score(&s, &rules).map_err(|e| e.kind().clone()), Err(conflict.clone()));
    let hand = &s.hand;
    let fast = value(&WinningTiles::new(hand.closed(), s.win).melds(hand.melds()), &s.conditions, &rules);
    assert_eq!(fast.map_err(|e| e.kind().clone()), Err(conflict));
    // Nor can an indicator show the robbed tile (its four copies are the hand's and the kan's).
    let mut s = sit("345678m678p234s99s", "3m");
    s.conditions.chankan = true;
    s.dora_indicators = vec![parse_tile("3m").expect("tile").tile()];
    assert_eq!(
        score(&s, &rules).map_err(|e| e.kind().clone()),
        Err(ErrorKind::IndicatorCopies(parse_tile("3m").expect("tile").tile()))
    );
}
