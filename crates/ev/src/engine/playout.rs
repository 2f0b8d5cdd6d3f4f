//! The [`Solver`]'s Monte Carlo playout: one game from a root with the computed policy, drawing
//! with the model's probabilities (what `simulate` averages).

use super::*;
use crate::options::RiichiPolicy;
use crate::oracle::Oracle;
use haipai_tiles::Counts;
use haipai_tiles::rng::Rng;

impl<'a, O: Oracle> Solver<'a, O> {
    /// Plays one game from the root with the computed policy, drawing with the model's
    /// probabilities (the model's wall: see `docs/ev-model.md`); `riichi_root` says whether the
    /// root declared riichi (a double riichi when `double`). Returns (points, won, tenpai).
    /// Call after [`Solver::solve`].
    pub fn playout(
        &mut self,
        rng: &mut Rng,
        root: u32,
        d0: usize,
        riichi_root: bool,
        double: bool,
    ) -> (f64, bool, bool) {
        enum St {
            Dama(u32),
            Riichi(Counts, u8, bool, bool),
        }
        let objective = self.opts.objective;
        let mut st = if riichi_root {
            let (h, red) = unpack(self.key13(root));
            St::Riichi(h, red, double, true)
        } else {
            St::Dama(root)
        };
        let mut d = d0;
        // A riichi hand never changes: its winning draws are listed once.
        let mut riichi_kids: Option<Vec<Child>> = None;
        while d < LAST {
            match st {
                St::Dama(i) => {
                    let kids = draws(&self.kids(i));
                    let s: f64 = kids.iter().map(|k| f64::from(k.live)).sum();
                    let big = self.s.denom[d].max(s);
                    let mut u = rng.unit_f64() * big;
                    let mut pick = None;
                    for kid in &kids {
                        if u < f64::from(kid.live) {
                            pick = Some(*kid);
                            break;
                        }
                        u -= f64::from(kid.live);
                    }
                    let Some(kid) = pick else {
                        d += 1;
                        continue;
                    };
                    let mut j = kid.parts[0].1;
                    if kid.len == 2 && rng.unit_f64() >= kid.parts[0].0 {
                        j = kid.parts[1].1;
                    }
                    // A win is taken, unless the policy may decline it and a discard is better
                    // (as the pass decides: the win first, then each discard when better).
                    let win = self.win_of(j, d == LAST - 1);
                    if let Some(p) = win
                        && !self.opts.may_decline
                    {
                        return (p, true, true);
                    }
                    let mut best: Option<((f64, f64, f64), St)> = None;
                    for Discard { dama, riichi } in self.discards(j) {
                        let dv = self.value13(dama, d + 1);
                        let mut cand = (dv, St::Dama(dama));
                        if riichi != NONE {
                            let r = riichi;
                            let rv = self.riichi_arrays(r).at(d + 1);
                            let take = match self.opts.riichi {
                                RiichiPolicy::Never => false,
                                RiichiPolicy::Always => true,
                                RiichiPolicy::Best => better(objective, rv, dv),
                            };
                            if take {
                                let (h, red) = unpack(self.key13(dama));
                                cand = (rv, St::Riichi(h, red, false, true));
                            }
                        }
                        if best.as_ref().is_none_or(|b| better(objective, cand.0, b.0)) {
                            best = Some(cand);
                        }
                    }
                    if let Some(p) = win
                        && best.as_ref().is_none_or(|b| !better(objective, b.0, (p, 1.0, 1.0)))
                    {
                        return (p, true, true);
                    }
                    match best {
                        Some((_, next)) => st = next,
                        None => return (0.0, false, false),
                    }
                    d += 1;
                }
                St::Riichi(mut h, red, double, ipp) => {
                    if riichi_kids.is_none() {
                        riichi_kids = Some(self.riichi_children(&mut h, red, double));
                    }
                    let kids = riichi_kids.as_deref().unwrap_or_default();
                    let s: f64 = kids.iter().map(|k| k.live).sum();
                    let big = self.s.denom[d].max(s);
                    let mut u = rng.unit_f64() * big;
                    for kid in kids {
                        if u < kid.live {
                            let a = if ipp { kid.first } else { kid.later };
                            return (a.p[d], true, true);
                        }
                        u -= kid.live;
                    }
                    st = St::Riichi(h, red, double, false);
                    d += 1;
                }
            }
        }
        let tenpai = match st {
            St::Dama(i) => self.hands13[self.locate13(i).0].shanten == 0,
            St::Riichi(..) => true,
        };
        (0.0, false, tenpai)
    }
}
