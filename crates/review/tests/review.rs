//! Reviews of hand-made games (`tests/fixtures`): the flags, a call offered and taken or
//! passed, a three-player game, a round that cannot be replayed, and the numbers against
//! haipai-ev asked directly with the position worked out by hand; a long game (the fixture's
//! rounds repeated) cut short by a deadline.

use haipai_ev::{Analysis, Query, Standard, evaluate, evaluate_with};
use haipai_log::{Choice, Event, Game};
use haipai_review::{Flag, Method, OwnKan, Play, Reason, Review, Reviewed, Settings, preset_of, review};
use haipai_score::Rules;
use haipai_tiles::{Hand, Wind, parse_counts, parse_tile};

/// E1-0: seat 0 throws 9s from 123789m456p789s11z (furiten on 69s, dama), passes a pon of 1z,
/// then throws 1z with 5z (shanten-back); seat 1 pons 9p from seat 3 and throws 4z into a
/// 69m wait with no yaku. E3-0: three plain discards.
const FLAGS: &str = include_str!("fixtures/flags.json");
/// A three-player round: one discard each.
const SANMA: &str = include_str!("fixtures/sanma.json");
/// E1-0, no red fives: the dealer draws 9m to 111m222p333s444z5z and throws it, waiting on 5z
/// for suuankou tanki (a double yakuman by default, a single one on Tenhou).
const SUUANKOU: &str = include_str!("fixtures/suuankou.json");
/// E1-0: the dealer draws the fourth 1z to 123789m456p8s111z and declares an ankan (rinshan
/// 7s, then 1m thrown); seat 1 draws the fourth 2z and throws 3s, keeping the four. E2-0: seat
/// 2 pons seat 1's 5z and later draws the fourth, adding it (kakan).
const KANS: &str = include_str!("fixtures/kans.json");

fn game(text: &str) -> Game {
    haipai_log::read(text.as_bytes()).expect("the fixture reads")
}

fn reviewed(game: &Game, seats: &[u8]) -> Review {
    review(game, seats, &Settings::default(), &|_, _| {})
}

/// The `nth` decision of `seat` in round `round` whose kind `kind` accepts.
fn find(r: &Review, round: usize, seat: u8, nth: usize, kind: fn(&Choice) -> bool) -> &Reviewed {
    r.rounds[round]
        .decisions
        .iter()
        .filter(|d| d.decision.position.seat == seat && kind(&d.decision.choice))
        .nth(nth)
        .expect("the decision")
}

fn discard(c: &Choice) -> bool {
    matches!(c, Choice::Discard { .. })
}

fn call(c: &Choice) -> bool {
    matches!(c, Choice::Call { .. })
}

fn kan(c: &Choice) -> bool {
    matches!(c, Choice::Ankan { .. } | Choice::Kakan { .. })
}

fn tile(t: &str) -> haipai_tiles::Tile {
    parse_tile(t).expect("tile").tile()
}

/// The question asked by hand: the review's default options (riichi best, its state limit).
fn ask(hand: &str, turn: u8, seat: Wind, visible: &str) -> Analysis {
    ask_with(hand, turn, seat, visible, &["8p"])
}

/// [`ask`] with the dora indicators given.
fn ask_with(hand: &str, turn: u8, seat: Wind, visible: &str, indicators: &[&str]) -> Analysis {
    let q = Query::new(Hand::parse(hand).expect("hand"))
        .turn(turn)
        .seat(seat)
        .dora_indicators(indicators.iter().map(|t| tile(t)).collect())
        .visible(if visible.is_empty() { [0; 34] } else { parse_counts(visible).expect("visible") });
    evaluate(&q, &Settings::default().options).expect("ev answers")
}

/// Every row of the review equals ev's candidate for the same play, exactly.
fn assert_same(d: &Reviewed, a: &Analysis) {
    assert_eq!(d.unseen, Some(a.unseen));
    for c in &a.candidates {
        let row = d.rows.iter().find(|r| match &r.play {
            Play::Discard(t) => Some(*t) == c.discard,
            Play::Pass => c.discard.is_none(),
            _ => false,
        });
        let row = row.unwrap_or_else(|| panic!("no row for {:?} in {}", c.discard, d.round));
        assert_eq!((row.value, row.shanten), (c.value, c.shanten));
    }
}

#[test]
fn discards_equal_ev_asked_with_the_position_worked_by_hand() {
    let g = game(FLAGS);
    let r = reviewed(&g, &[0]);
    // First discard: 69 tiles left after the dealer's draw, 17 draws to come (turn 1), nothing
    // seen but the indicator.
    let first = find(&r, 0, 0, 0, discard);
    assert_eq!(first.turn, Some(1));
    assert_same(first, &ask("123789m456p789s11z", 1, Wind::East, ""));
    // Second discard: 63 left (15 draws: turn 3); seen 9s, 6z, 1z, 9p (pon'd with 99p), 4z,
    // 5z, 2z.
    let second = find(&r, 0, 0, 1, discard);
    assert_eq!(second.turn, Some(3));
    assert_same(second, &ask("123789m456p78s115z", 3, Wind::East, "999p9s12456z"));
    assert!(matches!(second.method, Method::Exact { budget: 1, asked: 1 }));
}

#[test]
fn a_call_passed_is_the_hand_as_it_is_against_each_call() {
    let g = game(FLAGS);
    let r = reviewed(&g, &[0]);
    let d = find(&r, 0, 0, 0, call);
    assert_eq!(d.played, Play::Pass);
    // Passing on seat 2's 1z with 67 left: seats 3 and 0 draw next, 17 draws; seat 0 has
    // discarded, so no double riichi: turn 2. Seen: 9s, 6z, 1z.
    assert_eq!(d.turn, Some(2));
    let pass = ask("123789m456p78s11z", 2, Wind::East, "9s16z");
    let row = d.rows.iter().find(|r| r.play == Play::Pass).expect("the pass");
    assert_eq!(row.value, pass.candidates[0].value);
    // The pon: 123789m456p78s[111z] discards, then draws 16 times (turn 2); the 1z is in the
    // meld now, no longer among the visible tiles.
    let pon = ask("123789m456p78s[111z]", 2, Wind::East, "9s6z");
    let row = d.rows.iter().find(|r| matches!(r.play, Play::Call(..))).expect("the pon");
    assert_eq!(row.value, pon.candidates[0].value);
    assert_eq!(row.play, Play::Call(row_call(d), pon.candidates[0].discard));
    assert_eq!(d.loss, (d.rows[0].value.points - pass.candidates[0].value.points).max(0.0));
}

/// The row of `play` in `d`.
fn row_of<'a>(d: &'a Reviewed, play: &Play) -> &'a haipai_review::Row {
    d.rows.iter().find(|r| r.play == *play).unwrap_or_else(|| panic!("no row for {play} in {}", d.round))
}

#[test]
fn an_ankan_declared_is_weighed_against_every_discard_and_equals_ev_asked_by_hand() {
    let g = game(KANS);
    let r = reviewed(&g, &[0]);
    let d = find(&r, 0, 0, 0, kan);
    let ankan = Play::Kan(OwnKan::Ankan(tile("1z")));
    assert_eq!(d.played, ankan);
    assert!(matches!(d.method, Method::Exact { budget: 1, asked: 1 }));
    // The discards: the 14 tiles at turn 1 (69 left after the dealer's draw).
    assert_eq!(d.turn, Some(1));
    assert_same(d, &ask("123789m456p8s1111z", 1, Wind::East, ""));
    // The kan: 13 tiles, the rinshan draw first of 1 + 68 / 4 = 18 draws, counted as 17 (turn
    // 1), and no double riichi after a kan: turn 2. The new indicator is not known yet.
    let kan = ask("123789m456p8s[1111z*]", 2, Wind::East, "");
    let row = row_of(d, &ankan);
    assert_eq!((row.value, row.shanten), (kan.candidates[0].value, kan.candidates[0].shanten));
    assert_eq!(d.played_value, Some(row.value));
    // A closed kan keeps riichi open: a tenpai hand after it has riichi and dama values.
    assert!(row.riichi.is_some() && row.dama.is_some());
    assert_eq!(d.rows.len(), 1 + d.rows.iter().filter(|r| matches!(r.play, Play::Discard(_))).count());
}

#[test]
fn a_kan_not_declared_is_a_row_of_the_discard() {
    let g = game(KANS);
    let r = reviewed(&g, &[1]);
    let d = find(&r, 0, 1, 0, discard);
    assert_eq!(d.played, Play::Discard(tile("3s")));
    // 67 left: 1 + 66 / 4 = 17 draws, turn 2 at the earliest. Seen: the dealer's ankan (shown
    // with its new indicator, 6s) and 1m.
    let kan = ask_with("456m12378p34s[2222z*]", 2, Wind::South, "1m1111z", &["8p", "6s"]);
    let ankan = Play::Kan(OwnKan::Ankan(tile("2z")));
    assert_eq!(row_of(d, &ankan).value, kan.candidates[0].value);
    // The discards: 66 / 4 = 16 draws after them (turn 2).
    assert_same(d, &ask_with("456m12378p34s2222z", 2, Wind::South, "1m1111z", &["8p", "6s"]));
    // The model prefers the kan here: passing on it loses points.
    assert_eq!(d.best, Some(ankan));
    assert!(d.loss > 0.0);
    assert_eq!(d.loss, d.rows[0].value.points - d.played_value.expect("computed").points);
    // No kan after a pon, before a draw: the discard after seat 2's pon in E2-0 has none.
    let r = reviewed(&g, &[2]);
    let after_pon = find(&r, 1, 2, 0, discard);
    assert!(after_pon.rows.iter().all(|r| matches!(r.play, Play::Discard(_))));
}

#[test]
fn a_kakan_adds_the_fourth_tile_to_the_pon() {
    let g = game(KANS);
    let r = reviewed(&g, &[2]);
    let d = find(&r, 1, 2, 0, kan);
    let kakan = Play::Kan(OwnKan::Kakan(tile("5z")));
    assert_eq!(d.played, kakan);
    // 65 left after seat 2's draw: turn 2. Seen beside its hand: 9s (its own discard), 1z, 4z,
    // 7m; the 5z it called is in its meld.
    let kan = ask("456m12378p12s[5555z+]", 2, Wind::South, "7m9s14z");
    assert_eq!(row_of(d, &kakan).value, kan.candidates[0].value);
    assert_same(d, &ask("456m12378p12s5z[555z]", 2, Wind::South, "7m9s14z"));
    assert!(d.flags.is_empty(), "5z is a yakuhai: {:?}", d.flags);
}

fn row_call(d: &Reviewed) -> haipai_log::CallOption {
    match &d.decision.choice {
        Choice::Call { options, .. } => options[0].clone(),
        _ => unreachable!("a call decision"),
    }
}

#[test]
fn flags_furiten_riichi_shanten_back_and_no_yaku() {
    let g = game(FLAGS);
    let r = reviewed(&g, &[0, 1, 2]);
    // 9s thrown from a hand waiting on 69s, without riichi where the model declares.
    assert_eq!(find(&r, 0, 0, 0, discard).flags, [Flag::Furiten, Flag::Riichi]);
    // 1z thrown with 5z kept: tenpai lost.
    assert_eq!(find(&r, 0, 0, 1, discard).flags, [Flag::ShantenBack]);
    // The pon of 9p leaves 123m78m22p456s with no yaku: only haitei wins.
    let pon = find(&r, 0, 1, 0, call);
    assert!(matches!(&pon.played, Play::Call(c, Some(t)) if c.to_string() == "pon 99p" && *t == tile("4z")));
    assert_eq!(pon.flags, [Flag::NoYaku]);
    let after = find(&r, 0, 1, 1, discard);
    assert_eq!(after.flags, [Flag::NoYaku]);
    assert!(after.played_value.expect("computed").win > 0.0);
    // A plain discard has none.
    assert!(find(&r, 0, 2, 0, discard).flags.is_empty());
}

#[test]
fn a_three_player_game_is_listed_not_computed() {
    let g = game(SANMA);
    let r = reviewed(&g, &[]);
    assert_eq!(r.players, 3);
    let all: Vec<&Reviewed> = r.rounds.iter().flat_map(|r| &r.decisions).collect();
    assert_eq!(all.len(), 1);
    assert!(all.iter().all(|d| d.method == Method::NotComputed(Reason::Sanma) && d.rows.is_empty()));
}

#[test]
fn a_round_that_cannot_be_replayed_is_reported_and_the_others_reviewed() {
    let mut g = game(FLAGS);
    // A copy of E1-0 as E2-0 in which seat 1 throws a 9m it does not hold.
    let mut broken = g.rounds[0].clone();
    broken.hand = 2;
    for e in &mut broken.events {
        if let Event::Discard { seat: 1, tile: t, tsumogiri, .. } = e {
            *t = haipai_log::LogTile::new(tile("9m"), false).expect("tile");
            *tsumogiri = false;
            break;
        }
    }
    g.rounds.insert(1, broken);
    let r = reviewed(&g, &[0]);
    assert_eq!(r.rounds.len(), 3);
    let e = r.rounds[1].error.as_ref().expect("E2-0 fails");
    assert_eq!(e.round(), Some("E2-0"));
    assert!(e.to_string().contains("9m, which is not in its hand"), "{e}");
    assert!(r.rounds[1].decisions.is_empty());
    assert!(!r.rounds[0].decisions.is_empty() && !r.rounds[2].decisions.is_empty());
}

#[test]
fn only_the_chosen_seats_and_progress_counts_each_decision() {
    let g = game(FLAGS);
    let count = std::sync::atomic::AtomicUsize::new(0);
    let r = review(&g, &[1], &Settings::default(), &|_, total| {
        count.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        assert_eq!(total, 3);
    });
    let all: Vec<&Reviewed> = r.rounds.iter().flat_map(|r| &r.decisions).collect();
    assert!(all.iter().all(|d| d.decision.position.seat == 1));
    assert_eq!(all.len(), count.into_inner());
}

#[test]
fn red_fives_off_when_the_log_has_none() {
    let mut g = game(FLAGS);
    let on = reviewed(&g, &[2]);
    g.setup.red_fives = false;
    let off = reviewed(&g, &[2]);
    // seat 2 holds a 5m: with red fives its draws of 5 may be red and score more
    let value = |r: &Review| find(r, 0, 2, 0, discard).rows[0].value.points;
    assert!(value(&on) > value(&off), "{} {}", value(&on), value(&off));
}

#[test]
fn the_rules_come_from_the_log_and_reach_ev() {
    let g = game(SUUANKOU);
    assert_eq!(preset_of(&g), Some("tenhou"), "a tenhou.net/6 game is Tenhou's");
    let as_mjai = haipai_log::read(haipai_log::mjai::write(&g).as_bytes()).expect("reads");
    assert_eq!(preset_of(&as_mjai), None, "mjai does not say");
    assert_eq!(Settings::for_game(&as_mjai), Settings::default());
    let settings = Settings::for_game(&g);
    assert_eq!(settings.rules, Rules::tenhou());
    let q = Query::new(Hand::parse("111m222p333s444z5z9m").expect("hand"))
        .turn(1)
        .seat(Wind::East)
        .dora_indicators(vec![tile("1m")]);
    let options = Settings::default().options.red_fives(false);
    let mut values = Vec::new();
    for (settings, rules) in [(settings, Rules::tenhou()), (Settings::default(), Rules::default())] {
        let r = review(&g, &[0], &settings, &|_, _| {});
        let d = find(&r, 0, 0, 0, discard);
        let a = evaluate_with(&Standard { rules }, &q, &options).expect("ev answers");
        assert_same(d, &a);
        values.push(d.played_value.expect("computed").points);
    }
    // the same tanki wait pays a single yakuman on Tenhou, a double one by default
    assert!(values[0] * 1.5 < values[1], "{values:?}");
}

#[test]
fn a_round_that_cannot_be_read_is_reported_in_its_place() {
    // E3-0's second seat is dealt a 58, no tile: the round is set aside when the log is read
    let text = FLAGS
        .replace("[11,12,13,17,18,22,22,29,29,34,35,36,44],[],[]", "[58,12,13,17,18,22,22,29,29,34,35,36,44],[],[]");
    let r = reviewed(&game(&text), &[0]);
    assert_eq!(r.rounds.len(), 2);
    assert_eq!(r.rounds[1].name, "E3-0");
    let e = r.rounds[1].error.as_ref().expect("E3-0 is not read");
    assert_eq!(e.to_string(), "E3-0: 58 is not a tile");
    assert!(r.rounds[0].error.is_none() && !r.rounds[0].decisions.is_empty());
}

/// Past the state limit even at budget 0 a decision is estimated, never skipped: every
/// computed decision of the fixture with a limit of one state says `Estimate`, with rows, a
/// best play, a standard error, and the same numbers on a second run.
#[test]
fn a_question_over_the_limit_is_estimated_not_skipped() {
    let g = game(FLAGS);
    let tiny = Settings::default().options(Settings::default().options.max_states(1)).playouts(300);
    let run = || review(&g, &[0, 1], &tiny, &|_, _| {});
    let (first, second) = (run(), run());
    let exact = reviewed(&g, &[0, 1]);
    let all = |r: &Review| r.rounds.iter().flat_map(|r| r.decisions.clone()).collect::<Vec<_>>();
    let (a, b, e) = (all(&first), all(&second), all(&exact));
    assert_eq!(a.len(), e.len());
    let mut estimated = 0;
    for ((d, again), x) in a.iter().zip(&b).zip(&e) {
        assert_eq!(d.computed(), x.computed(), "{} {}: computed as exact", d.round, d.played);
        if !d.computed() {
            continue;
        }
        let Method::Estimate { budget: 0, error } = d.method else { panic!("{}: {:?}", d.round, d.method) };
        assert!(error.is_finite() && error >= 0.0);
        assert!(!d.rows.is_empty() && d.best.is_some() && d.unseen == x.unseen, "{} {}", d.round, d.played);
        assert_eq!(d.rows.len(), x.rows.len(), "{} {}: the same choices", d.round, d.played);
        let values: Vec<_> = d.rows.iter().map(|r| r.value).collect();
        assert_eq!(values, again.rows.iter().map(|r| r.value).collect::<Vec<_>>(), "reruns agree");
        estimated += 1;
    }
    assert!(estimated >= 4, "{estimated} estimated");
}

#[test]
fn a_review_past_its_deadline_begins_no_decision_and_says_how_many_it_left() {
    let g = game(&haipai_test_utils::logs::repeated_rounds(FLAGS, 30));
    let decisions: usize = g.replay().into_iter().map(|r| r.expect("replayed").decisions.len()).sum();
    assert_eq!(
        decisions,
        30 * game(FLAGS).replay().into_iter().map(|r| r.expect("replayed").decisions.len()).sum::<usize>()
    );
    let progress = std::sync::atomic::AtomicUsize::new(0);
    let settings = Settings::default().deadline(std::time::Instant::now());
    let r = review(&g, &[], &settings, &|_, _| {
        progress.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    });
    assert_eq!(r.rounds.len(), 60);
    assert_eq!(r.rounds.iter().map(|r| r.decisions.len()).sum::<usize>(), 0);
    assert_eq!((r.unreviewed, progress.into_inner()), (decisions, 0));
    // a deadline far off leaves nothing out
    let far = Settings::default().deadline(std::time::Instant::now() + std::time::Duration::from_secs(3600));
    let r = review(&game(FLAGS), &[1], &far, &|_, _| {});
    assert_eq!((r.unreviewed, r.rounds.iter().map(|r| r.decisions.len()).sum::<usize>()), (0, 3));
}
