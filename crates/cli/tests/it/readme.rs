//! The command examples of the workspace's README and of the package's own, run: each
//! `$ cargo run -q -p haipai-cli -- ARGS` or `$ haipai ARGS` line of their `sh` blocks (with `| head -N`, or fed by `printf '...' |`) must print the lines shown under
//! it (and exit 0, or 2 where a shown line is an error). A shown line may leave part out with
//! `...`; a solve's time (`, 4.30 ms)`) is not compared.

use crate::haipai;

const README: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md"));

/// The package's README (crates.io's page of `haipai-cli`).
const PACKAGE_README: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"));

/// One example: the arguments, the standard input, how many lines are shown at most, and the
/// lines shown.
struct Example {
    line: String,
    args: Vec<String>,
    stdin: String,
    head: Option<usize>,
    shown: Vec<String>,
}

/// The examples of the `sh` blocks of `readme`.
fn examples(readme: &str) -> Vec<Example> {
    let mut out: Vec<Example> = Vec::new();
    let mut in_sh = false;
    // whether the lines shown belong to the last example: not past a block's end, nor after a
    // `$` line that does not run the command, nor in a block of commands without `$`
    let mut open = false;
    for line in readme.lines() {
        if line.starts_with("```") {
            in_sh = line == "```sh" && !in_sh;
            open = false;
            continue;
        }
        if !in_sh {
            continue;
        }
        match line.strip_prefix("$ ") {
            Some(command) => {
                let ex = example(command);
                open = ex.is_some();
                out.extend(ex);
            }
            None => {
                if let Some(last) = out.last_mut().filter(|_| open) {
                    last.shown.push(line.to_string());
                }
            }
        }
    }
    out
}

/// The example of one `$` line, or `None` when it does not run the command.
fn example(command: &str) -> Option<Example> {
    let command = command.split(" # ").next().unwrap_or(command).trim();
    let (stdin, rest) = match command.strip_prefix("printf '") {
        Some(rest) => {
            let (text, rest) = rest.split_once("' | ")?;
            (text.replace("\\n", "\n"), rest)
        }
        None => (String::new(), command),
    };
    let rest = rest.strip_prefix("cargo run -q -p haipai-cli -- ").or(rest.strip_prefix("haipai "))?;
    let (rest, head) = match rest.split_once(" | head -") {
        Some((rest, n)) => (rest, Some(n.trim().parse().expect("a line count after head -"))),
        None => (rest, None),
    };
    Some(Example { line: command.to_string(), args: words(rest), stdin, head, shown: Vec::new() })
}

/// The words of a command line, with `'...'` quoting.
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let (mut quoted, mut started) = (false, false);
    for c in line.chars() {
        match c {
            '\'' => (quoted, started) = (!quoted, true),
            ' ' if !quoted => {
                if started {
                    out.push(std::mem::take(&mut word));
                }
                started = false;
            }
            _ => {
                word.push(c);
                started = true;
            }
        }
    }
    if started {
        out.push(word);
    }
    out
}

/// Whether the printed line `actual` matches the shown line `shown`.
fn matches(shown: &str, actual: &str) -> bool {
    if let Some(cut) = shown.strip_suffix(" ms)").and_then(|s| s.rfind(", ").map(|i| &shown[..i])) {
        return actual.starts_with(cut) && actual.ends_with(" ms)");
    }
    let parts: Vec<&str> = shown.split("...").collect();
    if parts.len() == 1 {
        return shown == actual;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !actual.starts_with(first) || !actual.ends_with(last) || actual.len() < first.len() + last.len() {
        return false;
    }
    let mut rest = &actual[first.len()..actual.len() - last.len()];
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(i) => rest = &rest[i + part.len()..],
            None => return false,
        }
    }
    true
}

#[test]
fn readme_examples_print_what_the_readme_shows() {
    let examples = examples(README);
    assert!(examples.len() >= 8, "the README's examples were found: {}", examples.len());
    run(&examples);
}

#[test]
fn package_readme_examples_print_what_it_shows() {
    let examples = examples(PACKAGE_README);
    assert!(examples.len() >= 4, "the package README's examples were found: {}", examples.len());
    run(&examples);
}

/// Runs each example and compares what it prints with the lines shown.
fn run(examples: &[Example]) {
    for ex in examples {
        let args: Vec<&str> = ex.args.iter().map(String::as_str).collect();
        let (code, stdout, stderr) = haipai(&args, &ex.stdin);
        // A batch with a bad line exits 2 (its other lines still print).
        let bad_line = ex.shown.iter().any(|l| l.contains("\"error\""));
        assert_eq!(code, if bad_line { 2 } else { 0 }, "{}: {stderr}", ex.line);
        let printed: Vec<&str> = stdout.lines().take(ex.head.unwrap_or(usize::MAX)).collect();
        if ex.head.is_some() || !ex.shown.is_empty() {
            assert_eq!(printed.len(), ex.shown.len(), "{}: printed\n{stdout}", ex.line);
        }
        for (shown, actual) in ex.shown.iter().zip(&printed) {
            assert!(matches(shown, actual), "{}:\n shown:   {shown}\n printed: {actual}", ex.line);
        }
    }
}

#[test]
fn shown_lines_match_with_gaps_and_times() {
    assert!(matches("a...c", "abbbc"));
    assert!(!matches("a...c", "abbbd"));
    assert!(matches("x [1,...] y", "x [1,2,3] y"));
    assert!(matches("verdict: winnable (135 nodes, 4.30 ms)", "verdict: winnable (135 nodes, 9.99 ms)"));
    assert!(!matches("verdict: winnable (135 nodes, 4.30 ms)", "verdict: winnable (136 nodes, 4.30 ms)"));
    assert_eq!(words("parse '123m[5555z*]' --json"), ["parse", "123m[5555z*]", "--json"]);
}
