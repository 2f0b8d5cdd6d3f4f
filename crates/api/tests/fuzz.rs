//! Seeded random-input attack on the JSON requests: each question's valid requests (and the
//! bare hand texts inside them) broken by the shared mutator, given to `ev` (under a small
//! state limit, so each question stays cheap), `shanten`, `waits`, `score` and `review`.
//! Asserts: no panic, an answer is a JSON object, and an error says something in one line,
//! in our words (no `Debug` output).
//! `HAIPAI_FUZZ_CASES` and `HAIPAI_FUZZ_SEED` widen the run.

use haipai::tiles::rng::Rng;
use haipai_test_utils::mutate;
use serde_json::Value;

/// Requests to break, one list per question.
const EV: &[&str] = &[
    r#"{"hand": "222567m345p33667s", "dora_indicators": ["1z"], "model": "article", "top": 2}"#,
    r#"{"hand": "23m55p678s", "melds": ["789s", "111z"], "turn": 5, "seat": "S", "visible": ["0p", "7s"]}"#,
    r#"{"hand": "123349m3688p1245s", "riichi": "best", "budget": 1, "discards": "9m", "rules": "tenhou"}"#,
    r#"{"hand": "222067m345p33667s", "dora_indicators": ["4p"], "budget": 0, "no_red": true, "no_ura": false}"#,
];
const SHANTEN: &[&str] = &[
    r#"{"hand": "222567m34p3366s4z", "visible": "7s"}"#,
    r#"{"hand": "19m123456789p11s", "sanma": true}"#,
    r#"{"hand": "23m55p678s[789s][111z]"}"#,
];
const WAITS: &[&str] = &[
    r#"{"hand": "1112224588899", "kinds": true, "explain": true}"#,
    r#"{"hand": "23m55p[789s][111z][5555z*]", "karaten": true, "no_seven_pairs": true}"#,
];
const SCORE: &[&str] = &[
    r#"{"hand": "233445m678p234s99s", "win": "3m", "riichi": true, "dora_indicators": ["1z"], "honba": 2}"#,
    r#"{"hand": "234567m22p", "melds": ["555z"], "win": "2p", "tsumo": true, "seat": "S", "rules": "mleague"}"#,
];

/// A broken form of one of `examples`, or one of them as it is.
fn broken(rng: &mut Rng, examples: &[&str]) -> String {
    let example = examples[rng.index(examples.len())];
    if rng.index(5) == 0 { example.to_string() } else { mutate::mutate(&mut |n| rng.index(n), example) }
}

/// Asks `question` `text`; checks there was no panic and the answer or error is well formed.
fn check(
    name: &str,
    text: &str,
    question: impl FnOnce(&str) -> Result<Value, String> + std::panic::UnwindSafe,
) -> bool {
    let owned = text.to_string();
    let answer =
        std::panic::catch_unwind(move || question(&owned)).unwrap_or_else(|_| panic!("{name} panicked on {text}"));
    match answer {
        Ok(v) => {
            assert!(v.is_object(), "{name} {text}: {v}");
            true
        }
        Err(e) => {
            assert!(!e.is_empty() && !e.contains('\n'), "{name} {text}: {e:?}");
            assert!(!e.contains("Some(") && !e.contains("Err("), "{name} {text}: {e}");
            false
        }
    }
}

#[test]
fn mutated_requests_are_answered_or_refused() {
    let mut rng = Rng::new(mutate::seed());
    let mut context = haipai_api::ev::Context::default();
    context.options.max_states = 5_000;
    let (mut answered, mut refused) = (0, 0);
    for _ in 0..mutate::cases(2_000) {
        let ok = match rng.index(4) {
            0 => {
                let text = broken(&mut rng, EV);
                let context = context.clone();
                check("ev", &text, move |t| haipai_api::ev::ev(t, &context))
            }
            1 => check("shanten", &broken(&mut rng, SHANTEN), haipai_api::shanten::shanten),
            2 => check("waits", &broken(&mut rng, WAITS), haipai_api::waits::waits),
            _ => check("score", &broken(&mut rng, SCORE), haipai_api::score::score),
        };
        if ok { answered += 1 } else { refused += 1 }
    }
    assert!(answered > 100 && refused > 100, "{answered} answered, {refused} refused");
}

/// A hand-made game of the review crate's fixtures (tenhou.net/6 JSON).
const GAME: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../review/tests/fixtures/flags.json"));

#[test]
fn mutated_review_requests_are_answered_or_refused() {
    let mut rng = Rng::new(mutate::seed());
    let mut settings = haipai::review::Settings::default();
    settings.options.max_states = 1_000;
    let game = GAME;
    let request = serde_json::json!({ "log": game, "player": 0 }).to_string();
    assert!(check("review", &request, |t| haipai_api::review::review(t, &haipai::review::Settings::default())));
    for _ in 0..mutate::cases(100) {
        let text = if rng.index(2) == 0 {
            mutate::mutate(&mut |n| rng.index(n), &request)
        } else {
            let log = mutate::mutate(&mut |n| rng.index(n), game);
            serde_json::json!({ "log": log, "player": rng.index(6) }).to_string()
        };
        let settings = settings.clone();
        check("review", &text, move |t| haipai_api::review::review(t, &settings));
    }
}
