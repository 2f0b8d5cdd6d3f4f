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
}

impl Check {
    /// A check whose verdict is `expected == ours`.
    pub fn new(example: impl Into<String>, expected: impl Into<String>, ours: impl Into<String>) -> Check {
        Check { example: example.into(), expected: expected.into(), ours: ours.into(), note: String::new() }
    }

    /// The same check with a note.
    #[must_use]
    pub fn note(mut self, note: impl Into<String>) -> Check {
        self.note = note.into();
        self
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
    /// Its checks, or `None` while no issue has registered them.
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
    println!(
        "haipai verify{}: reproducing the source documents (../shared/seeds/)\n",
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
            print_check(check);
        }
        println!("   ({} checks in {:.2?})\n", checks.len(), start.elapsed());
    }
    println!("{total} checks, {mismatches} mismatches");
    if mismatches > 0 { Err(format!("{mismatches} of {total} checks do not match")) } else { Ok(()) }
}

fn print_check(check: &Check) {
    let verdict = if check.ok() { "OK" } else { "MISMATCH" };
    println!("   [{verdict}] {}", check.example);
    print_block("expected", &check.expected);
    if !check.ok() || check.expected.contains('\n') {
        print_block("ours", &check.ours);
    }
    if !check.note.is_empty() {
        print_block("note", &check.note);
    }
}

fn print_block(label: &str, text: &str) {
    for (i, line) in text.lines().enumerate() {
        let head = if i == 0 { format!("{label}:") } else { String::new() };
        println!("      {head:<10}{line}");
    }
}
