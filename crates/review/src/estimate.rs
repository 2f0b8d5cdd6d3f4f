//! A Monte Carlo estimate for a question too large for the exact model even at budget 0: seeded
//! playouts of a simple policy over the same model (one player, tsumo wins only, the draws the
//! question has, from the tiles unseen by the seat), each candidate discard played out on the
//! same shuffled walls.
//!
//! The policy: a draw that lowers the shanten is kept and the discard is the one leaving the
//! lowest shanten, then the most live copies of the kinds that lower it (a plain five before a
//! red one); any other draw is thrown back (no hand change: the model's budget 0). A closed hand
//! that reaches tenpai with a draw left declares riichi (unless the riichi policy is `never`),
//! then throws every draw that does not win. A complete hand wins when it has a yaku, scored
//! by haipai-ev's own oracle (haipai-score's rules, the options' ura-dora, ippatsu, double
//! riichi, haitei and red fives; the ura indicators are the tiles after the draws of the
//! shuffled wall).

use haipai_ev::{Expectation, Options, Oracle, Query, RiichiPolicy, Standard, WinQuery};
use haipai_shanten::Memo;
use haipai_tiles::rng::Rng;
use haipai_tiles::{Counts, Tile, TileSet};

/// One candidate's estimate: the discard (none: the 13-tile hand as it stands), the shanten it
/// leaves, the mean points, win and tenpai rates, and the standard error of the points.
#[derive(Clone, Debug)]
pub struct Estimated {
    pub discard: Option<Tile>,
    pub shanten: i8,
    pub value: Expectation,
    pub error: f64,
}

/// A tile of the wall or the hand: its kind and whether it is a red five.
type Piece = (Tile, bool);

/// Every candidate of `query` (each distinct discard of a 14-tile hand, or the 13-tile hand)
/// estimated over `playouts` walls, seeded from the question so that reruns agree; wins
/// scored by `oracle` (its scoring rules).
pub fn estimate(oracle: &Standard, query: &Query, options: &Options, playouts: u32) -> Vec<Estimated> {
    let wall = unseen(query, options);
    let closed = *query.hand.closed();
    let red = query.hand.closed_red_fives();
    let mut memo = Memo::new();
    let starts: Vec<(Option<Tile>, Counts, [u8; 3])> = if query.hand.size() % 3 == 2 {
        Tile::all()
            .filter(|t| closed[t.index()] > 0)
            .map(|t| {
                let (after, red) = without(&closed, red, t);
                (Some(t), after, red)
            })
            .collect()
    } else {
        vec![(None, closed, red)]
    };
    let draws = usize::from(18 - query.turn.clamp(1, 17));
    let seed = seed_of(query);
    starts
        .into_iter()
        .map(|(discard, hand, red)| {
            let game = Game { query, options, oracle, draws };
            let mut sums = Sums::default();
            let mut shuffled = wall.clone();
            for i in 0..playouts {
                shuffled.copy_from_slice(&wall);
                let mut rng = Rng::new(seed ^ u64::from(i).wrapping_mul(0x9e37_79b9_7f4a_7c15));
                rng.shuffle(&mut shuffled);
                sums.add(game.play(&mut memo, (hand, red), &shuffled));
            }
            let shanten = memo.necessary_tiles(&hand).0;
            let (value, error) = sums.mean(playouts);
            Estimated { discard, shanten, value, error }
        })
        .collect()
}

/// `closed` without one `t` (a plain five before a red one), and the red fives left.
fn without(closed: &Counts, mut red: [u8; 3], t: Tile) -> (Counts, [u8; 3]) {
    let mut after = *closed;
    after[t.index()] -= 1;
    if let Some(s) = five_suit(t)
        && red[s] > after[t.index()]
    {
        red[s] -= 1;
    }
    (after, red)
}

/// The suit index (0..3) of a five, or none.
fn five_suit(t: Tile) -> Option<usize> {
    (!t.is_honour() && t.number() == 5).then(|| t.suit().index())
}

/// The tiles the seat has not seen: four of each kind less the hand (closed and called), the
/// dora indicators and the visible tiles; a red five where red fives are on and it is neither
/// held nor seen.
fn unseen(query: &Query, options: &Options) -> Vec<Piece> {
    let held = query.hand.all_tiles();
    let mut held_red = query.hand.closed_red_fives();
    for m in query.hand.melds() {
        if let Some(t) = Tile::all().find(|t| m.tiles()[t.index()] > 0 && !t.is_honour()) {
            held_red[t.suit().index()] += m.red_fives();
        }
    }
    let mut wall = Vec::new();
    for t in Tile::all() {
        let k = t.index();
        let shown = query.dora_indicators.iter().filter(|&&d| d == t).count() as u8;
        let left = 4u8.saturating_sub(held[k]).saturating_sub(query.visible[k]).saturating_sub(shown);
        let red_left = five_suit(t).is_some_and(|s| options.red_fives && held_red[s] == 0 && query.red_seen[s] == 0);
        for copy in 0..left {
            wall.push((t, red_left && copy == 0));
        }
    }
    wall
}

/// A seed from the question's hand, turn, winds, indicators and visible tiles.
fn seed_of(query: &Query) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut mix = |x: u64| h = (h ^ x).wrapping_mul(0x0100_0000_01b3);
    for c in query.hand.all_tiles().iter().chain(query.visible.iter()) {
        mix(u64::from(*c));
    }
    for t in &query.dora_indicators {
        mix(t.index() as u64);
    }
    mix(u64::from(query.turn));
    mix(query.seat as u64);
    mix(query.round as u64);
    mix(u64::from(query.hand.red_fives()));
    h
}

/// One playout's result: points, won, tenpai at the end.
type Outcome = (f64, bool, bool);

/// Running sums over the playouts.
#[derive(Default)]
struct Sums {
    points: f64,
    squares: f64,
    wins: u32,
    tenpai: u32,
}

impl Sums {
    fn add(&mut self, (points, won, tenpai): Outcome) {
        self.points += points;
        self.squares += points * points;
        self.wins += u32::from(won);
        self.tenpai += u32::from(tenpai || won);
    }

    /// The means and the standard error of the points.
    fn mean(&self, n: u32) -> (Expectation, f64) {
        let n = f64::from(n.max(1));
        let mut e = Expectation::default();
        e.points = self.points / n;
        e.win = f64::from(self.wins) / n;
        e.tenpai = f64::from(self.tenpai) / n;
        let variance = (self.squares / n - e.points * e.points).max(0.0);
        (e, (variance / n).sqrt())
    }
}

/// What every playout of one question shares.
struct Game<'a> {
    query: &'a Query,
    options: &'a Options,
    oracle: &'a Standard,
    draws: usize,
}

/// The hand during a playout.
struct Play {
    closed: Counts,
    red: [u8; 3],
    shanten: i8,
    necessary: TileSet,
    /// The draw index riichi was declared after (`None`: not declared; `Some(None)`: with the
    /// question's discard).
    riichi: Option<Option<usize>>,
}

impl Game<'_> {
    /// One playout of the 13-tile `hand` over `wall` (shuffled): its outcome.
    fn play(&self, memo: &mut Memo, (closed, red): (Counts, [u8; 3]), wall: &[Piece]) -> Outcome {
        let (shanten, necessary) = memo.necessary_tiles(&closed);
        let mut play = Play { closed, red, shanten, necessary, riichi: None };
        if self.may_riichi(&play) {
            play.riichi = Some(None);
        }
        let mut left: Counts = [0; 34];
        for (t, _) in wall {
            left[t.index()] += 1;
        }
        for (j, &(t, is_red)) in wall.iter().take(self.draws).enumerate() {
            left[t.index()] -= 1;
            if !play.necessary.contains(t) {
                continue;
            }
            if play.shanten == 0 {
                if let Some(points) = self.win(&play, (t, is_red), j, &wall[self.draws.min(wall.len())..]) {
                    return (points, true, true);
                }
                continue;
            }
            self.keep(memo, &mut play, (t, is_red), &left);
            if play.riichi.is_none() && j + 1 < self.draws && self.may_riichi(&play) {
                play.riichi = Some(Some(j));
            }
        }
        (0.0, false, play.shanten == 0)
    }

    /// Whether the hand declares riichi now: closed, tenpai, and the policy allows it.
    fn may_riichi(&self, play: &Play) -> bool {
        play.shanten == 0 && self.query.hand.is_closed() && self.options.riichi != RiichiPolicy::Never
    }

    /// Adds the drawn tile and throws the discard leaving the lowest shanten, then the most live
    /// copies of the kinds that lower it.
    fn keep(&self, memo: &mut Memo, play: &mut Play, (t, is_red): Piece, left: &Counts) {
        let mut closed = play.closed;
        closed[t.index()] += 1;
        let mut red = play.red;
        if is_red && let Some(s) = five_suit(t) {
            red[s] += 1;
        }
        let (_, keeps) = memo.unnecessary_tiles(&closed);
        let mut best: Option<(u32, Counts, [u8; 3], i8, TileSet)> = None;
        for d in keeps.iter() {
            let (after, red_after) = without(&closed, red, d);
            let (shanten, necessary) = memo.necessary_tiles(&after);
            let live: u32 = necessary.iter().map(|n| u32::from(left[n.index()])).sum();
            if best.as_ref().is_none_or(|b| live > b.0) {
                best = Some((live, after, red_after, shanten, necessary));
            }
        }
        if let Some((_, after, red_after, shanten, necessary)) = best {
            *play = Play { closed: after, red: red_after, shanten, necessary, ..*play };
        }
    }

    /// The points of a tsumo on `t` at draw index `j`, or none without a yaku.
    fn win(&self, play: &Play, (t, is_red): Piece, j: usize, after: &[Piece]) -> Option<f64> {
        let mut closed = play.closed;
        closed[t.index()] += 1;
        let mut red = play.red;
        if is_red && let Some(s) = five_suit(t) {
            red[s] += 1;
        }
        let o = self.options;
        let q = self.query;
        let riichi = play.riichi.is_some();
        let indicators: &[Tile] = if o.dora { &q.dora_indicators } else { &[] };
        let query = WinQuery {
            closed: &closed,
            red,
            melds: q.hand.melds(),
            win: t,
            seat: q.seat,
            round: q.round,
            dora_indicators: indicators,
            riichi,
            double_riichi: o.double_riichi && play.riichi == Some(None) && q.turn == 1,
            ippatsu: o.ippatsu && play.riichi.is_some_and(|at| at.map_or(j == 0, |at| j == at + 1)),
            haitei: o.haitei && j + 1 == self.draws,
            aka_dora: o.red_fives,
        };
        let totals = self.oracle.tsumo_totals(&query)?;
        let ura = if riichi && o.ura_dora && o.dora {
            // the closed tiles with the win, and the called ones
            let (held, before) = (q.hand.all_tiles(), q.hand.closed());
            let all: Counts = std::array::from_fn(|k| closed[k] + held[k] - before[k]);
            let ura: Vec<Tile> = after.iter().take(q.dora_indicators.len()).map(|p| p.0).collect();
            haipai_score::dora_han(&all, &ura) as usize
        } else {
            0
        };
        Some(f64::from(totals[ura.min(totals.len() - 1)]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use haipai_ev::evaluate;
    use haipai_tiles::{Hand, parse_tile};

    fn tile(t: &str) -> Tile {
        parse_tile(t).expect("tile").tile()
    }

    /// Each candidate's estimate against ev's exact value at budget 0 (riichi always): the
    /// tenpai discard, whose best play is the playouts' own (riichi, then throw every draw),
    /// within four standard errors; every other no more than four above (ev's play is the
    /// best at that budget, the playouts' may be worse).
    fn against_exact(hand: &str, turn: u8, tenpai_discard: &str) {
        let q = Query::new(Hand::parse(hand).expect("hand")).turn(turn).dora_indicators(vec![tile("1z")]);
        let options = Options::default().riichi(RiichiPolicy::Always).extra_exchanges(0);
        let exact = evaluate(&q, &options).expect("small enough to be exact");
        let estimates = estimate(&Standard::default(), &q, &options, 4000);
        assert_eq!(estimates.len(), exact.candidates.len(), "{hand}");
        for e in &estimates {
            let c = exact.candidates.iter().find(|c| c.discard == e.discard).expect("the same candidates");
            let d = e.discard.map_or("-".to_string(), |t| t.to_string());
            assert_eq!(e.shanten, c.shanten, "{hand} discard {d}");
            assert!(e.error > 0.0 || c.value.points == 0.0, "{hand} discard {d}: no spread");
            let gap = e.value.points - c.value.points;
            if d == tenpai_discard {
                assert!(
                    gap.abs() <= 4.0 * e.error,
                    "{hand} discard {d}: {:.1} against {:.1} ± {:.1}",
                    e.value.points,
                    c.value.points,
                    e.error
                );
                assert!(
                    (e.value.win - c.value.win).abs() < 0.05,
                    "{hand} discard {d}: win {} against {}",
                    e.value.win,
                    c.value.win
                );
            } else {
                assert!(
                    gap <= 4.0 * e.error,
                    "{hand} discard {d}: {:.1} above {:.1} ± {:.1}",
                    e.value.points,
                    c.value.points,
                    e.error
                );
            }
        }
    }

    #[test]
    fn a_tenpai_discard_agrees_with_the_exact_value() {
        against_exact("123456m234p5578s7z", 5, "7z");
        against_exact("234067m55p345s78p1z", 9, "1z");
    }

    #[test]
    fn reruns_agree_and_the_seed_follows_the_question() {
        let q = Query::new(Hand::parse("19m19p19s1234567z8m").expect("hand")).turn(3);
        let options = Options::default();
        let (a, b) =
            (estimate(&Standard::default(), &q, &options, 200), estimate(&Standard::default(), &q, &options, 200));
        assert_eq!(format!("{a:?}"), format!("{b:?}"));
        assert_ne!(seed_of(&q), seed_of(&q.clone().turn(4)));
    }
}
