//! The records of the state graph: the 13-tile and 14-tile hands the pass reads ([`Hand13`],
//! [`Hand14`], 24 and 20 bytes), their draws ([`Step`]) and discards ([`Opt`]), 8 bytes each,
//! the pools' [`Span`]s; and what the roots and the simulator read of a state ([`Child`],
//! [`Kid`], [`Draw`], [`Discard`]), the oracle answers memoised per hand ([`Shared`]) and which
//! red copies are live ([`RedLive`]).

use super::LAST;
use super::values::Arrays;
use crate::oracle::{Totals, WinParts};
use hashbrown::HashMap;

/// Oracle answers that depend on the hand only: memoised for the whole state graph.
#[derive(Default)]
pub(crate) struct Shared {
    /// The oracle's parts of a win, keyed on the hand, the winning tile, riichi (any level) and
    /// haitei when it is the only yaku; red fives, ippatsu, haitei and double riichi are added
    /// to it as han.
    pub(super) parts: HashMap<u128, Option<WinParts>>,
    /// The oracle's totals of a win (same key as `parts`).
    pub(super) totals: HashMap<u128, Option<Totals>>,
}

/// One child of a draw: the kind, its live copies and the value of the 14-tile hand after it
/// for the first draw (`first`) and later draws (`later`), and the copies of it that the
/// policy throws straight back at each draw index (`thrown`: the hand is as it was, so the
/// draw counts as thrown in [`contributions`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Child {
    pub kind: usize,
    pub live: f64,
    pub first: Arrays,
    pub later: Arrays,
    pub thrown: [f64; LAST],
}

/// One draw of a 13-tile state as the roots and the simulator read it: the 14-tile state it
/// leads to and the live copies that lead there; the kind drawn is in a [`Label`] beside it.
/// A five whose red copy is live takes two entries, the red copy's ([`Part::Red`]) then the
/// plain copies' ([`Part::Plain`]); any other draw one entry ([`Part::Whole`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct Kid {
    pub(super) state: u32,
    pub(super) copies: u8,
}

/// The kind drawn in a [`Kid`], and which of its copies the kid stands for.
#[derive(Clone, Copy, Debug)]
pub(super) struct Label {
    pub(super) kind: u8,
    pub(super) part: Part,
}

/// Which copies of a kind a [`Kid`] stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Part {
    Whole,
    Red,
    Plain,
}

/// A draw of a 13-tile state as one kind: its live copies and the 14-tile states it leads to,
/// each with its share of the copies (the red copy's first when the five splits).
#[derive(Clone, Copy, Debug)]
pub(super) struct Draw {
    pub(super) live: u8,
    pub(super) parts: [(f64, u32); 2],
    pub(super) len: usize,
}

/// The [`Kid`]s of one state (with their labels) grouped into draws, kind by kind.
pub(super) fn draws(kids: &[(Kid, Label)]) -> Vec<Draw> {
    let mut out = Vec::with_capacity(kids.len());
    let mut i = 0;
    while i < kids.len() {
        let (kid, label) = kids[i];
        if label.part == Part::Red {
            let plain = kids[i + 1].0;
            let live = kid.copies + plain.copies;
            let pr = f64::from(kid.copies) / f64::from(live);
            out.push(Draw { live, parts: [(pr, kid.state), (1.0 - pr, plain.state)], len: 2 });
            i += 2;
        } else {
            out.push(Draw { live: kid.copies, parts: [(1.0, kid.state), (0.0, 0)], len: 1 });
            i += 1;
        }
    }
    out
}

/// A range of a pool (draws and options live in one contiguous pool each, so the
/// layer-by-layer pass reads them in order).
#[derive(Clone, Copy, Debug, Default)]
#[cfg_attr(test, derive(PartialEq))]
pub(super) struct Span {
    pub(super) start: u32,
    pub(super) len: u32,
}

impl Span {
    pub(super) fn range(self) -> std::ops::Range<usize> {
        self.start as usize..(self.start + self.len) as usize
    }
}

/// No win (in [`Hand14::win`]), no riichi (in [`Hand13::riichi`] and [`Discard::riichi`]).
pub(super) const NONE: u32 = u32::MAX;

/// A 13-tile hand (red fives not told apart) as the pass over draw indices reads it: its red
/// variants are the states `base..base + variants(mask)` (see [`RANK`]); its draws are kept
/// once for all of them ([`Step`]s), each variant reading the variant of the 14-tile hand with
/// its red bits (a five whose red copy is live splits into the red copy and the plain ones).
#[derive(Clone, Copy, Debug)]
#[cfg_attr(test, derive(PartialEq))]
pub(super) struct Hand13 {
    pub(super) base: u32,
    pub(super) steps: Span,
    /// The riichi states of its variants (`riichi + rank`), or [`NONE`] when no discard
    /// declares riichi into it.
    pub(super) riichi: u32,
    /// Live copies of its kept draws together.
    pub(super) live: u16,
    /// Tiles it holds that the input does not: no path reaches it before draw index `used`.
    pub(super) used: u8,
    /// Its shanten (0: tenpai): its value before draw `d` is zero when fewer draws are left,
    /// `LAST - d < shanten`.
    pub(super) shanten: i8,
    /// `LAST` less its shanten ([`until`]): the pass visits it at the draw indices
    /// `used..=until`.
    pub(super) until: u8,
    pub(super) mask: u8,
    /// Its variants some root reaches (bit = rank; see [`Solver::mark_reachable`]).
    pub(super) reach: u8,
    /// One variant whose draws each lead to one state with no red five to split (what
    /// [`Solver::split_partial`] makes): the pass adds them up as they are.
    pub(super) plain: bool,
}

/// A 13-tile hand as its lookup table finds it: its index, its first state and the suits its
/// variants vary in (what a discard into it records: no access to its record).
#[derive(Clone, Copy, Debug)]
#[cfg_attr(test, derive(PartialEq))]
pub(super) struct Found13 {
    pub(super) hand: u32,
    pub(super) base: u32,
    pub(super) mask: u8,
}

/// A kept draw of a 13-tile hand: the 14-tile hand it leads to (the first state of its
/// variants and the suits they vary in, so the pass reads no hand record), the kind and its
/// live copies, and the kind's [`FIVE_SUIT`] (read by the pass without a table).
#[derive(Clone, Copy, Debug)]
#[cfg_attr(test, derive(PartialEq))]
pub(super) struct Step {
    pub(super) state: u32,
    pub(super) kind: u8,
    pub(super) copies: u8,
    pub(super) mask: u8,
    pub(super) suit: u8,
}

/// A 14-tile hand (red fives not told apart, plus the winning tile when complete) as the pass
/// reads it: its red variants are the states `base..base + variants(mask)`; its admissible
/// discards are kept once for all of them (`len` entries of the option pool from `start`).
#[derive(Clone, Copy, Debug)]
#[cfg_attr(test, derive(PartialEq))]
pub(super) struct Hand14 {
    pub(super) base: u32,
    pub(super) start: u32,
    /// Its variants' win points in `Solver::wins` (`win + rank`), or [`NONE`].
    pub(super) win: u32,
    pub(super) len: u8,
    /// Tiles it holds that the input does not, and `LAST` less its shanten ([`until`]): its
    /// value after draw `d` is needed and not zero only when `used <= d + 1 <= until`.
    pub(super) used: u8,
    pub(super) until: u8,
    pub(super) mask: u8,
    /// Its variants some root reaches (bit = rank; see [`Solver::mark_reachable`]).
    pub(super) reach: u8,
}

// The record sizes the docs quote (the pass over draw indices streams these).
const _: () = assert!(std::mem::size_of::<Hand13>() == 24);
const _: () = assert!(std::mem::size_of::<Hand14>() == 20);
const _: () = assert!(std::mem::size_of::<Step>() == 8);

impl Hand14 {
    /// Its range of the option pool.
    pub(super) fn options(&self) -> std::ops::Range<usize> {
        self.start as usize..self.start as usize + usize::from(self.len)
    }
}

/// An admissible discard of a 14-tile hand in the option pool: the 13-tile hand it leaves,
/// as the first state of its variants (`state`) and, in `info`, the hand's index ([`HAND`]),
/// the suits its variants vary in (the bits of [`MASK`]), one plus the suit whose red bit the
/// discard clears (the bits of [`CLEARS`]: the hand's only five of that suit is thrown) and
/// [`WITH_RIICHI`] when the policy considers riichi there (the riichi states are the hand's).
#[derive(Clone, Copy, Debug)]
#[cfg_attr(test, derive(PartialEq))]
pub(super) struct Opt {
    pub(super) state: u32,
    pub(super) info: u32,
}

pub(super) const WITH_RIICHI: u32 = 1 << 31;
/// Tags a draw's new target in [`Solver::direct_riichi_steps`]: riichi states, not a hand.
pub(super) const DIRECT: u32 = 1 << 31;
pub(super) const CLEARS: u32 = 3 << 29;
pub(super) const MASK: u32 = 7 << 26;
pub(super) const HAND: u32 = (1 << 26) - 1;

impl Opt {
    /// The red bits the discard keeps.
    pub(super) fn kept_red(self) -> u8 {
        match (self.info & CLEARS) >> 29 {
            0 => 7,
            s => !(1u8 << (s - 1)),
        }
    }

    /// The suits the 13-tile hand's variants vary in.
    pub(super) fn mask(self) -> usize {
        ((self.info & MASK) >> 26) as usize
    }
}

/// One admissible discard of a 14-tile state: the 13-tile state it leaves and, when the
/// policy considers riichi there, the riichi state (else [`NONE`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct Discard {
    pub(super) dama: u32,
    pub(super) riichi: u32,
}

/// A 14-tile hand's shanten, admissible discards and shanten-keeping discards (bit `e`).
pub(super) type Pre = (i8, u64, u64);

/// Which red copies are live: the red five of suit `s` is live for a state with red bits `red`
/// unless the state holds it and the input did not (copies counted from the input).
#[derive(Clone, Copy, Debug)]
pub(super) struct RedLive {
    /// Unseen red five per suit at the input (0 when red fives are off).
    pub(super) unseen: [u8; 3],
    /// The input's red bits.
    pub(super) base: u8,
}

impl RedLive {
    pub(super) fn of(self, red: u8, suit: usize) -> u8 {
        let gained = red & !self.base & (1 << suit) != 0;
        self.unseen[suit].saturating_sub(u8::from(gained))
    }
}
