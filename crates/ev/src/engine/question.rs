//! What one question fixes for every step of the engine ([`Question`]): the oracle, the
//! options, the [`Setup`], the input's closed tiles and red fives (live copies and used
//! exchanges are counted from them) and the exchange limit. The listing, the scoring, the
//! riichi states and the playout read it; none of them changes it.

use super::records::RedLive;
use super::{FIVES, Setup};
use crate::engine::choice::RiichiChoice;
use crate::options::Options;
use crate::oracle::Oracle;
use haipai_tiles::Counts;

/// The question the engine answers: read-only for every step.
pub(crate) struct Question<'a, O: Oracle> {
    pub(super) o: &'a O,
    /// The options (a copy: a trial listing's solver outlives the options it was made with).
    pub(super) opts: Options,
    pub(super) s: &'a Setup,
    /// The input hand's closed tiles (14 or 13): live copies and used exchanges are counted
    /// from it (docs/ev-model.md, "Hand change and shanten-back").
    pub(super) base: Counts,
    /// Which red copies are live, from the input's red bits.
    pub(super) red: RedLive,
    /// The suits whose red bit can be set (bit `s`: the input holds that red five or it is
    /// unseen).
    pub(super) red_suits: u8,
    /// `used + shanten < limit` lets a hand keep a draw that does not lower its shanten (hand
    /// change) or discard into a higher one (shanten-back): see [`limit`](super::limit).
    pub(super) limit: i8,
}

impl<'a, O: Oracle> Question<'a, O> {
    /// The question of the input's closed tiles `base` (red bits `base_red`) with the exchange
    /// limit `limit`.
    pub(super) fn new(o: &'a O, opts: &Options, s: &'a Setup, (base, base_red): (Counts, u8), limit: i8) -> Self {
        let unseen = if opts.red_fives { s.red_unseen0 } else { [0; 3] };
        let red_suits = (0..3).filter(|&s| unseen[s] > 0 || base_red & (1 << s) != 0).fold(0, |m, s| m | 1 << s);
        Question { o, opts: opts.clone(), s, base, red: RedLive { unseen, base: base_red }, red_suits, limit }
    }

    /// Live copies of kind `k` for a state holding `h`.
    pub(super) fn live(&self, h: &Counts, k: usize) -> u8 {
        self.s.unseen0[k].saturating_sub(h[k].saturating_sub(self.base[k]))
    }

    /// Used exchanges: the tiles `h` holds that the input did not.
    pub(super) fn used(&self, h: &Counts) -> i8 {
        h.iter().zip(self.base.iter()).map(|(&a, &b)| a.saturating_sub(b) as i8).sum()
    }

    /// Whether the pass computes only the variants some root reaches (no hand change and red
    /// fives in play; see [`Solver::mark_reachable`](super::Solver::mark_reachable)).
    pub(super) fn walks(&self) -> bool {
        self.opts.extra_exchanges == 0 && self.red_suits != 0
    }

    /// Whether a closed hand discarding into tenpai considers riichi.
    pub(super) fn riichi_considered(&self) -> bool {
        self.s.closed_hand && RiichiChoice::new(&self.opts).considered()
    }

    /// The suits in which a hand holding `h` has red variants (see [`RANK`](super::RANK)).
    pub(super) fn red_mask(&self, h: &Counts) -> u8 {
        (0..3).filter(|&s| h[FIVES[s]] > 0).fold(0, |m, s| m | 1 << s) & self.red_suits
    }

    /// [`Question::red_mask`] of a [`pack`](super::pack)ed hand.
    pub(super) fn red_mask_of_key(&self, key: u128) -> u8 {
        red_mask_of_key(key, self.red_suits)
    }

    /// The han of the red fives of a winning hand whose closed red bits are `red`: those and
    /// the called melds' (0 with red fives off).
    pub(super) fn red_han(&self, red: u8) -> u32 {
        if self.opts.red_fives { red.count_ones() + self.s.meld_red } else { 0 }
    }
}

/// The suits among `red_suits` in which the [`pack`](super::pack)ed hand `key` holds a five
/// (its red variants' suits).
pub(super) fn red_mask_of_key(key: u128, red_suits: u8) -> u8 {
    (0..3).filter(|&s| (key >> (3 * FIVES[s])) & 7 != 0).fold(0, |m, s| m | 1 << s) & red_suits
}
