//! haipai-shanghai's layout readers against the GNOME and KMahjongg reference files (`layouts/`
//! of the shared folder: GPL files, read in place and never copied into the repository):
//! GNOME's Turtle, KMahjongg's default layout and the expanded coordinate list all equal the
//! built-in Turtle, slots and blockers alike; every GNOME map and the KMahjongg dragon read;
//! and each file, mutated, is read or refused naming a line inside it (never a panic), an
//! accepted layout printing back in haipai notation as the same slots.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

use haipai::shanghai::formats::{parse_any, parse_gnome, parse_haipai, parse_kmahjongg};
use haipai::shanghai::{Blocking, Layout, LayoutError, Slot};
use haipai::tiles::rng::Rng;
use haipai_test_utils::mutate;

use super::{Report, read};

const GNOME: &str = "gnome-mahjongg.map";
const DEFAULT: &str = "kmahjongg-default.layout";
const DRAGON: &str = "kmahjongg-dragon.layout";
const LIST: &str = "turtle_slots_halftile.txt";

/// Mutated texts read per file (`HAIPAI_FUZZ_CASES` changes it, `HAIPAI_FUZZ_SEED` the seed).
const MUTATIONS: usize = 500;

/// Runs every check of the layout files in `dir`.
pub fn check(dir: &Path, report: &mut Report) {
    let ours = Layout::builtin("turtle").expect("the built-in turtle");
    let gnome = read(dir, GNOME).and_then(|t| parse_gnome(&t).map_err(|e| e.to_string()).map(|m| (t, m)));
    let turtle = gnome.as_ref().map_err(Clone::clone).and_then(|(_, maps)| {
        maps.iter().find(|l| l.name() == "Turtle").cloned().ok_or_else(|| "no map named 'Turtle'".to_string())
    });
    report.check(GNOME, "reads, ten maps, each with an even number of tiles", {
        gnome.as_ref().map_err(Clone::clone).and_then(|(_, maps)| every_map_even(maps, 10))
    });
    report.check(GNOME, "its Turtle has 144 tiles, the built-in Turtle's slots and blockers", {
        turtle.clone().and_then(|g| {
            size(&g, 144)?;
            same_slots(g.slots(), ours.slots())?;
            for (rules, name) in [(Blocking::Standard, "standard"), (Blocking::Grid, "grid")] {
                if g.blockers(rules) != ours.blockers(rules) {
                    return Err(format!("the blockers under the {name} rules differ from the built-in Turtle's"));
                }
            }
            Ok("144 slots".into())
        })
    });
    report.check(GNOME, "map 'taipei' picked by name (case-insensitive)", {
        gnome.as_ref().map_err(Clone::clone).and_then(|(text, _)| {
            let layout = parse_any("x", text, Some("taipei")).map_err(|e| e.to_string())?;
            if layout.name() == "Taipei" { Ok(String::new()) } else { Err(format!("named '{}'", layout.name())) }
        })
    });
    report.check(DEFAULT, "reads as 144 tiles, GNOME's Turtle's slots", {
        let default = read(dir, DEFAULT).and_then(|t| parse_kmahjongg("default", &t).map_err(|e| e.to_string()));
        default.and_then(|k| {
            size(&k, 144)?;
            same_slots(k.slots(), turtle.as_ref().map_err(|e| format!("GNOME's Turtle: {e}"))?.slots())
        })
    });
    report.check(DRAGON, "reads, an even number of tiles", {
        let dragon = read(dir, DRAGON).and_then(|t| parse_kmahjongg("dragon", &t).map_err(|e| e.to_string()));
        dragon.and_then(|d| every_map_even(&[d], 1))
    });
    report.check(LIST, "the expanded coordinates are the built-in Turtle's slots", {
        read(dir, LIST).and_then(|t| slot_list(&t)).and_then(|slots| {
            let list = Layout::new("list", slots).map_err(|e| e.to_string())?;
            same_slots(list.slots(), ours.slots())
        })
    });
    for file in [GNOME, DEFAULT, DRAGON] {
        let outcome = read(dir, file).and_then(|text| mutations(&text));
        report.check(file, "mutated copies are read, or refused naming a line inside", outcome);
    }
}

/// `Ok` when `layout` has `n` slots.
fn size(layout: &Layout, n: usize) -> Result<(), String> {
    if layout.len() == n { Ok(()) } else { Err(format!("'{}' has {} slots, not {n}", layout.name(), layout.len())) }
}

/// `Ok` when there are `n` layouts, each with an even number of slots.
fn every_map_even(maps: &[Layout], n: usize) -> Result<String, String> {
    if maps.len() != n {
        return Err(format!("{} maps, not {n}", maps.len()));
    }
    match maps.iter().find(|m| m.len() % 2 != 0) {
        Some(odd) => Err(format!("map '{}' has an odd number of tiles ({})", odd.name(), odd.len())),
        None => Ok(maps.iter().map(|m| format!("{} {}", m.name(), m.len())).collect::<Vec<_>>().join(", ")),
    }
}

/// A slot as `x y z` (half-tile units, layer).
fn show(slot: &Slot) -> String {
    format!("x {} y {} z {}", slot.x, slot.y, slot.z)
}

/// `Ok` when the two slot lists are equal, else the first difference.
fn same_slots(got: &[Slot], want: &[Slot]) -> Result<String, String> {
    if let Some(i) = (0..got.len().min(want.len())).find(|&i| got[i] != want[i]) {
        return Err(format!("slot {i} is ({}), the built-in's is ({})", show(&got[i]), show(&want[i])));
    }
    if got.len() != want.len() {
        return Err(format!("{} slots against {}", got.len(), want.len()));
    }
    Ok(format!("{} slots", got.len()))
}

/// The slots of an `x y z` list, one a line (`#` comments and blank lines skipped).
fn slot_list(text: &str) -> Result<Vec<Slot>, String> {
    let mut slots = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let v: Vec<i32> = line.split_whitespace().map(str::parse).collect::<Result<_, _>>().unwrap_or_default();
        let [x, y, z] = v[..] else { return Err(format!("line {}: expected 'x y z', found '{line}'", i + 1)) };
        slots.push(Slot { x, y, z });
    }
    Ok(slots)
}

/// Reads `MUTATIONS` mutated copies of `text` with every reader; the first broken promise.
fn mutations(text: &str) -> Result<String, String> {
    let mut rng = Rng::new(mutate::seed());
    let cases = mutate::cases(MUTATIONS);
    for case in 0..cases {
        let mutated = mutate::mutate(&mut |n| rng.index(n), text);
        let outcome = catch_unwind(AssertUnwindSafe(|| every_reader(&mutated)));
        let why = match outcome {
            Ok(Ok(())) => continue,
            Ok(Err(why)) => why,
            Err(panic) => {
                let message = panic.downcast_ref::<String>().map(String::as_str).or(panic.downcast_ref::<&str>().copied());
                format!("a reader panicked: {}", message.unwrap_or("no message"))
            }
        };
        return Err(format!("case {case} (seed {}): {why}", mutate::seed()));
    }
    Ok(format!("{cases} cases"))
}

/// Every reader's answer for `text` kept its promise.
fn every_reader(text: &str) -> Result<(), String> {
    kept(text, parse_any("fuzz", text, None))?;
    kept(text, parse_haipai("fuzz", text))?;
    kept(text, parse_kmahjongg("fuzz", text))?;
    match parse_gnome(text) {
        Ok(maps) => maps.into_iter().try_for_each(|m| kept(text, Ok(m))),
        Err(e) => kept(text, Err(e)),
    }
}

/// A reader's promise for `text`: an error names a line inside the file, and a layout holds
/// 1..=256 slots and reads back as itself from haipai notation.
fn kept(text: &str, result: Result<Layout, LayoutError>) -> Result<(), String> {
    match result {
        Ok(layout) => {
            if layout.is_empty() || layout.len() > 256 {
                return Err(format!("a layout of {} slots was accepted", layout.len()));
            }
            let printed = to_haipai(&layout);
            let again = parse_haipai("again", &printed).map_err(|e| format!("its haipai notation is refused: {e}"))?;
            if again.slots() == layout.slots() { Ok(()) } else { Err("its haipai notation reads back differently".into()) }
        }
        Err(e) => {
            let lines = text.lines().count().max(1);
            match e.line() {
                Some(l) if !(1..=lines).contains(&l) => Err(format!("error '{e}' names a line past the {lines} lines")),
                _ if e.message().is_empty() => Err("an error with no message".into()),
                _ => Ok(()),
            }
        }
    }
}

/// `layout` in haipai notation, one slot a line.
fn to_haipai(layout: &Layout) -> String {
    let half = |v: i32| if v % 2 == 0 { format!("{}", v / 2) } else { format!("{}.5", v / 2) };
    layout.slots().iter().map(|s| format!("{} {} {}\n", s.z, half(s.y), half(s.x))).collect()
}
