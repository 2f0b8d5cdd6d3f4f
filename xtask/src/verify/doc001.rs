//! Document 001 (one-player expected value): its two worked examples in the article model
//! (`haipai ev --model article`), the document's printed figures next to ours, the figures
//! it leaves blank computed by its own formula, and (`--full`) Monte Carlo playouts of the
//! computed policy on a 1-shanten and a 2-shanten hand (100,000 each, within 4 standard errors).

use super::Check;
use haipai::ev::{Analysis, Candidate, Options, Query, RiichiPolicy, evaluate, simulate};
use haipai::tiles::{Hand, Tile, parse_counts, parse_tile};

fn tile(t: &str) -> Tile {
    parse_tile(t).expect("tile").tile()
}

fn query(hand: &str, indicator: &str, visible: &str) -> Query {
    let mut q = Query::new(Hand::parse(hand).expect("hand"));
    q.dora_indicators = vec![tile(indicator)];
    if !visible.is_empty() {
        q.visible = parse_counts(visible).expect("visible");
    }
    q
}

fn find(a: &Analysis, discard: Option<&str>) -> Candidate {
    a.candidates.iter().find(|c| c.discard == discard.map(tile)).cloned().expect("candidate")
}

fn contribution(c: &Candidate, t: &str) -> f64 {
    c.necessary.iter().find(|n| n.tile == tile(t)).map_or(0.0, |n| n.points)
}

/// The document's own formula for a tenpai hand: the sum over the 17 draws of the chance that
/// the wait `live` is first drawn then, times `points` (`waits` live winning tiles in all).
fn document_formula(live: f64, waits: f64, unseen: f64, points: f64) -> f64 {
    let mut miss = 1.0;
    let mut sum = 0.0;
    for j in 0..17 {
        let den = unseen - f64::from(j);
        sum += miss * live / den * points;
        miss *= 1.0 - waits / den;
    }
    sum
}

/// The checks of document 001.
pub fn checks(full: bool) -> Vec<Check> {
    let mut out = Vec::new();
    let article = Options::article();

    // Example 1: the tenpai hand.
    let q = query("222567m345p33667s", "1z", "");
    let a = evaluate(&q, &article).expect("evaluate");
    out.push(
        Check::new("222567m345p33667s (dealer, East round, turn 1): unseen tiles", "121", a.unseen.to_string())
            .note("136 - 14 in hand - 1 dora indicator"),
    );
    let six = find(&a, Some("6s"));
    let seven = find(&a, Some("7s"));
    out.push(
        Check::new(
            "222567m345p33667s: best discard and its expected points",
            "6s 4282.35",
            format!("{} {:.2}", a.candidates[0].discard.map_or("-".into(), |t| t.to_string()), six.value.points),
        )
        .note("riichi + menzen tsumo + tanyao, 30 fu 3 han, dealer: 6000 for each winning tile"),
    );
    out.push(Check::new(
        "222567m345p33667s discard 6s: contributions of 5s and 8s",
        "5s 2141.18, 8s 2141.18",
        format!("5s {:.2}, 8s {:.2}", contribution(&six, "5s"), contribution(&six, "8s")),
    ));
    let seven_doc = document_formula(4.0, 4.0, 121.0, 6000.0);
    out.push(
        Check::new(
            "222567m345p33667s discard 7s (waits 3s, 6s, two each)",
            format!("{seven_doc:.2}"),
            format!("{:.2}", seven.value.points),
        )
        .note(format!(
            "the document leaves this figure blank; expected is its own formula (4 live winning tiles, 6000 \
             each); 7s is {:.2} points below 6s ({:.2}%)",
            six.value.points - seven.value.points,
            100.0 * (six.value.points - seven.value.points) / six.value.points
        )),
    );

    // Example 2: the 1-shanten 13-tile hand; the document's 121 unseen tiles count the 7s
    // discarded from 222567m34p33667s北 as seen.
    let q = query("222567m34p3366s4z", "1z", "7s");
    let a = evaluate(&q, &article).expect("evaluate");
    let c = &a.candidates[0];
    out.push(
        Check::new(
            "222567m34p3366s北 (East round and seat, turn 1, dora 南): unseen tiles",
            "121",
            a.unseen.to_string(),
        )
        .note(
            "the document counts 14 tiles in hand for this 13-tile hand: it is the hand left after discarding \
                 7s from 222567m34p33667s北, so the 7s is passed as seen (--visible 7s)",
        ),
    );
    out.push(
        Check::new("222567m34p3366s北: contribution of the 2p draw", "523.95", format!("{:.2}", contribution(c, "2p")))
            .errs(
                "the document's sum labels this term '5s 自摸' but sums the value of 222567m234p3366s北, the hand \
                 after drawing 2p: a typo for 2p",
            ),
    );
    let listed: Vec<String> = c.necessary.iter().map(|n| format!("{} {:.2}", n.tile, n.points)).collect();
    let total: f64 = c.necessary.iter().map(|n| n.points).sum();
    out.push(
        Check::new(
            "222567m34p3366s北: the four contributions and their sum equal the expected points",
            format!("{:.2}", c.value.points),
            format!("{total:.2}"),
        )
        .note(format!(
            "the document leaves the other three figures and the total blank; haipai: {} (total {:.2}; win {:.2}%, \
             tenpai {:.2}%)",
            listed.join(", "),
            c.value.points,
            100.0 * c.value.win,
            100.0 * c.value.tenpai
        )),
    );

    if full {
        // Monte Carlo playouts of the computed policy, all options on, riichi best.
        let options = Options::default().riichi(RiichiPolicy::Best);
        for (hand, discard, opts, what) in [
            ("222567m34p33667s4z", "7s", options.clone(), "1-shanten, default options"),
            ("123349m3688p1245s", "9m", options.clone(), "2-shanten, default options"),
        ] {
            let q = query(hand, "1z", "");
            let a = evaluate(&q, &opts).expect("evaluate");
            let c = find(&a, Some(discard));
            let e = simulate(&q, &opts, Some(tile(discard)), 100_000, 2024).expect("simulate");
            let ok =
                (e.points - c.value.points).abs() <= 4.0 * e.points_se && (e.win - c.value.win).abs() <= 4.0 * e.win_se;
            out.push(
                Check::new(
                    format!("{hand} discard {discard} ({what}): 100,000 playouts within 4 standard errors"),
                    "yes",
                    if ok { "yes" } else { "no" },
                )
                .note(format!(
                    "computed {:.2} points, win {:.4}; playouts {:.2} ± {:.2} points, win {:.4} ± {:.4}",
                    c.value.points, c.value.win, e.points, e.points_se, e.win, e.win_se
                )),
            );
        }
    }
    out
}
