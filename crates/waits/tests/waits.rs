//! Waits: document 004's nine hands, the 93,600 one-suit hands (counts snapshot, oracle on a
//! seeded sample), seeded random general hands against the reference, and named cases.

use haipai_tiles::rng::Rng;
use haipai_tiles::sample::{add_group, take_random_held};
use haipai_tiles::{Counts, ErrorKind, Hand, counts_to_string, parse_counts};
use haipai_waits::reference::{self, manzu, one_suit_hands};
use haipai_waits::{LineOptions, Notation, WaitKind, document004, hand_waits, waits, waits_with};
use std::collections::BTreeSet;
use std::fmt::Write;

fn digits(hand: &str) -> Counts {
    parse_counts(&format!("{hand}m")).unwrap()
}

fn lines(hand: &str) -> Vec<String> {
    waits(&digits(hand)).classic_lines(Notation::Digits)
}

#[test]
fn document_004_nine_hands_exactly() {
    for (hand, want) in document004::HANDS {
        let got: BTreeSet<String> = lines(hand).into_iter().collect();
        let want: BTreeSet<String> = want.iter().map(|s| s.to_string()).collect();
        assert_eq!(got, want, "{hand}");
    }
}

fn check_against_reference(closed: &Counts, held: &Counts) {
    let ours = waits_with(closed, &sub(held, closed), LineOptions::default());
    let brute = reference::winning_tiles(closed, held);
    assert_eq!(ours.winning_tiles(), brute, "winning tiles of {}", counts_to_string(closed));
    let got: BTreeSet<String> = ours.classic_lines(Notation::Mpsz).into_iter().collect();
    assert_eq!(got.len(), ours.lines().len(), "duplicate lines for {}", counts_to_string(closed));
    let want = reference::lines(closed, held, Notation::Mpsz);
    assert_eq!(got, want, "lines of {}", counts_to_string(closed));
    for l in ours.lines() {
        assert!(!l.is_karaten());
        assert!(l.wins().iter().all(|t| held[t.index()] < 4));
    }
}

fn sub(a: &Counts, b: &Counts) -> Counts {
    let mut out = *a;
    for (o, x) in out.iter_mut().zip(b) {
        *o -= x;
    }
    out
}

/// The published figures: 40,196 tenpai hands among the 93,600, by number of winning tiles.
#[test]
fn all_one_suit_hands_counts_snapshot() {
    let mut by_waits = [0u32; 10];
    let mut tenpai = 0;
    let mut lines = 0usize;
    let mut karaten_lines = 0usize;
    let hands = one_suit_hands(13);
    for h in &hands {
        let c = manzu(h);
        let w = waits(&c);
        if w.is_tenpai() {
            tenpai += 1;
            by_waits[w.winning_tiles().len()] += 1;
        }
        lines += w.lines().len();
        let all = waits_with(&c, &[0; 34], LineOptions::default().karaten(true));
        karaten_lines += all.lines().iter().filter(|l| l.is_karaten()).count();
    }
    let mut report = String::new();
    writeln!(report, "hands: {}", hands.len()).unwrap();
    writeln!(report, "tenpai: {tenpai}").unwrap();
    for (n, count) in by_waits.iter().enumerate().skip(1) {
        writeln!(report, "{n} winning tiles: {count}").unwrap();
    }
    writeln!(report, "waiting lines: {lines}").unwrap();
    writeln!(report, "karaten lines (dropped by default): {karaten_lines}").unwrap();
    insta::assert_snapshot!(report);
    assert_eq!(tenpai, 40_196);
    assert_eq!(&by_waits[1..], [14193, 14493, 6739, 2948, 1335, 392, 79, 16, 1]);
}

#[test]
fn one_suit_sample_matches_the_reference() {
    let hands = one_suit_hands(13);
    let mut rng = Rng::new(40);
    for _ in 0..3000 {
        let c = manzu(&hands[rng.index(hands.len())]);
        check_against_reference(&c, &c);
    }
}

/// A random tenpai-ish hand: a random winning 14-tile shape minus one tile, or a random hand.
fn random_hand(rng: &mut Rng, size: usize) -> Counts {
    loop {
        let mut c = [0u8; 34];
        if rng.index(4) > 0 {
            let pick = |rng: &mut Rng| if rng.index(3) == 0 { 27 + rng.index(7) } else { rng.index(27) };
            let p = pick(rng);
            c[p] += 2;
            for _ in 0..(size - 1) / 3 {
                let i = pick(rng);
                add_group(rng, &mut c, i);
            }
            take_random_held(rng, &mut c);
        } else {
            for _ in 0..size {
                c[rng.index(34)] += 1;
            }
        }
        if c.iter().all(|&x| x <= 4) {
            return c;
        }
    }
}

#[test]
fn random_general_hands_match_the_reference() {
    let mut rng = Rng::new(41);
    for round in 0..4000 {
        let size = [13, 13, 10, 7, 4, 1][round % 6];
        let c = random_hand(&mut rng, size);
        // Called melds holding random extra copies, for karaten.
        let mut held = c;
        for _ in 0..(13 - size) / 3 {
            let i = rng.index(34);
            if held[i] < 4 {
                held[i] += 1;
            }
        }
        check_against_reference(&c, &held);
    }
}

#[test]
fn karaten_lone_three() {
    let w = waits(&digits("1113333555666"));
    let got = w.classic_lines(Notation::Digits);
    assert!(!got.contains(&"(111)(333)(555)(666)[3]".to_string()), "{got:?}");
    let with = waits_with(&digits("1113333555666"), &[0; 34], LineOptions::default().karaten(true));
    let line = with.lines().iter().find(|l| l.classic(Notation::Digits) == "(111)(333)(555)(666)[3]").unwrap();
    assert!(line.is_karaten());
    assert_eq!(line.kind(), WaitKind::Tanki);
    assert_eq!(with.winning_tiles(), w.winning_tiles());
}

#[test]
fn karaten_one_side_used_up_stays() {
    // 23m456p789s11z with a kan of 1m: the ryanmen 23m waits on 1m (all four held) and 4m.
    let w = hand_waits(&Hand::parse("23m456p789s11z[1111m]").unwrap(), LineOptions::default()).unwrap();
    assert_eq!(w.winning_tiles().to_string(), "4m");
    let line = &w.lines()[0];
    assert_eq!(line.kind(), WaitKind::Ryanmen);
    assert_eq!(line.shape_wins().to_string(), "14m");
    assert_eq!(line.wins().to_string(), "4m");
}

#[test]
fn karaten_through_called_melds() {
    // A kanchan 13m whose 2m are all in called melds: a pon [222m] and a chi [234m].
    let hand = Hand::parse("13m11z[222m][234m][789s]").unwrap();
    let w = hand_waits(&hand, LineOptions::default()).unwrap();
    assert!(!w.is_tenpai());
    assert!(w.lines().is_empty());
    let w = hand_waits(&hand, LineOptions::default().karaten(true)).unwrap();
    assert_eq!(w.classic_lines(Notation::Mpsz), ["(11z)[13m]"]);
    assert!(w.lines()[0].is_karaten());
}

#[test]
fn nobetan_is_two_tanki_lines() {
    let got = lines("1112223334567");
    assert!(got.contains(&"(123)(123)(123)(456)[7]".to_string()));
    assert!(got.contains(&"(123)(123)(123)(567)[4]".to_string()));
    let w = waits(&parse_counts("4567m123p456s789s").unwrap());
    assert_eq!(w.classic_lines(Notation::Mpsz), ["(456m)(123p)(456s)(789s)[7m]", "(567m)(123p)(456s)(789s)[4m]"]);
    assert!(w.lines().iter().all(|l| l.kind() == WaitKind::Tanki));
    assert_eq!(w.winning_tiles().to_string(), "47m");
    assert_eq!(w.shapes(), [haipai_waits::Shape::Nobetan(haipai_tiles::parse_tile("4m").unwrap().tile())]);
    // The document's nobetan hand: 1234 and 4567 are both nobetan, 34567 (with the pair 33) a
    // sanmenchan.
    let shapes: Vec<String> = waits(&digits("1112223334567")).shapes().iter().map(ToString::to_string).collect();
    assert_eq!(shapes, ["nobetan 1234m", "nobetan 4567m", "sanmenchan 34567m"]);
}

#[test]
fn nine_gates_waits_on_all_nine() {
    let w = waits(&digits("1112345678999"));
    assert_eq!(w.winning_tiles().len(), 9);
    assert_eq!(w.lines().len(), 11);
}

#[test]
fn seven_pairs() {
    let w = waits(&parse_counts("1133m5577p99s1144z").unwrap_or([0; 34]));
    assert_eq!(w.classic_lines(Notation::Mpsz).len(), 0);
    let w = waits(&parse_counts("1133m5577p99s114z").unwrap());
    assert_eq!(w.classic_lines(Notation::Mpsz), ["(11m)(33m)(55p)(77p)(99s)(11z)[4z]"]);
    assert_eq!(w.lines()[0].kind(), WaitKind::SevenPairs);
    let off =
        waits_with(&parse_counts("1133m5577p99s114z").unwrap(), &[0; 34], LineOptions::default().seven_pairs(false));
    assert!(!off.is_tenpai());
    // A quad is not two pairs.
    assert!(!waits(&parse_counts("1111m5577p99s1144z").unwrap_or([0; 34])).is_tenpai());
    assert!(!waits(&parse_counts("1111m557p99s11445z").unwrap()).is_tenpai());
    // The document's line.
    assert!(lines("1122334455667").contains(&"(11)(22)(33)(44)(55)(66)[7]".to_string()));
}

#[test]
fn thirteen_orphans() {
    let w = waits(&parse_counts("19m19p19s1234567z").unwrap());
    assert_eq!(w.classic_lines(Notation::Mpsz), ["[19m19p19s1234567z]"]);
    assert_eq!(w.lines()[0].kind(), WaitKind::ThirteenOrphans13);
    assert_eq!(w.winning_tiles().len(), 13);
    let w = waits(&parse_counts("119m19p19s123456z").unwrap());
    assert_eq!(w.classic_lines(Notation::Mpsz), ["[119m19p19s123456z]"]);
    assert_eq!(w.lines()[0].kind(), WaitKind::ThirteenOrphans);
    assert_eq!(w.winning_tiles().to_string(), "7z");
    let off = waits_with(
        &parse_counts("119m19p19s123456z").unwrap(),
        &[0; 34],
        LineOptions::default().thirteen_orphans(false),
    );
    assert!(!off.is_tenpai());
}

#[test]
fn called_melds() {
    let hand = Hand::parse("23m55p[789s][111z][5555z*]").unwrap();
    let w = hand_waits(&hand, LineOptions::default()).unwrap();
    assert_eq!(w.classic_lines(Notation::Mpsz), ["(55p)[23m]"]);
    assert_eq!(w.winning_tiles().to_string(), "14m");
    let hand = Hand::parse("5p[789s][111z][5555z*][234m]").unwrap();
    let w = hand_waits(&hand, LineOptions::default()).unwrap();
    assert_eq!(w.classic_lines(Notation::Mpsz), ["[5p]"]);
    let full = hand_waits(&Hand::parse("55p[789s][111z][5555z*][234m]").unwrap(), LineOptions::default());
    let expected = "13".to_string();
    assert_eq!(full.unwrap_err().kind(), &ErrorKind::WrongSize { expected, got: 14, melds: 4 });
}

#[test]
fn not_tenpai_prints_nothing() {
    let w = waits(&parse_counts("147m258p369s1234z").unwrap());
    assert!(w.lines().is_empty() && !w.is_tenpai());
    // Wrong sizes give nothing.
    assert!(!waits(&digits("11122233344455")).is_tenpai());
}

#[test]
fn wait_kinds() {
    let kinds =
        |h: &str| -> Vec<WaitKind> { waits(&parse_counts(h).unwrap()).lines().iter().map(|l| l.kind()).collect() };
    assert_eq!(kinds("12m456p789s11z555z"), [WaitKind::Penchan]);
    assert_eq!(kinds("89m456p789s11z555z"), [WaitKind::Penchan]);
    assert_eq!(kinds("13m456p789s11z555z"), [WaitKind::Kanchan]);
    assert_eq!(kinds("34m456p789s11z555z"), [WaitKind::Ryanmen]);
    assert_eq!(kinds("33m456p789s11z555z"), [WaitKind::Shanpon, WaitKind::Shanpon]);
    assert_eq!(kinds("3m456p789s111z555z"), [WaitKind::Tanki]);
}

/// `win_kinds` agrees with the lines: for every one-suit tenpai hand in a sample, every line's
/// kind appears among the kinds of its winning tiles in the completed hand's arrangements.
#[test]
fn win_kinds_agree_with_lines() {
    let hands = one_suit_hands(13);
    let mut rng = Rng::new(42);
    for _ in 0..2000 {
        let c = manzu(&hands[rng.index(hands.len())]);
        let w = waits(&c);
        for l in w.lines() {
            if matches!(l.kind(), WaitKind::SevenPairs | WaitKind::ThirteenOrphans | WaitKind::ThirteenOrphans13) {
                continue;
            }
            for t in l.wins().iter() {
                let mut won = c;
                won[t.index()] += 1;
                let found = haipai_decompose::winning_arrangements(&won)
                    .any(|a| haipai_waits::win_kinds(&a, t).contains(&l.kind()));
                assert!(found, "{} wins on {t} as {}", l.classic(Notation::Mpsz), l.kind());
            }
        }
    }
}
