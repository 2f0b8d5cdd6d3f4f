//! One decision asked of the model: a discard (every discard of the 14 tiles), or a call
//! offered (each call with its best discard after it, against the 13-tile hand passing).

use crate::estimate::estimate;
use crate::kan::{kan_question, kans_offered};
use crate::query::{
    changed, draws_after_discard_of, draws_after_kan, draws_after_own_discard, hand_red, question, turn_for,
};
use crate::{Flag, Method, OwnKan, Play, Reason, Reviewed, Row};
use haipai_ev::{Candidate, ErrorKind, Expectation, Necessary, Objective, Options, Query, Standard, Workspace};
use haipai_log::{CallKind, CallOption, Choice, Decision, LogTile, Position};
use haipai_score::Rules;
use haipai_tiles::{MeldKind, Tile};
use rayon::prelude::*;
use std::time::Instant;

/// Reviews one decision of a game of `players` under the scoring `rules`; a question over the
/// state limit even at budget 0 is estimated from `playouts` playouts.
pub fn judge(
    round: &str,
    decision: &Decision,
    players: u8,
    (options, playouts): (&Options, u32),
    rules: &Rules,
    workspace: &mut Workspace,
) -> Reviewed {
    let start = Instant::now();
    let mut reviewed = Reviewed {
        round: round.to_string(),
        decision: decision.clone(),
        turn: None,
        unseen: None,
        played: played(&decision.choice),
        played_value: None,
        best: None,
        best_win: None,
        loss: 0.0,
        rows: Vec::new(),
        flags: Vec::new(),
        method: Method::NotComputed(Reason::NotInModel),
        elapsed: Default::default(),
    };
    let deep = depth(decision) >= DEEPEST;
    let halved;
    let options = if deep {
        halved = options.clone().max_states(options.max_states / 2);
        &halved
    } else {
        options
    };
    let mut ask = Asker::new(workspace, *rules, options, playouts);
    let outcome = if players == 3 {
        Err(Reason::Sanma)
    } else {
        match &decision.choice {
            Choice::Discard { tile, riichi, .. } => own_turn(&mut ask, &mut reviewed, Own::Discard(*tile, *riichi)),
            Choice::Ankan { tiles } => own_turn(&mut ask, &mut reviewed, Own::Kan(OwnKan::Ankan(tiles[0].tile))),
            Choice::Kakan { tile } => own_turn(&mut ask, &mut reviewed, Own::Kan(OwnKan::Kakan(tile.tile))),
            Choice::Call { tile, from, options: calls, taken } => {
                call(&mut ask, &mut reviewed, (*tile, *from), calls, taken.as_ref())
            }
            _ => Err(Reason::NotInModel),
        }
    };
    reviewed.method = match (outcome, ask.budget, ask.error) {
        (Ok(()), Some(budget), Some(error)) => Method::Estimate { budget, error },
        (Ok(()), Some(budget), None) => Method::Exact { budget, asked: options.extra_exchanges },
        (Ok(()), None, _) => Method::NotComputed(Reason::NoDrawLeft),
        (Err(reason), _, _) => Method::NotComputed(reason),
    };
    if !reviewed.computed() {
        reviewed.rows.clear();
        reviewed.flags.clear();
    }
    reviewed.elapsed = start.elapsed();
    reviewed
}

/// The shanten from which a decision's questions get half the state limit: at budget 1 such a
/// hand needs well over the limit (12 million states and more on real games), and with the
/// whole limit ev's up-front estimate lets many of them list to the limit before lowering the
/// budget; with half, they go to budget 0 after a smaller trial (docs/crates/review.md).
pub(crate) const DEEPEST: i8 = 5;

/// How deep the decision's hand is: its shanten (a 14-tile hand's, or a 13-tile hand's before
/// a call), the measure of its question's work; 0 for a choice the model does not ask.
pub fn depth(decision: &Decision) -> i8 {
    let closed = &decision.position.closed;
    let size: u32 = closed.iter().map(|&c| u32::from(c)).sum();
    match decision.choice {
        Choice::Discard { .. } | Choice::Call { .. } | Choice::Ankan { .. } | Choice::Kakan { .. }
            if !size.is_multiple_of(3) && size <= 14 =>
        {
            haipai_shanten::shanten(closed)
        }
        _ => 0,
    }
}

/// The play as the log tells it (a call's discard after it is filled in when computed).
fn played(choice: &Choice) -> Play {
    match choice {
        Choice::Discard { tile, .. } => Play::Discard(tile.tile),
        Choice::Call { taken: Some(call), .. } => Play::Call(call.clone(), None),
        Choice::Call { taken: None, .. } => Play::Pass,
        Choice::Ankan { tiles } => Play::Kan(OwnKan::Ankan(tiles[0].tile)),
        Choice::Kakan { tile } => Play::Kan(OwnKan::Kakan(tile.tile)),
        other => Play::Other(other.to_string()),
    }
}

/// One choice's numbers: ev's candidate, or an estimate (no necessary tiles, riichi against
/// dama or per-turn values then).
struct Valued {
    discard: Option<Tile>,
    value: Expectation,
    shanten: i8,
    necessary: Vec<Necessary>,
    riichi: Option<Expectation>,
    dama: Option<Expectation>,
}

impl From<&Candidate> for Valued {
    fn from(c: &Candidate) -> Valued {
        Valued {
            discard: c.discard,
            value: c.value,
            shanten: c.shanten,
            necessary: c.necessary.clone(),
            riichi: c.riichi,
            dama: c.dama,
        }
    }
}

/// A question's answer: the unseen tiles, every choice (best by the objective first), and the
/// exchange budget it was computed with (none for an estimate).
struct Answer {
    unseen: u32,
    candidates: Vec<Valued>,
    budget: Option<u8>,
}

/// The questions of one decision through one workspace; the lowest budget any answer used
/// (an estimate counts as budget 0, its policy's) and the largest standard error of an
/// estimate among them.
pub(crate) struct Asker<'a> {
    workspace: &'a mut Workspace,
    oracle: Standard,
    options: &'a Options,
    playouts: u32,
    budget: Option<u8>,
    error: Option<f64>,
}

impl<'a> Asker<'a> {
    /// An asker of no question yet, through `workspace`, scoring by `rules`.
    pub(crate) fn new(workspace: &'a mut Workspace, rules: Rules, options: &'a Options, playouts: u32) -> Self {
        Asker { workspace, oracle: Standard { rules }, options, playouts, budget: None, error: None }
    }

    fn ask(&mut self, query: &Query, options: &Options) -> Result<Answer, Reason> {
        let asked = answer_in(self.workspace, (&self.oracle, options, self.playouts), query);
        self.record(asked)
    }

    /// The answers to `queries` under the decision's options, in their order: the first in the
    /// asker's workspace, the others beside it on rayon's threads (each in a workspace of its
    /// own) when a thread is free. A call offered asks the hand passing and each call: the
    /// questions do not depend on one another, and a deep decision's take both cores.
    fn ask_all(&mut self, queries: &[Query]) -> Vec<Result<Answer, Reason>> {
        let Some((first, rest)) = queries.split_first() else { return Vec::new() };
        let how = (&self.oracle, self.options, self.playouts);
        let workspace = &mut *self.workspace;
        let (first, rest) = rayon::join(
            || answer_in(workspace, how, first),
            || rest.par_iter().map(|q| answer_in(&mut Workspace::new(), how, q)).collect::<Vec<_>>(),
        );
        std::iter::once(first).chain(rest).map(|asked| self.record(asked)).collect()
    }

    /// Keeps the lowest budget (an estimate's: 0) and the largest standard error of an answer.
    fn record(&mut self, asked: Result<Asked, Reason>) -> Result<Answer, Reason> {
        let (answer, error) = asked?;
        let used = answer.budget.unwrap_or(0);
        self.budget = Some(self.budget.map_or(used, |b| b.min(used)));
        if let Some(error) = error {
            self.error = Some(self.error.map_or(error, |x| x.max(error)));
        }
        Ok(answer)
    }
}

/// An answer and, for an estimate, its largest standard error.
type Asked = (Answer, Option<f64>);

/// `query` asked of ev in `workspace` with the scoring `oracle`, the `options` and, for an
/// estimate (a question over the state limit even at budget 0), `playouts` per choice.
fn answer_in(
    workspace: &mut Workspace,
    (oracle, options, playouts): (&Standard, &Options, u32),
    query: &Query,
) -> Result<Asked, Reason> {
    match workspace.evaluate_with(oracle, query, options) {
        Ok(a) => Ok((
            Answer {
                unseen: a.unseen,
                candidates: a.candidates.iter().map(Valued::from).collect(),
                budget: Some(a.budget.used),
            },
            None,
        )),
        Err(e) if matches!(e.kind(), ErrorKind::TooManyStates(_)) => {
            let (answer, error) = estimated(oracle, query, options, playouts);
            Ok((answer, Some(error)))
        }
        Err(e) => Err(Reason::Model(e.to_string())),
    }
}

/// The question answered by playouts (`crate::estimate`), and their largest standard error.
fn estimated(oracle: &Standard, query: &Query, options: &Options, playouts: u32) -> (Answer, f64) {
    let mut estimates = estimate(oracle, query, options, playouts);
    let key = |e: &crate::estimate::Estimated| match options.objective {
        Objective::Win => e.value.win,
        _ => e.value.points,
    };
    estimates.sort_by(|a, b| key(b).total_cmp(&key(a)));
    let error = estimates.iter().map(|e| e.error).fold(0.0, f64::max);
    let all = query.hand.all_tiles();
    let seen: u32 =
        (0..34).map(|k| u32::from(all[k] + query.visible[k])).sum::<u32>() + query.dora_indicators.len() as u32;
    let candidates = estimates
        .into_iter()
        .map(|e| Valued {
            discard: e.discard,
            value: e.value,
            shanten: e.shanten,
            necessary: Vec::new(),
            riichi: None,
            dama: None,
        })
        .collect();
    (Answer { unseen: 136u32.saturating_sub(seen), candidates, budget: None }, error)
}

impl Asker<'_> {
    /// Whether `discard` (none: the 13-tile hand) of an open hand wins under the model only
    /// by haitei: its win probability is `win` with haitei on (in `answer`, the question's
    /// answer) and 0 with it off.
    ///
    /// Only that candidate is asked again, alone in its state graph
    /// ([`Workspace::evaluate_candidate_with`]) and at the budget of `answer`, which the whole
    /// question with haitei off would have used too (haitei changes values, not the states
    /// listed): the same candidate's value, without the other discards' roots and the budget
    /// trial. Before that (when `answer` had hand change), the candidate without hand change
    /// (budget 0), a far smaller graph: a win there is a win with the budget too, as every
    /// budget-0 play is one of the budget's ([`surely_wins`]). An estimated answer, or a
    /// question ev refuses, asks the whole question again as the estimate did.
    fn no_yaku(&mut self, query: &Query, discard: Option<Tile>, win: f64, answer: &Answer) -> Result<bool, Reason> {
        if query.hand.is_closed() || win <= 0.0 {
            return Ok(false);
        }
        let off = self.options.clone().haitei(false);
        let Some(budget) = answer.budget else { return self.no_yaku_by_whole_question(query, discard, &off) };
        let at = |b: u8| off.clone().extra_exchanges(b).lower_budget(false);
        if budget > 0
            && let Ok(a) = self.workspace.evaluate_candidate_with(&self.oracle, query, &at(0), discard)
            && a.candidates.first().is_some_and(|c| surely_wins(c.value))
        {
            return Ok(false);
        }
        match self.workspace.evaluate_candidate_with(&self.oracle, query, &at(budget), discard) {
            Ok(a) => Ok(a.candidates.first().is_some_and(|c| c.value.win <= 0.0)),
            Err(_) => self.no_yaku_by_whole_question(query, discard, &off),
        }
    }

    /// [`Asker::no_yaku`] by the whole question asked again under `off` (haitei off).
    pub(crate) fn no_yaku_by_whole_question(
        &mut self,
        query: &Query,
        discard: Option<Tile>,
        off: &Options,
    ) -> Result<bool, Reason> {
        let a = self.ask(query, off)?;
        Ok(a.candidates.iter().find(|c| c.discard == discard).is_some_and(|c| c.value.win <= 0.0))
    }
}

/// Whether a candidate's `value` without hand change (budget 0) makes its value with a budget
/// win with a probability above 0. A budget's policy may play every budget-0 play (a drawn tile
/// thrown straight back included) and takes the best by its objective, within ev's tie
/// tolerance (1e-12, relative above 1, at each of at most 17 choices): its expected points
/// (objective points) or win probability (objective win) are at least budget 0's less far
/// under these margins, and expected points above 0 need a win. Both margins are asked, so
/// the test holds for either objective.
fn surely_wins(value: Expectation) -> bool {
    value.points > 1e-6 && value.win > 1e-9
}

fn row(play: Play, c: &Valued) -> Row {
    Row { play, value: c.value, shanten: c.shanten, necessary: c.necessary.clone(), riichi: c.riichi, dama: c.dama }
}

/// Fills in the best plays, the played value and the loss from the rows (sorted best first).
fn rank(reviewed: &mut Reviewed, played: Expectation) {
    reviewed.rows.sort_by(|a, b| b.value.points.total_cmp(&a.value.points));
    reviewed.best = reviewed.rows.first().map(|r| r.play.clone());
    reviewed.best_win = reviewed.rows.iter().max_by(|a, b| a.value.win.total_cmp(&b.value.win)).map(|r| r.play.clone());
    let best = reviewed.rows.first().map_or(0.0, |r| r.value.points);
    reviewed.loss = (best - played.points).max(0.0);
    reviewed.played_value = Some(played);
}

/// What the seat did on its own turn: a discard (with riichi declared or not), or a kan.
#[derive(Clone, Copy)]
enum Own {
    Discard(LogTile, bool),
    Kan(OwnKan),
}

/// A decision on the seat's own turn: every discard of the 14 tiles and, after a draw, every
/// kan the hand may declare (each asked beside the discards, as a call is beside the pass).
fn own_turn(ask: &mut Asker<'_>, reviewed: &mut Reviewed, own: Own) -> Result<(), Reason> {
    let p = &reviewed.decision.position;
    if p.riichi[usize::from(p.seat)] {
        return Err(Reason::InRiichi);
    }
    let turn = turn_for(draws_after_own_discard(p.wall_left, p.players)).ok_or(Reason::NoDrawLeft)?;
    let hand = p.hand().map_err(|e| Reason::Model(e.to_string()))?;
    let kans = kans_offered(p);
    let mut queries = vec![question(p, hand, hand_red(p), turn)];
    for &kan in &kans {
        queries.push(kan_question(p, kan)?);
    }
    let mut answers = ask.ask_all(&queries).into_iter();
    let a = answers.next().ok_or_else(|| Reason::Model("no value for the hand".into()))??;
    let mut rows: Vec<Row> = a.candidates.iter().filter_map(|c| c.discard.map(|t| row(Play::Discard(t), c))).collect();
    let mut kan_answers = Vec::new();
    for (&kan, answer) in kans.iter().zip(answers) {
        let answer = answer?;
        let c = answer.candidates.first().ok_or_else(|| Reason::Model(format!("no value for {kan}")))?;
        rows.push(row(Play::Kan(kan), c));
        kan_answers.push(answer);
    }
    let (play, asked) = match own {
        Own::Discard(tile, _) => (Play::Discard(tile.tile), Some(0)),
        Own::Kan(kan) => (Play::Kan(kan), kans.iter().position(|&k| k == kan).map(|i| i + 1)),
    };
    let (Some(mine), Some(i)) = (rows.iter().find(|r| r.play == play).cloned(), asked) else {
        return Err(Reason::Model(format!("the model has no candidate for {play}")));
    };
    let answer = if i == 0 { &a } else { &kan_answers[i - 1] };
    let (value, flags) = own_flags(ask, p, own, (&mine, &rows), (&queries[i], answer))?;
    reviewed.turn = Some(turn);
    reviewed.unseen = Some(a.unseen);
    reviewed.rows = rows;
    reviewed.flags = flags;
    rank(reviewed, value);
    Ok(())
}

/// The value of what the seat played on its own turn (`mine`: its row; a discard's riichi or
/// dama as declared) and its flags: no yaku, furiten (a discard), shanten-back, riichi or dama
/// (a discard of a closed tenpai hand). `query` and `answer` are the played row's question
/// (the discards' or the kan's) and its answer.
fn own_flags(
    ask: &mut Asker<'_>,
    p: &Position,
    own: Own,
    (mine, rows): (&Row, &[Row]),
    (query, answer): (&Query, &Answer),
) -> Result<(Expectation, Vec<Flag>), Reason> {
    let mut flags = Vec::new();
    let value = match own {
        Own::Discard(tile, declared) => {
            let value = match (declared, mine.riichi, mine.dama) {
                (true, Some(riichi), _) => riichi,
                (false, _, Some(dama)) => dama,
                _ => mine.value,
            };
            if ask.no_yaku(query, Some(tile.tile), value.win, answer)? {
                flags.push(Flag::NoYaku);
            }
            if furiten(p, tile) {
                flags.push(Flag::Furiten);
            }
            value
        }
        Own::Kan(_) => {
            if ask.no_yaku(query, None, mine.value.win, answer)? {
                flags.push(Flag::NoYaku);
            }
            mine.value
        }
    };
    if rows.iter().any(|r| r.shanten < mine.shanten) {
        flags.push(Flag::ShantenBack);
    }
    if let (Own::Discard(_, declared), Some(riichi), Some(dama)) = (own, mine.riichi, mine.dama) {
        match (declared, riichi.points > dama.points) {
            (false, true) => flags.push(Flag::Riichi),
            (true, false) => flags.push(Flag::Dama),
            _ => {}
        }
    }
    Ok((value, flags))
}

/// Whether the closed tiles after discarding `tile` are tenpai on a kind among the seat's own
/// discards (this one included).
fn furiten(p: &Position, tile: LogTile) -> bool {
    let mut closed = p.closed;
    let k = tile.tile.index();
    closed[k] = closed[k].saturating_sub(1);
    let (shanten, waits) = haipai_shanten::necessary_tiles(&closed);
    shanten == 0 && p.discards[usize::from(p.seat)].iter().chain(std::iter::once(&tile)).any(|d| waits.contains(d.tile))
}

fn call(
    ask: &mut Asker<'_>,
    reviewed: &mut Reviewed,
    (tile, from): (LogTile, u8),
    calls: &[CallOption],
    taken: Option<&CallOption>,
) -> Result<(), Reason> {
    let p = reviewed.decision.position.clone();
    let pass_turn = turn_for(draws_after_discard_of(p.wall_left, p.players, p.seat, from)).ok_or(Reason::NoDrawLeft)?;
    // A seat that has discarded already cannot declare a double riichi (the model's turn 1).
    let pass_turn = if p.discards[usize::from(p.seat)].is_empty() { pass_turn } else { pass_turn.max(2) };
    let hand = p.hand().map_err(|e| Reason::Model(e.to_string()))?;
    // The hand passing and each call, up to the first call that cannot be made (its error
    // comes after the questions before it, as when asked one by one).
    let mut queries = vec![question(&p, hand, hand_red(&p), pass_turn)];
    let mut discards = Vec::new();
    let mut unmade = Ok(());
    for option in calls {
        match called(&p, tile, option) {
            Ok((query, discard)) => {
                queries.push(query);
                discards.push(discard);
            }
            Err(reason) => {
                unmade = Err(reason);
                break;
            }
        }
    }
    let mut answers = ask.ask_all(&queries).into_iter();
    let a = answers.next().ok_or_else(|| Reason::Model("no value for the hand as it is".into()))??;
    let pass = a.candidates.first().ok_or_else(|| Reason::Model("no value for the hand as it is".into()))?;
    let mut rows = vec![row(Play::Pass, pass)];
    let mut played = (taken.is_none()).then_some(pass.value);
    let mut flags = Vec::new();
    for (((option, query), discards), answer) in calls.iter().zip(&queries[1..]).zip(discards).zip(answers) {
        let a = answer?;
        let Some(best) = a.candidates.first() else { continue };
        let discard = if discards { best.discard } else { None };
        if Some(option) == taken {
            played = Some(best.value);
            reviewed.played = Play::Call(option.clone(), discard);
            if ask.no_yaku(query, best.discard, best.value.win, &a)? {
                flags.push(Flag::NoYaku);
            }
        }
        rows.push(row(Play::Call(option.clone(), discard), best));
    }
    unmade?;
    reviewed.turn = Some(pass_turn);
    reviewed.unseen = Some(a.unseen);
    reviewed.rows = rows;
    reviewed.flags = flags;
    rank(reviewed, played.unwrap_or_default());
    Ok(())
}

/// The question after making `option` on `tile`: the hand with the new meld, at the turn of the
/// draws the seat then gets; and whether the hand then discards (chi, pon: 14 tiles) or has
/// drawn its rinshan tile and discarded already (a daiminkan: 13 tiles, the rinshan draw one
/// of its draws).
pub(crate) fn called(p: &Position, tile: LogTile, option: &CallOption) -> Result<(Query, bool), Reason> {
    let mut closed = p.closed;
    let mut closed_red = p.closed_red;
    for t in &option.own {
        let k = t.tile.index();
        if closed[k] == 0 {
            return Err(Reason::Model(format!("{option}: {t} is not in the hand")));
        }
        closed[k] -= 1;
        if t.red {
            let s = t.tile.suit().index().min(2);
            closed_red[s] = closed_red[s].saturating_sub(1);
        }
    }
    let mut tiles = option.own.clone();
    tiles.push(tile);
    let kind = match option.kind {
        CallKind::Chi => MeldKind::Chi,
        CallKind::Pon => MeldKind::Pon,
        CallKind::Daiminkan => MeldKind::OpenKan,
    };
    let mut melds = p.melds.clone();
    melds.push(haipai_log::Meld { kind, tiles, from: None, called: Some(tile) });
    let discards = option.kind != CallKind::Daiminkan;
    let draws = if discards {
        draws_after_own_discard(p.wall_left, p.players)
    } else {
        draws_after_kan(p.wall_left, p.players)
    };
    let turn = turn_for(draws).ok_or(Reason::NoDrawLeft)?;
    Ok((changed(p, (closed, closed_red, &melds), turn, option)?, discards))
}
