//! Document 001's figures and closed forms, with haipai-shanten and haipai-score.

use crate::Standard;
use crate::{Options, Query, evaluate_with};
use haipai_tiles::{Hand, Tile, parse_counts, parse_tile};

fn query(hand: &str) -> Query {
    Query::new(Hand::parse(hand).expect("hand"))
}

fn tile(t: &str) -> Tile {
    parse_tile(t).expect("tile").tile()
}

/// The document's sum over turns for a tenpai hand with waits of `live` copies out of
/// `waits_total`, `points` each, 121 unseen, 17 draws.
fn closed_form(live: f64, waits_total: f64, unseen: f64, draws: usize, points: f64) -> f64 {
    let mut miss = 1.0;
    let mut sum = 0.0;
    for j in 0..draws {
        let den = unseen - j as f64;
        sum += miss * live / den * points;
        miss *= 1.0 - waits_total / den;
    }
    sum
}

#[test]
fn document_001_tenpai_example() {
    let mut q = query("222567m345p33667s");
    q.dora_indicators = vec![tile("1z")];
    let a = evaluate_with(&Standard::default(), &q, &Options::article()).expect("ok");
    assert_eq!(a.unseen, 121);
    let six = a.candidates.iter().find(|c| c.discard == Some(tile("6s"))).expect("6s");
    let seven = a.candidates.iter().find(|c| c.discard == Some(tile("7s"))).expect("7s");
    assert_eq!(a.candidates[0].discard, Some(tile("6s")));
    assert!((six.value.points - 4282.35).abs() < 0.005, "{}", six.value.points);
    assert_eq!(six.necessary.len(), 2);
    for n in &six.necessary {
        assert_eq!(n.live, 4);
        assert!((n.points - 2141.18).abs() < 0.005, "{}", n.points);
    }
    let expected = closed_form(4.0, 8.0, 121.0, 17, 6000.0);
    assert!((six.necessary[0].points - expected).abs() < 1e-9);
    // Discard 7s waits on 3s and 6s, two copies each.
    let expected7 = 2.0 * closed_form(2.0, 4.0, 121.0, 17, 6000.0);
    assert!((seven.value.points - expected7).abs() < 1e-9, "{} {}", seven.value.points, expected7);
    assert!(seven.value.points < six.value.points);
}

#[test]
fn document_001_one_shanten_example() {
    let mut q = query("222567m34p3366s4z");
    q.dora_indicators = vec![tile("1z")];
    q.visible = parse_counts("7s").expect("counts");
    let a = evaluate_with(&Standard::default(), &q, &Options::article()).expect("ok");
    assert_eq!(a.unseen, 121);
    let c = &a.candidates[0];
    assert_eq!(c.discard, None);
    let two_p = c.necessary.iter().find(|n| n.tile == tile("2p")).expect("2p");
    assert!((two_p.points - 523.95).abs() < 0.005, "{}", two_p.points);
    let total: f64 = c.necessary.iter().map(|n| n.points).sum();
    assert!((total - c.value.points).abs() < 1e-6);
}

/// The figures document 001 leaves blank, as its own formula gives them (docs/ev-model.md,
/// "Document 001's figures"): discard 7s of the tenpai example, and the four necessary draws
/// of the 1-shanten example with their total.
#[test]
fn document_001_blank_figures() {
    let cents = |x: f64| (x * 100.0).round() / 100.0;
    let mut q = query("222567m345p33667s");
    q.dora_indicators = vec![tile("1z")];
    let a = evaluate_with(&Standard::default(), &q, &Options::article()).expect("ok");
    let points = |t: &str| a.candidates.iter().find(|c| c.discard == Some(tile(t))).expect("discard").value.points;
    assert_eq!(cents(points("7s")), 2752.51);
    assert_eq!(cents(points("6s") - points("7s")), 1529.84);

    let mut q = query("222567m34p3366s4z");
    q.dora_indicators = vec![tile("1z")];
    q.visible = parse_counts("7s").expect("counts");
    let a = evaluate_with(&Standard::default(), &q, &Options::article()).expect("ok");
    let c = &a.candidates[0];
    let mut draws: Vec<(Tile, f64)> = c.necessary.iter().map(|n| (n.tile, cents(n.points))).collect();
    draws.sort_by_key(|&(t, _)| t.index());
    let named: Vec<(String, f64)> = draws.into_iter().map(|(t, p)| (t.to_string(), p)).collect();
    let want = [("2p", 523.95), ("5p", 523.95), ("3s", 436.57), ("6s", 436.57)].map(|(t, p)| (t.to_string(), p));
    assert_eq!(named, want);
    assert_eq!(cents(c.value.points), 1921.05);
}
