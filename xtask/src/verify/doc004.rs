//! Document 004 (the chinitsu waits problem): its nine hands side by side with haipai's lines,
//! whether the document's output is complete, and the published counts over all 93,600
//! one-suit hands. `--full` also checks every one of those hands against brute force (winning
//! tiles) and an independent enumeration (lines).

use super::Check;
use haipai::tiles::Counts;
use haipai::waits::reference::{self, manzu, one_suit_hands};
use haipai::waits::{LineOptions, Notation, document004, waits, waits_with};
use std::collections::BTreeSet;

fn digits(hand: &str) -> Counts {
    let mut c = [0u8; 9];
    for b in hand.bytes() {
        c[usize::from(b - b'1')] += 1;
    }
    manzu(&c)
}

/// The checks of document 004.
pub fn checks(full: bool) -> Vec<Check> {
    let mut out = Vec::new();
    for (hand, doc_lines) in document004::HANDS {
        let counts = digits(hand);
        let w = waits(&counts);
        let doc: BTreeSet<String> = doc_lines.iter().map(|s| s.to_string()).collect();
        let ours: BTreeSet<String> = w.classic_lines(Notation::Digits).into_iter().collect();
        let missing: Vec<&String> = ours.difference(&doc).collect();
        let extra: Vec<&String> = doc.difference(&ours).collect();
        let mut note = if missing.is_empty() && extra.is_empty() {
            format!(
                "the document's output is complete and correct ({} lines; winning tiles {})",
                doc.len(),
                w.winning_tiles().to_string().trim_end_matches('m')
            )
        } else {
            format!("document misses {missing:?}; document has extra {extra:?}")
        };
        let with_karaten = waits_with(&counts, &[0; 34], LineOptions::default().karaten(true));
        let karaten: Vec<String> =
            with_karaten.lines().iter().filter(|l| l.is_karaten()).map(|l| l.classic(Notation::Digits)).collect();
        if !karaten.is_empty() {
            note.push_str(&format!("; karaten lines the document's method would also print: {karaten:?}"));
        }
        out.push(
            Check::new(
                format!("{hand} waits (as sets)"),
                doc.iter().cloned().collect::<Vec<_>>().join("\n"),
                ours.iter().cloned().collect::<Vec<_>>().join("\n"),
            )
            .note(note),
        );
    }

    // The published counts over all one-suit hands.
    let hands = one_suit_hands(13);
    let mut by_waits = [0u32; 10];
    let mut tenpai = 0;
    let mut disagreements = Vec::new();
    for h in &hands {
        let c = manzu(h);
        let w = waits(&c);
        if w.is_tenpai() {
            tenpai += 1;
            by_waits[w.winning_tiles().len()] += 1;
        }
        if full {
            let brute = reference::winning_tiles(&c, &c);
            let lines: BTreeSet<String> = w.classic_lines(Notation::Digits).into_iter().collect();
            if brute != w.winning_tiles() || lines != reference::lines(&c, &c, Notation::Digits) {
                disagreements.push(haipai::tiles::counts_to_string(&c));
            }
        }
    }
    let list = |v: &[u32]| v.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
    out.push(
        Check::new(
            format!("all {} one-suit 13-tile hands: tenpai; by number of winning tiles 1..9", hands.len()),
            "40196; 14193, 14493, 6739, 2948, 1335, 392, 79, 16, 1",
            format!("{tenpai}; {}", list(&by_waits[1..])),
        )
        .note("the published figures (REFERENCE.md): karaten excluded, seven pairs included"),
    );
    if full {
        out.push(Check::new(
            "all 93,600 one-suit hands: winning tiles = brute force, lines = independent enumeration",
            "0 disagreements",
            format!(
                "{} disagreements{}",
                disagreements.len(),
                if disagreements.is_empty() {
                    String::new()
                } else {
                    format!(": {:?}", &disagreements[..5.min(disagreements.len())])
                }
            ),
        ));
    }
    out
}
