//! `cargo xtask verify`: reproduces the source documents' examples and reports, for each,
//! what the document prints, what haipai computes, and whether they agree. Where a
//! document is wrong, the check's expected value is the correct one and its note says
//! where the document errs, with the counterexample.
//!
//! Each document has a module `docNNN` with `checks(full) -> Vec<Check>`, listed in
//! [`DOCUMENTS`].

mod doc000;
mod doc001;
mod doc002;
mod doc003;
mod doc004;

use std::time::Instant;

/// One reproduced example.
#[derive(Clone, Debug)]
pub struct Check {
    /// The example, e.g. `123456789m11p11s shanten`.
    pub example: String,
    /// The expected value as the document prints it (or the correct value, see `note`).
    pub expected: String,
    /// What haipai computes.
    pub ours: String,
    /// An explanation: where the document errs, what is modelled, or empty.
    pub note: String,
    /// True when the document errs on this example: `expected` is then the correct value and
    /// `note` gives the document's figure, why it is wrong and the counterexample.
    pub errs: bool,
}

impl Check {
    /// A check whose verdict is `expected == ours`.
    pub fn new(example: impl Into<String>, expected: impl Into<String>, ours: impl Into<String>) -> Check {
        Check {
            example: example.into(),
            expected: expected.into(),
            ours: ours.into(),
            note: String::new(),
            errs: false,
        }
    }

    /// The same check with a note.
    #[must_use]
    pub fn note(mut self, note: impl Into<String>) -> Check {
        self.note = note.into();
        self
    }

    /// The same check, marked as one where the document errs, with the note saying how.
    #[must_use]
    pub fn errs(mut self, note: impl Into<String>) -> Check {
        self.errs = true;
        self.note(note)
    }

    /// True when ours equals the expected value.
    pub fn ok(&self) -> bool {
        self.expected == self.ours
    }
}

/// A source document and its checks.
pub struct Document {
    /// The file name prefix in `../shared/seeds/`, e.g. `000`.
    pub id: &'static str,
    /// What it is.
    pub title: &'static str,
    /// Its checks, or `None` for a document that has none yet.
    pub checks: Option<fn(bool) -> Vec<Check>>,
}

/// Every source document, in order.
pub const DOCUMENTS: &[Document] = &[
    Document { id: "000", title: "DFS shanten article", checks: Some(doc000::checks) },
    Document { id: "001", title: "one-player expected value (何切る)", checks: Some(doc001::checks) },
    Document { id: "002", title: "Shanghai stalemate detection", checks: Some(doc002::checks) },
    Document { id: "003", title: "exact 天和 probability", checks: Some(doc003::checks) },
    Document { id: "004", title: "chinitsu waits problem", checks: Some(doc004::checks) },
];

/// Runs every registered check and prints the report; `Err` on any mismatch.
pub fn run(full: bool) -> Result<(), String> {
    let mut mismatches = 0;
    let mut total = 0;
    let mut errs = 0;
    println!(
        "haipai verify{}: the examples of the five source documents (the articles in ../shared/seeds/;\n\
         their figures are built in), reproduced by haipai\n\n{LEGEND}\n",
        if full { " --full" } else { "" }
    );
    for doc in DOCUMENTS {
        println!("== document {} — {}", doc.id, doc.title);
        let Some(checks) = doc.checks else {
            println!("   no examples registered yet\n");
            continue;
        };
        let start = Instant::now();
        let checks = checks(full);
        for check in &checks {
            total += 1;
            if !check.ok() {
                mismatches += 1;
            }
            errs += usize::from(check.errs);
            print_check(check);
        }
        println!("   ({} checks in {:.2?})\n", checks.len(), start.elapsed());
    }
    println!("{total} checks, {mismatches} mismatches; the documents err in {errs} of them (marked so above)");
    if mismatches > 0 { Err(format!("{mismatches} of {total} checks do not match")) } else { Ok(()) }
}

/// How to read a check, printed once above the report.
const LEGEND: &str = "\
Each check names an example, then
   expected: what the document prints or claims; where the document errs, the correct value
             (the document's own figure is then in brackets or in the note)
   haipai:   what haipai computes
   note:     how the figure arises; where the document errs, why, with the counterexample
[OK] when haipai gives the expected value, [MISMATCH] when not; '— the document errs' marks
the examples the document gets wrong.";

fn print_check(check: &Check) {
    let verdict = if check.ok() { "OK" } else { "MISMATCH" };
    let errs = if check.errs { " — the document errs" } else { "" };
    println!("   [{verdict}] {}{errs}", check.example);
    print_block("expected", &check.expected);
    print_block("haipai", &check.ours);
    if !check.note.is_empty() {
        print_block("note", &check.note);
    }
}

/// Prints `text` under `label`, its long lines wrapped at word boundaries.
fn print_block(label: &str, text: &str) {
    let lines = text.lines().flat_map(|line| wrap(line, WIDTH));
    for (i, line) in lines.enumerate() {
        let head = if i == 0 { format!("{label}:") } else { String::new() };
        println!("      {head:<10}{line}");
    }
}

/// The widest a printed value or note line gets (after its 16-column indent).
const WIDTH: usize = 84;

/// `line` cut at spaces into pieces of at most `width` characters (a longer word stays whole;
/// a formula is never cut beside its operators, so `4 - 0 - 4 + 1 = 1` stays on one line).
fn wrap(line: &str, width: usize) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut current: Option<String> = None;
    for unit in units(line) {
        match current.as_mut() {
            Some(text) if text.chars().count() + 1 + unit.chars().count() <= width || text.trim().is_empty() => {
                text.push(' ');
                text.push_str(&unit);
            }
            Some(_) => out.extend(current.replace(unit)),
            None => current = Some(unit),
        }
    }
    out.extend(current);
    out
}

/// The words of `line`, a formula's words joined into one unit around each operator.
fn units(line: &str) -> Vec<String> {
    let is_operator = |w: &str| matches!(w, "-" | "+" | "=" | "*");
    let mut out: Vec<String> = Vec::new();
    let mut glue = false;
    for word in line.split(' ') {
        match out.last_mut() {
            Some(last) if glue || is_operator(word) => {
                last.push(' ');
                last.push_str(word);
            }
            _ => out.push(word.to_string()),
        }
        glue = is_operator(word);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::wrap;

    #[test]
    fn wrap_cuts_long_lines_at_spaces_and_keeps_short_ones() {
        assert_eq!(wrap("a bb ccc", 4), ["a bb", "ccc"]);
        assert_eq!(wrap("  (11)(22)", 84), ["  (11)(22)"]);
        assert_eq!(wrap("", 84), [""]);
        assert_eq!(wrap("abcdefgh ij", 4), ["abcdefgh", "ij"]);
        assert_eq!(wrap("so 4 - 0 = 4 here", 6), ["so", "4 - 0 = 4", "here"]);
    }
}
