//! haipai-review: every decision of a real riichi game reviewed by exact one-player expected
//! value.
//!
//! A game read by haipai-log (tenhou.net/6 JSON, mjlog, mjai) is replayed into each seat's
//! decisions; each discard, each call offered and each kan the seat may declare on its own
//! turn is asked of haipai-ev's one-player model (one player, tsumo wins only, no opponents:
//! `docs/ev-model.md`), in the position the seat was in: the draws it still gets, the tiles
//! it has seen, the dora indicators, the winds, the red fives of the log's rules. A [`Reviewed`] decision holds the value of every choice
//! ([`Row`]), the one played and the best, the points lost, [`Flag`]s (no yaku, furiten,
//! shanten-back, riichi or dama where the model prefers the other) and the [`Method`] the
//! numbers come from. A decision the model cannot express (no draw left, a riichi hand's
//! forced discard, a kita, a three-player game) is still listed, its method saying why.
//!
//! ```
//! use haipai_review::{Flag, Method, Settings, review};
//! // seat 0 draws 9m to a tenpai hand, throws it without riichi, and the round is drawn
//! let log = r#"{"name":["A","B","C","D"],"rule":{"disp":"般南喰赤","aka":1},"log":[[
//!   [0,0,0],[25000,25000,25000,25000],[11],[],
//!   [12,13,14,22,23,24,32,33,34,36,37,41,41],[19],[60],
//!   [15,15,16,16,17,17,25,25,26,26,27,27,43],[],[],
//!   [18,18,18,28,28,28,38,38,38,42,42,42,44],[],[],
//!   [19,21,29,31,39,45,45,46,46,47,47,43,44],[],[],
//!   ["流局",[0,0,0,0]]]]}"#;
//! let game = haipai_log::read(log.as_bytes())?;
//! let review = review(&game, &[0], &Settings::default(), &|_, _| {});
//! let d = &review.rounds[0].decisions[0];
//! assert_eq!((d.round.as_str(), d.played.to_string()), ("E1-0", "9m".to_string()));
//! assert!(matches!(d.method, Method::Exact { .. }));
//! assert_eq!(d.best.as_ref().map(|b| b.to_string()), Some("9m".to_string()));
//! // the model prefers riichi on 58s: dama loses points
//! assert_eq!(d.flags, [Flag::Riichi]);
//! assert!(d.loss > 1000.0);
//! # Ok::<(), haipai_log::Error>(())
//! ```

mod estimate;
mod judge;
mod kan;
pub mod query;
#[cfg(test)]
mod tests_no_yaku;

use haipai_ev::{Expectation, Necessary, Options, RiichiPolicy, Workspace};
use haipai_log::{CallOption, Decision, Game, Site};
use haipai_score::Rules;
use haipai_tiles::{Hand, Tile};
use std::fmt;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

/// How a review asks the model: the ev options (red fives follow the log's rules as well) and
/// the scoring rules.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Settings {
    /// The model's options. Default: [`Options::default`] with riichi `best` (a real player
    /// chooses between riichi and dama), a state limit of [`Settings::MAX_STATES`], and the
    /// values computed from each question's turn on only ([`Options::every_turn`] off: a
    /// review reads no other turn).
    pub options: Options,
    /// The scoring rules. Default: haipai-score's default; [`Settings::for_game`] takes the
    /// preset of the game's log ([`preset_of`]).
    pub rules: Rules,
    /// Playouts per choice of a question estimated ([`Method::Estimate`]): default
    /// [`Settings::PLAYOUTS`].
    pub playouts: u32,
    /// When the review stops: no decision is begun after it (one running then finishes, its
    /// question bounded by the state limit), and [`Review::unreviewed`] counts those left.
    /// Default: none, every decision is reviewed.
    pub deadline: Option<Instant>,
}

impl Settings {
    /// The default state limit of a review's questions: past it ev answers with a lower
    /// exchange budget (said in [`Method::Exact`]'s `budget`), and past it at budget 0 the
    /// question is estimated ([`Method::Estimate`]). Chosen, with one deep decision at a time,
    /// so that a player's review stays under 1 GiB (docs/crates/review.md, "Limits").
    pub const MAX_STATES: usize = 4_500_000;

    /// The default playouts per choice of an estimated question: a standard error of a few
    /// tens of points on a deep hand, in well under a second (docs/crates/review.md).
    pub const PLAYOUTS: u32 = 2000;

    /// The default settings with the scoring rules the game's log says it was played under
    /// ([`preset_of`]), or the default rules when it does not say.
    pub fn for_game(game: &Game) -> Settings {
        let rules = preset_of(game).and_then(Rules::preset).unwrap_or_default();
        Settings::default().rules(rules)
    }

    /// The model's options.
    #[must_use]
    pub fn options(mut self, options: Options) -> Settings {
        self.options = options;
        self
    }

    /// The scoring rules.
    #[must_use]
    pub fn rules(mut self, rules: Rules) -> Settings {
        self.rules = rules;
        self
    }

    /// The playouts per choice of an estimated question (at least 1).
    #[must_use]
    pub fn playouts(mut self, playouts: u32) -> Settings {
        self.playouts = playouts.max(1);
        self
    }

    /// The time after which no decision is begun: a review past it returns what it has,
    /// [`Review::unreviewed`] saying how many decisions are left out (a server bounds a
    /// request's work so).
    ///
    /// ```
    /// use haipai_review::{Settings, review};
    /// use std::time::Instant;
    /// let log = r#"{"name":["A","B","C","D"],"rule":{"disp":"般南喰赤","aka":1},"log":[[
    ///   [0,0,0],[25000,25000,25000,25000],[11],[],
    ///   [12,13,14,22,23,24,32,33,34,36,37,41,41],[19],[60],
    ///   [15,15,16,16,17,17,25,25,26,26,27,27,43],[],[],
    ///   [18,18,18,28,28,28,38,38,38,42,42,42,44],[],[],
    ///   [19,21,29,31,39,45,45,46,46,47,47,43,44],[],[],
    ///   ["流局",[0,0,0,0]]]]}"#;
    /// let game = haipai_log::read(log.as_bytes())?;
    /// // a deadline already passed: nothing is reviewed, and the review says so
    /// let late = review(&game, &[0], &Settings::default().deadline(Instant::now()), &|_, _| {});
    /// assert_eq!((late.rounds[0].decisions.len(), late.unreviewed), (0, 1));
    /// let full = review(&game, &[0], &Settings::default(), &|_, _| {});
    /// assert_eq!((full.rounds[0].decisions.len(), full.unreviewed), (1, 0));
    /// # Ok::<(), haipai_log::Error>(())
    /// ```
    #[must_use]
    pub fn deadline(mut self, deadline: Instant) -> Settings {
        self.deadline = Some(deadline);
        self
    }
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            options: Options::default().riichi(RiichiPolicy::Best).max_states(Settings::MAX_STATES).every_turn(false),
            rules: Rules::default(),
            playouts: Settings::PLAYOUTS,
            deadline: None,
        }
    }
}

/// The name of the scoring rules preset ([`Rules::PRESETS`]) that the game's log says it was
/// played under: `tenhou` for a Tenhou game (a tenhou.net/6 or mjlog file); none when the log
/// does not say (mjai).
pub fn preset_of(game: &Game) -> Option<&'static str> {
    match game.setup.site {
        Some(Site::Tenhou) => Some("tenhou"),
        _ => None,
    }
}

/// A whole game reviewed.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Review {
    /// 4, or 3 for sanma (whose decisions are listed but not computed yet).
    pub players: u8,
    /// Each round in play order.
    pub rounds: Vec<RoundReview>,
    /// The chosen seats' decisions left out because the settings' deadline passed first
    /// ([`Settings::deadline`]): 0 when the review is whole. The rounds list only those
    /// reviewed (still in play order); the deepest hands are reviewed first.
    pub unreviewed: usize,
}

/// One round reviewed, or why it could not be replayed.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct RoundReview {
    /// The round's name (`E1-0`).
    pub name: String,
    /// The chosen seats' decisions in play order.
    pub decisions: Vec<Reviewed>,
    /// Why the round could not be replayed (then it has no decisions).
    pub error: Option<haipai_log::Error>,
}

/// What was played, or one choice of a decision.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Play {
    /// A discard (the kind; a red five is thrown as a plain one when the hand has both).
    Discard(Tile),
    /// A call, and the discard after it the model finds best (none when the hand after the
    /// call is not asked: a played call of a decision not computed).
    Call(CallOption, Option<Tile>),
    /// A call offered and passed.
    Pass,
    /// A kan declared on the seat's own turn (its rinshan tile not yet drawn: no discard).
    Kan(OwnKan),
    /// A kita (not in the model).
    Other(String),
}

impl fmt::Display for Play {
    /// `5p`, `pon 55p, 3m`, `pass`, `ankan 1z`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Play::Discard(t) => write!(f, "{t}"),
            Play::Call(c, Some(t)) => write!(f, "{c}, {t}"),
            Play::Call(c, None) => write!(f, "{c}"),
            Play::Pass => f.write_str("pass"),
            Play::Kan(k) => write!(f, "{k}"),
            Play::Other(what) => f.write_str(what),
        }
    }
}

/// A kan the seat may declare on its own turn, after a draw: offered with every discard of
/// the 14 tiles, declared or not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OwnKan {
    /// Four of a kind from the closed hand (ankan): the hand stays closed.
    Ankan(Tile),
    /// The fourth tile added to a pon (kakan).
    Kakan(Tile),
}

impl fmt::Display for OwnKan {
    /// `ankan 1z`, `kakan 5p`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OwnKan::Ankan(t) => write!(f, "ankan {t}"),
            OwnKan::Kakan(t) => write!(f, "kakan {t}"),
        }
    }
}

/// One choice of a decision and its value under the model.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Row {
    /// The choice.
    pub play: Play,
    /// Expected points, win and tenpai probability (riichi or dama, whichever the model takes).
    pub value: Expectation,
    /// Shanten after the choice.
    pub shanten: i8,
    /// Necessary tiles after the choice, with live copies and their share of the points.
    pub necessary: Vec<Necessary>,
    /// For a closed tenpai hand: riichi declared now.
    pub riichi: Option<Expectation>,
    /// For a closed tenpai hand: dama.
    pub dama: Option<Expectation>,
}

/// Something to notice about a played choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Flag {
    /// An open hand that cannot win under the model except by haitei (no yaku).
    NoYaku,
    /// The hand after the discard is tenpai with a winning tile among the seat's own discards.
    Furiten,
    /// The discard raises the shanten.
    ShantenBack,
    /// The model prefers riichi where the player stayed dama.
    Riichi,
    /// The model prefers dama where the player declared riichi.
    Dama,
}

impl Flag {
    /// The flag's name in the command's output: `no-yaku`, `furiten`, `shanten-back`,
    /// `riichi`, `dama`.
    pub fn name(self) -> &'static str {
        match self {
            Flag::NoYaku => "no-yaku",
            Flag::Furiten => "furiten",
            Flag::ShantenBack => "shanten-back",
            Flag::Riichi => "riichi",
            Flag::Dama => "dama",
        }
    }
}

/// Why a decision was not computed.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Reason {
    /// A three-player game: the model has no sanma yet.
    Sanma,
    /// The seat gets no more draws.
    NoDrawLeft,
    /// A decision after riichi: the drawn tile is thrown (or a kan that keeps the wait
    /// declared), no choice to weigh.
    InRiichi,
    /// A kita: not in the model.
    NotInModel,
    /// The position cannot be asked (the model's message).
    Model(String),
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::Sanma => f.write_str("three-player games are not covered yet"),
            Reason::NoDrawLeft => f.write_str("no draw left"),
            Reason::InRiichi => f.write_str("after riichi: no choice to weigh"),
            Reason::NotInModel => f.write_str("kita is not in the model"),
            Reason::Model(m) => f.write_str(m),
        }
    }
}

/// Where a decision's numbers come from.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Method {
    /// Exact under the model, at this exchange budget (the asked one, or the one ev lowered
    /// to when the asked one did not fit the state limit).
    Exact {
        /// The budget used.
        budget: u8,
        /// The budget asked.
        asked: u8,
    },
    /// Estimated by seeded playouts of a simple policy over the same model (a question over
    /// the state limit even at budget 0): `budget` is the lowest budget of the decision's
    /// questions (the playouts' policy counts as 0), `error` the largest standard error of
    /// a choice's expected points.
    Estimate {
        /// The budget used.
        budget: u8,
        /// The standard error of the expected points, in points.
        error: f64,
    },
    /// Not computed, and why.
    NotComputed(Reason),
}

/// One decision reviewed.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Reviewed {
    /// The round (`E1-0`).
    pub round: String,
    /// The decision as the log replays it (position, choice, event).
    pub decision: Decision,
    /// The model's turn of the first choice asked (1..=17), when computed.
    pub turn: Option<u8>,
    /// Unseen tiles at the decision (the first draw's denominator), when computed.
    pub unseen: Option<u32>,
    /// What was played.
    pub played: Play,
    /// The value of what was played (riichi or dama as played), when computed.
    pub played_value: Option<Expectation>,
    /// The best choice by expected points.
    pub best: Option<Play>,
    /// The best choice by win probability.
    pub best_win: Option<Play>,
    /// Expected points lost against the best (0 when the best was played).
    pub loss: f64,
    /// Every choice, best by expected points first.
    pub rows: Vec<Row>,
    /// What to notice about the play.
    pub flags: Vec<Flag>,
    /// Where the numbers come from.
    pub method: Method,
    /// The time the decision took to compute.
    pub elapsed: Duration,
}

impl Reviewed {
    /// Whether the numbers were computed.
    pub fn computed(&self) -> bool {
        matches!(self.method, Method::Exact { .. } | Method::Estimate { .. })
    }

    /// The hand at the decision (closed tiles and melds), or none when it breaks `Hand`'s
    /// rules (a sanma hand with kita).
    pub fn hand(&self) -> Option<Hand> {
        self.decision.position.hand().ok()
    }
}

/// Progress: decisions done and in all.
pub type Progress<'a> = &'a (dyn Fn(usize, usize) + Sync);

/// Reviews every decision of `seats` (all seats when empty) in every round of `game`, spread
/// over rayon's threads with one ev [`Workspace`] each; `progress` is called after each
/// decision. A round that cannot be replayed is a [`RoundReview`] with its error, and the
/// others are reviewed. Once the settings' deadline has passed no decision is begun: the
/// review returns those done, counting the others in [`Review::unreviewed`].
pub fn review(game: &Game, seats: &[u8], settings: &Settings, progress: Progress<'_>) -> Review {
    let players = if game.setup.players == 3 { 3 } else { 4 };
    let options = settings.options.clone().red_fives(settings.options.red_fives && game.setup.red_fives);
    let wanted = |seat: u8| seats.is_empty() || seats.contains(&seat);
    let mut rounds = Vec::new();
    let mut jobs: Vec<(usize, Decision)> = Vec::new();
    for (i, replay) in game.replay().into_iter().enumerate() {
        match replay {
            Ok(r) => {
                jobs.extend(r.decisions.into_iter().filter(|d| wanted(d.position.seat)).map(|d| (i, d)));
                rounds.push(RoundReview { name: r.name, decisions: Vec::new(), error: None });
            }
            Err(e) => {
                let name = e.round().map_or_else(|| format!("round {}", i + 1), str::to_string);
                rounds.push(RoundReview { name, decisions: Vec::new(), error: Some(e) });
            }
        }
    }
    // the deepest hands first, so that the last decisions of a run are quick ones; a deep
    // hand alone (see `Queue`)
    let mut order: Vec<usize> = (0..jobs.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(judge::depth(&jobs[i].1)));
    let (deep, shallow): (Vec<usize>, Vec<usize>) = order.into_iter().partition(|&i| judge::depth(&jobs[i].1) >= DEEP);
    let judge = |job: &(usize, Decision), workspace: &mut Workspace| {
        judge::judge(&rounds[job.0].name, &job.1, players, (&options, settings.playouts), &settings.rules, workspace)
    };
    let stop = || settings.deadline.is_some_and(|d| Instant::now() >= d);
    let done = run(&jobs, Queue::new(deep, shallow), judge, (progress, &stop));
    let mut unreviewed = 0;
    for (job, reviewed) in jobs.iter().zip(done) {
        match reviewed {
            Some(r) => rounds[job.0].decisions.push(r),
            None => unreviewed += 1,
        }
    }
    Review { players, rounds, unreviewed }
}

/// The shanten from which a decision is deep: its question may list millions of states
/// (docs/crates/review.md, "Work").
const DEEP: i8 = 4;

/// The jobs still to do, deep and shallow, each deepest first, and whether a deep one runs.
///
/// A deep job runs alone: no other job begins while it runs, and the other thread helps it
/// (its listing's filing thread, its pass's chunks, a call's questions side by side), so that
/// a deep decision takes the machine's two cores. Deep jobs come first, so shallow ones run
/// two at a time once the deep ones are done. Against two deep jobs at once (each on one
/// core, shallow ones between), this took the slowest decision of the seeded games from 1.6-2.7
/// s to 0.9-1.2 s, for a seat's wall time up by about a fifth (docs/crates/review.md, "Work").
struct Queue {
    deep: Vec<usize>,
    shallow: Vec<usize>,
    taken: (usize, usize),
    deep_running: bool,
}

/// A job handed out: its index and its kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Job {
    Shallow(usize),
    Deep(usize),
}

impl Queue {
    fn new(deep: Vec<usize>, shallow: Vec<usize>) -> Queue {
        Queue { deep, shallow, taken: (0, 0), deep_running: false }
    }

    /// The next job for a thread: none while a deep one runs, else the next deep one, else a
    /// shallow one; `Err` when the thread should wait (helping the deep one running),
    /// `Ok(None)` when all are taken.
    fn take(&mut self) -> Result<Option<Job>, ()> {
        let left = self.taken.0 < self.deep.len() || self.taken.1 < self.shallow.len();
        if self.deep_running {
            return if left { Err(()) } else { Ok(None) };
        }
        if let Some(&i) = self.deep.get(self.taken.0) {
            self.taken.0 += 1;
            self.deep_running = true;
            return Ok(Some(Job::Deep(i)));
        }
        if let Some(&i) = self.shallow.get(self.taken.1) {
            self.taken.1 += 1;
            return Ok(Some(Job::Shallow(i)));
        }
        Ok(None)
    }

    /// The deep job has ended.
    fn ended(&mut self) {
        self.deep_running = false;
    }
}

/// Runs `work` over `jobs` on rayon's threads, each thread taking the next job of `queue` as it
/// finishes one, until `stop` says so; the results in the jobs' order, `None` for a job not
/// begun. Shallow jobs run in one [`Workspace`] per thread, deep ones (one at a time) in a
/// workspace of their own, so that the memory a deep graph leaves is held once, not once per
/// thread.
fn run<J: Sync, R: Send>(
    jobs: &[J],
    queue: Queue,
    work: impl Fn(&J, &mut Workspace) -> R + Sync,
    (progress, stop): (Progress<'_>, &(dyn Fn() -> bool + Sync)),
) -> Vec<Option<R>> {
    let queue = Mutex::new(queue);
    let turn = Condvar::new();
    // The deep jobs' workspace (one deep job runs at a time).
    let deep_workspace: Mutex<Workspace> = Mutex::new(Workspace::new());
    let finished = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<R>>> = Mutex::new((0..jobs.len()).map(|_| None).collect());
    let next = || {
        // First the work a running decision has left for any thread (a call's other
        // questions, a pass's chunks), then a new job.
        while matches!(rayon::yield_now(), Some(rayon::Yield::Executed)) {}
        let mut q = queue.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            if stop() {
                return None;
            }
            match q.take() {
                Ok(job) => return job,
                // No job may start now: help the deep one running (its questions and its pass
                // run in parallel over rayon's threads), else wait a moment for it to end.
                Err(()) => {
                    drop(q);
                    let helped = matches!(rayon::yield_now(), Some(rayon::Yield::Executed));
                    q = queue.lock().unwrap_or_else(|e| e.into_inner());
                    if !helped {
                        q = turn.wait_timeout(q, Duration::from_millis(1)).unwrap_or_else(|e| e.into_inner()).0;
                    }
                }
            }
        }
    };
    // Once on each thread: a thread helping with others' work (see `next`) cannot take over
    // another thread's loop.
    rayon::broadcast(|_| {
        let mut workspace = Workspace::new();
        while let Some(job) = next() {
            let (i, deep) = match job {
                Job::Shallow(i) => (i, false),
                Job::Deep(i) => (i, true),
            };
            let r = if deep {
                work(&jobs[i], &mut deep_workspace.lock().unwrap_or_else(|e| e.into_inner()))
            } else {
                work(&jobs[i], &mut workspace)
            };
            results.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(r);
            if deep {
                queue.lock().unwrap_or_else(|e| e.into_inner()).ended();
                turn.notify_all();
            }
            progress(finished.fetch_add(1, Ordering::Relaxed) + 1, jobs.len());
        }
    });
    results.into_inner().unwrap_or_else(|e| e.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Takes: a deep job alone (no job of either kind beside it), deep ones first; a thread
    /// waits when no job may start; every job is taken once, in order.
    #[test]
    fn a_deep_job_runs_alone() {
        let mut q = Queue::new(vec![0, 1], vec![2, 3]);
        assert_eq!(q.take(), Ok(Some(Job::Deep(0))));
        assert_eq!(q.take(), Err(()), "nothing beside a deep job");
        q.ended();
        assert_eq!(q.take(), Ok(Some(Job::Deep(1))));
        assert_eq!(q.take(), Err(()), "no shallow job beside a deep one");
        q.ended();
        assert_eq!(q.take(), Ok(Some(Job::Shallow(2))));
        assert_eq!(q.take(), Ok(Some(Job::Shallow(3))), "shallow jobs side by side");
        assert_eq!(q.take(), Ok(None), "all taken: the thread goes back to rayon's pool");
        let mut q = Queue::new(vec![0], Vec::new());
        assert_eq!(q.take(), Ok(Some(Job::Deep(0))));
        assert_eq!(q.take(), Ok(None), "nothing left to wait for");
    }

    /// Run with [`run`]: no job ever runs beside a deep one, and every job is done once, its
    /// result in its place.
    #[test]
    fn run_keeps_a_deep_job_alone() {
        let jobs: Vec<usize> = (0..60).collect();
        // every third job deep
        let queue = Queue::new((0..60).filter(|i| i % 3 == 0).collect(), (0..60).filter(|i| i % 3 != 0).collect());
        let (running, deep_running) = (AtomicUsize::new(0), AtomicUsize::new(0));
        let out = run(
            &jobs,
            queue,
            |&j, _| {
                let is_deep = j % 3 == 0;
                let others = running.fetch_add(1, Ordering::SeqCst);
                deep_running.fetch_add(usize::from(is_deep), Ordering::SeqCst);
                std::thread::sleep(Duration::from_millis(if is_deep { 3 } else { 1 }));
                let broken = (is_deep && others > 0) || deep_running.load(Ordering::SeqCst) > usize::from(is_deep);
                deep_running.fetch_sub(usize::from(is_deep), Ordering::SeqCst);
                running.fetch_sub(1, Ordering::SeqCst);
                (j, broken)
            },
            (&|_, _| {}, &|| false),
        );
        let out: Vec<(usize, bool)> = out.into_iter().flatten().collect();
        assert_eq!(out.iter().map(|r| r.0).collect::<Vec<_>>(), jobs);
        assert!(out.iter().all(|r| !r.1), "a job beside a deep one: {out:?}");
    }

    /// A deep job's parallel work is taken up by the other thread, which waits for it to
    /// end: the two halves of its `join` run on different threads (a pool of two, so that no
    /// other test's work takes the other thread).
    #[test]
    fn the_other_thread_helps_a_deep_job() -> Result<(), rayon::ThreadPoolBuildError> {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build()?;
        let jobs: Vec<usize> = (0..40).collect();
        let queue = Queue::new(vec![0], (1..40).collect());
        let out = pool.install(|| {
            run(
                &jobs,
                queue,
                |&j, _| {
                    if j > 0 {
                        std::thread::sleep(Duration::from_millis(1));
                        return None;
                    }
                    let (first, second) = rayon::join(
                        || {
                            std::thread::sleep(Duration::from_millis(150));
                            rayon::current_thread_index()
                        },
                        rayon::current_thread_index,
                    );
                    Some((first, second))
                },
                (&|_, _| {}, &|| false),
            )
        });
        let Some(Some(Some((first, second)))) = out.first() else { panic!("the deep job did not run: {out:?}") };
        assert_ne!(first, second, "both halves of the deep job ran on one thread");
        Ok(())
    }

    /// Once `stop` says so no job is begun: the jobs begun before are done, the others are
    /// `None`.
    #[test]
    fn no_job_is_begun_after_the_stop() {
        let jobs: Vec<usize> = (0..40).collect();
        let begun = AtomicUsize::new(0);
        let out = run(
            &jobs,
            Queue::new(Vec::new(), jobs.clone()),
            |&j, _| {
                begun.fetch_add(1, Ordering::SeqCst);
                j
            },
            (&|_, _| {}, &|| begun.load(Ordering::SeqCst) >= 3),
        );
        let done: Vec<usize> = out.iter().flatten().copied().collect();
        assert_eq!(done.len(), begun.load(Ordering::SeqCst));
        assert!((3..jobs.len()).contains(&done.len()), "{done:?}");
        // the jobs are taken in the queue's order: those done are the first ones
        assert_eq!(done, (0..done.len()).collect::<Vec<_>>());
    }
}

/// The example of the crate's README.md, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeExample;
