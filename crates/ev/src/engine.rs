//! The exact recursion over draws (the model is `docs/ev-model.md`).
//!
//! A 13-tile state's value is kept for every draw index at once (`0..=17`, 17 = no draws left),
//! memoised on the packed hand and its red fives; a 14-tile state (after a draw) takes the best
//! of winning and every admissible discard. Riichi hands are a separate table: they only wait.
//!
//! The [`Solver`] lists every state reachable from the roots, then fills the values draw index
//! by draw index from the last. The graph is kept by hand, not by state: a hand (red fives
//! not told apart) has one record ([`Hand13`], [`Hand14`]) for all its red variants (up to
//! eight; the red fives multiply the states about sixfold on a hand holding or missing a red
//! five in each suit), and its variants are the states `base..base + variants(mask)`, one for
//! each set of red bits over the suits in `mask` ([`RANK`], [`RED`]). A hand's draws
//! ([`Step`]) and discards ([`Opt`]) are listed once for all its variants: each variant reads
//! the variant of the next hand with its own red bits, a drawn five splitting into its red copy
//! (when live) and its plain ones, a thrown only five clearing its suit's bit.
//! - The listing is breadth first over 13-tile hands; a 14-tile hand is listed as soon as a draw
//!   finds it. Hands are looked up by their packed key without red bits; the oracle is asked
//!   once per hand (necessary tiles, unnecessary tiles, scores), the win points and riichi
//!   states are computed per variant (from one oracle total per hand and winning tile). States are numbered as their hands are found, a hand's
//!   variants side by side; the lookup tables (and, on a large graph, the scoring memos) are
//!   freed before the pass.
//!   Without hand change (no extra exchange) most hands are reached in only one of their
//!   variants: a walk over the hands marks the reached ones ([`Hand13::reach`]), riichi waits
//!   are scored for those only, and the pass reads records of its own
//!   ([`Solver::split_partial`]): each reached variant a hand of one state, the reached states
//!   numbered anew densely, each draw and discard resolved to one state (a drawn five split
//!   once into its red and plain copies, not at every draw index).
//! - The pass over draw indices reads compact records (13-tile hands in 24 bytes, 14-tile
//!   hands in 20, draws and discards in 8, each carrying the first state and red suits of the
//!   hand it leads to) and computes a hand's variants together (specialised to 1, 2, 4 or 8
//!   variants); it keeps one layer of 13-tile values overwritten in place (every layer for the
//!   simulator). It visits only the live hands of each layer (reached by then, and not yet
//!   too far from tenpai: [`Graph::ends13`], [`Hand13::shanten`]) and picks each 14-tile
//!   state's best discard by reference into the layer it reads, copying the winner once. With
//!   riichi always, the states no value reads are numbered away for the pass
//!   ([`Solver::direct_riichi_steps`], [`Solver::unread13_away`]): smaller, denser layers.

use crate::options::{Objective, Options, RiichiPolicy};
use crate::oracle::{EXTRA, Oracle, Totals, WinParts, WinQuery};
use haipai_shanten::Memo;
use haipai_tiles::rng::Rng;
use haipai_tiles::{Counts, Meld, Tile};
use hashbrown::{HashMap, HashTable};
use rayon::prelude::*;

/// Draw indices run 0..17; index 17 means no draw is left.
pub(crate) const LAST: usize = 17;
const N: usize = LAST + 1;
/// Kind indices of the fives (5m, 5p, 5s).
pub(crate) const FIVES: [usize; 3] = [4, 13, 22];

/// Points, win and tenpai probability for every draw index.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Arrays {
    pub p: [f64; N],
    pub w: [f64; N],
    pub t: [f64; N],
}

impl Arrays {
    pub const ZERO: Arrays = Arrays { p: [0.0; N], w: [0.0; N], t: [0.0; N] };

    fn at(&self, d: usize) -> (f64, f64, f64) {
        (self.p[d], self.w[d], self.t[d])
    }

    fn set(&mut self, d: usize, v: (f64, f64, f64)) {
        self.p[d] = v.0;
        self.w[d] = v.1;
        self.t[d] = v.2;
    }
}

/// The tolerance of [`better`]'s comparisons (see [`floor`]).
const TIE: f64 = 1e-12;

/// True when `a` is strictly better than `b` under the objective.
pub(crate) fn better(objective: Objective, a: (f64, f64, f64), b: (f64, f64, f64)) -> bool {
    const EPS: f64 = TIE;
    let (x, y) = match objective {
        Objective::Points => ((a.0, a.1, a.2), (b.0, b.1, b.2)),
        Objective::Win => ((a.1, a.0, a.2), (b.1, b.0, b.2)),
    };
    if (x.0 - y.0).abs() > EPS * at_least_one(x.0.abs()) {
        return x.0 > y.0;
    }
    if (x.1 - y.1).abs() > EPS * at_least_one(x.1.abs()) {
        return x.1 > y.1;
    }
    x.2 > y.2 + EPS
}

/// `a.max(1.0)`, in one instruction: the same value for every `a`, NaN included (both give
/// 1.0), without `f64::max`'s NaN handling.
#[inline(always)]
fn at_least_one(a: f64) -> f64 {
    if a > 1.0 { a } else { 1.0 }
}

/// `a.max(b)` for numbers that are never NaN (a draw denominator `a`, live copies `b`), in one
/// instruction, without `f64::max`'s NaN handling: the same value (`b` when they are equal,
/// the same bits, as a denominator is never zero).
#[inline(always)]
fn larger(a: f64, b: f64) -> f64 {
    if a > b { a } else { b }
}

/// Everything fixed for one question (shared by the candidates).
#[derive(Clone, Debug)]
pub(crate) struct Setup {
    pub melds: Vec<Meld>,
    pub meld_counts: Counts,
    /// No open meld.
    pub closed_hand: bool,
    pub seat: Tile,
    pub round: Tile,
    /// Dora indicators used for scoring (empty when dora are off).
    pub dora: Vec<Tile>,
    /// Red fives in the called melds: han on every win (0 with red fives off).
    pub meld_red: u32,
    /// Number of ura-dora indicators (= dora indicators given).
    pub ura_count: usize,
    /// Unseen copies per kind at the input.
    pub unseen0: Counts,
    /// Unseen red five per suit at the input (0 or 1; 0 when red fives are off).
    pub red_unseen0: [u8; 3],
    /// Denominator of draw `d`.
    pub denom: [f64; LAST],
}

/// The listing went over [`Options::max_states`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TooManyStates;

/// The exchange limit of an input of shanten `input_shanten`: its shanten plus the extra
/// exchanges, as document 001 counts them ("a 2-shanten hand needs 3 exchanges, so 4 in
/// all"). Exchanges are counted from the input, so a discard that raises the shanten has
/// spent one already (its `used + shanten` is one more), and one with no extra exchange left
/// keeps only the draws that lower its shanten.
///
/// A hand never holds more tiles the input did not than draws made (17) and its shanten is at
/// most 6, so any limit above 23 means no limit: `extra` is capped there (no overflow).
pub(crate) fn limit(input_shanten: i8, extra: u8) -> i8 {
    input_shanten + extra.min(24) as i8
}

/// Packs a hand (3 bits per kind), its red bits and an optional drawn tile into a key.
fn pack(h: &Counts, red: u8) -> u128 {
    let mut key = 0u128;
    for (k, &c) in h.iter().enumerate() {
        key |= u128::from(c) << (3 * k);
    }
    key | (u128::from(red) << 102)
}

/// The hand and red bits of a [`pack`]ed key: eight kinds at a time, their 3-bit fields
/// spread to bytes ([`spread`]).
fn unpack(key: u128) -> (Counts, u8) {
    let mut h = [0u8; 34];
    for (j, chunk) in h.chunks_mut(8).enumerate() {
        let bytes = spread((key >> (24 * j)) as u64 & 0xff_ffff).to_le_bytes();
        chunk.copy_from_slice(&bytes[..chunk.len()]);
    }
    (h, (key >> 102) as u8 & 7)
}

/// Eight 3-bit fields (bits `3i..3i + 3` of `x`, the rest zero) to eight bytes (byte `i`):
/// the upper four fields move up by 20 bits, then in each half the upper two by 10, then in
/// each quarter the upper one by 5 (field `i` moves by `5i` in all).
fn spread(x: u64) -> u64 {
    let y = (x & 0xfff) | (x & 0xff_f000) << 20;
    let y = (y & 0x0000_003f_0000_003f) | (y & 0x0000_0fc0_0000_0fc0) << 10;
    (y & 0x0007_0007_0007_0007) | (y & 0x0038_0038_0038_0038) << 5
}

/// The bits of one copy of kind `k` in a [`pack`]ed key (keys of neighbouring hands are one
/// addition or subtraction apart), read from a table (a 128-bit shift by a variable amount is
/// a few instructions and a branch or select; the listing asks a million times).
fn unit(k: usize) -> u128 {
    /// `UNITS[k] = 1 << 3k`.
    const UNITS: [u128; 34] = {
        let mut units = [0u128; 34];
        let mut k = 0;
        while k < 34 {
            units[k] = 1 << (3 * k);
            k += 1;
        }
        units
    };
    UNITS[k]
}

/// A [`pack`]ed key as the listing's lookup tables keep it: two words, so a table entry is
/// aligned to 8 bytes (24 bytes with an 8-byte value, where a `u128` key's 16-byte alignment
/// makes it 32).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Key([u64; 2]);

impl Key {
    fn of(key: u128) -> Key {
        Key([key as u64, (key >> 64) as u64])
    }

    /// The hash the lookup tables file the key under (computed once per key and lookup: the
    /// tables are [`HashTable`]s, so a new key's insert reuses its lookup's hash): the two
    /// words, each offset by a fixed odd constant, multiplied as 128-bit numbers and the
    /// product's halves folded (the idea of foldhash's folded multiply, without a seed).
    fn hash(self) -> u64 {
        let product = u128::from(self.0[0] ^ 0x243f_6a88_85a3_08d3) * u128::from(self.0[1] ^ 0x1319_8a2e_0370_7345);
        product as u64 ^ (product >> 64) as u64
    }
}

/// A listing lookup table: entries keyed on a [`Key`], filed under [`Key::hash`].
type Index<V> = HashTable<(Key, V)>;

/// The value of `key` in `table` (its hash `hash`).
fn find<V: Copy>(table: &Index<V>, key: Key, hash: u64) -> Option<V> {
    table.find(hash, |e| e.0 == key).map(|e| e.1)
}

/// Files `value` under a `key` (its hash `hash`) that `table` does not hold.
fn insert_new<V>(table: &mut Index<V>, key: Key, hash: u64, value: V) {
    table.insert_unique(hash, (key, value), |e| e.0.hash());
}

/// A 14-tile hand's entry in the listing's lookup table, in one word (bit 63 tells which).
/// Until the hand is listed (a hand whose draws were all thrown so far, or a complete hand's
/// key without its winning tile): its shanten-keeping discards (bits `0..34`; what
/// [`Solver::keeping_discards`] answers) and its shanten plus one (bits `34..38`); its
/// admissible discards follow from these and its used exchanges (see [`Solver::pre_of`]).
/// Once listed: what a draw into it records, its first state (bits `0..32`) and red suits
/// (`32..35`), and whether a draw that does not lower the shanten is thrown (`35..41`: the
/// kind that is its only admissible discard, [`THROWN`] when it has none, [`KEPT`] when it has
/// two or more), so a lookup that finds it reads no hand record.
#[derive(Clone, Copy, Debug)]
struct Entry14(u64);

const LISTED: u64 = 1 << 63;
const THROWN: u64 = 62;
const KEPT: u64 = 63;

impl Entry14 {
    fn pending(sh14: i8, keep: u64) -> Entry14 {
        debug_assert!((-1..15).contains(&sh14) && keep <= ALL_KINDS);
        Entry14(keep | ((sh14 + 1) as u64) << 34)
    }

    /// A listed hand: its first state and red suits, and its admissible discards.
    fn listed((base, mask): (u32, u8), admissible: u64) -> Entry14 {
        // None, one (no other bit once the lowest is cleared), or two or more: no bit count
        // (a dozen instructions without `popcnt` in the baseline target).
        let lone = match admissible {
            0 => THROWN,
            a if a & (a - 1) == 0 => u64::from(a.trailing_zeros()),
            _ => KEPT,
        };
        Entry14(LISTED | u64::from(base) | u64::from(mask) << 32 | lone << 35)
    }

    fn is_listed(self) -> bool {
        self.0 & LISTED != 0
    }

    /// A hand not listed yet: its shanten and shanten-keeping discards.
    fn pending_answer(self) -> (i8, u64) {
        (((self.0 >> 34) & 15) as i8 - 1, self.0 & ALL_KINDS)
    }

    /// A listed hand: its first state and red suits.
    fn to(self) -> (u32, u8) {
        (self.0 as u32, (self.0 >> 32) as u8 & 7)
    }

    /// A listed hand: whether a draw of `drawn` into it that does not lower the shanten is
    /// thrown (its admissible discards are that kind alone, or none).
    fn throws(self, drawn: usize) -> bool {
        let lone = (self.0 >> 35) & 63;
        lone == THROWN || lone == drawn as u64
    }
}

/// A 13-tile hand's entry in the listing's lookup table: its [`Found13`] in one word (first
/// state, hand, red suits).
#[derive(Clone, Copy, Debug)]
struct Entry13(u64);

impl Entry13 {
    fn new(f: Found13) -> Entry13 {
        Entry13(u64::from(f.base) | u64::from(f.hand) << 32 | u64::from(f.mask) << 58)
    }

    fn found(self) -> Found13 {
        Found13 { base: self.0 as u32, hand: (self.0 >> 32) as u32 & HAND, mask: (self.0 >> 58) as u8 }
    }
}

/// A [`pack`]ed key with its red bits replaced.
fn with_red(key: u128, red: u8) -> u128 {
    (key & !(7u128 << 102)) | (u128::from(red) << 102)
}

/// Oracle answers that depend on the hand only: memoised for the whole state graph.
#[derive(Default)]
pub(crate) struct Shared {
    /// The oracle's parts of a win, keyed on the hand, the winning tile, riichi (any level) and
    /// haitei when it is the only yaku; red fives, ippatsu, haitei and double riichi are added
    /// to it as han.
    parts: HashMap<u128, Option<WinParts>>,
    /// The oracle's totals of a win (same key as `parts`).
    totals: HashMap<u128, Option<Totals>>,
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
struct Kid {
    state: u32,
    copies: u8,
}

/// The kind drawn in a [`Kid`], and which of its copies the kid stands for.
#[derive(Clone, Copy, Debug)]
struct Label {
    kind: u8,
    part: Part,
}

/// Which copies of a kind a [`Kid`] stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Part {
    Whole,
    Red,
    Plain,
}

/// A draw of a 13-tile state as one kind: its live copies and the 14-tile states it leads to,
/// each with its share of the copies (the red copy's first when the five splits).
#[derive(Clone, Copy, Debug)]
struct Draw {
    live: u8,
    parts: [(f64, u32); 2],
    len: usize,
}

/// The [`Kid`]s of one state (with their labels) grouped into draws, kind by kind.
fn draws(kids: &[(Kid, Label)]) -> Vec<Draw> {
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
struct Span {
    start: u32,
    len: u32,
}

impl Span {
    fn range(self) -> std::ops::Range<usize> {
        self.start as usize..(self.start + self.len) as usize
    }
}

/// No win (in [`Hand14::win`]), no riichi (in [`Hand13::riichi`] and [`Discard::riichi`]).
const NONE: u32 = u32::MAX;

/// The suit (0, 1, 2) of each kind that is a five, 3 for the others.
const FIVE_SUIT: [u8; 34] = {
    let mut t = [3u8; 34];
    t[FIVES[0]] = 0;
    t[FIVES[1]] = 1;
    t[FIVES[2]] = 2;
    t
};

/// The red variants of a hand: a hand whose red bits can vary in the suits `mask` (bit `s`:
/// it holds a five of suit `s` and that suit's red five is in play) has `1 << popcount(mask)`
/// variants, each a state. `RANK[mask][red]` is the rank of the red bits `red` among them (the
/// bits of `red` in `mask`, packed down); `RED[mask][rank]` the red bits of a rank.
const RANK: [[u8; 8]; 8] = variant_tables().0;
const RED: [[u8; 8]; 8] = variant_tables().1;

/// `CLEARED_RANK[mask][code][c]`: for the variant `c` of a 14-tile hand whose red bits vary in
/// `mask`, the rank of its 13-tile variant after a discard whose [`Opt::info`] bits 26..31 are
/// `code` (the 13-tile hand's [`MASK`] and [`CLEARS`]): `RANK[code & 7][RED[mask][c] & kept]`,
/// `kept` the red bits the discard keeps ([`Opt::kept_red`]).
const CLEARED_RANK: [[[u8; 8]; 32]; 8] = {
    let mut t = [[[0u8; 8]; 32]; 8];
    let mut mask = 0;
    while mask < 8 {
        let mut code = 0;
        while code < 32 {
            let clears = code >> 3;
            let kept = if clears == 0 { 7 } else { 7 & !(1u8 << (clears - 1)) };
            let mut c = 0;
            while c < 8 {
                t[mask][code][c] = RANK[code & 7][(RED[mask][c] & kept) as usize];
                c += 1;
            }
            code += 1;
        }
        mask += 1;
    }
    t
};

const fn variant_tables() -> ([[u8; 8]; 8], [[u8; 8]; 8]) {
    let mut rank = [[0u8; 8]; 8];
    let mut red_of_rank = [[0u8; 8]; 8];
    let mut mask = 0;
    while mask < 8 {
        let mut red = 0;
        while red < 8 {
            let (mut out, mut bit, mut s) = (0u8, 0, 0);
            while s < 3 {
                if mask & (1 << s) != 0 {
                    if red & (1 << s) != 0 {
                        out |= 1 << bit;
                    }
                    bit += 1;
                }
                s += 1;
            }
            rank[mask][red] = out;
            if red & !mask == 0 {
                red_of_rank[mask][out as usize] = red as u8;
            }
            red += 1;
        }
        mask += 1;
    }
    (rank, red_of_rank)
}

/// The ranks set in `bits`.
fn ranks(mut bits: u8) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        let c = bits.trailing_zeros() as usize;
        bits &= bits.wrapping_sub(1);
        (c < 8).then_some(c)
    })
}

/// The kinds set in `bits` (bit `k` = kind `k`), in increasing order.
fn kinds(mut bits: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        let k = bits.trailing_zeros() as usize;
        bits &= bits.wrapping_sub(1);
        (k < 64).then_some(k)
    })
}

/// The kinds `h` holds at least `n` times (1..=4), as bits: byte-parallel over eight kinds at a
/// time (counts are at most 4, so adding `0x80 - n` to a byte sets its high bit exactly when
/// the count is at least `n`, with no carry into the next byte).
fn at_least(h: &Counts, n: u8) -> u64 {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let add = u64::from(0x80 - n) * 0x0101_0101_0101_0101;
    let mut bits = 0;
    for (j, chunk) in h.chunks(8).enumerate() {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        let flags = (u64::from_le_bytes(word).wrapping_add(add) & HIGH) >> 7;
        // One bit per byte to eight bits: the multiply gathers byte i's bit into bit 56 + i.
        bits |= (flags.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * j);
    }
    bits & ALL_KINDS
}

/// Every kind, as bits.
const ALL_KINDS: u64 = (1 << 34) - 1;

/// The dora each indicator kind makes (`DORA_OF[u]`), and the indicator of each kind.
const DORA_OF: [usize; 34] = {
    let mut t = [0; 34];
    let mut u = 0;
    while u < 34 {
        t[u] = match Tile::new(u) {
            Some(tile) => tile.dora_from_indicator().index(),
            None => 0,
        };
        u += 1;
    }
    t
};
const INDICATOR_OF: [usize; 34] = {
    let mut t = [0; 34];
    let mut u = 0;
    while u < 34 {
        t[DORA_OF[u]] = u;
        u += 1;
    }
    t
};

/// The ranks of `n` variants, as bits (every variant reached).
fn all_ranks(n: usize) -> u8 {
    ((1u16 << n) - 1) as u8
}

/// The last draw index at which a hand of shanten `sh` may have a value that is not zero
/// (`LAST - sh`; a complete hand's, `sh < 0`, is `LAST`).
fn until(sh: i8) -> u8 {
    (LAST as u8).saturating_sub(u8::try_from(sh).unwrap_or(0))
}

/// The number of red variants of a hand whose red bits vary in `mask`.
fn variants(mask: u8) -> usize {
    // A table rather than `1 << mask.count_ones()` (no `popcnt` in the baseline target: a
    // multiply-and-shift sequence, for each hand of each layer).
    const BY_MASK: [u8; 8] = [1, 2, 2, 4, 2, 4, 4, 8];
    usize::from(BY_MASK[usize::from(mask & 7)])
}

/// A 13-tile hand (red fives not told apart) as the pass over draw indices reads it: its red
/// variants are the states `base..base + variants(mask)` (see [`RANK`]); its draws are kept
/// once for all of them ([`Step`]s), each variant reading the variant of the 14-tile hand with
/// its red bits (a five whose red copy is live splits into the red copy and the plain ones).
#[derive(Clone, Copy, Debug)]
struct Hand13 {
    base: u32,
    steps: Span,
    /// The riichi states of its variants (`riichi + rank`), or [`NONE`] when no discard
    /// declares riichi into it.
    riichi: u32,
    /// Live copies of its kept draws together.
    live: u16,
    /// Tiles it holds that the input does not: no path reaches it before draw index `used`.
    used: u8,
    /// Its shanten (0: tenpai): its value before draw `d` is zero when fewer draws are left,
    /// `LAST - d < shanten`.
    shanten: i8,
    /// `LAST` less its shanten ([`until`]): the pass visits it at the draw indices
    /// `used..=until`.
    until: u8,
    mask: u8,
    /// Its variants some root reaches (bit = rank; see [`Solver::mark_reachable`]).
    reach: u8,
    /// One variant whose draws each lead to one state with no red five to split (what
    /// [`Solver::split_partial`] makes): the pass adds them up as they are.
    plain: bool,
}

/// A 13-tile hand as its lookup table finds it: its index, its first state and the suits its
/// variants vary in (what a discard into it records: no access to its record).
#[derive(Clone, Copy, Debug)]
struct Found13 {
    hand: u32,
    base: u32,
    mask: u8,
}

/// A kept draw of a 13-tile hand: the 14-tile hand it leads to (the first state of its
/// variants and the suits they vary in, so the pass reads no hand record), the kind and its
/// live copies, and the kind's [`FIVE_SUIT`] (read by the pass without a table).
#[derive(Clone, Copy, Debug)]
struct Step {
    state: u32,
    kind: u8,
    copies: u8,
    mask: u8,
    suit: u8,
}

/// A 14-tile hand (red fives not told apart, plus the winning tile when complete) as the pass
/// reads it: its red variants are the states `base..base + variants(mask)`; its admissible
/// discards are kept once for all of them (`len` entries of the option pool from `start`).
#[derive(Clone, Copy, Debug)]
struct Hand14 {
    base: u32,
    start: u32,
    /// Its variants' win points in `Solver::wins` (`win + rank`), or [`NONE`].
    win: u32,
    len: u8,
    /// Tiles it holds that the input does not, and `LAST` less its shanten ([`until`]): its
    /// value after draw `d` is needed and not zero only when `used <= d + 1 <= until`.
    used: u8,
    until: u8,
    mask: u8,
    /// Its variants some root reaches (bit = rank; see [`Solver::mark_reachable`]).
    reach: u8,
}

// The record sizes the docs quote (the pass over draw indices streams these).
const _: () = assert!(std::mem::size_of::<Hand13>() == 24);
const _: () = assert!(std::mem::size_of::<Hand14>() == 20);
const _: () = assert!(std::mem::size_of::<Step>() == 8);

impl Hand14 {
    /// Its range of the option pool.
    fn options(&self) -> std::ops::Range<usize> {
        self.start as usize..self.start as usize + usize::from(self.len)
    }
}

/// An admissible discard of a 14-tile hand in the option pool: the 13-tile hand it leaves,
/// as the first state of its variants (`state`) and, in `info`, the hand's index ([`HAND`]),
/// the suits its variants vary in (the bits of [`MASK`]), one plus the suit whose red bit the
/// discard clears (the bits of [`CLEARS`]: the hand's only five of that suit is thrown) and
/// [`WITH_RIICHI`] when the policy considers riichi there (the riichi states are the hand's).
#[derive(Clone, Copy, Debug)]
struct Opt {
    state: u32,
    info: u32,
}

const WITH_RIICHI: u32 = 1 << 31;
/// Tags a draw's new target in [`Solver::direct_riichi_steps`]: riichi states, not a hand.
const DIRECT: u32 = 1 << 31;
const CLEARS: u32 = 3 << 29;
const MASK: u32 = 7 << 26;
const HAND: u32 = (1 << 26) - 1;

impl Opt {
    /// The red bits the discard keeps.
    fn kept_red(self) -> u8 {
        match (self.info & CLEARS) >> 29 {
            0 => 7,
            s => !(1u8 << (s - 1)),
        }
    }

    /// The suits the 13-tile hand's variants vary in.
    fn mask(self) -> usize {
        ((self.info & MASK) >> 26) as usize
    }
}

/// One admissible discard of a 14-tile state: the 13-tile state it leaves and, when the
/// policy considers riichi there, the riichi state (else [`NONE`]).
#[derive(Clone, Copy, Debug)]
struct Discard {
    dama: u32,
    riichi: u32,
}

/// A 14-tile hand's shanten, admissible discards and shanten-keeping discards (bit `e`).
type Pre = (i8, u64, u64);

/// Which red copies are live: the red five of suit `s` is live for a state with red bits `red`
/// unless the state holds it and the input did not (copies counted from the input).
#[derive(Clone, Copy, Debug)]
struct RedLive {
    /// Unseen red five per suit at the input (0 when red fives are off).
    unseen: [u8; 3],
    /// The input's red bits.
    base: u8,
}

impl RedLive {
    fn of(self, red: u8, suit: usize) -> u8 {
        let gained = red & !self.base & (1 << suit) != 0;
        self.unseen[suit].saturating_sub(u8::from(gained))
    }
}

/// The solver of one question's candidates (the 13-tile roots with one exchange limit): it
/// first lists every state reachable from any root (one state graph: a state's value is a
/// function of its hand, whichever root reached it; hand changes can make cycles between
/// hands, never between draw indices), then fills the arrays draw index by draw index, from
/// the last.
pub(crate) struct Solver<'a, O: Oracle> {
    o: &'a O,
    opts: &'a Options,
    s: &'a Setup,
    /// The input hand's closed tiles (14 or 13): live copies and used exchanges are counted
    /// from it (docs/ev-model.md, "Hand change and shanten-back").
    base: Counts,
    /// Which red copies are live, from the input's red bits.
    red: RedLive,
    /// The suits whose red bit can be set (bit `s`: the input holds that red five or it is
    /// unseen).
    red_suits: u8,
    /// `used + shanten < limit` lets a hand keep a draw that does not lower its shanten (hand
    /// change) or discard into a higher one (shanten-back): see [`limit`].
    limit: i8,
    /// The 13-tile hands by [`pack`]ed hand without red bits (freed once every state is
    /// listed), each hand's key (kept after the listing for the simulator only) and its
    /// [`Oracle::necessary`] answer once asked.
    index13: Index<Entry13>,
    keys13: Vec<u128>,
    necessary13: Vec<Option<(i8, u64)>>,
    hands13: Vec<Hand13>,
    /// States of the 13-tile hands so far (their variants).
    states13: u32,
    /// The 14-tile hands' [`Pre`] answers by [`pack`]ed hand without red bits, plus the
    /// winning tile ([`win_tag`]) for a complete hand (whose wait changes the score), each
    /// with its hand in `hands14` once one of its states is reached (freed after the listing;
    /// in the table itself: one memory access a lookup).
    index14: Index<Entry14>,
    hands14: Vec<Hand14>,
    states14: u32,
    /// The 14-tile states the pass numbers: `states14`, less the hands
    /// [`Solver::direct_riichi_steps`] skips (their states renumbered away).
    pass14: u32,
    /// The 13-tile states the pass numbers: `states13`, less those of the hands no value of
    /// which is read ([`Solver::never_read`]; see [`Solver::unread13_away`]).
    pass13: u32,
    /// The 13-tile hands numbered before the listing: the roots' (see [`Solver::never_read`]),
    /// and the 14-tile hands their draws list (the roots' children, expanded first).
    roots: usize,
    roots14: usize,
    /// The 13-tile hands' kept draws.
    steps: Vec<Step>,
    /// The 14-tile hands' admissible discards.
    option_pool: Vec<Opt>,
    /// Win points at a plain draw and at the last draw (NaN for no win) of the 14-tile states
    /// that have one (see [`Hand14::win`]).
    wins: Vec<[f64; 2]>,
    /// Values of the 13-tile states, layer by layer: `[d * n13 + i]` = (points, win, tenpai).
    values13: Vec<[f64; 3]>,
    /// The states of a layer of `values13`, and each listed 13-tile state's place in it when
    /// the pass numbered the reached states anew (empty: the listing's numbers; see
    /// [`Solver::split_partial`]).
    layer_len: usize,
    dense13: Vec<u32>,
    /// Keep every layer of `values13` (the simulator reads any state at any draw index) and
    /// the hands' keys; otherwise one layer is overwritten in place, the roots' values are
    /// kept in `root13` and the keys are freed after the listing.
    pub keep_layers: bool,
    /// Skip the states whose values are never read ([`Solver::never_read`],
    /// [`Solver::direct_riichi_steps`]); off, every listed state is computed (the tests check
    /// that this changes no value).
    pub skip_unread: bool,
    /// The roots' values at every draw index.
    root13: HashMap<u32, [[f64; 3]; N]>,
    /// Values of the root's 14-tile children at every draw index (the other 14-tile values
    /// live one layer at a time).
    root14: HashMap<u32, [[f64; 3]; N]>,
    /// The riichi states asked for by [`Solver::riichi`] (the roots' and the simulator's).
    index_riichi: HashMap<u128, u32>,
    /// Each riichi state's waits in `riichi_waits` (its values are computed from them, by the
    /// pass over draw indices or by [`Solver::riichi_arrays`]: 40 bytes a wait, not 432 bytes
    /// of values a state).
    riichi_states: Vec<Span>,
    riichi_waits: Vec<Wait>,
    /// Oracle answers that depend on the hand only.
    pub shared: Shared,
    /// Ura-dora distributions per winning hand.
    memo_ura: HashMap<u128, std::rc::Rc<[f64]>>,
    /// The 13-tile hands (with their [`Oracle::necessary`] answers) whose riichi states are
    /// numbered but whose waits wait for the walk over reached variants (see
    /// [`Solver::riichi13`]).
    pending_riichi: Vec<(u32, (i8, u64))>,
    /// The suit patterns the oracle's necessary and unnecessary tiles have seen.
    memo: Memo,
    /// Room for [`Solver::riichi_waits_of`]'s answers (reused, not allocated per hand).
    wait_scratch: Vec<(usize, Wait)>,
}

impl<'a, O: Oracle> Solver<'a, O> {
    /// A solver counting from the input's closed tiles `base` (red bits `base_red`) with the
    /// exchange limit `limit` (see [`limit`]).
    pub fn new(o: &'a O, opts: &'a Options, s: &'a Setup, (base, base_red): (Counts, u8), limit: i8) -> Self {
        let unseen = if opts.red_fives { s.red_unseen0 } else { [0; 3] };
        let red_suits = (0..3).filter(|&s| unseen[s] > 0 || base_red & (1 << s) != 0).fold(0, |m, s| m | 1 << s);
        Solver {
            o,
            opts,
            s,
            base,
            red: RedLive { unseen, base: base_red },
            red_suits,
            limit,
            index13: HashTable::new(),
            keys13: Vec::new(),
            necessary13: Vec::new(),
            hands13: Vec::new(),
            states13: 0,
            index14: HashTable::new(),
            hands14: Vec::new(),
            states14: 0,
            pass14: 0,
            pass13: 0,
            roots: 0,
            roots14: 0,
            steps: Vec::new(),
            option_pool: Vec::new(),
            wins: Vec::new(),
            values13: Vec::new(),
            layer_len: 0,
            dense13: Vec::new(),
            keep_layers: true,
            skip_unread: true,
            root13: HashMap::new(),
            root14: HashMap::new(),
            index_riichi: HashMap::new(),
            riichi_states: Vec::new(),
            riichi_waits: Vec::new(),
            shared: Shared::default(),
            memo_ura: HashMap::new(),
            pending_riichi: Vec::new(),
            memo: Memo::new(),
            wait_scratch: Vec::new(),
        }
    }

    /// Whether the pass computes only the variants some root reaches (no hand change and red
    /// fives in play; see [`Solver::mark_reachable`]).
    fn walks(&self) -> bool {
        self.opts.extra_exchanges == 0 && self.red_suits != 0
    }

    /// The oracle's [`Oracle::necessary`] of a 13-tile hand (not memoised by hand: each hand
    /// is expanded once; the oracle's [`Memo`] remembers suit patterns).
    fn necessary(&mut self, h: &Counts) -> (i8, u64) {
        self.o.necessary_with(&mut self.memo, h)
    }

    /// Shanten of closed tiles (the oracle's is table-driven: cheaper than a memo).
    pub fn shanten(&mut self, h: &Counts) -> i8 {
        self.o.shanten(h)
    }

    /// Live copies of kind `k` for a state holding `h`.
    pub fn live(&self, h: &Counts, k: usize) -> u8 {
        self.s.unseen0[k].saturating_sub(h[k].saturating_sub(self.base[k]))
    }

    /// Used exchanges: the tiles `h` holds that the input did not.
    fn used(&self, h: &Counts) -> i8 {
        h.iter().zip(self.base.iter()).map(|(&a, &b)| a.saturating_sub(b) as i8).sum()
    }

    /// Throws one copy of kind `e` from `h` (a plain five when there is one); returns the new
    /// red bits.
    pub fn throw(h: &mut Counts, red: u8, e: usize) -> u8 {
        let mut red = red;
        if let Some(suit) = FIVES.iter().position(|&f| f == e) {
            let has_red = red & (1 << suit) != 0;
            if has_red && h[e] == 1 {
                red &= !(1 << suit);
            }
        }
        h[e] -= 1;
        red
    }

    /// A tsumo win of `h14` on `drawn` without red fives, ippatsu or double riichi (they only
    /// add han, see `docs/ev-model.md`).
    fn win_query<'q>(&'q self, h14: &'q Counts, drawn: usize, riichi: bool, haitei: bool) -> WinQuery<'q> {
        WinQuery {
            closed: h14,
            red: [0; 3],
            melds: &self.s.melds,
            win: Tile::new(drawn).expect("kind index"),
            seat: self.s.seat,
            round: self.s.round,
            dora_indicators: &self.s.dora,
            riichi,
            double_riichi: false,
            ippatsu: false,
            haitei,
            aka_dora: false,
        }
    }

    /// The oracle's parts of a tsumo win without red fives, ippatsu or double riichi (they
    /// only add han, see `docs/ev-model.md`); memoised.
    fn win_parts(&mut self, h14: &Counts, drawn: usize, riichi: bool, haitei: bool) -> Option<WinParts> {
        let key = win_key(pack(h14, 0), drawn, riichi, haitei);
        if let Some(&v) = self.shared.parts.get(&key) {
            return v;
        }
        let v = self.o.score(&self.win_query(h14, drawn, riichi, haitei));
        self.shared.parts.insert(key, v);
        v
    }

    /// The oracle's [`Totals`] of a tsumo win without red fives, ippatsu or double riichi
    /// (they are extra han); memoised.
    fn win_totals(&mut self, h14: &Counts, drawn: usize, riichi: bool, haitei: bool) -> Option<Totals> {
        self.win_totals_of(h14, pack(h14, 0), drawn, riichi, haitei)
    }

    /// [`Solver::win_totals`] given the hand's [`pack`]ed key without red bits `plain`.
    fn win_totals_of(&mut self, h14: &Counts, plain: u128, drawn: usize, riichi: bool, haitei: bool) -> Option<Totals> {
        let key = win_key(plain, drawn, riichi, haitei);
        if let Some(&v) = self.shared.totals.get(&key) {
            return v;
        }
        if !haitei && self.riichi_considered() {
            // A hand that may win with riichi is asked both ways at once (the dama reading
            // takes its extra han from the riichi one; most complete hands are asked both).
            let (dama, with_riichi) = self.o.tsumo_totals_pair(&self.win_query(h14, drawn, false, false));
            self.shared.totals.insert(win_key(plain, drawn, false, false), dama);
            self.shared.totals.insert(win_key(plain, drawn, true, false), with_riichi);
            return if riichi { with_riichi } else { dama };
        }
        let v = self.o.tsumo_totals(&self.win_query(h14, drawn, riichi, haitei));
        self.shared.totals.insert(key, v);
        v
    }

    /// Points of a tsumo win (ura-dora as an expectation), or `None` without a yaku.
    /// `riichi`: 0 none, 1 riichi, 2 double riichi.
    pub fn win_points(
        &mut self,
        h14: &Counts,
        red: u8,
        drawn: usize,
        riichi: u8,
        ippatsu: bool,
        haitei: bool,
    ) -> Option<f64> {
        let riichi = if riichi == 2 && !self.opts.double_riichi { 1 } else { riichi };
        let ippatsu = ippatsu && self.opts.ippatsu && riichi > 0;
        let haitei = haitei && self.opts.haitei;
        let red_han = self.red_han(red);
        if self.opts.menzen_tsumo {
            // Exact: every extra han through the oracle's totals.
            let totals = match self.win_totals(h14, drawn, riichi > 0, false) {
                Some(t) => Some((t, red_han + u32::from(riichi == 2) + u32::from(ippatsu) + u32::from(haitei))),
                None if haitei && riichi == 0 => self.win_totals(h14, drawn, false, true).map(|t| (t, red_han)),
                None => None,
            };
            return totals.map(|(t, extra)| {
                if riichi > 0 && self.opts.ura_dora && self.s.ura_count > 0 {
                    let dist = self.ura_memo(h14);
                    totals_points(&t, extra, Some(&dist))
                } else {
                    totals_points(&t, extra, None)
                }
            });
        }
        // Menzen tsumo switched off: the best reading's han less one, extra han added to it.
        // Without riichi haitei may be the only yaku: then the oracle is asked with haitei.
        let parts = match self.win_parts(h14, drawn, riichi > 0, false) {
            Some(p) => Some((p, red_han + u32::from(riichi == 2) + u32::from(ippatsu) + u32::from(haitei))),
            None if haitei && riichi == 0 => self.win_parts(h14, drawn, false, true).map(|p| (p, red_han)),
            None => None,
        };
        let parts = parts.map(|(mut p, extra)| {
            if p.yakuman == 0 {
                p.han += extra;
            }
            p
        });
        let dealer = self.s.seat == Tile::EAST;
        parts.and_then(|mut parts| {
            if parts.yakuman == 0 && !self.opts.menzen_tsumo && parts.menzen_tsumo {
                if !parts.other_yaku {
                    return None;
                }
                parts.han -= 1;
            }
            if riichi > 0 && self.opts.ura_dora && parts.yakuman == 0 && self.s.ura_count > 0 {
                let dist = self.ura_memo(h14);
                Some(
                    dist.iter()
                        .enumerate()
                        .map(|(n, &pr)| pr * f64::from(self.o.tsumo_points(parts.han + n as u32, parts.fu, 0, dealer)))
                        .sum(),
                )
            } else {
                Some(f64::from(self.o.tsumo_points(parts.han, parts.fu, parts.yakuman, dealer)))
            }
        })
    }

    /// The han of the red fives of a winning hand whose closed red bits are `red`: those and
    /// the called melds' (0 with red fives off).
    fn red_han(&self, red: u8) -> u32 {
        if self.opts.red_fives { red.count_ones() + self.s.meld_red } else { 0 }
    }

    /// The ura-dora distribution of a winning hand (see [`Solver::ura_distribution`]),
    /// memoised per hand.
    fn ura_memo(&mut self, h14: &Counts) -> std::rc::Rc<[f64]> {
        let key = pack(h14, 0);
        if let Some(d) = self.memo_ura.get(&key) {
            return d.clone();
        }
        let d: std::rc::Rc<[f64]> = self.ura_distribution(h14).into();
        self.memo_ura.insert(key, d.clone());
        d
    }

    /// The distribution of the ura-dora count of a winning hand: `ura_count` indicators drawn
    /// without replacement from the live tiles.
    pub fn ura_distribution(&self, h14: &Counts) -> Vec<f64> {
        self.ura_of_groups(self.ura_groups(h14))
    }

    /// The live tiles of a hand holding `h`, grouped by how many dora they would make as the
    /// ura-dora indicator (0..=4, four or more counted as four).
    pub(crate) fn ura_groups(&self, h: &Counts) -> [u32; 5] {
        let mut groups = [0u32; 5];
        for u in 0..34 {
            groups[self.dora_made(h, u)] += u32::from(self.live(h, u));
        }
        groups
    }

    /// How many dora indicator kind `u` makes for a hand holding `h` (and the melds), capped
    /// at four (the group of [`Solver::ura_groups`]).
    fn dora_made(&self, h: &Counts, u: usize) -> usize {
        let d = DORA_OF[u];
        usize::from(h[d] + self.s.meld_counts[d]).min(4)
    }

    /// [`Solver::ura_groups`] of `h` with one more copy of kind `k`, from the groups of `h`:
    /// only indicator `k` (its live copies) and the indicator of `k` (its dora) move.
    pub(crate) fn ura_groups_after_draw(&self, h: &mut Counts, groups: [u32; 5], k: usize) -> [u32; 5] {
        let mut g = groups;
        let before = INDICATOR_OF[k];
        for u in [k, before] {
            g[self.dora_made(h, u)] -= u32::from(self.live(h, u));
        }
        h[k] += 1;
        for u in [k, before] {
            g[self.dora_made(h, u)] += u32::from(self.live(h, u));
        }
        h[k] -= 1;
        g
    }

    /// The ura-dora distribution of [`Solver::ura_distribution`] from the hand's
    /// [`Solver::ura_groups`].
    pub(crate) fn ura_of_groups(&self, groups: [u32; 5]) -> Vec<f64> {
        let m = self.s.ura_count;
        let total: u32 = groups.iter().sum();
        if m == 1 {
            return ura_of_one(groups).to_vec();
        }
        let max_n = 4 * m;
        // ways[j * width + n]: ways to choose j tiles with ura count n (two flat tables, swapped
        // group by group).
        let width = max_n + 1;
        let mut ways = vec![0f64; (m + 1) * width];
        let mut next = vec![0f64; (m + 1) * width];
        ways[0] = 1.0;
        for (v, &g) in groups.iter().enumerate() {
            next.fill(0.0);
            for (j, row) in ways.chunks_exact(width).enumerate() {
                for (n, &w) in row.iter().enumerate() {
                    if w == 0.0 {
                        continue;
                    }
                    for x in 0..=(m - j).min(g as usize) {
                        let nn = n + x * v;
                        if nn <= max_n {
                            next[(j + x) * width + nn] += w * binom(g, x as u32);
                        }
                    }
                }
            }
            std::mem::swap(&mut ways, &mut next);
        }
        let all_ways = binom(total, m as u32);
        ways[m * width..].iter().map(|&w| if all_ways > 0.0 { w / all_ways } else { 0.0 }).collect()
    }

    /// The suits in which a hand holding `h` has red variants (see [`RANK`]).
    fn red_mask(&self, h: &Counts) -> u8 {
        (0..3).filter(|&s| h[FIVES[s]] > 0).fold(0, |m, s| m | 1 << s) & self.red_suits
    }

    /// [`Solver::red_mask`] of a [`pack`]ed hand.
    fn red_mask_of_key(&self, key: u128) -> u8 {
        (0..3).filter(|&s| (key >> (3 * FIVES[s])) & 7 != 0).fold(0, |m, s| m | 1 << s) & self.red_suits
    }

    /// The 13-tile hand whose [`pack`]ed key without red bits is `plain` (holding `used` tiles
    /// the input does not), numbering its variants' states when new. A new hand is expanded
    /// when the listing reaches it. The lookup is inlined into the loop over discards (three
    /// in four calls find the hand: no call then), the numbering of a new hand is not.
    #[inline(always)]
    fn hand13(&mut self, plain: u128, used: u8) -> Found13 {
        let (key, hash) = (Key::of(plain), Key::of(plain).hash());
        if let Some(entry) = find(&self.index13, key, hash) {
            return entry.found();
        }
        self.new_hand13((key, hash), plain, used)
    }

    /// [`Solver::hand13`] for a hand its lookup table does not hold (`key` and its `hash`).
    #[inline(never)]
    fn new_hand13(&mut self, (key, hash): (Key, u64), plain: u128, used: u8) -> Found13 {
        let g = self.hands13.len() as u32;
        assert!(g <= HAND, "more than 2^26 13-tile hands");
        let mask = self.red_mask_of_key(plain);
        let base = self.states13;
        self.states13 += variants(mask) as u32;
        self.hands13.push(Hand13 {
            base,
            steps: Span::default(),
            riichi: NONE,
            live: 0,
            used,
            shanten: 0,
            until: LAST as u8,
            mask,
            reach: 0,
            plain: false,
        });
        self.keys13.push(plain);
        self.necessary13.push(None);
        let found = Found13 { hand: g, base, mask };
        insert_new(&mut self.index13, key, hash, Entry13::new(found));
        found
    }

    /// 13-tile hand `g` as its lookup table would find it.
    fn found13(&self, g: usize) -> Found13 {
        let hand = &self.hands13[g];
        Found13 { hand: g as u32, base: hand.base, mask: hand.mask }
    }

    /// The [`Oracle::necessary`] answer of 13-tile hand `g` (holding `h`), asked once.
    fn hand_necessary(&mut self, g: u32, h: &Counts) -> (i8, u64) {
        if let Some(answer) = self.necessary13[g as usize] {
            return answer;
        }
        let answer = self.necessary(h);
        self.necessary13[g as usize] = Some(answer);
        answer
    }

    /// The 14-tile hand reached by drawing `drawn` into `h14` (its [`pack`]ed key without red
    /// bits `plain`) from 13-tile hand `parent`, listed when new, as its first state and red
    /// suits, or `None` when the draw is not kept: it does not lower the shanten (`needed`
    /// false) and the hand's only admissible discard is the drawn tile. The lookup table keeps
    /// each key's [`Entry14`]; a key is inserted once (a listed hand's after its listing).
    fn draw_hand(
        &mut self,
        (h14, plain, parent): (&mut Counts, u128, usize),
        drawn: usize,
        (sh13, needed): (i8, bool),
        used14: u8,
    ) -> Option<(u32, u8)> {
        let hash = Key::of(plain).hash();
        let found = find(&self.index14, Key::of(plain), hash);
        let (sh14, keep) = match found {
            // A listed hand (a complete one is listed under its key with the winning tile).
            Some(entry) if entry.is_listed() => {
                return (needed || !entry.throws(drawn)).then(|| entry.to());
            }
            Some(entry) => entry.pending_answer(),
            None => {
                let sh14 = sh13 - i8::from(needed);
                (sh14, self.keeping_discards(h14, sh14, used14))
            }
        };
        let pre = self.pre_of(h14, sh14, keep, used14);
        let (key, hash) = if sh14 == -1 {
            // A complete hand: its states are told apart by the winning tile as well (every
            // draw completing a hand lowers its shanten: always kept). The same hand, so the
            // same answer.
            if found.is_none() {
                insert_new(&mut self.index14, Key::of(plain), hash, Entry14::pending(sh14, keep));
            }
            let key = Key::of(plain | win_tag(drawn));
            let hash = key.hash();
            if let Some(entry) = find(&self.index14, key, hash) {
                return Some(entry.to());
            }
            (key, hash)
        } else if !needed && pre.1 & !(1u64 << drawn) == 0 {
            if found.is_none() {
                insert_new(&mut self.index14, Key::of(plain), hash, Entry14::pending(sh14, keep));
            }
            return None;
        } else {
            (Key::of(plain), hash)
        };
        let to = self.list14((h14, plain, parent), drawn, pre, used14);
        let listed = Entry14::listed(to, pre.1);
        match found {
            // A hand asked before (not complete: a complete one is listed under another key)
            // and listed now: its entry is replaced.
            Some(_) if sh14 != -1 => {
                if let Some(entry) = self.index14.find_mut(hash, |e| e.0 == key) {
                    entry.1 = listed;
                }
            }
            _ => insert_new(&mut self.index14, key, hash, listed),
        }
        Some(to)
    }

    /// Lists the draws of 13-tile hand `g` (its `tenpai`, kept draws and their live copies).
    fn expand13(&mut self, g: usize) {
        let key = self.keys13[g];
        let (mut h, _) = unpack(key);
        let (sh, necessary) = self.hand_necessary(g as u32, &h);
        if self.never_read(g, sh) {
            let hand = &mut self.hands13[g];
            // Visited at no draw index (`used..=until` is empty: not a root, it holds a tile
            // the input does not), or at index 0 alone for a hand of the input's tiles only,
            // which is not a root when the simulator asks about one discard (a draw and another
            // discard reach it): a hand reached by a draw is never read at index 0.
            (hand.shanten, hand.until) = (sh, 0);
            return;
        }
        let used = self.hands13[g].used;
        // Hand change only with slack (then any draw may be kept); otherwise necessary draws.
        let change = used as i8 + sh < self.limit;
        let start = self.steps.len() as u32;
        let mut live = 0u16;
        // The kinds it may draw: below four copies, and necessary unless it has slack.
        let below_four = ALL_KINDS & !at_least(&h, 4);
        let candidates = if change { below_four } else { necessary & below_four };
        for k in kinds(candidates) {
            let c = self.live(&h, k);
            if c == 0 {
                continue;
            }
            let needed = necessary & (1 << k) != 0;
            h[k] += 1;
            let used14 = used + u8::from(h[k] > self.base[k]);
            let to = self.draw_hand((&mut h, key + unit(k), g), k, (sh, needed), used14);
            h[k] -= 1;
            if let Some((state, mask)) = to {
                self.steps.push(Step { state, kind: k as u8, copies: c, mask, suit: FIVE_SUIT[k] });
                live += u16::from(c);
            }
        }
        let hand = &mut self.hands13[g];
        hand.steps = Span { start, len: self.steps.len() as u32 - start };
        hand.live = live;
        hand.shanten = sh;
        hand.until = until(sh);
    }

    /// Whether no value of 13-tile hand `g` (of shanten `sh`) is ever read: a tenpai hand that
    /// is not a root, when every discard into tenpai declares riichi (a closed hand, riichi
    /// always). Such a hand is entered only as its riichi states, which wait on their own
    /// ([`Solver::riichi13`]); its dama value, its draws and the hands only they reach would be
    /// computed for nothing, so it is not expanded and the pass skips it.
    fn never_read(&self, g: usize, sh: i8) -> bool {
        sh == 0 && g >= self.roots && self.skips_dama_tenpai()
    }

    /// Whether unread states are skipped and only riichi states are entered from a discard
    /// into tenpai (a closed hand, riichi always): what [`Solver::never_read`] and
    /// [`Solver::direct_riichi_steps`] rest on.
    fn skips_dama_tenpai(&self) -> bool {
        self.skip_unread && self.riichi_considered() && self.opts.riichi == RiichiPolicy::Always
    }

    /// Whether the pass numbers its states anew without the unread ones
    /// ([`Solver::direct_riichi_steps`], [`Solver::unread13_away`]): when dama tenpai states
    /// are skipped, unless every layer is kept or the walk over reached variants runs (both
    /// read the listing's numbers).
    fn renumbers_for_pass(&self) -> bool {
        self.skips_dama_tenpai() && !self.keep_layers && !self.walks()
    }

    /// The [`Pre`] answer of a 14-tile hand of shanten `sh14` (its 13-tile parent's, less one
    /// when the draw was necessary): its admissible discards and its shanten-keeping discards
    /// `keep` (bit `e`; what [`Solver::keeping_discards`] answers, the lookup table keeps them).
    /// A discard that keeps the shanten is always admissible; any other (shanten-back) only
    /// when the hand has slack, `used + shanten < limit`: then every held kind.
    fn pre_of(&self, h14: &Counts, sh14: i8, keep: u64, used14: u8) -> Pre {
        let slack = used14 as i8 + sh14 < self.limit;
        (sh14, if slack { at_least(h14, 1) } else { keep }, keep)
    }

    /// The shanten-keeping discards of a 14-tile hand of shanten `sh14` (held kinds only; from
    /// one [`Oracle::unnecessary`] call, asked only when read). A complete hand (declining the
    /// win) may discard into tenpai when the tenpai hand is within the limit, `used <= limit`.
    fn keeping_discards(&mut self, h14: &Counts, sh14: i8, used14: u8) -> u64 {
        let h = h14;
        let used14 = used14 as i8;
        let slack = used14 + sh14 < self.limit;
        // The shanten-keeping discards are asked only when read: by a tenpai hand, or by a
        // hand without slack (with slack every held tile is admissible).
        let mut keep = 0;
        if sh14 == 0 || (sh14 > 0 && !slack) {
            keep = self.o.unnecessary_with(&mut self.memo, h14).1;
        }
        if sh14 == -1 {
            // Declining a win: a discard into tenpai (every discard of a complete hand is one)
            // that stays within the limit, `used + 0 <= limit`.
            keep = 0;
            for (e, (&c, &r)) in h.iter().zip(self.base.iter()).enumerate() {
                if c > 0 && used14 - i8::from(c > r) <= self.limit {
                    keep |= 1 << e;
                }
            }
        }
        // Held kinds only: the oracle answers held kinds ([`Oracle::unnecessary`]), the loop
        // above takes held ones (no mask of the held kinds computed for every hand).
        debug_assert_eq!(keep & !at_least(h, 1), 0, "a kept discard that is not held");
        keep
    }

    /// Lists a new 14-tile hand: `h14` (its [`pack`]ed key without red bits `plain`, its
    /// answer `pre`) after 13-tile hand `parent` drew `drawn`: its variants' win points and its
    /// admissible discards (with the 13-tile hands they leave, and riichi where the policy
    /// considers it); returns its first state and red suits.
    fn list14(
        &mut self,
        (h14, plain, parent): (&mut Counts, u128, usize),
        drawn: usize,
        (sh14, admissible, keep): Pre,
        used14: u8,
    ) -> (u32, u8) {
        let mask = self.red_mask(h14);
        let base = self.states14;
        self.states14 += variants(mask) as u32;
        let mut win = NONE;
        let mut forced = false;
        if sh14 == -1 {
            // Whether there is a win (a yaku) does not depend on the red fives: they are dora.
            let start = self.wins.len() as u32;
            let reds = &RED[usize::from(mask)][..variants(mask)];
            for w in self.dama_wins(h14, plain, drawn, reds).into_iter().take(reds.len()) {
                forced = w[0].is_some() && w[1].is_some() && !self.opts.may_decline;
                if w.iter().any(Option::is_some) {
                    win = start;
                    self.wins.push(w.map(|w| w.unwrap_or(f64::NAN)));
                }
            }
        }
        let start = self.option_pool.len() as u32;
        if !forced {
            // The admissible discards are held kinds.
            for e in kinds(admissible) {
                let used13 = used14 - u8::from(h14[e] > self.base[e]);
                // Throwing the hand's only five of a suit clears that suit's red bit.
                let clears = match FIVE_SUIT[e] {
                    s @ 0..3 if h14[e] == 1 => (u32::from(s) + 1) << 29,
                    _ => 0,
                };
                h14[e] -= 1;
                // Throwing the drawn tile back leaves the parent: no lookup.
                let to = if e == drawn { self.found13(parent) } else { self.hand13(plain - unit(e), used13) };
                // Tenpai after the discard: only from a tenpai hand keeping its shanten, or
                // from a complete one.
                let tenpai = match sh14 {
                    0 => keep & (1 << e) != 0,
                    -1 => self.shanten(h14) == 0,
                    _ => false,
                };
                let considered = tenpai && self.riichi_considered();
                if considered {
                    self.riichi13(to.hand, h14);
                }
                let info = to.hand | u32::from(to.mask) << 26 | clears | if considered { WITH_RIICHI } else { 0 };
                self.option_pool.push(Opt { state: to.base, info });
                h14[e] += 1;
            }
        }
        let len = u8::try_from(self.option_pool.len() as u32 - start).expect("at most 14 discards");
        self.hands14.push(Hand14 { base, start, win, len, used: used14, until: until(sh14), mask, reach: 0 });
        (base, mask)
    }

    /// The win points of complete hand `h14` (won on `drawn`) without riichi, at a plain draw
    /// and at the last one, for each of the red bits `reds` (its variants): what
    /// [`Solver::win_points`] answers, with the oracle's totals asked once for all of them.
    fn dama_wins(&mut self, h14: &Counts, plain: u128, drawn: usize, reds: &[u8]) -> [[Option<f64>; 2]; 8] {
        let mut out = [[None; 2]; 8];
        if !self.opts.menzen_tsumo {
            for (o, &red) in out.iter_mut().zip(reds) {
                *o = [
                    self.win_points(h14, red, drawn, 0, false, false),
                    self.win_points(h14, red, drawn, 0, false, true),
                ];
            }
            return out;
        }
        let haitei = self.opts.haitei;
        let totals = self.win_totals_of(h14, plain, drawn, false, false);
        // At the last draw: the same totals with haitei's han, or haitei as the only yaku.
        let last = match totals {
            Some(t) => Some((t, u32::from(haitei))),
            None if haitei => self.win_totals_of(h14, plain, drawn, false, true).map(|t| (t, 0)),
            None => None,
        };
        for (o, &red) in out.iter_mut().zip(reds) {
            let red_han = self.red_han(red);
            *o = [
                totals.map(|t| totals_points(&t, red_han, None)),
                last.map(|(t, han)| totals_points(&t, red_han + han, None)),
            ];
        }
        out
    }

    /// Gives 13-tile hand `g` (holding `h`) the riichi states of its variants, when it has
    /// none yet.
    fn riichi13(&mut self, g: u32, h: &mut Counts) {
        if self.hands13[g as usize].riichi != NONE {
            return;
        }
        let answer = self.hand_necessary(g, h);
        let mask = self.hands13[g as usize].mask;
        let first = self.riichi_states.len() as u32;
        self.hands13[g as usize].riichi = first;
        if self.walks() {
            // Only the reached variants' waits, once the walk has found them.
            self.riichi_states.resize(first as usize + variants(mask), Span::default());
            self.pending_riichi.push((g, answer));
            return;
        }
        let key = self.keys13[g as usize];
        let reds = &RED[usize::from(mask)][..variants(mask)];
        let mut waits = std::mem::take(&mut self.wait_scratch);
        let n = self.riichi_waits_of(h, key, reds, false, answer, &mut waits);
        for v in 0..reds.len() {
            self.push_riichi(&waits[v * n..(v + 1) * n]);
        }
        self.wait_scratch = waits;
    }

    /// The waits of the reached variants of the hands [`Solver::riichi13`] left pending (after
    /// [`Solver::mark_reachable`]); the others' riichi states keep no wait (never read).
    fn pending_riichi_waits(&mut self) {
        for (g, answer) in std::mem::take(&mut self.pending_riichi) {
            let hand = self.hands13[g as usize];
            let (mut h, _) = unpack(self.keys13[g as usize]);
            let (mut reached, mut reds, mut n) = ([0usize; 8], [0u8; 8], 0);
            for c in ranks(hand.reach) {
                (reached[n], reds[n]) = (c, RED[usize::from(hand.mask)][c]);
                n += 1;
            }
            if n == 0 {
                continue;
            }
            let mut waits = std::mem::take(&mut self.wait_scratch);
            let per = self.riichi_waits_of(&mut h, self.keys13[g as usize], &reds[..n], false, answer, &mut waits);
            for (v, &c) in reached[..n].iter().enumerate() {
                let start = self.riichi_waits.len() as u32;
                self.riichi_waits.extend(waits[v * per..(v + 1) * per].iter().map(|&(_, w)| w));
                self.riichi_states[hand.riichi as usize + c] = Span { start, len: per as u32 };
            }
            self.wait_scratch = waits;
        }
    }

    /// Lists every state reachable from the roots (13-tile hands and their red bits) and
    /// fills their arrays; returns the roots' state indices.
    pub fn solve(&mut self, roots: &[(Counts, u8)]) -> Result<Vec<u32>, TooManyStates> {
        let roots: Vec<u32> = roots
            .iter()
            .map(|(h, red)| {
                let hand = self.hand13(pack(h, 0), self.used(h) as u8);
                hand.base + u32::from(RANK[usize::from(hand.mask)][usize::from(*red)])
            })
            .collect();
        self.roots = self.hands13.len();
        // Breadth first over 13-tile hands (each 14-tile hand is listed when a draw finds it):
        // states are numbered in the order their hands are found, a hand's variants side by
        // side, so a state's draws and discards get nearby indices (the pass over draw indices
        // is bound by memory).
        let mut next = 0;
        while next < self.hands13.len() {
            self.expand13(next);
            next += 1;
            if next == self.roots {
                self.roots14 = self.hands14.len();
            }
            if (self.states13 + self.states14) as usize > self.opts.max_states {
                return Err(TooManyStates);
            }
        }
        self.mark_reachable(&roots);
        self.pending_riichi_waits();
        // Every state is listed: the indexes are not needed any more (freeing them before the
        // pass lowers the peak memory).
        self.index13 = HashTable::new();
        self.index14 = HashTable::new();
        self.necessary13 = Vec::new();
        if !self.keep_layers {
            self.keys13 = Vec::new();
        }
        // The scoring memos (and the shanten memo) of a large graph: the roots' riichi hands
        // and the simulator ask again for the few they need (a small graph keeps them: asking
        // again costs more than the memory).
        if (self.states13 + self.states14) as usize >= PARALLEL_FROM {
            self.shared = Shared::default();
            self.memo_ura = HashMap::new();
            self.memo = Memo::new();
            self.wait_scratch = Vec::new();
        }
        // The pools grew by doubling: their slack would sit beside the pass's layers.
        self.steps.shrink_to_fit();
        self.option_pool.shrink_to_fit();
        self.hands13.shrink_to_fit();
        self.hands14.shrink_to_fit();
        self.wins.shrink_to_fit();
        self.riichi_states.shrink_to_fit();
        self.riichi_waits.shrink_to_fit();
        self.pass14 = self.states14;
        self.direct_riichi_steps();
        self.pass13 = self.states13;
        let mut roots = roots;
        self.unread13_away(&mut roots);
        self.fill(&roots);
        Ok(roots)
    }

    /// Points the draws into a 14-tile hand whose only option is one riichi declaration
    /// straight at its riichi states (numbered after the 14-tile states: the pass keeps their
    /// values behind the 14-tile ones, see [`Solver::fill_layer`]). With riichi always the
    /// hand's value at each draw index is a copy of those states' values; nothing else may
    /// read the hand: not the simulator (it keeps every layer and walks the draws), not the
    /// walk over reached variants (it reads the draws too), not the roots' rows (a root's
    /// child is left as it is). The pass then skips the hand (`until` 0) and its parents read
    /// the riichi values it would have copied, bit for bit. The declaration must keep the
    /// hand's red bits (it throws no only five), so the riichi states' variants are the
    /// hand's, rank for rank.
    ///
    /// The skipped hands' states hold no value: the other hands' states are numbered anew
    /// for the pass ([`Solver::pass14`]), densely and in the same order, each skipped hand
    /// keeping no state (its first state is the next hand's), so the pass's 14-tile layer is
    /// a fifth smaller on the 3-shanten bench hand (fewer fresh pages, denser reads).
    fn direct_riichi_steps(&mut self) {
        if !self.renumbers_for_pass() {
            return;
        }
        // A hand's first state in the pass, or (tagged) its riichi states, by its listed one.
        // Only hands' first states are written and read (a draw leads to a hand's first
        // state), so the other entries' value does not matter: zeros, which the allocator
        // hands over without writing them (`vec![NONE; n]` was a 2.5 MB `memset` on the
        // 3-shanten bench hand).
        let mut moved = vec![0u32; self.states14 as usize];
        let mut next = 0u32;
        for g in 0..self.hands14.len() {
            let hand = &mut self.hands14[g];
            let riichi = if g >= self.roots14 && hand.len == 1 && hand.win == NONE {
                let entry = self.option_pool[hand.start as usize];
                (entry.info & WITH_RIICHI != 0 && entry.info & CLEARS == 0)
                    .then(|| self.hands13[(entry.info & HAND) as usize].riichi)
            } else {
                None
            };
            match riichi {
                Some(riichi) => {
                    moved[hand.base as usize] = DIRECT | riichi;
                    hand.until = 0;
                    hand.base = next;
                }
                None => {
                    moved[hand.base as usize] = next;
                    hand.base = next;
                    next += variants(hand.mask) as u32;
                }
            }
        }
        self.pass14 = next;
        for step in &mut self.steps {
            let to = moved[step.state as usize];
            step.state = if to & DIRECT != 0 { next + (to & !DIRECT) } else { to };
        }
        // Nothing reads the skipped hands' records any more (no index into `hands14` is kept,
        // and a state's hand is found by its first state): the pass need not step over them.
        self.hands14.retain(|hand| hand.until != 0);
    }

    /// Numbers the 13-tile states anew for the pass without those of the hands no value of
    /// which is read ([`Solver::never_read`]: the tenpai hands that are not roots, under riichi
    /// always; 40,368 of the 385,354 states of the 3-shanten bench hand), in the same order, as
    /// [`Solver::direct_riichi_steps`] does for the 14-tile states (under the same condition,
    /// [`Solver::renumbers_for_pass`]). Such a hand
    /// keeps no state; the discards into it (each declares riichi and reads the riichi states
    /// only, but a discard clearing a red bit still indexes the 13-tile layer for the dama
    /// value it does not take) point at the zeros after the layer ([`SPARE13`]). The roots'
    /// states (returned by [`Solver::solve`]) are renumbered with the rest.
    fn unread13_away(&mut self, roots: &mut [u32]) {
        if !self.renumbers_for_pass() {
            return;
        }
        let at: Vec<(usize, usize)> = roots.iter().map(|&r| self.locate13(r)).collect();
        let mut next = 0u32;
        for hand in &mut self.hands13 {
            hand.base = next;
            if hand.until != 0 {
                next += variants(hand.mask) as u32;
            }
        }
        self.pass13 = next;
        for (r, (g, rank)) in roots.iter_mut().zip(at) {
            *r = self.hands13[g].base + rank as u32;
        }
        // Each hand's first state as a discard into it reads it.
        let read: Vec<u32> = self.hands13.iter().map(|h| if h.until == 0 { next } else { h.base }).collect();
        for entry in &mut self.option_pool {
            entry.state = read[(entry.info & HAND) as usize];
        }
    }

    /// Marks the variants some root reaches ([`Hand13::reach`], [`Hand14::reach`]): every red
    /// variant of a listed hand is a state, but without hand change (no slack) most hands are
    /// reached in one or two of them (a plain five is not swapped for the red one). The pass
    /// computes only these; the others are never read.
    ///
    /// With hand change allowed (an extra exchange) nearly every variant is reached (all but
    /// 152 of 1,055,128 states on the 3-shanten bench hand), so the walk is skipped and every
    /// variant computed: computing a state no root reaches changes no value.
    fn mark_reachable(&mut self, roots: &[u32]) {
        // Without red fives in play every hand has one variant: nothing to walk.
        if !self.walks() {
            for hand in &mut self.hands13 {
                hand.reach = all_ranks(variants(hand.mask));
            }
            for hand in &mut self.hands14 {
                hand.reach = all_ranks(variants(hand.mask));
            }
            return;
        }
        // Hand by hand: a hand's reached ranks (bits) are pushed along its draws or discards
        // to the next hands' whenever they grow (a hand is revisited at most once per rank).
        let mut hand14_of = vec![0u32; self.states14 as usize];
        for (g, hand) in self.hands14.iter().enumerate() {
            let b = hand.base as usize;
            hand14_of[b..b + variants(hand.mask)].fill(g as u32);
        }
        let mut work: Vec<(bool, usize)> = Vec::new();
        for &r in roots {
            let (g, rank) = self.locate13(r);
            self.hands13[g].reach |= 1 << rank;
            work.push((false, g));
        }
        while let Some((fourteen, g)) = work.pop() {
            if fourteen {
                let hand = self.hands14[g];
                for &entry in &self.option_pool[hand.options()] {
                    let rank = &RANK[entry.mask()];
                    let mut to = 0u8;
                    for c in ranks(hand.reach) {
                        let red = RED[usize::from(hand.mask)][c] & entry.kept_red();
                        to |= 1 << rank[usize::from(red)];
                    }
                    let next = &mut self.hands13[(entry.info & HAND) as usize];
                    if next.reach | to != next.reach {
                        next.reach |= to;
                        work.push((false, (entry.info & HAND) as usize));
                    }
                }
            } else {
                let hand = self.hands13[g];
                for step in &self.steps[hand.steps.range()] {
                    let rank = &RANK[usize::from(step.mask)];
                    let suit = FIVE_SUIT[usize::from(step.kind)];
                    let mut to = 0u8;
                    for c in ranks(hand.reach) {
                        let red = RED[usize::from(hand.mask)][c];
                        if suit < 3 && self.red.of(red, usize::from(suit)) > 0 {
                            to |= 1 << rank[usize::from(red | 1 << suit)];
                        }
                        to |= 1 << rank[usize::from(red)];
                    }
                    let g14 = hand14_of[step.state as usize] as usize;
                    let next = &mut self.hands14[g14];
                    if next.reach | to != next.reach {
                        next.reach |= to;
                        work.push((true, g14));
                    }
                }
            }
        }
    }

    /// The records the pass reads after the walk over reached variants (see
    /// [`Solver::mark_reachable`]), else `None` (the listing's records are read): each reached
    /// variant as a hand of its own (one variant, `mask` 0), its states numbered anew, densely
    /// ([`Split::dense13`], [`Split::dense14`]), its draws and discards leading to single
    /// states: a drawn five split once into its red copy and its plain ones (two draws, in the
    /// order the pass adds them), a discard's red bits resolved.
    fn split_partial(&self) -> Option<Split> {
        if !self.walks() {
            return None;
        }
        let dense = |hands: &mut dyn Iterator<Item = (u32, u8)>, states: u32| {
            let mut map = vec![NONE; states as usize];
            let mut n = 0;
            for (base, reach) in hands {
                for c in ranks(reach) {
                    map[base as usize + c] = n;
                    n += 1;
                }
            }
            (map, n as usize)
        };
        let (dense13, n13) = dense(&mut self.hands13.iter().map(|h| (h.base, h.reach)), self.states13);
        let (dense14, n14) = dense(&mut self.hands14.iter().map(|h| (h.base, h.reach)), self.states14);
        let mut split = Split {
            hands13: Vec::with_capacity(n13),
            hands14: Vec::with_capacity(n14),
            steps: Vec::with_capacity(self.steps.len()),
            options: Vec::with_capacity(self.option_pool.len()),
            riichi13: Vec::new(),
            dense13: Vec::new(),
            dense14: Vec::new(),
            n13,
            n14,
        };
        for hand in &self.hands13 {
            for c in ranks(hand.reach) {
                let start = split.steps.len() as u32;
                let red = RED[usize::from(hand.mask)][c];
                for step in &self.steps[hand.steps.range()] {
                    let state = |red: u8| {
                        dense14[(step.state + u32::from(RANK[usize::from(step.mask)][usize::from(red)])) as usize]
                    };
                    let single = |state: u32, copies: u8| Step {
                        state,
                        kind: NOT_FIVE,
                        copies,
                        mask: 0,
                        suit: FIVE_SUIT[usize::from(NOT_FIVE)],
                    };
                    let suit = FIVE_SUIT[usize::from(step.kind)];
                    let red_live = if suit < 3 { self.red.of(red, usize::from(suit)) } else { 0 };
                    if red_live > 0 {
                        split.steps.push(single(state(red | 1 << suit), red_live));
                        split.steps.push(single(state(red), step.copies - red_live));
                    } else {
                        split.steps.push(single(state(red), step.copies));
                    }
                }
                let steps = Span { start, len: split.steps.len() as u32 - start };
                let base = dense13[(hand.base + c as u32) as usize];
                split.hands13.push(Hand13 { base, steps, riichi: NONE, mask: 0, reach: 1, plain: true, ..*hand });
            }
        }
        let riichi_from = self.hands13.len() as u32;
        for hand in &self.hands14 {
            for c in ranks(hand.reach) {
                let start = split.options.len() as u32;
                let red = RED[usize::from(hand.mask)][c];
                for &entry in &self.option_pool[hand.options()] {
                    let r = u32::from(RANK[entry.mask()][usize::from(red & entry.kept_red())]);
                    let mut info = 0;
                    if entry.info & WITH_RIICHI != 0 {
                        info = WITH_RIICHI | (riichi_from + split.riichi13.len() as u32);
                        split.riichi13.push(self.hands13[(entry.info & HAND) as usize].riichi + r);
                    }
                    split.options.push(Opt { state: dense13[(entry.state + r) as usize], info });
                }
                let win = if hand.win == NONE { NONE } else { hand.win + c as u32 };
                let base = dense14[(hand.base + c as u32) as usize];
                split.hands14.push(Hand14 { base, start, win, mask: 0, reach: 1, ..*hand });
            }
        }
        (split.dense13, split.dense14) = (dense13, dense14);
        Some(split)
    }

    /// The 13-tile hand of state `i` and the state's rank among its variants.
    fn locate13(&self, i: u32) -> (usize, usize) {
        let g = self.hands13.partition_point(|h| h.base <= i) - 1;
        (g, (i - self.hands13[g].base) as usize)
    }

    /// The 14-tile hand of state `j` and the state's rank among its variants.
    fn locate14(&self, j: u32) -> (usize, usize) {
        let g = self.hands14.partition_point(|h| h.base <= j) - 1;
        (g, (j - self.hands14[g].base) as usize)
    }

    /// The draws of 13-tile state `i`, with their kinds.
    fn kids(&self, i: u32) -> Vec<(Kid, Label)> {
        let (g, rank) = self.locate13(i);
        let hand = self.hands13[g];
        let red = RED[usize::from(hand.mask)][rank];
        let mut out = Vec::new();
        for step in &self.steps[hand.steps.range()] {
            let state = |red: u8| step.state + u32::from(RANK[usize::from(step.mask)][usize::from(red)]);
            let kind = step.kind;
            let suit = FIVE_SUIT[usize::from(kind)];
            let red_live = if suit < 3 { self.red.of(red, usize::from(suit)) } else { 0 };
            if red_live > 0 {
                let with = red | 1 << suit;
                out.push((Kid { state: state(with), copies: red_live }, Label { kind, part: Part::Red }));
                out.push((
                    Kid { state: state(red), copies: step.copies - red_live },
                    Label { kind, part: Part::Plain },
                ));
            } else {
                out.push((Kid { state: state(red), copies: step.copies }, Label { kind, part: Part::Whole }));
            }
        }
        out
    }

    /// The win points of 14-tile state `j` at a plain draw (`last` false) or at the last draw,
    /// `None` without a win.
    fn win_of(&self, j: u32, last: bool) -> Option<f64> {
        let (g, rank) = self.locate14(j);
        let hand = self.hands14[g];
        if hand.win == NONE {
            return None;
        }
        let p = self.wins[hand.win as usize + rank][usize::from(last)];
        (!p.is_nan()).then_some(p)
    }

    /// The admissible discards of 14-tile state `j`.
    fn discards(&self, j: u32) -> Vec<Discard> {
        let (g, rank) = self.locate14(j);
        let hand = self.hands14[g];
        let red = RED[usize::from(hand.mask)][rank];
        self.option_pool[hand.options()]
            .iter()
            .map(|&entry| {
                let to = self.hands13[(entry.info & HAND) as usize];
                let r = RANK[usize::from(to.mask)][usize::from(red & entry.kept_red())];
                let riichi = if entry.info & WITH_RIICHI != 0 { to.riichi + u32::from(r) } else { NONE };
                Discard { dama: to.base + u32::from(r), riichi }
            })
            .collect()
    }

    /// The [`pack`]ed hand and red bits of 13-tile state `i` (with every layer kept).
    fn key13(&self, i: u32) -> u128 {
        let (g, rank) = self.locate13(i);
        with_red(self.keys13[g], RED[usize::from(self.hands13[g].mask)][rank])
    }

    /// Pass 2: the arrays of every state, draw index by draw index from the last. At each
    /// index the 14-tile values are computed first (each reads the 13-tile values of the next
    /// index), then the 13-tile values gather them; both steps run in parallel over hands.
    fn fill(&mut self, roots: &[u32]) {
        let split = self.split_partial();
        let mut riichi13: Vec<u32> = self.hands13.iter().map(|hand| hand.riichi).collect();
        let (hands13, hands14, steps, options) = match &split {
            Some(split) => {
                riichi13.extend_from_slice(&split.riichi13);
                (&split.hands13[..], &split.hands14[..], &split.steps[..], &split.options[..])
            }
            None => (&self.hands13[..], &self.hands14[..], &self.steps[..], &self.option_pool[..]),
        };
        let (n13, n14) = match &split {
            Some(split) => (split.n13, split.n14),
            None => (self.pass13 as usize, self.pass14 as usize),
        };
        let graph = Graph {
            hands13,
            hands14,
            steps,
            options,
            riichi13: &riichi13,
            wins: &self.wins,
            red_live: std::array::from_fn(|suit| std::array::from_fn(|red| f64::from(self.red.of(red as u8, suit)))),
            objective: self.opts.objective,
            policy: self.opts.riichi,
            may_decline: self.opts.may_decline,
            chunks13: chunk_starts(hands13.len(), n13, |g| hands13[g].base as usize),
            chunks14: chunk_starts(hands14.len(), n14, |g| hands14[g].base as usize),
            ends13: live_ends(hands13.len(), |g| hands13[g].used),
            ends14: live_ends(hands14.len(), |g| hands14[g].used.saturating_sub(1)),
        };
        // A listed state's number in the pass.
        let at13 = |i: u32| split.as_ref().map_or(i, |split| split.dense13[i as usize]) as usize;
        let at14 = |j: u32| split.as_ref().map_or(j, |split| split.dense14[j as usize]) as usize;
        // Layer `d` lives in slot `d` (every layer kept) or in one slot overwritten layer by
        // layer: once the 14-tile values of index `d` are computed, the 13-tile values of `d + 1`
        // are read only by their own state, just before it overwrites them.
        let keep = self.keep_layers;
        let slot = |d: usize| if keep { d } else { 0 };
        let mut v13 = vec![[0.0f64; 3]; if keep { N * n13 } else { n13 + SPARE13 }];
        for hand in graph.hands13 {
            // A hand no value of which is read keeps no state ([`Solver::unread13_away`]).
            if hand.until == 0 {
                continue;
            }
            let b = slot(LAST) * n13 + hand.base as usize;
            for v in &mut v13[b..b + variants(hand.mask)] {
                v[2] = if hand.shanten == 0 { 1.0 } else { 0.0 };
            }
        }
        let mut root13: HashMap<u32, [[f64; 3]; N]> = roots.iter().map(|&r| (r, [[0.0; 3]; N])).collect();
        let mut root14: HashMap<u32, [[f64; 3]; N]> = HashMap::new();
        for &r in roots {
            for (kid, _) in self.kids(r) {
                root14.insert(kid.state, [[0.0; 3]; N]);
            }
        }
        for (&r, row) in root13.iter_mut() {
            row[LAST] = v13[slot(LAST) * n13 + at13(r)];
        }
        // The 14-tile values, then the riichi states' values at the next draw index: `first`
        // (what a discard declaring riichi reads, and a draw pointed straight at them), and
        // apart `later` (what the recursion reads), from the terminal values.
        let nr = self.riichi_states.len();
        let mut v14 = vec![[0.0f64; 3]; n14 + nr];
        v14[n14..].fill([0.0, 0.0, 1.0]);
        let mut later_r = vec![[0.0, 0.0, 1.0]; nr];
        let lives: Vec<f64> =
            self.riichi_states.iter().map(|span| live_sum(&self.riichi_waits[span.range()])).collect();
        let from_r = self.riichi_from();
        for d in (0..LAST).rev() {
            if keep {
                let (head, tail) = v13.split_at_mut((d + 1) * n13);
                let (layer13, next13) = (&mut head[d * n13..], &tail[..n13]);
                self.fill_layer(&graph, d, (&mut v14, n14), (layer13, Some(next13)));
            } else {
                self.fill_layer(&graph, d, (&mut v14, n14), (&mut v13, None));
            }
            self.riichi_layer(d, (&lives, &from_r), &mut later_r, &mut v14[n14..]);
            let layer13 = &v13[slot(d) * n13..(slot(d) + 1) * n13];
            for (&j, row) in root14.iter_mut() {
                row[d] = v14[at14(j)];
            }
            for (&r, row) in root13.iter_mut() {
                row[d] = layer13[at13(r)];
            }
        }
        self.values13 = v13;
        self.root13 = root13;
        self.root14 = root14;
        self.layer_len = n13;
        if let Some(split) = split.filter(|_| keep) {
            self.dense13 = split.dense13;
        }
    }

    /// The riichi states' values at draw index `d` from those at `d + 1`: `later` (updated in
    /// place) and `first`, written to `column`; `lives` is each state's waits' live copies
    /// summed ([`live_sum`]), `from` the first index each state is computed at (see
    /// [`Solver::riichi_from`]).
    fn riichi_layer(&self, d: usize, (lives, from): (&[f64], &[u8]), later: &mut [[f64; 3]], column: &mut [[f64; 3]]) {
        let states = self.riichi_states.iter().zip(lives).zip(from);
        for ((((span, &s), &from), l), f) in states.zip(later.iter_mut()).zip(column.iter_mut()) {
            if d >= usize::from(from) {
                (*l, *f) = riichi_step(self.s.denom[d], (&self.riichi_waits[span.range()], s), d, *l);
            }
        }
    }

    /// The first draw index at which the pass computes each riichi state: its 13-tile hand's
    /// used exchanges. A discard declaring riichi into it is made by a 14-tile hand holding at
    /// least as many tiles the input does not, so one reached after draw `d` at the earliest
    /// when `d + 1` is at least that count, and the state's values it reads are those of index
    /// `d + 1`, the first draw after the declaration (the same for a draw pointed straight at
    /// the state, [`Solver::direct_riichi_steps`]). Earlier indices are never read, and the
    /// recursion runs from the last index down. Riichi states of no listed hand: 0.
    fn riichi_from(&self) -> Vec<u8> {
        let mut from = vec![0u8; self.riichi_states.len()];
        for hand in &self.hands13 {
            if hand.riichi != NONE {
                let first = hand.riichi as usize;
                from[first..first + variants(hand.mask)].fill(hand.used);
            }
        }
        from
    }

    /// One draw index `d` of the pass: the 14-tile values, the first `n14` of `v14` (reading
    /// the 13-tile values of `d + 1` and the riichi states' values after them), then the
    /// 13-tile values of `d` in `layer13`, from all of `v14`. The values of `d + 1` are
    /// `next13`, or `layer13` itself (overwritten in place) when `next13` is `None`.
    fn fill_layer(
        &self,
        graph: &Graph<'_>,
        d: usize,
        (v14, n14): (&mut [[f64; 3]], usize),
        (layer13, next13): (&mut [[f64; 3]], Option<&[[f64; 3]]>),
    ) {
        {
            let (v14, next_r) = v14.split_at_mut(n14);
            let next_r = &*next_r;
            let next13: &[[f64; 3]] = next13.unwrap_or(layer13);
            let end = graph.ends14[d];
            if graph.chunks14.is_empty() {
                graph.layer14(0..end, v14, d, next13, next_r);
            } else {
                let base = |g: usize| graph.hands14[g].base as usize;
                let chunks = split_by_hands(&graph.chunks14, graph.hands14.len(), base, v14);
                chunks
                    .into_par_iter()
                    .filter(|(hands, _)| hands.start < end)
                    .for_each(|(hands, out)| graph.layer14(hands.start..hands.end.min(end), out, d, next13, next_r));
            }
        }
        let denom = self.s.denom[d];
        let v14 = &*v14;
        let end = graph.ends13[d];
        if graph.chunks13.is_empty() {
            graph.layer13(0..end, layer13, next13, d, denom, v14);
        } else {
            let base = |g: usize| graph.hands13[g].base as usize;
            let chunks = split_by_hands(&graph.chunks13, graph.hands13.len(), base, layer13);
            chunks
                .into_par_iter()
                .filter(|(hands, _)| hands.start < end)
                .for_each(|(hands, out)| graph.layer13(hands.start..hands.end.min(end), out, next13, d, denom, v14));
        }
    }

    /// The value of 13-tile state `i` before draw `d` (after [`Solver::solve`], with every
    /// layer kept).
    fn value13(&self, i: u32, d: usize) -> (f64, f64, f64) {
        let at = if self.dense13.is_empty() { i } else { self.dense13[i as usize] };
        let v = self.values13[d * self.layer_len + at as usize];
        (v[0], v[1], v[2])
    }

    /// The root's dama arrays (after [`Solver::solve`]).
    pub fn root_arrays(&self, r: u32) -> Arrays {
        let mut a = Arrays::ZERO;
        for (d, v) in self.root13[&r].iter().enumerate() {
            a.set(d, (v[0], v[1], v[2]));
        }
        a
    }

    /// The root's draw children with their 14-tile arrays (after [`Solver::solve`]), and the
    /// copies of each that the policy throws straight back at each draw index: those whose
    /// 14-tile value there is the root's own value at the next index, all three quantities
    /// bit for bit (the best discard is the drawn tile: the value is copied from the root).
    pub fn root_children(&self, r: u32) -> Vec<Child> {
        let kids = self.kids(r);
        let own = &self.root13[&r];
        let mut at = 0;
        draws(&kids)
            .iter()
            .map(|draw| {
                let mut a = Arrays::ZERO;
                for &(wt, j) in &draw.parts[..draw.len] {
                    let values = &self.root14[&j];
                    for (d, v) in values.iter().enumerate() {
                        a.p[d] += wt * v[0];
                        a.w[d] += wt * v[1];
                        a.t[d] += wt * v[2];
                    }
                }
                let parts = &kids[at..at + draw.len];
                at += draw.len;
                let mut thrown = [0.0; LAST];
                for (kid, _) in parts {
                    let values = &self.root14[&kid.state];
                    for (d, x) in thrown.iter_mut().enumerate() {
                        if values[d] == own[d + 1] {
                            *x += f64::from(kid.copies);
                        }
                    }
                }
                let kind = usize::from(parts[0].1.kind);
                Child { kind, live: f64::from(draw.live), first: a, later: a, thrown }
            })
            .collect()
    }

    /// Whether a closed hand discarding into tenpai considers riichi.
    fn riichi_considered(&self) -> bool {
        self.s.closed_hand && self.opts.riichi != RiichiPolicy::Never
    }

    /// Whether a discard into this 13-tile hand would consider riichi.
    pub fn can_riichi(&mut self, h13: &Counts) -> bool {
        self.s.closed_hand && self.opts.riichi != RiichiPolicy::Never && self.shanten(h13) == 0
    }

    /// The policy's choice between dama and riichi, index by index.
    pub fn combine(&self, dama: &Arrays, riichi: &Arrays) -> Arrays {
        match self.opts.riichi {
            RiichiPolicy::Never => *dama,
            RiichiPolicy::Always => *riichi,
            RiichiPolicy::Best => {
                let mut out = *dama;
                for d in 0..N {
                    if better(self.opts.objective, riichi.at(d), dama.at(d)) {
                        out.set(d, riichi.at(d));
                    }
                }
                out
            }
        }
    }

    /// The wait children of a riichi hand: `first` with ippatsu, `later` without.
    pub fn riichi_children(&mut self, h: &mut Counts, red: u8, double: bool) -> Vec<Child> {
        let answer = self.necessary(h);
        self.riichi_children_of(h, red, double, answer)
    }

    /// [`Solver::riichi_children`] given the hand's [`Oracle::necessary`] answer: each wait's
    /// arrays, constant over the plain draws, its haitei value at the last draw.
    fn riichi_children_of(&mut self, h: &mut Counts, red: u8, double: bool, answer: (i8, u64)) -> Vec<Child> {
        let spread = |points: [f64; 2]| {
            let mut a = Arrays::ZERO;
            for d in 0..LAST {
                a.set(d, (points[usize::from(d == LAST - 1)], 1.0, 1.0));
            }
            a
        };
        let mut waits = Vec::new();
        self.riichi_waits_of(h, pack(h, 0), &[red], double, answer, &mut waits);
        waits
            .into_iter()
            .map(|(kind, w)| Child {
                kind,
                live: w.live,
                first: spread(w.first),
                later: spread(w.later),
                thrown: [0.0; LAST],
            })
            .collect()
    }

    /// The waits of a riichi hand (by kind) given its [`Oracle::necessary`] answer, for each of
    /// the red bits `reds` (the hand's variants): live copies and the win's points with
    /// ippatsu (`first`) and without (`later`), at a plain draw and at the last one. The
    /// oracle's totals and the ura-dora distribution of a wait are asked once for all variants,
    /// and each count of extra han priced once. `out` gets the waits variant by variant (the
    /// same kinds for each: `out[v * n..(v + 1) * n]` for variant `v`); returns `n`.
    fn riichi_waits_of(
        &mut self,
        h: &mut Counts,
        key13: u128,
        reds: &[u8],
        double: bool,
        (sh, necessary): (i8, u64),
        out: &mut Vec<(usize, Wait)>,
    ) -> usize {
        let level = if double { 2 } else { 1 };
        // The winning kinds, from the necessary tiles (a riichi hand is tenpai), with a live
        // copy.
        let candidates = if sh == 0 { necessary & !at_least(h, 4) } else { 0 };
        let waits = kinds(candidates).filter(|&k| self.live(h, k) > 0).fold(0u64, |m, k| m | 1 << k);
        let n = waits.count_ones() as usize;
        let none = Wait { live: 0.0, first: [0.0; 2], later: [0.0; 2] };
        out.clear();
        out.resize(n * reds.len(), (0, none));
        // The ura-dora groups of the hand, moved to each wait's complete hand.
        let ura13 = (waits != 0 && self.opts.ura_dora && self.s.ura_count > 0).then(|| self.ura_groups(h));
        let double = u32::from(level == 2 && self.opts.double_riichi);
        let (ippatsu_han, haitei_han) = (u32::from(self.opts.ippatsu), u32::from(self.opts.haitei));
        let (red_fives, meld_red) = (self.opts.red_fives, self.s.meld_red);
        let red_han = |bits: u8| if red_fives { bits.count_ones() + meld_red } else { 0 };
        for (i, k) in kinds(waits).enumerate() {
            let c = self.live(h, k);
            h[k] += 1;
            let suit = FIVE_SUIT[k];
            let red_live = self.red;
            let red_of = |red: u8| match suit {
                s @ 0..3 => (red_live.of(red, usize::from(s)), red | 1 << s),
                _ => (0, red),
            };
            // With menzen tsumo on, the four (ippatsu, haitei) values and both red cases come
            // from one oracle total and one ura-dora distribution (what `win_points` computes
            // for each, asked once), each count of extra han priced once, before the variants
            // (`prices[x]`: the points with `x` extra han, `None` without a yaku).
            let prices = if self.opts.menzen_tsumo {
                let t = self.win_totals_of(h, key13 + unit(k), k, true, false);
                h[k] -= 1;
                let moved = ura13.map(|groups| self.ura_groups_after_draw(h, groups, k));
                h[k] += 1;
                // One indicator (the common case) on the stack, more through the tables.
                let one = moved.filter(|_| self.s.ura_count == 1).map(ura_of_one);
                let many = moved.filter(|_| self.s.ura_count != 1).map(|groups| self.ura_of_groups(groups));
                let dist: Option<&[f64]> = one.as_ref().map(|d| &d[..]).or(many.as_deref());
                let most_red = reds.iter().map(|&red| red_han(red_of(red).1)).max().unwrap_or(0);
                let top = most_red + double + ippatsu_han + haitei_han;
                Some(t.map(|t| {
                    let mut prices = [0.0; 8];
                    for (x, p) in prices.iter_mut().enumerate().take(top as usize + 1) {
                        *p = totals_points(&t, x as u32, dist);
                    }
                    prices
                }))
            } else {
                None
            };
            for (v, &red) in reds.iter().enumerate() {
                let (red_live, red_bits) = red_of(red);
                let pr = f64::from(red_live) / f64::from(c);
                let mut wait = Wait { live: f64::from(c), first: [0.0; 2], later: [0.0; 2] };
                for (ipp, points) in [(true, &mut wait.first), (false, &mut wait.later)] {
                    for haitei in [false, true] {
                        let extra = double + u32::from(ipp) * ippatsu_han + u32::from(haitei) * haitei_han;
                        let value = |s: &mut Self, bits: u8| match prices {
                            Some(prices) => prices.map_or(0.0, |p| p[(red_han(bits) + extra) as usize]),
                            None => s.win_points(h, bits, k, level, ipp, haitei).unwrap_or(0.0),
                        };
                        let plain = value(self, red);
                        let with_red = if pr > 0.0 { value(self, red_bits) } else { 0.0 };
                        points[usize::from(haitei)] = pr * with_red + (1.0 - pr) * plain;
                    }
                }
                out[v * n + i] = (k, wait);
            }
            h[k] -= 1;
        }
        n
    }

    /// A riichi hand's state index (memoised): it wins or throws every draw. The listing keeps
    /// the riichi states of a 13-tile hand's variants with the hand ([`Hand13::riichi`]); this
    /// is for the roots and the simulator.
    pub fn riichi(&mut self, h: &mut Counts, red: u8, double: bool) -> u32 {
        let key = pack(h, red) | u128::from(double) << 120;
        if let Some(&i) = self.index_riichi.get(&key) {
            return i;
        }
        let answer = self.necessary(h);
        let mut waits = Vec::new();
        self.riichi_waits_of(h, pack(h, 0), &[red], double, answer, &mut waits);
        let i = self.push_riichi(&waits);
        self.index_riichi.insert(key, i);
        i
    }

    /// A new riichi state with the given waits.
    fn push_riichi(&mut self, waits: &[(usize, Wait)]) -> u32 {
        let start = self.riichi_waits.len() as u32;
        self.riichi_waits.extend(waits.iter().map(|&(_, w)| w));
        let i = self.riichi_states.len() as u32;
        self.riichi_states.push(Span { start, len: waits.len() as u32 });
        i
    }

    /// A riichi state's arrays right after the declaration (ippatsu on the next draw): the
    /// `first` arrays of [`first_passage`], computed as the pass over draw indices does.
    pub fn riichi_arrays(&self, i: u32) -> Arrays {
        let waits = &self.riichi_waits[self.riichi_states[i as usize].range()];
        let mut first = Arrays::ZERO;
        first.t[LAST] = 1.0;
        let mut later = [0.0, 0.0, 1.0];
        for d in (0..LAST).rev() {
            let (l, f) = riichi_step(self.s.denom[d], (waits, live_sum(waits)), d, later);
            later = l;
            first.set(d, (f[0], f[1], f[2]));
        }
        first
    }

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

    /// Number of states (for reports and tests).
    pub fn states(&self) -> usize {
        self.states13 as usize + self.states14 as usize + self.riichi_states.len()
    }
}

/// Zeros after the one 13-tile layer of the pass: what a discard into a hand no value of
/// which is read indexes (see [`Solver::unread13_away`]; a hand has at most eight variants).
const SPARE13: usize = 8;

/// States per parallel task in the pass over draw indices (whole hands, so about this many).
const CHUNK: usize = 4096;

/// A layer of fewer states is computed on the calling thread: below this, handing chunks to
/// other threads costs more than it saves (the 2-shanten bench hand, 7 k + 14 k states, was
/// 25 % slower with two threads than with one).
const PARALLEL_FROM: usize = 1 << 17;

/// Where the chunks of a layer start: hands (`hands` of them, hand `g`'s states from
/// `base(g)`) grouped whole into chunks of about [`CHUNK`] states; empty for a layer computed
/// on the calling thread (fewer than [`PARALLEL_FROM`] states, `states` in all).
fn chunk_starts(hands: usize, states: usize, base: impl Fn(usize) -> usize) -> Vec<usize> {
    if states < PARALLEL_FROM {
        return Vec::new();
    }
    let mut starts = vec![0];
    for g in 1..hands {
        if base(g) - base(starts[starts.len() - 1]) >= CHUNK {
            starts.push(g);
        }
    }
    starts
}

/// A layer of values split at the chunk starts `starts` (see [`chunk_starts`]): each chunk's
/// hands and their values.
fn split_by_hands<'v>(
    starts: &[usize],
    hands: usize,
    base: impl Fn(usize) -> usize,
    mut values: &'v mut [[f64; 3]],
) -> Vec<(std::ops::Range<usize>, &'v mut [[f64; 3]])> {
    let mut out = Vec::with_capacity(starts.len());
    for (x, &first) in starts.iter().enumerate() {
        let end = starts.get(x + 1).copied().unwrap_or(hands);
        let len = if end == hands { values.len() } else { base(end) - base(first) };
        let (head, tail) = std::mem::take(&mut values).split_at_mut(len);
        out.push((first..end, head));
        values = tail;
    }
    out
}

/// The pass's records after the walk over reached variants: one record a reached state, the
/// states numbered anew (see [`Solver::split_partial`]).
#[derive(Default)]
struct Split {
    hands13: Vec<Hand13>,
    hands14: Vec<Hand14>,
    steps: Vec<Step>,
    options: Vec<Opt>,
    /// The riichi states of the single variants' discards that consider riichi (their
    /// [`Opt`]s' hand index counts on from the listing's 13-tile hands).
    riichi13: Vec<u32>,
    /// The pass's number of each listed state ([`NONE`] when no root reaches it), and the
    /// numbers of states.
    dense13: Vec<u32>,
    dense14: Vec<u32>,
    n13: usize,
    n14: usize,
}

/// The kind of a [`Split`] draw that stands for single copies (a five's red or plain ones):
/// any kind that is not a five.
const NOT_FIVE: u8 = 0;

/// The state graph, read-only, as the pass over draw indices sees it (shared by its threads).
struct Graph<'g> {
    hands13: &'g [Hand13],
    hands14: &'g [Hand14],
    steps: &'g [Step],
    options: &'g [Opt],
    /// The riichi states of the 13-tile hands ([`Hand13::riichi`], by the hand index of an
    /// [`Opt`]), then those of the single variants' resolved discards ([`Split::riichi13`]).
    riichi13: &'g [u32],
    wins: &'g [[f64; 2]],
    /// The live red copies of each suit's five (`red_live[suit][red]`) for a state with red
    /// bits `red` ([`RedLive::of`]), as numbers (the gathers multiply by them).
    red_live: [[f64; 8]; 3],
    objective: Objective,
    policy: RiichiPolicy,
    may_decline: bool,
    /// Where the parallel chunks of the layers start (empty: on the calling thread).
    chunks13: Vec<usize>,
    chunks14: Vec<usize>,
    /// The hands the pass visits at draw index `d`: those before `ends13[d]` (after it, no
    /// hand is reached by then: each holds more tiles the input does not than draws made),
    /// the same for `ends14`.
    ends13: [usize; N],
    ends14: [usize; N],
}

/// For each draw index `d`, the end of the hands some of which may be reached by `d`: one past
/// the last hand whose first possible index (`first(g)`) is at most `d` (breadth first, the
/// hands come nearly in the order of their first index, so most hands before it are).
fn live_ends(hands: usize, first: impl Fn(usize) -> u8) -> [usize; N] {
    let mut ends = [0; N];
    for g in 0..hands {
        if let Some(end) = ends.get_mut(usize::from(first(g))) {
            *end = g + 1;
        }
    }
    for d in 1..N {
        ends[d] = ends[d].max(ends[d - 1]);
    }
    ends
}

impl Graph<'_> {
    /// The values after draw `d` of the 14-tile hands `hands`, written to `out` (their states,
    /// from the first hand's): for each state a win, or the best admissible discard (dama or
    /// riichi) valued at `d + 1`. Not written where it is exactly zero (fewer draws left than
    /// its shanten: no discard reaches tenpai; it was zero at every later index, so it still
    /// is), never read (an index no path reaches: it holds more tiles the input does not than
    /// draws made), or the same as at `d + 1` (a hand without discards, before the last draw).
    fn layer14(
        &self,
        hands: std::ops::Range<usize>,
        out: &mut [[f64; 3]],
        d: usize,
        next13: &[[f64; 3]],
        next_r: &[[f64; 3]],
    ) {
        // The comparison specialised to the objective (the choice loop compiled once for each).
        match self.objective {
            Objective::Points => self.layer14_by::<0>(hands, out, d, (next13, next_r), |a, b| {
                better(Objective::Points, (a[0], a[1], a[2]), (b[0], b[1], b[2]))
            }),
            Objective::Win => self.layer14_by::<1>(hands, out, d, (next13, next_r), |a, b| {
                better(Objective::Win, (a[0], a[1], a[2]), (b[0], b[1], b[2]))
            }),
        }
    }

    /// [`Graph::layer14`] under the comparison `better` ([`better`] under the objective), which
    /// compares component `FIRST` first (see [`Best`]).
    fn layer14_by<const FIRST: usize>(
        &self,
        hands: std::ops::Range<usize>,
        out: &mut [[f64; 3]],
        d: usize,
        next: (&[[f64; 3]], &[[f64; 3]]),
        better: impl Fn([f64; 3], [f64; 3]) -> bool + Copy,
    ) {
        if hands.is_empty() {
            return;
        }
        let offset = self.hands14[hands.start].base;
        // Before the last two indices, a hand without discards is as it was at `d + 1`.
        let settled = d + 3 <= LAST;
        for hand in &self.hands14[hands] {
            // Not reached yet, or zero (fewer draws left than its shanten: no discard reaches
            // tenpai) as it was at every later index (never written, still zero).
            if d + 1 < usize::from(hand.used) || d + 1 > usize::from(hand.until) {
                continue;
            }
            // A hand without discards (a win taken, or none) has the same value at every index
            // but the last: kept from `d + 1` once computed there (reached by `d + 1` too, as
            // `used <= d + 1`).
            if settled && hand.len == 0 {
                continue;
            }
            // Counted in 32 bits (so `b + n` cannot overflow: no test for it).
            let b = (hand.base - offset) as usize;
            let out = &mut out[b..b + variants(hand.mask)];
            // The best values sized to the hand's variants (a constant: the loops unroll).
            match out.len() {
                1 => self.value14::<FIRST, 1>(hand, d, next, out.try_into().expect("1 state"), better),
                2 => self.value14::<FIRST, 2>(hand, d, next, out.try_into().expect("2 states"), better),
                4 => self.value14::<FIRST, 4>(hand, d, next, out.try_into().expect("4 states"), better),
                _ => self.value14::<FIRST, 8>(hand, d, next, out.try_into().expect("8 states"), better),
            }
        }
    }

    /// The values after draw `d` of the `V` variants of the 14-tile hand `hand`, written to
    /// `out`, under the comparison `better`: each variant takes the best of its win (when it
    /// may be declined) and its discards, in the order of the option pool, compared in place
    /// (in the layer read; the winner is copied once).
    #[inline(always)]
    fn value14<const FIRST: usize, const V: usize>(
        &self,
        hand: &Hand14,
        d: usize,
        (next13, next_r): (&[[f64; 3]], &[[f64; 3]]),
        out: &mut [[f64; 3]; V],
        better: impl Fn([f64; 3], [f64; 3]) -> bool + Copy,
    ) {
        // The win, when the hand has one here (whether it has does not depend on the red fives:
        // they are dora).
        let last = usize::from(d == LAST - 1);
        let won: Option<[[f64; 3]; V]> = (hand.win != NONE)
            .then(|| &self.wins[hand.win as usize..hand.win as usize + V])
            .filter(|wins| !wins[0][last].is_nan())
            .map(|wins| std::array::from_fn(|c| [wins[c][last], 1.0, 1.0]));
        let reds = &CLEARED_RANK[usize::from(hand.mask & 7)];
        let mut options = self.options[hand.options()].iter();
        let mut best = match &won {
            Some(won) if !self.may_decline => {
                *out = *won;
                return;
            }
            Some(won) => Best::<FIRST, V>::of(won.each_ref()),
            None => {
                // The first option taken as it is (no best to compare with yet); its floors
                // computed only when another option follows.
                let Some(&first) = options.next() else {
                    *out = [ZERO; V];
                    return;
                };
                let mut best = Best::<FIRST, V>::unfloored([&ZERO; V]);
                self.offer::<FIRST, V, false>(first, reds, (next13, next_r), &mut best, better);
                if options.len() > 0 {
                    best.refloor();
                }
                best
            }
        };
        for &entry in options {
            self.offer::<FIRST, V, true>(entry, reds, (next13, next_r), &mut best, better);
        }
        for (o, b) in out.iter_mut().zip(best.at) {
            *o = *b;
        }
    }

    /// Offers the discard `entry` to each variant's `best` (`reds`: the hand's
    /// [`CLEARED_RANK`]s):
    /// kept when better, or taken when there is no best yet (not `FOUND`).
    #[inline(always)]
    fn offer<'v, const FIRST: usize, const V: usize, const FOUND: bool>(
        &self,
        entry: Opt,
        reds: &[[u8; 8]; 32],
        (next13, next_r): (&'v [[f64; 3]], &'v [[f64; 3]]),
        best: &mut Best<'v, FIRST, V>,
        better: impl Fn([f64; 3], [f64; 3]) -> bool + Copy,
    ) {
        let found = FOUND;
        let state = entry.state as usize;
        // The riichi states of the 13-tile hand (only when riichi is considered).
        let riichi_at = (entry.info & WITH_RIICHI != 0).then(|| self.riichi13[(entry.info & HAND) as usize] as usize);
        if entry.info & CLEARS == 0 {
            // A discard that keeps every red bit leaves the same variants, rank for rank;
            // the policy picked once for all of them (riichi always: no dama value read).
            match (riichi_at, self.policy) {
                (None, _) | (Some(_), RiichiPolicy::Never) => {
                    let dama: &[[f64; 3]; V] = next13[state..state + V].try_into().expect("V states");
                    keep_best(best, found, |c| &dama[c], better);
                }
                (Some(at), RiichiPolicy::Always) => {
                    let riichi: &[[f64; 3]; V] = next_r[at..at + V].try_into().expect("V states");
                    keep_best(best, found, |c| &riichi[c], better);
                }
                (Some(at), RiichiPolicy::Best) => {
                    let riichi: &[[f64; 3]; V] = next_r[at..at + V].try_into().expect("V states");
                    let dama: &[[f64; 3]; V] = next13[state..state + V].try_into().expect("V states");
                    keep_best(best, found, |c| self.dama_or_riichi(&dama[c], &riichi[c], better), better);
                }
            }
        } else {
            let rank = &reds[(entry.info >> 26 & 31) as usize];
            let r = |c: usize| usize::from(rank[c]);
            match riichi_at {
                None => keep_best(best, found, |c| &next13[state + r(c)], better),
                Some(at) => keep_best(
                    best,
                    found,
                    |c| self.dama_or_riichi(&next13[state + r(c)], &next_r[at + r(c)], better),
                    better,
                ),
            }
        }
    }

    /// The value of a discard that may declare riichi, under the policy: its dama value or its
    /// riichi value.
    #[inline(always)]
    fn dama_or_riichi<'v>(
        &self,
        dama: &'v [f64; 3],
        riichi: &'v [f64; 3],
        better: impl Fn([f64; 3], [f64; 3]) -> bool,
    ) -> &'v [f64; 3] {
        match self.policy {
            RiichiPolicy::Never => dama,
            RiichiPolicy::Always => riichi,
            RiichiPolicy::Best if better(*riichi, *dama) => riichi,
            RiichiPolicy::Best => dama,
        }
    }

    /// The values before draw `d` (denominator `denom`) of the 13-tile hands `hands`, written
    /// to `out` (their states, from the first hand's): for each state its draws' values `v14`
    /// (see [`Solver::fill_layer`]) and, for a thrown draw, its own value at `d + 1` (`next`,
    /// or `out` itself when `None`). Not written at an index no path reaches (more tiles the
    /// input does not than draws made): never read.
    fn layer13(
        &self,
        hands: std::ops::Range<usize>,
        out: &mut [[f64; 3]],
        next: Option<&[[f64; 3]]>,
        d: usize,
        denom: f64,
        v14: &[[f64; 3]],
    ) {
        if hands.is_empty() {
            return;
        }
        let offset = self.hands13[hands.start].base;
        for hand in &self.hands13[hands] {
            // Not reached yet, or zero (fewer draws left than its shanten) as it was at every
            // later index (never written after the terminal values, zero from a shanten of 1).
            if d < usize::from(hand.used) || d > usize::from(hand.until) {
                continue;
            }
            // Counted in 32 bits (so `b + n` cannot overflow: no test for it).
            let b = (hand.base - offset) as usize;
            let n = variants(hand.mask);
            let out = &mut out[b..b + n];
            let next = next.map(|next| &next[hand.base as usize..hand.base as usize + n]);
            if hand.plain {
                self.gather_plain(hand, &mut out[0], next.map(|next| next[0]), denom, v14);
                continue;
            }
            // The accumulators sized to the hand's variants (a constant, so they stay in
            // registers and the loops unroll).
            match n {
                1 => self.gather13::<1>(hand, out, next, denom, v14),
                2 => self.gather13::<2>(hand, out, next, denom, v14),
                4 => self.gather13::<4>(hand, out, next, denom, v14),
                _ => self.gather13::<8>(hand, out, next, denom, v14),
            }
        }
    }

    /// [`Graph::gather13`] of a [`Hand13::plain`] hand: its draws' values added as they are.
    fn gather_plain(&self, hand: &Hand13, out: &mut [f64; 3], next: Option<[f64; 3]>, denom: f64, v14: &[[f64; 3]]) {
        let mut a = [0.0f64; 3];
        for step in &self.steps[hand.steps.range()] {
            let (q, v) = (f64::from(step.copies), v14[step.state as usize]);
            add_scaled(&mut a, q, v);
        }
        let (stay, inv) = draw_weights(hand, denom);
        *out = mix(stay, next.unwrap_or(*out), inv, a);
    }

    /// The values of the `V` variants of 13-tile hand `hand` before a draw of denominator
    /// `denom`, written to `out`, from their own values after it (`next`, or `out` itself when
    /// `None`) and their draws' values `v14` (see [`Solver::fill_layer`]).
    fn gather13<const V: usize>(
        &self,
        hand: &Hand13,
        out: &mut [[f64; 3]],
        next: Option<&[[f64; 3]]>,
        denom: f64,
        v14: &[[f64; 3]],
    ) {
        let reds = &RED[usize::from(hand.mask)];
        let mut acc = [[0.0f64; 3]; V];
        let steps = &self.steps[hand.steps.range()];
        if V < 8 {
            for step in steps {
                if step.suit == 3 {
                    add_step(&mut acc, step, v14);
                } else {
                    self.add_five(&mut acc, step, reds, v14);
                }
            }
        } else {
            // Eight variants: the steps up to each five added to a copy of the accumulators,
            // which that loop keeps in registers (the fives' per-variant sums keep them in
            // memory).
            let mut k = 0;
            while k < steps.len() {
                let mut run = acc;
                while let Some(step) = steps.get(k).filter(|step| step.suit == 3) {
                    add_step(&mut run, step, v14);
                    k += 1;
                }
                acc = run;
                let Some(step) = steps.get(k) else { break };
                self.add_five(&mut acc, step, reds, v14);
                k += 1;
            }
        }
        let (stay, inv) = draw_weights(hand, denom);
        let out: &mut [[f64; 3]; V] = out.try_into().expect("V states");
        let own = match next {
            Some(next) => *<&[[f64; 3]; V]>::try_from(next).expect("V states"),
            None => *out,
        };
        for ((o, a), own) in out.iter_mut().zip(&acc).zip(&own) {
            *o = mix(stay, *own, inv, *a);
        }
    }

    /// Adds a drawn five's values to the accumulators `acc` of a hand's variants (their red
    /// bits `reds`): each variant reads the variant of the 14-tile hand with its red bits, split
    /// into the red copy and the plain ones when its red copy is live.
    #[inline(always)]
    fn add_five<const V: usize>(&self, acc: &mut [[f64; 3]; V], step: &Step, reds: &[u8; 8], v14: &[[f64; 3]]) {
        let (rank, at) = (&RANK[usize::from(step.mask & 7)], step.state as usize);
        let suit = step.suit;
        let live = &self.red_live[usize::from(suit)];
        // The copies as a number once (the red copy and the plain ones, as numbers, are exact:
        // small integers).
        let copies = f64::from(step.copies);
        // Unrolled (a constant index for each variant), so the accumulators may stay in
        // registers.
        each_variant::<V>(|c| {
            let (a, red) = (&mut acc[c], reds[c] & 7);
            let red_live = live[usize::from(red)];
            if red_live > 0.0 {
                let v = v14[at + usize::from(rank[usize::from(red | 1 << suit)])];
                add_scaled(a, red_live, v);
                let v = v14[at + usize::from(rank[usize::from(red)])];
                add_scaled(a, copies - red_live, v);
            } else {
                let v = v14[at + usize::from(rank[usize::from(red)])];
                add_scaled(a, copies, v);
            }
        });
    }
}

/// Adds a drawn tile's values that is not a five to the accumulators `acc` of a hand's
/// variants: the same variants, rank for rank.
#[inline(always)]
fn add_step<const V: usize>(acc: &mut [[f64; 3]; V], step: &Step, v14: &[[f64; 3]]) {
    let (q, at) = (f64::from(step.copies), step.state as usize);
    let v: &[[f64; 3]; V] = v14[at..at + V].try_into().expect("V states");
    for (a, v) in acc.iter_mut().zip(v) {
        add_scaled(a, q, *v);
    }
}

/// The value of a 14-tile state without a win or a discard.
const ZERO: [f64; 3] = [0.0; 3];

/// Each variant's best value so far in the choice loop (`at`, read in place in the layer) and
/// its [`floor`]: a candidate whose component `FIRST` (points, or the win under
/// [`Objective::Win`]) is below the floor is not better, without the full comparison.
struct Best<'v, const FIRST: usize, const V: usize> {
    at: [&'v [f64; 3]; V],
    floor: [f64; V],
}

impl<'v, const FIRST: usize, const V: usize> Best<'v, FIRST, V> {
    /// Whether the floors are kept: not for a single variant (most hands under `--budget 0`,
    /// with few discards each), where keeping them costs about what they save.
    const FLOORED: bool = V > 1;

    /// The best values `at`, with their floors.
    #[inline(always)]
    fn of(at: [&'v [f64; 3]; V]) -> Self {
        let mut best = Best::unfloored(at);
        best.refloor();
        best
    }

    /// The best values `at`, their floors not computed yet (see [`Best::refloor`]).
    #[inline(always)]
    fn unfloored(at: [&'v [f64; 3]; V]) -> Self {
        Best { at, floor: [0.0; V] }
    }

    /// Computes the floors of the best values.
    #[inline(always)]
    fn refloor(&mut self) {
        if Self::FLOORED {
            self.floor = std::array::from_fn(|c| floor(self.at[c][FIRST]));
        }
    }

    /// Makes `v` variant `c`'s best.
    #[inline(always)]
    fn set(&mut self, c: usize, v: &'v [f64; 3]) {
        self.at[c] = v;
        if Self::FLOORED {
            self.floor[c] = floor(v[FIRST]);
        }
    }
}

/// Below this value of its first component, a candidate is not [`better`] than a best whose
/// first component is `y`: `y - 4e-12 * max(|y|, 1)`, rounded.
///
/// Why (for finite values: every value the pass compares is a probability-weighted sum of
/// finite win points, so none is infinite; a NaN candidate takes the full comparison, as
/// `x < floor` is then false). Let `u = 2^-53` (the unit roundoff), `e` the double [`TIE`]
/// (below `1.0000001e-12`), `M = max(|y|, 1)` (exact), `t = fl(4e-12 * M) >= 4e-12 * M * (1 -
/// u)^2` (the constant and the product each rounded) and `f = fl(y - t)`, the floor. Take a
/// candidate `x < f`.
/// 1. `t >= 0`, so `f <= y` (rounding is monotone and `y` a double): `x < y`.
/// 2. `f <= (y - t) + u * |y - t| <= y - t + u * (|y| + t)` (below the normal range the error
///    is at most `2^-1075`, negligible here), so
///    `y - x > y - f >= t * (1 - u) - u * M >= M * (4e-12 * (1 - u)^3 - u) > 3.99e-12 * M`.
/// 3. `better`'s first test compares `|fl(x - y)| = fl(y - x) >= (y - x) * (1 - u)` (rounding is
///    symmetric and monotone; `+inf` on overflow, still larger) with
///    `fl(e * max(|x|, 1)) <= e * max(|x|, 1) * (1 + u)`:
///    - when `|x| <= 2M`, the first is above `3.98e-12 * M`, the second below `2.01e-12 * M`;
///    - when `|x| > 2M`, `x` is negative (`x < y <= M`), `max(|x|, 1) = |x|` and
///      `y - x >= |x| - M > |x| / 2`: the first is above `0.49 * |x|`, the second below
///      `1.01e-12 * |x|`.
///
///    Either way the test holds and `better` answers `x > y`, false: the floor only skips
///    comparisons whose answer is no.
///
/// For a NaN or infinite `y` the floor is NaN or `-inf`: nothing is below it.
#[inline(always)]
fn floor(y: f64) -> f64 {
    y - 4e-12 * at_least_one(y.abs())
}

/// Keeps in `best` (each variant's best so far) each variant's value `v(c)` when it is better
/// (or the first one, when none is `found` yet): a value below the best's floor is not, the
/// others are compared in full.
#[inline(always)]
fn keep_best<'v, const FIRST: usize, const V: usize>(
    best: &mut Best<'v, FIRST, V>,
    found: bool,
    v: impl Fn(usize) -> &'v [f64; 3],
    better: impl Fn([f64; 3], [f64; 3]) -> bool + Copy,
) {
    // Written out call by call (each sees a constant variant; no loop for the compiler to keep).
    keep_one(best, found, 0, v(0), better);
    if V > 1 {
        keep_one(best, found, 1, v(1), better);
    }
    if V > 2 {
        keep_one(best, found, 2, v(2), better);
        keep_one(best, found, 3, v(3), better);
    }
    if V > 4 {
        keep_one(best, found, 4, v(4), better);
        keep_one(best, found, 5, v(5), better);
        keep_one(best, found, 6, v(6), better);
        keep_one(best, found, 7, v(7), better);
    }
}

/// [`keep_best`] for variant `c`, offered `v`.
#[inline(always)]
fn keep_one<'v, const FIRST: usize, const V: usize>(
    best: &mut Best<'v, FIRST, V>,
    found: bool,
    c: usize,
    v: &'v [f64; 3],
    better: impl Fn([f64; 3], [f64; 3]) -> bool,
) {
    if !found {
        best.at[c] = v;
        return;
    }
    if Best::<FIRST, V>::FLOORED && v[FIRST] < best.floor[c] {
        return;
    }
    let y = best.at[c];
    // Points and win both equal: `better`'s first two tests fail, its third decides.
    let taken = if v[0] == y[0] && v[1] == y[1] { v[2] > y[2] + TIE } else { better(*v, *y) };
    if taken {
        best.set(c, v);
    }
}

/// Calls `f` with each variant `0..V` in turn, written out (each call sees a constant).
#[inline(always)]
fn each_variant<const V: usize>(mut f: impl FnMut(usize)) {
    for c in 0..8 {
        if c < V {
            f(c);
        }
    }
}

/// Adds `q` times `v` to `a` (each of points, win, tenpai).
#[inline(always)]
fn add_scaled(a: &mut [f64; 3], q: f64, v: [f64; 3]) {
    a[0] += q * v[0];
    a[1] += q * v[1];
    a[2] += q * v[2];
}

/// The weights of a 13-tile hand's draw of denominator `denom`: of its value when the draw is
/// thrown (`1 - live / denom`) and of its draws' summed values (`1 / denom`); a denominator
/// below the live count (no such draw is reached) is raised to it.
#[inline(always)]
fn draw_weights(hand: &Hand13, denom: f64) -> (f64, f64) {
    let live = f64::from(hand.live);
    let big = larger(denom, live);
    (1.0 - live / big, 1.0 / big)
}

/// `stay * own + inv * drawn`, each of points, win, tenpai.
#[inline(always)]
fn mix(stay: f64, own: [f64; 3], inv: f64, drawn: [f64; 3]) -> [f64; 3] {
    [stay * own[0] + inv * drawn[0], stay * own[1] + inv * drawn[1], stay * own[2] + inv * drawn[2]]
}

/// The recursion over draws from a state with the given children: `later[d]` is the value
/// before draw `d`, `first[d]` the same when draw `d` is the first one (ippatsu), both falling
/// back on `later[d + 1]` when the draw is thrown.
pub(crate) fn first_passage(denom: &[f64; LAST], children: &[Child], terminal: Arrays) -> (Arrays, Arrays) {
    let s: f64 = children.iter().map(|c| c.live).sum();
    let mut later = terminal;
    let mut first = terminal;
    for d in (0..LAST).rev() {
        let big = denom[d].max(s);
        let stay = 1.0 - s / big;
        let (mut lp, mut lw, mut lt) = (stay * later.p[d + 1], stay * later.w[d + 1], stay * later.t[d + 1]);
        let (mut fp, mut fw, mut ft) = (lp, lw, lt);
        for c in children {
            let q = c.live / big;
            lp += q * c.later.p[d];
            lw += q * c.later.w[d];
            lt += q * c.later.t[d];
            fp += q * c.first.p[d];
            fw += q * c.first.w[d];
            ft += q * c.first.t[d];
        }
        later.set(d, (lp, lw, lt));
        first.set(d, (fp, fw, ft));
    }
    (later, first)
}

/// The live copies of a riichi state's waits, summed as [`first_passage`] sums its children's.
fn live_sum(waits: &[Wait]) -> f64 {
    waits.iter().map(|w| w.live).sum()
}

/// One winning kind of a riichi state: its live copies and the points of the win on the first
/// draw after the declaration (`first`, ippatsu) and later (`later`), each at a plain draw and
/// at the last draw (haitei). The win and tenpai probabilities of a win are 1.
#[derive(Clone, Copy, Debug)]
struct Wait {
    live: f64,
    first: [f64; 2],
    later: [f64; 2],
}

/// One draw index `d` of [`first_passage`] for a riichi state with the given waits (and their
/// live copies summed, [`live_sum`]), from its `later` values at `d + 1`: its `later` and
/// `first` values at `d` (the same arithmetic in the same order, so the same values).
fn riichi_step(denom: f64, (waits, s): (&[Wait], f64), d: usize, later: [f64; 3]) -> ([f64; 3], [f64; 3]) {
    let big = larger(denom, s);
    let stay = 1.0 - s / big;
    let last = usize::from(d == LAST - 1);
    let (mut lp, mut lw, mut lt) = (stay * later[0], stay * later[1], stay * later[2]);
    let mut fp = lp;
    for w in waits {
        let q = w.live / big;
        lp += q * w.later[last];
        lw += q * 1.0;
        lt += q * 1.0;
        fp += q * w.first[last];
    }
    // The first draw's win and tenpai are the later ones: the same start, the same terms in
    // the same order.
    ([lp, lw, lt], [fp, lw, lt])
}

/// Each child's contribution to the points of `first[d0]` (see [`first_passage`]): the
/// points of the paths whose first kept draw is this child. The copies a child throws straight
/// back at draw `d` ([`Child::thrown`]; their value there is the state's own value at `d + 1`,
/// `own`) count at `d` as thrown draws, not kept ones, so their paths are credited to the draws
/// they keep later. Exact either way: such a copy adds to the value what a thrown draw would.
pub(crate) fn contributions(denom: &[f64; LAST], children: &[Child], d0: usize, own: &Arrays) -> Vec<f64> {
    if d0 >= LAST {
        return vec![0.0; children.len()];
    }
    let s: f64 = children.iter().map(|c| c.live).sum();
    // The chance that draw `d` keeps nothing: `1 - kept copies / denominator`.
    let stay: [f64; LAST] = std::array::from_fn(|d| {
        let kept: f64 = children.iter().map(|c| c.live - c.thrown[d]).sum();
        1.0 - kept / denom[d].max(s)
    });
    children
        .iter()
        .map(|c| {
            // From the last draw back to d0.
            let mut g = 0.0;
            for d in (d0..LAST).rev() {
                let big = denom[d].max(s);
                let p = if d == d0 { c.first.p[d] } else { c.later.p[d] };
                let mut here = c.live / big * p;
                if c.thrown[d] > 0.0 {
                    here -= c.thrown[d] / big * own.p[d + 1];
                }
                g = here + stay[d] * g;
            }
            g
        })
        .collect()
}

/// The bits [`Solver::draw_hand`] adds to the key of a complete hand: the winning tile (the
/// wait changes the score).
fn win_tag(drawn: usize) -> u128 {
    (drawn as u128 + 1) << 105
}

/// The memo key of a tsumo win: the hand without red bits (its [`pack`]ed key `plain`), the
/// drawn kind, riichi, haitei.
fn win_key(plain: u128, drawn: usize, riichi: bool, haitei: bool) -> u128 {
    plain | (drawn as u128) << 105 | u128::from(riichi) << 112 | u128::from(haitei) << 113
}

/// Points of a win from its oracle totals with `extra` han, averaged over the ura-dora
/// distribution when there is one.
fn totals_points(t: &Totals, extra: u32, dist: Option<&[f64]>) -> f64 {
    let at = |k: u32| f64::from(t[(k as usize).min(EXTRA - 1)]);
    match dist {
        Some(dist) => dist.iter().enumerate().map(|(n, &pr)| pr * at(extra + n as u32)).sum(),
        None => at(extra),
    }
}

/// [`Solver::ura_of_groups`] for one ura-dora indicator: the chance of each count is its
/// group's share of the live tiles (the general tables give the same numbers: each way is one
/// tile), without an allocation.
fn ura_of_one(groups: [u32; 5]) -> [f64; 5] {
    let total: u32 = groups.iter().sum();
    groups.map(|g| if total > 0 { f64::from(g) / f64::from(total) } else { 0.0 })
}

/// Binomial coefficient as a float.
pub(crate) fn binom(n: u32, k: u32) -> f64 {
    if k > n {
        return 0.0;
    }
    let mut r = 1.0;
    for i in 0..k {
        r = r * f64::from(n - i) / f64::from(i + 1);
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`unpack`] kind by kind, as obviously as possible.
    fn unpack_slow(key: u128) -> (Counts, u8) {
        let mut h = [0u8; 34];
        for (k, c) in h.iter_mut().enumerate() {
            *c = (key >> (3 * k)) as u8 & 7;
        }
        (h, (key >> 102) as u8 & 7)
    }

    #[test]
    fn unpack_agrees_with_kind_by_kind() {
        let mut rng = Rng::new(7);
        for _ in 0..20_000 {
            // Any fields (0..7, beyond the four copies a hand holds) and red bits; and packed
            // hands.
            let key = u128::from(rng.next_u64()) | u128::from(rng.next_u64() & 0x1ff_ffff_ffff) << 64;
            assert_eq!(unpack(key), unpack_slow(key), "{key:#x}");
            let mut h = [0u8; 34];
            for c in &mut h {
                *c = rng.index(5) as u8;
            }
            let red = rng.index(8) as u8;
            assert_eq!(unpack(pack(&h, red)), (h, red));
        }
    }

    /// The rank of the red bits `red` among the variants of `mask`, counted the slow way: the
    /// variants are the subsets of `mask` in increasing order of their bits packed down.
    fn rank_slow(mask: u8, red: u8) -> u8 {
        let packed =
            |bits: u8| (0..3).filter(|s| mask & (1 << s) != 0).rev().fold(0, |acc, s| acc * 2 + (bits >> s & 1));
        (0..8u8).filter(|&r| r & !mask == 0 && packed(r) < packed(red & mask)).count() as u8
    }

    #[test]
    fn variant_tables_match_their_definitions() {
        for mask in 0..8u8 {
            let (m, n) = (usize::from(mask), 1usize << mask.count_ones());
            assert_eq!(variants(mask), n, "variants of {mask:03b}");
            for red in 0..8u8 {
                assert_eq!(RANK[m][usize::from(red)], rank_slow(mask, red), "RANK[{mask:03b}][{red:03b}]");
            }
            for (rank, &red) in RED[m].iter().enumerate().take(n) {
                assert_eq!((red & !mask, usize::from(rank_slow(mask, red))), (0, rank), "RED[{mask:03b}][{rank}]");
            }
            for code in 0..32u8 {
                let kept = match code >> 3 {
                    0 => 7,
                    clears => 7 & !(1 << (clears - 1)),
                };
                for c in 0..n {
                    let red = RED[m][c] & kept;
                    let want = rank_slow(code & 7, red);
                    assert_eq!(CLEARED_RANK[m][usize::from(code)][c], want, "CLEARED_RANK[{mask:03b}][{code}][{c}]");
                }
            }
        }
    }

    #[test]
    fn kind_tables_match_their_definitions() {
        for k in 0..34 {
            let tile = Tile::new(k).expect("kind");
            assert_eq!(DORA_OF[k], tile.dora_from_indicator().index(), "DORA_OF[{tile}]");
            assert_eq!(DORA_OF[INDICATOR_OF[k]], k, "INDICATOR_OF[{tile}]");
            let suit = FIVES.iter().position(|&f| f == k).map_or(3, |s| s as u8);
            assert_eq!(FIVE_SUIT[k], suit, "FIVE_SUIT[{tile}]");
        }
    }

    /// [`floor`] and the tie test of [`keep_one`] against [`better`] itself: no candidate below
    /// the floor is better (points first, or the win first), and with points and win equal
    /// `better` answers the tenpai test; on values of every magnitude and sign, the candidates
    /// a few units of the last place either side of the floor, seeded random ones and NaN.
    #[test]
    fn the_floor_and_the_tie_test_answer_as_better_does() {
        let mut rng = Rng::new(13);
        let mut ys = vec![0.0, 1e-300, 1e-13, 4e-12, 0.5, 1.0, 2.0, 123.456, 48_000.0, 1e10, 1e300, f64::MAX];
        ys.extend(ys.clone().iter().map(|y| -y));
        for _ in 0..2_000 {
            ys.push((rng.unit_f64() - 0.5) * 10f64.powi(rng.index(40) as i32 - 20));
        }
        let mut below = 0;
        for &y in &ys {
            let f = floor(y);
            let mut xs = vec![f64::NAN, f64::MIN, -1e300, y, f, f.next_up(), f.next_down()];
            for _ in 0..8 {
                let last = xs[xs.len() - 1];
                xs.push(last.next_down());
            }
            for _ in 0..20 {
                xs.push(y - (y.abs() + 1.0) * 1e-11 * rng.unit_f64());
            }
            for &x in &xs {
                let (a, b) = (rng.unit_f64(), rng.unit_f64());
                if x < f {
                    below += 1;
                    assert!(!better(Objective::Points, (x, a, b), (y, b, a)), "points {x:e} below {y:e}");
                    assert!(!better(Objective::Win, (a, x, b), (b, y, a)), "win {x:e} below {y:e}");
                }
                assert_eq!(better(Objective::Points, (y, x, a), (y, x, b)), a > b + TIE, "{y:e} {x:e}");
                assert_eq!(better(Objective::Win, (x, y, a), (x, y, b)), a > b + TIE, "{y:e} {x:e}");
            }
        }
        assert!(below > 40_000, "{below} candidates below the floor");
    }

    /// [`at_least`] against a filter over the kinds, on seeded random hands of counts 0..=4.
    #[test]
    fn at_least_matches_a_filter_over_the_kinds() {
        let mut rng = Rng::new(11);
        for _ in 0..20_000 {
            let mut h = [0u8; 34];
            for c in &mut h {
                *c = rng.index(5) as u8;
            }
            for n in 1..=4 {
                let slow = (0..34).filter(|&k| h[k] >= n).fold(0u64, |bits, k| bits | 1 << k);
                assert_eq!(at_least(&h, n), slow, "{h:?} at least {n}");
            }
        }
    }
}
