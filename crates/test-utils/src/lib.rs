//! Test support shared by the workspace's tests, a dev-dependency only (not published; as
//! rust-analyzer's `test-utils`). It depends on no haipai crate, so any crate's tests may use
//! it, the lowest's included.
//!
//! [`counts`]: seeded breakage of raw `[u8; 34]` tile counts (fifth copies, 255, wrapped
//! values, wrong totals) for the tests of functions that take counts.
//!
//! [`logs`]: a game log's rounds repeated, a long game from a short fixture.
//!
//! [`mutate`]: seeded text mutations for the fuzz tests. Each takes a valid example and breaks
//! it the way people and truncated files do (a character inserted, deleted or replaced, a span
//! doubled or repeated hundreds of times, the text cut short, two lines swapped, a huge or
//! negative number, non-ASCII, nothing at all). The randomness is the caller's: every function
//! takes `pick`, where `pick(n)` is a uniform index below `n` (`|n| rng.index(n)` with the
//! caller's seeded `haipai_tiles::rng::Rng`), so a test's one seed drives its inputs and their
//! mutations alike.
//!
//! ```
//! // Any source of indices will do; the tests pass their seeded `Rng`.
//! let mut state = 1u64;
//! let mut pick = |n: usize| {
//!     state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
//!     (state >> 33) as usize % n
//! };
//! let broken = haipai_test_utils::mutate::mutate(&mut pick, "123m456p789s11z22z");
//! assert_ne!(broken, "never equal to this");
//! ```

pub mod mutate {
    //! Seeded text mutations (see the crate docs).

    /// Characters worth inserting: the notations' own (digits, suits, honours, brackets, marks,
    /// separators, XML and layout symbols) and some that none uses (non-ASCII, control, quotes).
    const ALPHABET: &[char] = &[
        '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'm', 'p', 's', 'z', 'f', 't', 'E', 'S', 'W', 'N', 'P', 'F',
        'C', '東', '北', '發', '[', ']', '*', '+', ' ', '\t', '\n', '\r', '.', '-', '#', '<', '>', '/', '=', '"', '\'',
        'x', 'é', '🀄', '\u{0}', '\u{feff}', ',', '{', '}', ':',
    ];

    /// Replacement texts that test number handling and sizes.
    const PIECES: &[&str] = &[
        "99999999999999999999999",
        "4294967296",
        "4294967295",
        "18446744073709551616",
        "-1",
        "-0",
        "0",
        "1e9",
        "NaN",
        "0.5",
        "1.25",
        "..",
        "",
        "ー",
    ];

    /// The text of `s` with one random mutation applied.
    pub fn mutate_once(pick: &mut impl FnMut(usize) -> usize, s: &str) -> String {
        let mut chars: Vec<char> = s.chars().collect();
        let len = chars.len();
        let at = |pick: &mut dyn FnMut(usize) -> usize| pick(len + 1);
        match pick(11) {
            0 => chars.insert(at(pick), ALPHABET[pick(ALPHABET.len())]),
            1 if len > 0 => {
                chars.remove(pick(len));
            }
            2 if len > 0 => chars[pick(len)] = ALPHABET[pick(ALPHABET.len())],
            3 if len > 0 => {
                let a = pick(len);
                let b = (a + 1 + pick(8)).min(len);
                let span: Vec<char> = chars[a..b].to_vec();
                chars.splice(b..b, span);
            }
            4 if len > 0 => {
                // A span repeated hundreds of times: counters that overflow, limits that must hold.
                let a = pick(len);
                let b = (a + 1 + pick(4)).min(len);
                let span: Vec<char> = chars[a..b].iter().copied().cycle().take((b - a) * (200 + pick(200))).collect();
                chars.splice(b..b, span);
            }
            5 => chars.truncate(pick(len + 1)),
            6 => return swap_lines(pick, s),
            7 => {
                let piece = PIECES[pick(PIECES.len())];
                return replace_number(pick, s, piece);
            }
            8 => {
                let piece = PIECES[pick(PIECES.len())];
                let i = at(pick);
                chars.splice(i..i, piece.chars());
            }
            9 => return String::new(),
            _ => {
                let i = at(pick);
                chars.insert(i, char::from_u32(0x80 + pick(0x2_0000) as u32).unwrap_or('\u{fffd}'));
            }
        }
        chars.into_iter().collect()
    }

    /// The text of `s` with one to three random mutations applied.
    pub fn mutate(pick: &mut impl FnMut(usize) -> usize, s: &str) -> String {
        let mut out = s.to_string();
        for _ in 0..1 + pick(3) {
            out = mutate_once(pick, &out);
        }
        out
    }

    /// `s` with two of its lines swapped (unchanged with fewer than two lines).
    fn swap_lines(pick: &mut impl FnMut(usize) -> usize, s: &str) -> String {
        let mut lines: Vec<&str> = s.lines().collect();
        if lines.len() >= 2 {
            let a = pick(lines.len());
            let b = pick(lines.len());
            lines.swap(a, b);
        }
        lines.join("\n")
    }

    /// `s` with one of its runs of ASCII digits replaced by `piece` (or `piece` appended when it
    /// has none).
    fn replace_number(pick: &mut impl FnMut(usize) -> usize, s: &str, piece: &str) -> String {
        let bytes = s.as_bytes();
        let starts: Vec<usize> = (0..bytes.len())
            .filter(|&i| bytes[i].is_ascii_digit() && (i == 0 || !bytes[i - 1].is_ascii_digit()))
            .collect();
        if starts.is_empty() {
            return format!("{s}{piece}");
        }
        let a = starts[pick(starts.len())];
        let b = (a..bytes.len()).find(|&i| !bytes[i].is_ascii_digit()).unwrap_or(bytes.len());
        format!("{}{piece}{}", &s[..a], &s[b..])
    }

    /// The number of cases a fuzz test runs: `default`, or `HAIPAI_FUZZ_CASES` when set (for long
    /// runs by hand: `HAIPAI_FUZZ_CASES=1000000 cargo test --release --test fuzz`).
    pub fn cases(default: usize) -> usize {
        std::env::var("HAIPAI_FUZZ_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(default)
    }

    /// The first seed: 0, or `HAIPAI_FUZZ_SEED` when set.
    pub fn seed() -> u64 {
        std::env::var("HAIPAI_FUZZ_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(0)
    }
}

pub mod counts {
    //! Seeded breakage of raw tile counts (`[u8; 34]`, haipai's `Counts`), for the tests that
    //! attack functions taking counts instead of text: a fifth copy, 255, a count wrapped below
    //! zero, every count zero or four or 255, a tile added or taken away, wrong totals (0, 1,
    //! 12, 15, 40 tiles). `pick` is as for [`crate::mutate`].

    /// Totals worth reaching: none, one, a multiple of three, one past a hand, far past it.
    const TOTALS: [usize; 6] = [0, 1, 12, 15, 40, 3];

    /// Odd single counts: a fifth copy and more, the high bit, the top, a wrapped `-1`.
    const ODD: [u8; 8] = [5, 6, 9, 16, 127, 128, 254, 255];

    /// `counts` with one random breakage applied.
    pub fn break_once(pick: &mut impl FnMut(usize) -> usize, counts: &[u8; 34]) -> [u8; 34] {
        let mut c = *counts;
        let kind = pick(34);
        match pick(10) {
            0 => c[kind] = 5,
            1 => c[kind] = ODD[pick(ODD.len())],
            // "Negative" copies: a count taken below zero wraps to 255, 254, ...
            2 => c[kind] = c[kind].wrapping_sub(1 + pick(3) as u8),
            3 => c = [0; 34],
            4 => c = [[4; 34], [255; 34], [1; 34]][pick(3)],
            5 => c[kind] = c[kind].saturating_add(1),
            6 => {
                if let Some(held) = (0..34).map(|k| (kind + k) % 34).find(|&k| c[k] > 0) {
                    c[held] -= 1;
                }
            }
            7 => {
                let total = TOTALS[pick(TOTALS.len())];
                reach_total(pick, &mut c, total);
            }
            8 => {
                let total = 3 * pick(6);
                reach_total(pick, &mut c, total);
            }
            _ => c[kind] = c[kind].saturating_add(3),
        }
        c
    }

    /// `counts` with one to three random breakages applied.
    pub fn break_counts(pick: &mut impl FnMut(usize) -> usize, counts: &[u8; 34]) -> [u8; 34] {
        let mut c = *counts;
        for _ in 0..=pick(3) {
            c = break_once(pick, &c);
        }
        c
    }

    /// Adds or takes away tiles at random kinds (at most four of a kind where possible) until
    /// `counts` holds `total` tiles.
    fn reach_total(pick: &mut impl FnMut(usize) -> usize, counts: &mut [u8; 34], total: usize) {
        let mut now: usize = counts.iter().map(|&x| usize::from(x)).sum();
        while now > total {
            let start = pick(34);
            let k = (0..34).map(|k| (start + k) % 34).find(|&k| counts[k] > 0).unwrap_or(0);
            counts[k] -= 1;
            now -= 1;
        }
        while now < total {
            let start = pick(34);
            let k = (0..34).map(|k| (start + k) % 34).find(|&k| counts[k] < 4).unwrap_or(start);
            counts[k] = counts[k].saturating_add(1);
            now += 1;
        }
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        /// Every breakage comes up, and the totals are reached.
        #[test]
        fn breakages_reach_their_totals() {
            let mut state = 7usize;
            let mut pick = |n: usize| {
                state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                (state >> 33) % n
            };
            let mut c = [0u8; 34];
            reach_total(&mut pick, &mut c, 40);
            assert_eq!(c.iter().map(|&x| usize::from(x)).sum::<usize>(), 40);
            assert!(c.iter().all(|&x| x <= 4));
            reach_total(&mut pick, &mut c, 12);
            assert_eq!(c.iter().map(|&x| usize::from(x)).sum::<usize>(), 12);
            let broken: Vec<[u8; 34]> = (0..200).map(|_| break_counts(&mut pick, &c)).collect();
            assert!(broken.iter().any(|b| b.contains(&255)));
            assert!(broken.iter().any(|b| b.contains(&5)));
            assert!(broken.contains(&[0; 34]));
        }
    }
}

pub mod logs {
    //! Game logs made longer for the tests of time limits.

    /// A tenhou.net/6 log (`{..., "log":[ROUND, ...]}`) with its rounds repeated `times` times
    /// in order: a long game from a short fixture. The text must hold a `"log":[` array closed
    /// by the object's last `]}`.
    pub fn repeated_rounds(log: &str, times: usize) -> String {
        let start = log.find(r#""log":["#).expect("a tenhou.net/6 log") + r#""log":["#.len();
        let end = log.rfind("]}").expect("the log's end");
        let rounds = vec![log[start..end].trim(); times].join(",");
        format!("{}{rounds}{}", &log[..start], &log[end..])
    }

    #[cfg(test)]
    mod tests {
        #[test]
        fn rounds_are_repeated_in_place() {
            let log = r#"{"name":["a"],"log":[ [1], [2] ]}"#;
            assert_eq!(super::repeated_rounds(log, 2), r#"{"name":["a"],"log":[[1], [2],[1], [2]]}"#);
            assert_eq!(super::repeated_rounds(log, 1), r#"{"name":["a"],"log":[[1], [2]]}"#);
        }
    }
}
