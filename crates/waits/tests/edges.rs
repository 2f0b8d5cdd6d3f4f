//! Edge cases of hands with called melds (every kind, kans counting 3, four melds), karaten
//! through called melds and red fives, seven pairs with a quad, thirteen orphans with and
//! without a pair, multi-reading waits; and the tenpai convention shared with haipai-shanten
//! (shanten 0 exactly when the closed tiles have a winning tile that is not a fifth closed copy).

use haipai_shanten::{necessary_tiles, shanten};
use haipai_tiles::rng::Rng;
use haipai_tiles::{Counts, Hand, TileSet, counts_to_string, parse_counts};
use haipai_waits::{LineOptions, Notation, WaitKind, hand_waits, waits, waits_with};

/// (lines in MPSZ, their kinds, the winning tiles, the closed tiles' shanten) of a 13-tile hand.
fn describe(hand: &str) -> (Vec<String>, Vec<WaitKind>, String, i8) {
    let hand = Hand::parse(hand).unwrap();
    let w = hand_waits(&hand, LineOptions::default()).unwrap();
    let kinds = w.lines().iter().map(|l| l.kind()).collect();
    (w.classic_lines(Notation::Mpsz), kinds, w.winning_tiles().to_string(), shanten(hand.closed()))
}

#[test]
fn four_called_melds_leave_a_tanki() {
    use WaitKind::Tanki;
    assert_eq!(describe("1m[123p][456p][789p][111z]"), (vec!["[1m]".into()], vec![Tanki], "1m".into(), 0));
    // Every kind of kan counts 3: one closed tile and four kans is 13.
    let kans = "5z[1111m][2222p*][3333s+][4444z]";
    assert_eq!(describe(kans), (vec!["[5z]".into()], vec![Tanki], "5z".into(), 0));
    // A red five alone: its wait is the five.
    assert_eq!(describe("0p[123m][456m][789m][111z]"), (vec!["[5p]".into()], vec![Tanki], "5p".into(), 0));
}

#[test]
fn closed_parts_of_every_size_with_kans() {
    use WaitKind::{Kanchan, Penchan, Ryanmen, Shanpon, Tanki};
    // 4 closed tiles and three melds (a kan among them).
    let four = describe("1112m[456p][7777s*][111z]");
    let lines = vec!["(11m)[12m]".to_string(), "(111m)[2m]".to_string()];
    assert_eq!(four, (lines, vec![Penchan, Tanki], "23m".into(), 0));
    let four = describe("2344m[456p][7777s+][111z]");
    assert_eq!(four, (vec!["(234m)[4m]".into(), "(44m)[23m]".into()], vec![Tanki, Ryanmen], "14m".into(), 0));
    // 7 closed tiles: a nobetan 4567m is two tanki lines.
    let seven = describe("4567m789s[2222p][111z]");
    assert_eq!(
        seven,
        (vec!["(456m)(789s)[7m]".into(), "(567m)(789s)[4m]".into()], vec![Tanki, Tanki], "47m".into(), 0)
    );
    // 10 closed tiles with one open kan: kanchan and shanpon.
    let ten = describe("13m456p789s11z[9999m]");
    assert_eq!(ten, (vec!["(456p)(789s)(11z)[13m]".into()], vec![Kanchan], "2m".into(), 0));
    let ten = describe("55m456p789s11z[9999m]");
    let lines = vec!["(55m)(456p)(789s)[11z]".into(), "(456p)(789s)(11z)[55m]".into()];
    assert_eq!(ten, (lines, vec![Shanpon, Shanpon], "5m1z".into(), 0));
}

#[test]
fn karaten_through_called_melds_and_red_fives() {
    // Shanten reads the closed tiles only (the closed 1m is tenpai); the pon holds the other
    // three 1m, so no tile wins: the waits are empty and the line is karaten.
    let (lines, _, wins, s) = describe("1m[111m][123p][456p][789p]");
    assert_eq!((lines.len(), wins.as_str(), s), (0, "", 0));
    // The same with a red five in the closed tiles and the other three fives in a pon.
    let (lines, _, wins, s) = describe("0m[555m][123p][456p][789p]");
    assert_eq!((lines.len(), wins.as_str(), s), (0, "", 0));
    let hand = Hand::parse("0m[555m][123p][456p][789p]").unwrap();
    let all = hand_waits(&hand, LineOptions::default().karaten(true)).unwrap();
    assert_eq!(all.classic_lines(Notation::Mpsz), ["[5m]"]);
    assert!(all.lines()[0].is_karaten() && !all.is_tenpai());
    assert_eq!(all.lines()[0].shape_wins().to_string(), "5m");
    // A closed quad: the closed tiles alone are not tenpai (a fifth 1m), and nothing waits.
    let (lines, _, wins, s) = describe("1111m[123p][456p][789p]");
    assert_eq!((lines.len(), wins.as_str(), s), (0, "", 1));
    let (lines, _, wins, s) = describe("1111m234p567p789p");
    assert_eq!((lines.len(), wins.as_str(), s), (0, "", 1));
}

#[test]
fn seven_pairs_with_a_quad_and_thirteen_orphans_with_and_without_a_pair() {
    use WaitKind::{SevenPairs, ThirteenOrphans, ThirteenOrphans13};
    let pairs = describe("1122m3344p5566s7z");
    assert_eq!(pairs, (vec!["(11m)(22m)(33p)(44p)(55s)(66s)[7z]".into()], vec![SevenPairs], "7z".into(), 0));
    // A quad is one pair: 1111m2233p4455s6z has five pairs and six kinds, 2-shanten.
    assert_eq!(describe("1111m2233p4455s6z"), (vec![], vec![], String::new(), 2));
    assert_eq!(shanten(&parse_counts("1111m2233p4455s66z").unwrap()), 1);
    let thirteen = describe("19m19p19s1234567z");
    assert_eq!(thirteen.1, [ThirteenOrphans13]);
    assert_eq!((thirteen.2.as_str(), thirteen.3), ("19m19p19s1234567z", 0));
    let with_pair = describe("19m19p19s1234566z");
    assert_eq!(with_pair, (vec!["[19m19p19s1234566z]".into()], vec![ThirteenOrphans], "7z".into(), 0));
    // Thirteen orphans shanten: 13 - kinds - (a pair).
    let orphans = |h: &str| haipai_shanten::shanten_thirteen_orphans(&parse_counts(h).unwrap());
    assert_eq!(orphans("19m19p19s123456z5m"), 1);
    assert_eq!(orphans("119m19p19s12345z5m"), 1);
    assert_eq!(orphans("1199m19p19s1234z5m"), 2);
    assert_eq!(orphans("19m19p19s1234567z1m"), -1);
}

/// A seeded random closed hand of `size` tiles over a few neighbouring kinds (many pairs,
/// triplets and quads), sometimes with a stray tile.
fn clumped(rng: &mut Rng, size: usize) -> Counts {
    let kinds = 2 + rng.index(8);
    let first = rng.index(34 - kinds);
    let mut c = [0u8; 34];
    let mut n = 0;
    while n < size {
        let i = if rng.index(5) == 0 { rng.index(34) } else { first + rng.index(kinds) };
        if c[i] < 4 {
            c[i] += 1;
            n += 1;
        }
    }
    c
}

/// The convention across the crates. Shanten sees the closed tiles only: it is 0 exactly when
/// some tile not already held four times among them completes them, and its necessary tiles
/// are then those tiles. The waits also count the called melds' copies: their winning tiles are
/// the necessary tiles less those held four times with the melds, and a hand is tenpai for the
/// waits exactly when that leaves a tile (otherwise it is karaten).
#[test]
fn shanten_zero_and_the_waits_agree() {
    let mut rng = Rng::new(2026);
    let mut karaten = 0;
    for round in 0..60_000 {
        let size = [13, 10, 7, 4, 1][round % 5];
        let closed = clumped(&mut rng, size);
        let mut melds = [0u8; 34];
        for _ in 0..(13 - size) / 3 {
            let i = rng.index(34);
            if closed[i] + melds[i] < 4 {
                melds[i] += 1;
            }
        }
        let s = shanten(&closed);
        let (ns, necessary) = necessary_tiles(&closed);
        assert_eq!(ns, s);
        let alone = waits(&closed);
        let text = counts_to_string(&closed);
        assert_eq!(s == 0, alone.is_tenpai(), "{text}");
        assert_eq!(if s == 0 { necessary } else { TileSet::EMPTY }, alone.winning_tiles(), "{text}");
        let with = waits_with(&closed, &melds, LineOptions::default());
        let live: TileSet = alone.winning_tiles().iter().filter(|t| closed[t.index()] + melds[t.index()] < 4).collect();
        assert_eq!(with.winning_tiles(), live, "{text} with {}", counts_to_string(&melds));
        karaten += usize::from(s == 0 && !with.is_tenpai());
    }
    assert!(karaten > 0);
}
