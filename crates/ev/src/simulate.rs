//! The simulator: a Monte Carlo check of the computed policy, one candidate played on seeded
//! walls drawn with the model's probabilities, at the budget the answer would use.

use crate::analysis::{Error, ErrorKind, Query, check, red_bits};
use crate::budget::{self, Lowering, Trial};
use crate::engine::{RiichiChoice, Setup, Solver, TooManyStates, limit};
use crate::options::Options;
use crate::oracle::Oracle;
use haipai_tiles::rng::Rng;
use haipai_tiles::{Counts, Tile};

/// A Monte Carlo estimate of one candidate's value: the computed policy played on walls drawn
/// with the model's probabilities.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct Estimate {
    /// Number of games played.
    pub playouts: u64,
    /// Mean points.
    pub points: f64,
    /// Standard error of the mean points.
    pub points_se: f64,
    /// Win rate.
    pub win: f64,
    /// Standard error of the win rate.
    pub win_se: f64,
    /// Tenpai rate at the end (wins included).
    pub tenpai: f64,
}

/// Plays the computed policy for one discard (`None` for a 13-tile hand) `playouts` times
/// from seeded random walls (`haipai_tiles::rng::Rng::new(seed)`), drawing each tile with the
/// model's probabilities, and returns the means with their standard errors.
pub fn simulate_with<O: Oracle>(
    oracle: &O,
    query: &Query,
    options: &Options,
    discard: Option<Tile>,
    playouts: u64,
    seed: u64,
) -> Result<Estimate, Error> {
    let (setup, size) = check(query, options)?;
    let closed = *query.hand.closed();
    let red = red_bits(query.hand.closed_red_fives(), options);
    let (h, red) = simulated_hand::<O>((closed, red), size, discard)?;
    let d0 = usize::from(query.turn - 1);
    let base = red_bits(query.hand.closed_red_fives(), options);
    let shanten = oracle.shanten(&closed);
    let trial = Trial { oracle, options, setup: &setup, input: (closed, base), shanten, skip_unread: true };
    let mut budget = trial.choose(&[(h, red)]);
    let game = Game { setup: &setup, input: (closed, base), root: (h, red), shanten, d0 };
    // At the budget `evaluate_with` would answer with (lowered as it lowers it).
    loop {
        match game.play(oracle, &budget::at(options, budget), (playouts, seed)) {
            Ok(estimate) => return Ok(estimate),
            Err(_) if options.lower_budget && budget.used > 0 => {
                budget = budget.lower(Lowering::Listed(options.max_states));
            }
            Err(_) => return Err(ErrorKind::TooManyStates(options.max_states).into()),
        }
    }
}

/// What the simulator plays: the question as checked, the input's closed tiles and red bits,
/// the 13-tile hand played from (and its red bits), the input's shanten and the first draw
/// index.
struct Game<'a> {
    setup: &'a Setup,
    input: (Counts, u8),
    root: (Counts, u8),
    shanten: i8,
    d0: usize,
}

impl Game<'_> {
    /// `playouts` games from seeded walls (`seed`) of the policy computed under `options`, or
    /// [`TooManyStates`] when its graph is over the limit.
    fn play<O: Oracle>(
        &self,
        oracle: &O,
        options: &Options,
        (playouts, seed): (u64, u64),
    ) -> Result<Estimate, TooManyStates> {
        let lim = limit(self.shanten, options.extra_exchanges);
        let mut solver = Solver::new(oracle, options, self.setup, self.input, lim);
        let (mut h, red) = self.root;
        let root = solver.solve(&[(h, red)])?[0];
        let d0 = self.d0;
        let double = options.double_riichi && d0 == 0;
        let riichi_root = declares_at_root(&mut solver, options, root, (&mut h, red), (d0, double));
        let mut rng = Rng::new(seed);
        let (mut sum, mut sum2, mut wins, mut tenpai) = (0.0, 0.0, 0u64, 0u64);
        for _ in 0..playouts {
            let (p, w, t) = solver.playout(&mut rng, root, d0, riichi_root, double);
            sum += p;
            sum2 += p * p;
            wins += u64::from(w);
            tenpai += u64::from(t);
        }
        Ok(estimate(playouts, (sum, sum2), (wins, tenpai)))
    }
}

/// The 13-tile hand the simulator plays from (its tiles and red bits): the input `closed`
/// (red bits `red`, `size` tiles) less the discard, or the input itself when it has 13 tiles
/// and no discard is given.
fn simulated_hand<O: Oracle>(
    (closed, red): (Counts, u8),
    size: usize,
    discard: Option<Tile>,
) -> Result<(Counts, u8), Error> {
    let mut h = closed;
    let mut red = red;
    match (size, discard) {
        (14, Some(t)) if closed[t.index()] > 0 => red = Solver::<O>::throw(&mut h, red, t.index()),
        (13, None) => {}
        (_, Some(t)) => return Err(ErrorKind::NotInHand(t).into()),
        (_, None) => return Err(ErrorKind::NoDiscard.into()),
    }
    Ok((h, red))
}

/// Whether the simulated root (state `root`, holding `h` with red bits `red`) declares riichi
/// before draw index `d0` (a double riichi when `double`): when the hand may, as the policy
/// chooses between its riichi and dama arrays.
fn declares_at_root<O: Oracle>(
    solver: &mut Solver<'_, O>,
    options: &Options,
    root: u32,
    (h, red): (&mut Counts, u8),
    (d0, double): (usize, bool),
) -> bool {
    let dama = solver.root_arrays(root);
    if !solver.can_riichi(h) {
        return false;
    }
    let ri = solver.riichi(h, red, double);
    let r = solver.riichi_arrays(ri);
    RiichiChoice::new(options).takes(r.at(d0), dama.at(d0))
}

/// The [`Estimate`] of `playouts` games from their points summed (`sum`) and summed squared
/// (`sum2`), and the numbers of games won and ending tenpai.
fn estimate(playouts: u64, (sum, sum2): (f64, f64), (wins, tenpai): (u64, u64)) -> Estimate {
    let n = playouts.max(1) as f64;
    let mean = sum / n;
    let var = (sum2 / n - mean * mean).max(0.0);
    let win = wins as f64 / n;
    Estimate {
        playouts,
        points: mean,
        points_se: (var / n).sqrt(),
        win,
        win_se: (win * (1.0 - win) / n).sqrt(),
        tenpai: tenpai as f64 / n,
    }
}
