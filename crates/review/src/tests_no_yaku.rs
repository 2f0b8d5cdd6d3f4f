//! The no-yaku flag as the review asks it (one candidate, budget 0 first) against the whole
//! question asked again with haitei off, on every decision of seeded self-play games where the
//! flag is asked: an open hand whose play can win.

use crate::judge::{Asker, DEEPEST, depth, judge};
use crate::query::{hand_red, question};
use crate::{Flag, Play, Settings};
use haipai_ev::{Options, Query, Workspace};
use haipai_log::{Choice, Decision, Game};
use haipai_tiles::Tile;

#[path = "../../log/tests/common/mod.rs"]
mod selfplay;

/// The question the flag is asked of, its candidate and the played value's win probability,
/// for a computed decision of an open hand (none otherwise).
fn asked(decision: &Decision, reviewed: &crate::Reviewed) -> Option<(Query, Option<Tile>, f64)> {
    let p = &decision.position;
    let win = reviewed.played_value?.win;
    if !reviewed.computed() {
        return None;
    }
    let (query, discard) = match (&decision.choice, &reviewed.played) {
        (Choice::Discard { tile, .. }, _) => {
            (question(p, p.hand().ok()?, hand_red(p), reviewed.turn?), Some(tile.tile))
        }
        (Choice::Call { tile, taken: Some(option), .. }, Play::Call(_, discard)) => {
            (crate::judge::called(p, *tile, option).ok()?.0, *discard)
        }
        _ => return None,
    };
    (!query.hand.is_closed()).then_some((query, discard, win))
}

/// The options a decision's questions are asked with (half the state limit for a deep one).
fn options_of(decision: &Decision, options: &Options) -> Options {
    if depth(decision) >= DEEPEST { options.clone().max_states(options.max_states / 2) } else { options.clone() }
}

/// The state limit of the test's questions.
const LIMIT: usize = 400_000;

#[test]
fn no_yaku_equals_the_whole_question_asked_again() {
    // a small state limit: quick, and some questions answered at a lowered budget or estimated
    let settings = Settings::default().options(Settings::default().options.max_states(LIMIT));
    let mut workspace = Workspace::new();
    let (mut asked_count, mut flagged, mut games) = (0, 0, 0);
    for seed in 1..=2 {
        let game: Game = selfplay::game_by(seed, 4, 2, None);
        games += 1;
        let options = settings.options.clone().red_fives(game.setup.red_fives);
        for round in game.replay().into_iter().flatten() {
            for decision in &round.decisions {
                let open = !decision.position.melds.is_empty()
                    || matches!(decision.choice, Choice::Call { taken: Some(_), .. });
                if !open {
                    continue;
                }
                let reviewed =
                    judge(&round.name, decision, 4, (&options, settings.playouts), &settings.rules, &mut workspace);
                let Some((query, discard, win)) = asked(decision, &reviewed) else { continue };
                if win <= 0.0 {
                    continue;
                }
                let o = options_of(decision, &options);
                let mut ask = Asker::new(&mut workspace, settings.rules, &o, settings.playouts);
                let off = o.clone().haitei(false);
                let whole = ask.no_yaku_by_whole_question(&query, discard, &off).expect("the whole question");
                let flag = reviewed.flags.contains(&Flag::NoYaku);
                assert_eq!(
                    flag, whole,
                    "{} seat {}: {} after {}",
                    round.name, decision.position.seat, reviewed.played, query.hand
                );
                asked_count += 1;
                flagged += usize::from(flag);
            }
        }
    }
    println!("{games} games: {asked_count} asked, {flagged} flagged");
    assert!(asked_count >= 20 && flagged > 0, "{asked_count} asked, {flagged} flagged");
}
