//! The exact recursion over draws (the model is `docs/ev-model.md`).
//!
//! A 13-tile state's value is kept for every draw index at once (`0..=17`, 17 = no draws left),
//! memoised on the packed hand and its red fives; a 14-tile state (after a draw) takes the best
//! of winning and every admissible discard. Riichi hands are a separate table: they only wait.
//!
//! The [`Solver`] lists every state reachable from the roots, then fills the values draw index
//! by draw index from the last:
//! - The listing is breadth first over 13-tile states; a 14-tile state is expanded as soon as a
//!   draw finds it. Hands are looked up by [`Group`]: one entry per hand without its red-five
//!   bits, holding the states of its red variants (up to eight, and the red fives multiply the
//!   states about sixfold on a hand holding or missing a red five in each suit), the oracle's
//!   answer for the hand (asked once) and the groups its draws or discards lead to (so the
//!   other variants are expanded without a lookup).
//! - States are then numbered group by group, so a hand's variants, which read the variants of
//!   the same hands, sit side by side; the groups and indexes are freed.
//! - The pass over draw indices reads compact records: 13-tile states in 12 bytes, 14-tile
//!   states in 12, draws in 4 ([`Kid`]) and discards in 4 (8 with a riichi state), and keeps
//!   one layer of 13-tile values overwritten in place (every layer for the simulator).

use crate::options::{Objective, Options, RiichiPolicy};
use crate::oracle::{EXTRA, Oracle, Totals, WinParts, WinQuery};
use haipai_tiles::rng::Rng;
use haipai_tiles::{Counts, Meld, Tile};
use hashbrown::HashMap;
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

/// True when `a` is strictly better than `b` under the objective.
pub(crate) fn better(objective: Objective, a: (f64, f64, f64), b: (f64, f64, f64)) -> bool {
    const EPS: f64 = 1e-12;
    let (x, y) = match objective {
        Objective::Points => ((a.0, a.1, a.2), (b.0, b.1, b.2)),
        Objective::Win => ((a.1, a.0, a.2), (b.1, b.0, b.2)),
    };
    if (x.0 - y.0).abs() > EPS * x.0.abs().max(1.0) {
        return x.0 > y.0;
    }
    if (x.1 - y.1).abs() > EPS * x.1.abs().max(1.0) {
        return x.1 > y.1;
    }
    x.2 > y.2 + EPS
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
    /// Number of ura-dora indicators (= dora indicators given).
    pub ura_count: usize,
    /// Unseen copies per kind at the input.
    pub unseen0: Counts,
    /// Unseen red five per suit at the input (0 or 1; 0 when red fives are off).
    pub red_unseen0: [u8; 3],
    /// Denominator of draw `d`.
    pub denom: [f64; LAST],
    /// A riichi on the input's discard is a double riichi.
    pub double_possible: bool,
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

/// The hand and red bits of a [`pack`]ed key.
fn unpack(key: u128) -> (Counts, u8) {
    let mut h = [0u8; 34];
    for (k, c) in h.iter_mut().enumerate() {
        *c = (key >> (3 * k)) as u8 & 7;
    }
    (h, (key >> 102) as u8 & 7)
}

/// The bits of one copy of kind `k` in a [`pack`]ed key (keys of neighbouring hands are one
/// addition or subtraction apart).
fn unit(k: usize) -> u128 {
    1u128 << (3 * k)
}

/// A [`pack`]ed key with its red bits replaced.
fn with_red(key: u128, red: u8) -> u128 {
    (key & !(7u128 << 102)) | (u128::from(red) << 102)
}

/// The red bits of a [`pack`]ed key, as an index.
fn red_of(key: u128) -> usize {
    (key >> 102) as usize & 7
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
/// for the first draw (`first`) and later draws (`later`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Child {
    pub kind: usize,
    pub live: f64,
    pub first: Arrays,
    pub later: Arrays,
}

/// One entry of a 13-tile state's draws: the 14-tile state it leads to and the live copies
/// that lead there, in four bytes (the pass over draw indices reads millions of them); the
/// kind drawn is in a [`Label`] beside it. A five whose red copy is live takes two entries,
/// the red copy's ([`Part::Red`]) then the plain copies' ([`Part::Plain`]); any other draw one
/// entry ([`Part::Whole`]).
#[derive(Clone, Copy, Debug)]
struct Kid(u32);

/// States are numbered below this in [`Kid`] (its three low bits hold the copies).
const MAX_STATES: u32 = 1 << 29;

impl Kid {
    fn new(state: u32, copies: u8) -> Kid {
        assert!(state < MAX_STATES, "more than 2^29 14-tile states");
        Kid(state << 3 | u32::from(copies))
    }

    /// The 14-tile state.
    fn state(self) -> u32 {
        self.0 >> 3
    }

    /// Live copies leading to the state (at most four).
    fn copies(self) -> u8 {
        (self.0 & 7) as u8
    }
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
    kind: u8,
    live: u8,
    parts: [(f64, u32); 2],
    len: usize,
}

/// The [`Kid`] entries of one state (with their labels) grouped into draws, kind by kind.
fn draws(kids: &[Kid], labels: &[Label]) -> Vec<Draw> {
    let mut out = Vec::with_capacity(kids.len());
    let mut i = 0;
    while i < kids.len() {
        let (kid, kind) = (kids[i], labels[i].kind);
        if labels[i].part == Part::Red {
            let plain = kids[i + 1];
            let live = kid.copies() + plain.copies();
            let pr = f64::from(kid.copies()) / f64::from(live);
            out.push(Draw { kind, live, parts: [(pr, kid.state()), (1.0 - pr, plain.state())], len: 2 });
            i += 2;
        } else {
            out.push(Draw { kind, live: kid.copies(), parts: [(1.0, kid.state()), (0.0, 0)], len: 1 });
            i += 1;
        }
    }
    out
}

/// A range of a pool (children and options live in one contiguous pool each, so the
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

/// A 13-tile state as the pass over draw indices reads it (its hand is its group's with its
/// red bits):
/// twelve bytes.
#[derive(Clone, Debug)]
struct Node13 {
    /// Draw children in the kid pool.
    kids: Span,
    /// Live copies of the children together.
    live: u16,
    /// Tiles it holds that the input does not: no path reaches it before draw index `used`.
    used: u8,
    tenpai: bool,
}

/// No win (in [`Node14::win`]), no riichi (in [`Discard::riichi`]).
const NONE: u32 = u32::MAX;

/// A 14-tile state: twelve bytes.
#[derive(Clone, Debug)]
struct Node14 {
    /// Its discard options: `len` entries of the option pool from `start` (at most 14
    /// discards, two entries each with riichi).
    start: u32,
    len: u8,
    /// Its win points in `Solver::wins`, or [`NONE`].
    win: u32,
    /// Tiles it holds that the input does not, and its shanten: its value after draw `d` is
    /// needed and not zero only when `used <= d + 1` and `shanten <= LAST - d - 1`.
    used: u8,
    shanten: i8,
}

impl Node14 {
    /// Its range of the option pool.
    fn options(&self) -> std::ops::Range<usize> {
        self.start as usize..self.start as usize + usize::from(self.len)
    }
}

/// One admissible discard of a 14-tile state: the 13-tile state it leaves and, when the
/// policy considers riichi there, the riichi state (else [`NONE`]).
#[derive(Clone, Copy, Debug)]
struct Discard {
    dama: u32,
    riichi: u32,
}

/// In the option pool, a discard is its 13-tile state, with this bit set when the riichi
/// state follows in the next entry (most discards have none: four bytes, not eight).
const WITH_RIICHI: u32 = 1 << 31;

/// Appends a [`Discard`] to the option pool.
fn push_discard(pool: &mut Vec<u32>, d: Discard) {
    assert!(d.dama < WITH_RIICHI, "more than 2^31 13-tile states");
    if d.riichi == NONE {
        pool.push(d.dama);
    } else {
        pool.extend([d.dama | WITH_RIICHI, d.riichi]);
    }
}

/// The [`Discard`]s of a range of the option pool.
fn discards(entries: &[u32]) -> impl Iterator<Item = Discard> + '_ {
    let mut x = 0;
    std::iter::from_fn(move || {
        let &e = entries.get(x)?;
        x += 1;
        if e & WITH_RIICHI == 0 {
            return Some(Discard { dama: e, riichi: NONE });
        }
        x += 1;
        Some(Discard { dama: e & !WITH_RIICHI, riichi: entries[x - 1] })
    })
}

/// One hand (13 or 14 tiles, red fives not told apart): what the oracle says about it (the
/// same for every red variant: asked once). Its states, one per red-bit variant (bit `s` =
/// the red five of suit `s`; [`NONE`] where not a state), are the group's [`Variants`]. The
/// red fives multiply the states of a hand (up to eight variants), so the listing looks hands
/// up by their group, in a table several times smaller than one keyed on states.
///
/// A group also remembers where its hand leads, once its first state is expanded (the same
/// for every variant): its kept draws with their groups and live copies (a 13-tile hand, in
/// `Solver::draws13`) or the groups of its admissible discards (a 14-tile hand, in the order
/// the expansion visits them, in `Solver::links`); the other variants are expanded without
/// looking a hand up or visiting every kind.
#[derive(Clone, Debug)]
struct Group<A> {
    answer: A,
    links: Option<Span>,
    /// In `Solver::queue13` with a variant not yet expanded (13-tile groups).
    queued: bool,
}

impl<A> Group<A> {
    fn new(answer: A) -> Self {
        Group { answer, links: None, queued: false }
    }
}

// The record sizes the docs quote (the pass over draw indices streams these).
const _: () = assert!(std::mem::size_of::<Node13>() == 12);
const _: () = assert!(std::mem::size_of::<Node14>() == 12);
const _: () = assert!(std::mem::size_of::<Kid>() == 4);

/// The states of a [`Group`] by red bits, apart from the groups (half a cache line each: the
/// listing reads them for every draw and discard).
type Variants = [u32; 8];

/// A 13-tile hand's shanten and necessary kinds, once its first state is expanded.
type Necessary = Option<(i8, u64)>;

/// A 14-tile hand's shanten, admissible discards and shanten-keeping discards (bit `e`).
type Pre = (i8, u64, u64);

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
    /// The input hand's red bits.
    base_red: u8,
    /// `used + shanten < limit` lets a hand keep a draw that does not lower its shanten (hand
    /// change) or discard into a higher one (shanten-back): see [`limit`].
    limit: i8,
    /// The groups of 13-tile hands by [`pack`]ed hand without red bits (this index and the
    /// groups are freed once every state is listed), and each group's hand (a state's hand is
    /// its group's with the state's red bits: no key is kept per state while listing).
    index13: HashMap<u128, u32>,
    groups13: Vec<Group<Necessary>>,
    variants13: Vec<Variants>,
    hands13: Vec<u128>,
    /// The 13-tile groups with a variant to expand, in the order they were found, and which
    /// states are expanded (the listing's work list).
    queue13: Vec<u32>,
    expanded13: Vec<bool>,
    /// The groups of 14-tile hands by [`pack`]ed hand without red bits, plus the winning tile
    /// ([`win_tag`]) for a complete hand (whose wait changes the score).
    index14: HashMap<u128, u32>,
    groups14: Vec<Group<Pre>>,
    variants14: Vec<Variants>,
    /// The 14-tile groups' links (see [`Group`]).
    links: Vec<u32>,
    /// The 13-tile groups' links (see [`Group`]): the kept draws, each as its 14-tile group,
    /// kind and live copies.
    draws13: Vec<(u32, u8, u8)>,
    scratch_draws: Vec<(u32, u8, u8)>,
    /// The [`pack`]ed hand of each 13-tile state, kept after the listing for the simulator
    /// only (with `keep_layers`).
    keys13: Vec<u128>,
    nodes13: Vec<Node13>,
    nodes14: Vec<Node14>,
    /// Win points at a plain draw and at the last draw (NaN for no win) of the 14-tile states
    /// that have one (see [`Node14::win`]).
    wins: Vec<[f64; 2]>,
    kid_pool: Vec<Kid>,
    /// The kinds of `kid_pool`'s entries, kept with `keep_layers` only (the simulator reads
    /// them); otherwise only the roots' are kept, in `root_labels` (see [`Solver::labels`]).
    kid_labels: Vec<Label>,
    /// The roots' [`Label`]s, by state.
    root_labels: HashMap<u32, Vec<Label>>,
    /// The roots are the 13-tile states below this index.
    root_count: u32,
    scratch_kids: Vec<(Kid, Label)>,
    /// Each 14-tile state's [`Discard`]s (see [`push_discard`]).
    option_pool: Vec<u32>,
    /// Values of the 13-tile states, layer by layer: `[d * n13 + i]` = (points, win, tenpai).
    values13: Vec<[f64; 3]>,
    /// Keep every layer of `values13` (the simulator reads any state at any draw index), the
    /// hands and the kinds of every state's draws; otherwise one layer is overwritten in place,
    /// the roots' values are kept in `root13` and the hands are freed after the listing.
    pub keep_layers: bool,
    /// The roots' values at every draw index.
    root13: HashMap<u32, [[f64; 3]; N]>,
    /// Values of the root's 14-tile children at every draw index (the other 14-tile values
    /// live one layer at a time).
    root14: HashMap<u32, [[f64; 3]; N]>,
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
}

impl<'a, O: Oracle> Solver<'a, O> {
    /// A solver counting from the input's closed tiles `base` (red bits `base_red`) with the
    /// exchange limit `limit` (see [`limit`]).
    pub fn new(o: &'a O, opts: &'a Options, s: &'a Setup, (base, base_red): (Counts, u8), limit: i8) -> Self {
        Solver {
            o,
            opts,
            s,
            base,
            base_red,
            limit,
            index13: HashMap::new(),
            index14: HashMap::new(),
            groups13: Vec::new(),
            variants13: Vec::new(),
            queue13: Vec::new(),
            expanded13: Vec::new(),
            hands13: Vec::new(),
            groups14: Vec::new(),
            variants14: Vec::new(),
            links: Vec::new(),
            draws13: Vec::new(),
            scratch_draws: Vec::new(),
            keys13: Vec::new(),
            nodes13: Vec::new(),
            nodes14: Vec::new(),
            wins: Vec::new(),
            kid_pool: Vec::new(),
            kid_labels: Vec::new(),
            root_labels: HashMap::new(),
            root_count: 0,
            scratch_kids: Vec::new(),
            option_pool: Vec::new(),
            values13: Vec::new(),
            keep_layers: true,
            root13: HashMap::new(),
            root14: HashMap::new(),
            index_riichi: HashMap::new(),
            riichi_states: Vec::new(),
            riichi_waits: Vec::new(),
            shared: Shared::default(),
            memo_ura: HashMap::new(),
        }
    }

    /// The oracle's [`Oracle::necessary`] of a 13-tile hand (not memoised: each hand is
    /// expanded once, and the table-driven answer costs less than a hash-map lookup).
    fn necessary(&self, h: &Counts) -> (i8, u64) {
        self.o.necessary(h)
    }

    /// Shanten of closed tiles (the oracle's is table-driven: cheaper than a memo).
    pub fn shanten(&mut self, h: &Counts) -> i8 {
        self.o.shanten(h)
    }

    /// Live copies of kind `k` for a state holding `h`.
    pub fn live(&self, h: &Counts, k: usize) -> u8 {
        self.s.unseen0[k].saturating_sub(h[k].saturating_sub(self.base[k]))
    }

    /// The live red copy of suit `suit` (0 or 1) for a state with red bits `red`.
    fn red_live(&self, red: u8, suit: usize) -> u8 {
        let gained = red & !self.base_red & (1 << suit) != 0;
        self.s.red_unseen0[suit].saturating_sub(u8::from(gained))
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
        let key = win_key(h14, drawn, riichi, haitei);
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
        let key = win_key(h14, drawn, riichi, haitei);
        if let Some(&v) = self.shared.totals.get(&key) {
            return v;
        }
        if !haitei && self.riichi_considered() {
            // A hand that may win with riichi is asked both ways at once (the dama reading
            // takes its extra han from the riichi one; most complete hands are asked both).
            let (dama, with_riichi) = self.o.tsumo_totals_pair(&self.win_query(h14, drawn, false, false));
            self.shared.totals.insert(win_key(h14, drawn, false, false), dama);
            self.shared.totals.insert(win_key(h14, drawn, true, false), with_riichi);
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
        let red_han = if self.opts.red_fives { red.count_ones() } else { 0 };
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
        let m = self.s.ura_count;
        let mut all = *h14;
        for (a, b) in all.iter_mut().zip(self.s.meld_counts.iter()) {
            *a += b;
        }
        // Group the live tiles by how many dora they would make.
        let mut groups = [0u32; 5];
        for u in 0..34 {
            let v = all[Tile::new(u).expect("kind").dora_from_indicator().index()] as usize;
            groups[v.min(4)] += u32::from(self.live(h14, u));
        }
        let total: u32 = groups.iter().sum();
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

    /// The group of the 13-tile hand whose [`pack`]ed key without red bits is `plain`.
    fn group13(&mut self, plain: u128) -> u32 {
        if let Some(&g) = self.index13.get(&plain) {
            return g;
        }
        let g = self.groups13.len() as u32;
        self.groups13.push(Group::new(None));
        self.variants13.push([NONE; 8]);
        self.hands13.push(plain);
        self.index13.insert(plain, g);
        g
    }

    /// The [`Oracle::necessary`] answer of the hand `h` of 13-tile group `g`, asked once per
    /// group.
    fn group_necessary(&mut self, g: u32, h: &Counts) -> (i8, u64) {
        if let Some(answer) = self.groups13[g as usize].answer {
            return answer;
        }
        let answer = self.necessary(h);
        self.groups13[g as usize].answer = Some(answer);
        answer
    }

    /// The 13-tile state of group `g` with the hand and red bits `key` (a [`pack`]ed key),
    /// holding `used` tiles the input does not. A new state is expanded when the listing
    /// reaches its index.
    fn node13(&mut self, g: u32, key: u128, used: u8) -> u32 {
        let red = red_of(key);
        let slot = self.variants13[g as usize][red];
        if slot != NONE {
            return slot;
        }
        let i = self.nodes13.len() as u32;
        self.variants13[g as usize][red] = i;
        self.nodes13.push(Node13 { kids: Span::default(), live: 0, used, tenpai: false });
        self.expanded13.push(false);
        if !self.groups13[g as usize].queued {
            self.groups13[g as usize].queued = true;
            self.queue13.push(g);
        }
        i
    }

    /// The group of the 14-tile hand `h14` (its [`pack`]ed key without red bits `plain`).
    fn group14(&mut self, h14: &Counts, plain: u128) -> u32 {
        self.group14_with(plain, |s| s.admissible_discards(h14))
    }

    /// The group of the 14-tile key `key` (a [`pack`]ed hand without red bits, with the
    /// [`win_tag`] for a complete hand), created with the answer `pre` computes when new.
    fn group14_with(&mut self, key: u128, pre: impl FnOnce(&mut Self) -> Pre) -> u32 {
        if let Some(&g) = self.index14.get(&key) {
            return g;
        }
        let pre = pre(self);
        let g = self.groups14.len() as u32;
        self.groups14.push(Group::new(pre));
        self.variants14.push([NONE; 8]);
        self.index14.insert(key, g);
        g
    }

    /// The group of the 14-tile states reached by drawing `drawn` into `h14` (its [`pack`]ed
    /// key without red bits `plain`), or [`NONE`] when the draw is not kept: it does not lower
    /// the shanten (`needed` false) and the hand's only admissible discard is the drawn tile.
    fn draw_group(&mut self, h14: &Counts, plain: u128, drawn: usize, needed: bool) -> u32 {
        let g = self.group14(h14, plain);
        let pre = self.groups14[g as usize].answer;
        if pre.0 == -1 {
            // A complete hand: its states are told apart by the winning tile as well (every
            // draw completing a hand lowers its shanten: always kept).
            // The same hand, so the same answer.
            return self.group14_with(plain | win_tag(drawn), |_| pre);
        }
        if !needed && pre.1 & !(1u64 << drawn) == 0 { NONE } else { g }
    }

    /// The 14-tile state of group `g` for the hand `h14` (key `key14`, red bits `red`) after
    /// drawing `drawn`, holding `used` tiles the input does not. A new state is expanded at
    /// once.
    fn node14(&mut self, g: u32, h14: &mut Counts, key14: u128, red: u8, drawn: usize, used: u8) -> u32 {
        let slot = self.variants14[g as usize][usize::from(red)];
        if slot != NONE {
            return slot;
        }
        let j = self.nodes14.len() as u32;
        self.variants14[g as usize][usize::from(red)] = j;
        let pre = self.groups14[g as usize].answer;
        self.nodes14.push(Node14 { start: 0, len: 0, win: NONE, used, shanten: pre.0 });
        self.expand14(j, g, h14, key14, red, drawn);
        j
    }

    /// Lists the draws of 13-tile state `i`, the variant of group `g` with red bits `red` (its
    /// `tenpai`, kids and live copies).
    fn expand13(&mut self, i: u32, g: usize, red: usize) {
        let key13 = with_red(self.hands13[g], red as u8);
        let (mut h, red) = unpack(key13);
        let (sh, necessary) = self.group_necessary(g as u32, &h);
        let used13 = self.nodes13[i as usize].used;
        let mut draws = std::mem::take(&mut self.scratch_draws);
        draws.clear();
        match self.groups13[g].links {
            Some(span) => draws.extend_from_slice(&self.draws13[span.range()]),
            None => {
                // Hand change only with slack (then any draw may be kept); otherwise necessary
                // draws.
                let change = used13 as i8 + sh < self.limit;
                for k in 0..34 {
                    let c = self.live(&h, k);
                    let needed = necessary & (1 << k) != 0;
                    if c == 0 || h[k] >= 4 || (!needed && !change) {
                        continue;
                    }
                    h[k] += 1;
                    let g14 = self.draw_group(&h, with_red(key13 + unit(k), 0), k, needed);
                    h[k] -= 1;
                    if g14 != NONE {
                        draws.push((g14, k as u8, c));
                    }
                }
                self.groups13[g].links = Some(Span { start: self.draws13.len() as u32, len: draws.len() as u32 });
                self.draws13.extend_from_slice(&draws);
            }
        }
        let mut kids = std::mem::take(&mut self.scratch_kids);
        kids.clear();
        for &(g14, kind, c) in &draws {
            let k = usize::from(kind);
            h[k] += 1;
            let key14 = key13 + unit(k);
            let used14 = used13 + u8::from(h[k] > self.base[k]);
            let suit = FIVES.iter().position(|&f| f == k);
            let red_live = suit.map_or(0, |s| if self.opts.red_fives { self.red_live(red, s) } else { 0 });
            if red_live > 0 {
                let with = red | (1 << suit.expect("a five"));
                let a = self.node14(g14, &mut h, with_red(key14, with), with, k, used14);
                let b = self.node14(g14, &mut h, key14, red, k, used14);
                kids.push((Kid::new(a, red_live), Label { kind, part: Part::Red }));
                kids.push((Kid::new(b, c - red_live), Label { kind, part: Part::Plain }));
            } else {
                let a = self.node14(g14, &mut h, key14, red, k, used14);
                kids.push((Kid::new(a, c), Label { kind, part: Part::Whole }));
            }
            h[k] -= 1;
        }
        self.scratch_draws = draws;
        let start = self.kid_pool.len() as u32;
        self.kid_pool.extend(kids.iter().map(|k| k.0));
        if self.keep_layers {
            self.kid_labels.extend(kids.iter().map(|k| k.1));
        } else if i < self.root_count {
            self.root_labels.insert(i, kids.iter().map(|k| k.1).collect());
        }
        let node = &mut self.nodes13[i as usize];
        node.kids = Span { start, len: kids.len() as u32 };
        node.live = kids.iter().map(|k| u16::from(k.0.copies())).sum();
        node.tenpai = sh == 0;
        self.scratch_kids = kids;
    }

    /// The shanten of a 14-tile hand, its admissible discards and its shanten-keeping
    /// discards (bit `e`). A discard that keeps the shanten (from one [`Oracle::unnecessary`]
    /// call) is always admissible; any other (shanten-back) only when the hand has slack:
    /// `used + shanten < limit`. A complete hand (declining the win) may discard into tenpai
    /// when the tenpai hand is within the limit, `used <= limit`.
    fn admissible_discards(&mut self, h14: &Counts) -> Pre {
        let (sh14, mut keep) = self.o.unnecessary(h14);
        let h = h14;
        let held = h.iter().enumerate().filter(|&(_, &c)| c > 0).fold(0u64, |acc, (e, _)| acc | 1 << e);
        let used14 = self.used(h14);
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
        let slack = used14 + sh14 < self.limit;
        (sh14, if slack { held } else { keep }, keep)
    }

    /// Lists the win and the admissible discards of 14-tile state `j` of group `g`: the hand
    /// `h14` (its [`pack`]ed key `hand`, red bits `red`) after drawing `drawn`.
    fn expand14(&mut self, j: u32, g: u32, h14: &mut Counts, hand: u128, red: u8, drawn: usize) {
        let (sh14, admissible, keep) = self.groups14[g as usize].answer;
        let mut win = [None, None];
        if sh14 == -1 {
            win = [self.win_points(h14, red, drawn, 0, false, false), self.win_points(h14, red, drawn, 0, false, true)];
        }
        let forced = win[0].is_some() && win[1].is_some() && !self.opts.may_decline;
        let start = self.option_pool.len() as u32;
        if !forced {
            let known = self.groups14[g as usize].links;
            // A new group's links go straight to the end of `links` (nothing else appends to it
            // while a 14-tile state is expanded).
            let links_start = self.links.len() as u32;
            let used14 = self.nodes14[j as usize].used;
            let mut n = 0;
            for e in 0..34 {
                if h14[e] == 0 || admissible & (1 << e) == 0 {
                    continue;
                }
                let g13 = match known {
                    Some(span) => self.links[span.start as usize + n],
                    None => {
                        let g13 = self.group13(with_red(hand, 0) - unit(e));
                        self.links.push(g13);
                        g13
                    }
                };
                n += 1;
                let used13 = used14 - u8::from(h14[e] > self.base[e]);
                let red13 = Self::throw(h14, red, e);
                let key13 = with_red(hand, red13) - unit(e);
                let dama = self.node13(g13, key13, used13);
                // Tenpai after the discard: only from a tenpai hand keeping its shanten, or
                // from a complete one.
                let tenpai = match sh14 {
                    0 => keep & (1 << e) != 0,
                    -1 => self.shanten(h14) == 0,
                    _ => false,
                };
                let considered = tenpai && self.riichi_considered();
                let riichi = if considered { self.riichi_keyed(h14, red13, false, key13, Some(g13)) } else { NONE };
                push_discard(&mut self.option_pool, Discard { dama, riichi });
                h14[e] += 1;
            }
            if known.is_none() {
                let len = self.links.len() as u32 - links_start;
                self.groups14[g as usize].links = Some(Span { start: links_start, len });
            }
        }
        let node = &mut self.nodes14[j as usize];
        node.start = start;
        node.len = u8::try_from(self.option_pool.len() as u32 - start).expect("at most 28 option entries");
        if win.iter().any(Option::is_some) {
            node.win = self.wins.len() as u32;
            self.wins.push(win.map(|w| w.unwrap_or(f64::NAN)));
        }
    }

    /// Lists every state reachable from the roots (13-tile hands and their red bits) and
    /// fills their arrays; returns the roots' state indices.
    pub fn solve(&mut self, roots: &[(Counts, u8)]) -> Result<Vec<u32>, TooManyStates> {
        let roots: Vec<u32> = roots
            .iter()
            .map(|(h, red)| {
                let key = pack(h, *red);
                let g = self.group13(with_red(key, 0));
                self.node13(g, key, self.used(h) as u8)
            })
            .collect();
        self.root_count = self.nodes13.len() as u32;
        // Breadth first over 13-tile hands, all the red variants of a hand together (each
        // 14-tile state is expanded when found): the variants of a hand read the same groups,
        // which stay in cache; states are numbered in the order they are found, so a state's
        // draws and discards get nearby indices (the pass over draw indices is bound by memory:
        // 40 % faster than in depth-first order).
        let mut next = 0;
        while next < self.queue13.len() {
            let g = self.queue13[next] as usize;
            next += 1;
            self.groups13[g].queued = false;
            // The variants found so far, one after the other (they read the same groups); a
            // variant found later queues the group again.
            for red in 0..8 {
                let i = self.variants13[g][red];
                if i != NONE && !self.expanded13[i as usize] {
                    self.expanded13[i as usize] = true;
                    self.expand13(i, g, red);
                }
            }
            if self.nodes13.len() + self.nodes14.len() > self.opts.max_states {
                return Err(TooManyStates);
            }
        }
        self.queue13 = Vec::new();
        self.expanded13 = Vec::new();
        // Every state is listed: the indexes are not needed any more (freeing them before the
        // pass lowers the peak memory).
        self.index13 = HashMap::new();
        self.index14 = HashMap::new();
        self.groups13 = Vec::new();
        self.groups14 = Vec::new();
        self.links = Vec::new();
        self.draws13 = Vec::new();
        let roots = if self.nodes13.len() + self.nodes14.len() >= RENUMBER_FROM {
            self.renumber(&roots)
        } else {
            self.keep_order();
            roots
        };
        self.fill(&roots);
        Ok(roots)
    }

    /// Keeps the listing's numbering (a graph small enough to stay in cache gains nothing from
    /// [`Solver::renumber`]): frees the groups' [`Variants`], keeping the states' hands for the
    /// simulator when every layer is kept.
    fn keep_order(&mut self) {
        let variants = std::mem::take(&mut self.variants13);
        let hands = std::mem::take(&mut self.hands13);
        self.variants14 = Vec::new();
        if self.keep_layers {
            let mut keys = vec![0; self.nodes13.len()];
            for (v, &hand) in variants.iter().zip(&hands) {
                for (r, &i) in v.iter().enumerate() {
                    if i != NONE {
                        keys[i as usize] = with_red(hand, r as u8);
                    }
                }
            }
            self.keys13 = keys;
        }
    }

    /// Numbers the states group by group (the red-five variants of a hand next to each other,
    /// groups in the order they were found) and returns the roots' new indices. The variants
    /// of a hand read the variants of the same hands in the pass over draw indices, so their
    /// reads fall on the same cache lines. Frees the groups' [`Variants`].
    fn renumber(&mut self, roots: &[u32]) -> Vec<u32> {
        let variants = std::mem::take(&mut self.variants13);
        let hands = std::mem::take(&mut self.hands13);
        let order13: Vec<u32> = variants.iter().flatten().copied().filter(|&i| i != NONE).collect();
        // The states' hands in the new order: read again only by the simulator, which keeps
        // every layer.
        self.keys13 = if self.keep_layers {
            let states = variants.iter().zip(&hands);
            states
                .flat_map(|(v, &hand)| (0..8).filter(move |&r| v[r] != NONE).map(move |r| with_red(hand, r as u8)))
                .collect()
        } else {
            Vec::new()
        };
        let order14: Vec<u32> =
            std::mem::take(&mut self.variants14).into_iter().flatten().filter(|&j| j != NONE).collect();
        let new13 = inverse(&order13);
        let new14 = inverse(&order14);
        let keep = self.keep_layers;
        self.root_labels =
            std::mem::take(&mut self.root_labels).into_iter().map(|(r, l)| (new13[r as usize], l)).collect();
        let mut kids = Vec::with_capacity(self.kid_pool.len());
        let mut labels = Vec::with_capacity(if keep { self.kid_pool.len() } else { 0 });
        let nodes13: Vec<Node13> = order13
            .iter()
            .map(|&old| {
                let n = &self.nodes13[old as usize];
                let start = kids.len() as u32;
                kids.extend(
                    self.kid_pool[n.kids.range()].iter().map(|k| Kid::new(new14[k.state() as usize], k.copies())),
                );
                if keep {
                    labels.extend_from_slice(&self.kid_labels[n.kids.range()]);
                }
                Node13 { kids: Span { start, len: n.kids.len }, ..n.clone() }
            })
            .collect();
        self.kid_pool = kids;
        self.kid_labels = labels;
        self.nodes13 = nodes13;
        let mut options = Vec::with_capacity(self.option_pool.len());
        let nodes14: Vec<Node14> = order14
            .iter()
            .map(|&old| {
                let n = &self.nodes14[old as usize];
                let start = options.len() as u32;
                for o in discards(&self.option_pool[n.options()]) {
                    push_discard(&mut options, Discard { dama: new13[o.dama as usize], ..o });
                }
                Node14 { start, ..n.clone() }
            })
            .collect();
        self.option_pool = options;
        self.nodes14 = nodes14;
        roots.iter().map(|&r| new13[r as usize]).collect()
    }

    /// Pass 2: the arrays of every state, draw index by draw index from the last. At each
    /// index the 14-tile values are computed first (each reads the 13-tile values of the next
    /// index), then the 13-tile values gather them; both steps run in parallel over states.
    fn fill(&mut self, roots: &[u32]) {
        let graph = Graph {
            nodes13: &self.nodes13,
            nodes14: &self.nodes14,
            kids: &self.kid_pool,
            options: &self.option_pool,
            wins: &self.wins,
            objective: self.opts.objective,
            policy: self.opts.riichi,
            may_decline: self.opts.may_decline,
        };
        let (n13, n14) = (self.nodes13.len(), self.nodes14.len());
        // Layer `d` lives in slot `d` (every layer kept) or in one slot overwritten layer by
        // layer: once the 14-tile values of index `d` are computed, the 13-tile values of `d + 1`
        // are read only by their own state, just before it overwrites them.
        let keep = self.keep_layers;
        let slot = |d: usize| if keep { d } else { 0 };
        let mut v13 = vec![[0.0f64; 3]; if keep { N } else { 1 } * n13];
        for (i, n) in self.nodes13.iter().enumerate() {
            v13[slot(LAST) * n13 + i][2] = if n.tenpai { 1.0 } else { 0.0 };
        }
        let mut root13: HashMap<u32, [[f64; 3]; N]> = roots.iter().map(|&r| (r, [[0.0; 3]; N])).collect();
        let mut root14: HashMap<u32, [[f64; 3]; N]> = HashMap::new();
        for &r in roots {
            for kid in &self.kid_pool[self.nodes13[r as usize].kids.range()] {
                root14.insert(kid.state(), [[0.0; 3]; N]);
            }
        }
        for (&r, row) in root13.iter_mut() {
            row[LAST] = v13[slot(LAST) * n13 + r as usize];
        }
        let mut v14 = vec![[0.0f64; 3]; n14];
        // The riichi states' values at the next draw index, `first` (what a discard declaring
        // riichi reads) and `later` (what the recursion reads), from the terminal values.
        let nr = self.riichi_states.len();
        let mut column = vec![[0.0, 0.0, 1.0]; nr];
        let mut later_r = vec![[0.0, 0.0, 1.0]; nr];
        for d in (0..LAST).rev() {
            if keep {
                let (head, tail) = v13.split_at_mut((d + 1) * n13);
                let (layer13, next13) = (&mut head[d * n13..], &tail[..n13]);
                self.fill_layer(&graph, d, &mut v14, &column, (layer13, Some(next13)));
            } else {
                self.fill_layer(&graph, d, &mut v14, &column, (&mut v13, None));
            }
            self.riichi_layer(d, &mut later_r, &mut column);
            let layer13 = &v13[slot(d) * n13..(slot(d) + 1) * n13];
            for (&j, row) in root14.iter_mut() {
                row[d] = v14[j as usize];
            }
            for (&r, row) in root13.iter_mut() {
                row[d] = layer13[r as usize];
            }
        }
        self.values13 = v13;
        self.root13 = root13;
        self.root14 = root14;
    }

    /// The riichi states' values at draw index `d` from those at `d + 1`: `later` (updated in
    /// place) and `first`, written to `column`.
    fn riichi_layer(&self, d: usize, later: &mut [[f64; 3]], column: &mut [[f64; 3]]) {
        for ((span, l), f) in self.riichi_states.iter().zip(later.iter_mut()).zip(column.iter_mut()) {
            (*l, *f) = riichi_step(self.s.denom[d], &self.riichi_waits[span.range()], d, *l);
        }
    }

    /// One draw index `d` of the pass: the 14-tile values `v14` (reading the 13-tile values
    /// of `d + 1`), then the 13-tile values of `d` in `layer13`. The values of `d + 1` are
    /// `next13`, or `layer13` itself (overwritten in place) when `next13` is `None`.
    fn fill_layer(
        &self,
        graph: &Graph<'_>,
        d: usize,
        v14: &mut [[f64; 3]],
        next_r: &[[f64; 3]],
        (layer13, next13): (&mut [[f64; 3]], Option<&[[f64; 3]]>),
    ) {
        {
            let next13: &[[f64; 3]] = next13.unwrap_or(layer13);
            let values = |c: usize, chunk: &mut [[f64; 3]]| {
                for (o, out) in chunk.iter_mut().enumerate() {
                    *out = graph.value14(c * CHUNK + o, d, next13, next_r);
                }
            };
            if v14.len() >= PARALLEL_FROM {
                v14.par_chunks_mut(CHUNK).enumerate().for_each(|(c, chunk)| values(c, chunk));
            } else {
                values(0, v14);
            }
        }
        let denom = self.s.denom[d];
        let v14 = &*v14;
        let gather = |c: usize, chunk: &mut [[f64; 3]], next: Option<&[[f64; 3]]>| {
            for (o, out) in chunk.iter_mut().enumerate() {
                let i = c * CHUNK + o;
                let own = next.map_or(*out, |n| n[i]);
                if let Some(v) = graph.value13(i, d, denom, own, v14) {
                    *out = v;
                }
            }
        };
        if layer13.len() >= PARALLEL_FROM {
            layer13.par_chunks_mut(CHUNK).enumerate().for_each(|(c, chunk)| gather(c, chunk, next13));
        } else {
            gather(0, layer13, next13);
        }
    }

    /// The value of 13-tile state `i` before draw `d` (after [`Solver::solve`], with every
    /// layer kept).
    fn value13(&self, i: u32, d: usize) -> (f64, f64, f64) {
        let v = self.values13[d * self.nodes13.len() + i as usize];
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

    /// The [`Label`]s of 13-tile state `i`'s draws (a root's, or any state's when every layer
    /// is kept).
    fn labels(&self, i: u32) -> &[Label] {
        match self.root_labels.get(&i) {
            Some(labels) => labels,
            None => &self.kid_labels[self.nodes13[i as usize].kids.range()],
        }
    }

    /// The root's draw children with their 14-tile arrays (after [`Solver::solve`]).
    pub fn root_children(&self, r: u32) -> Vec<Child> {
        draws(&self.kid_pool[self.nodes13[r as usize].kids.range()], self.labels(r))
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
                Child { kind: usize::from(draw.kind), live: f64::from(draw.live), first: a, later: a }
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
        self.riichi_waits_of(h, red, double, answer)
            .into_iter()
            .map(|(kind, w)| Child { kind, live: w.live, first: spread(w.first), later: spread(w.later) })
            .collect()
    }

    /// The waits of a riichi hand (by kind) given its [`Oracle::necessary`] answer: live
    /// copies and the win's points with ippatsu (`first`) and without (`later`), at a plain
    /// draw and at the last one.
    fn riichi_waits_of(
        &mut self,
        h: &mut Counts,
        red: u8,
        double: bool,
        (sh, necessary): (i8, u64),
    ) -> Vec<(usize, Wait)> {
        let level = if double { 2 } else { 1 };
        let mut out = Vec::new();
        // The winning kinds, from the necessary tiles (a riichi hand is tenpai).
        let waits = if sh == 0 { necessary } else { 0 };
        for k in 0..34 {
            let c = self.live(h, k);
            if c == 0 || h[k] >= 4 || waits & (1 << k) == 0 {
                continue;
            }
            h[k] += 1;
            let suit = FIVES.iter().position(|&f| f == k);
            let red_live = suit.map_or(0, |s| if self.opts.red_fives { self.red_live(red, s) } else { 0 });
            let pr = f64::from(red_live) / f64::from(c);
            let red_bits = suit.map_or(red, |s| red | (1 << s));
            let mut wait = Wait { live: f64::from(c), first: [0.0; 2], later: [0.0; 2] };
            // With menzen tsumo on, the four (ippatsu, haitei) values and both red cases come
            // from one oracle total and one ura-dora distribution (what `win_points` computes
            // for each, asked once).
            let fast = if self.opts.menzen_tsumo {
                let t = self.win_totals(h, k, true, false);
                let dist = if self.opts.ura_dora && self.s.ura_count > 0 { Some(self.ura_memo(h)) } else { None };
                Some((t, dist))
            } else {
                None
            };
            let double = u32::from(level == 2 && self.opts.double_riichi);
            for (ipp, points) in [(true, &mut wait.first), (false, &mut wait.later)] {
                for haitei in [false, true] {
                    let value = |s: &mut Self, bits: u8| match &fast {
                        Some((t, dist)) => t.as_ref().map_or(0.0, |t| {
                            let red_han = if s.opts.red_fives { bits.count_ones() } else { 0 };
                            let extra = red_han
                                + double
                                + u32::from(ipp && s.opts.ippatsu)
                                + u32::from(haitei && s.opts.haitei);
                            totals_points(t, extra, dist.as_deref())
                        }),
                        None => s.win_points(h, bits, k, level, ipp, haitei).unwrap_or(0.0),
                    };
                    let plain = value(self, red);
                    let with_red = if pr > 0.0 { value(self, red_bits) } else { 0.0 };
                    points[usize::from(haitei)] = pr * with_red + (1.0 - pr) * plain;
                }
            }
            out.push((k, wait));
            h[k] -= 1;
        }
        out
    }

    /// A riichi hand's state index (memoised arrays): it wins or throws every draw.
    pub fn riichi(&mut self, h: &mut Counts, red: u8, double: bool) -> u32 {
        self.riichi_keyed(h, red, double, pack(h, red), None)
    }

    /// [`Solver::riichi`] of the hand whose [`pack`]ed key is `key`, with the 13-tile group
    /// of the hand when the listing knows it (the group keeps the necessary-tiles answer).
    fn riichi_keyed(&mut self, h: &mut Counts, red: u8, double: bool, key: u128, group: Option<u32>) -> u32 {
        let key = key | u128::from(double) << 120;
        if let Some(&i) = self.index_riichi.get(&key) {
            return i;
        }
        let answer = match group {
            Some(g) => self.group_necessary(g, h),
            None => self.necessary(h),
        };
        let waits = self.riichi_waits_of(h, red, double, answer);
        let start = self.riichi_waits.len() as u32;
        self.riichi_waits.extend(waits.iter().map(|&(_, w)| w));
        let i = self.riichi_states.len() as u32;
        self.riichi_states.push(Span { start, len: waits.len() as u32 });
        self.index_riichi.insert(key, i);
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
            let (l, f) = riichi_step(self.s.denom[d], waits, d, later);
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
            let (h, red) = unpack(self.keys13[root as usize]);
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
                    let kids = draws(&self.kid_pool[self.nodes13[i as usize].kids.range()], self.labels(i));
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
                    let n = &self.nodes14[j as usize];
                    if let Some(p) = win_points(&self.wins, n, d == LAST - 1) {
                        // The DP takes a win whenever one is available (declining is an option
                        // the simulator does not model).
                        return (p, true, true);
                    }
                    let mut best: Option<((f64, f64, f64), St)> = None;
                    for Discard { dama, riichi } in discards(&self.option_pool[n.options()]) {
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
                                let (h, red) = unpack(self.keys13[dama as usize]);
                                cand = (rv, St::Riichi(h, red, false, true));
                            }
                        }
                        if best.as_ref().is_none_or(|b| better(objective, cand.0, b.0)) {
                            best = Some(cand);
                        }
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
            St::Dama(i) => self.nodes13[i as usize].tenpai,
            St::Riichi(..) => true,
        };
        (0.0, false, tenpai)
    }

    /// Number of states (for reports and tests).
    pub fn states(&self) -> usize {
        self.nodes13.len() + self.nodes14.len() + self.riichi_states.len()
    }
}

/// Graphs of at least this many states (13- and 14-tile) are renumbered group by group
/// before the pass ([`Solver::renumber`]); smaller ones stay in cache in the listing's order.
const RENUMBER_FROM: usize = 1 << 16;

/// States per parallel task in the pass over draw indices.
const CHUNK: usize = 4096;

/// A layer of fewer states is computed on the calling thread: below this, handing chunks to
/// other threads costs more than it saves (the 2-shanten bench hand, 7 k + 14 k states, was
/// 25 % slower with two threads than with one).
const PARALLEL_FROM: usize = 1 << 17;

/// The state graph, read-only, as the pass over draw indices sees it (shared by its threads).
struct Graph<'g> {
    nodes13: &'g [Node13],
    nodes14: &'g [Node14],
    kids: &'g [Kid],
    options: &'g [u32],
    wins: &'g [[f64; 2]],
    objective: Objective,
    policy: RiichiPolicy,
    may_decline: bool,
}

impl Graph<'_> {
    /// The value of 14-tile state `j` after draw `d`: a win, or the best admissible discard
    /// (dama or riichi) valued at `d + 1`. Zero where it is exactly zero or never read: fewer
    /// draws left than its shanten (no discard reaches tenpai), or an index no path reaches
    /// (it holds more tiles the input does not than draws made).
    fn value14(&self, j: usize, d: usize, next13: &[[f64; 3]], next_r: &[[f64; 3]]) -> [f64; 3] {
        let n = &self.nodes14[j];
        if d + 1 < usize::from(n.used) || (LAST - d - 1) < usize::try_from(n.shanten).unwrap_or(0) {
            return [0.0; 3];
        }
        let mut win = None;
        if let Some(p) = win_points(self.wins, n, d == LAST - 1) {
            if !self.may_decline {
                return [p, 1.0, 1.0];
            }
            win = Some([p, 1.0, 1.0]);
        }
        // The comparison specialised to the objective (the choice loop compiled once for each).
        let options = &self.options[n.options()];
        match self.objective {
            Objective::Points => self.choose(options, win, next13, next_r, |a, b| {
                better(Objective::Points, (a[0], a[1], a[2]), (b[0], b[1], b[2]))
            }),
            Objective::Win => self.choose(options, win, next13, next_r, |a, b| {
                better(Objective::Win, (a[0], a[1], a[2]), (b[0], b[1], b[2]))
            }),
        }
    }

    /// The best of the win `win` (when it may be declined) and the discards `options` (entries
    /// of the option pool, read in place: see [`discards`]) valued at the next draw index, under
    /// the comparison `better`.
    fn choose(
        &self,
        options: &[u32],
        win: Option<[f64; 3]>,
        next13: &[[f64; 3]],
        next_r: &[[f64; 3]],
        better: impl Fn([f64; 3], [f64; 3]) -> bool,
    ) -> [f64; 3] {
        let (mut best, mut found) = match win {
            Some(w) => (w, true),
            None => ([0.0; 3], false),
        };
        let mut x = 0;
        while x < options.len() {
            let entry = options[x];
            x += 1;
            let mut v = next13[(entry & !WITH_RIICHI) as usize];
            if entry & WITH_RIICHI != 0 {
                let riichi = next_r[options[x] as usize];
                x += 1;
                match self.policy {
                    RiichiPolicy::Never => {}
                    RiichiPolicy::Always => v = riichi,
                    RiichiPolicy::Best if better(riichi, v) => v = riichi,
                    RiichiPolicy::Best => {}
                }
            }
            if !found || better(v, best) {
                (best, found) = (v, true);
            }
        }
        best
    }

    /// The value of 13-tile state `i` before draw `d` (denominator `denom`): its draws'
    /// 14-tile values and, for a thrown draw, its own value at `d + 1` (`next`). `None` at an
    /// index no path reaches (more tiles the input does not than draws made): never read.
    fn value13(&self, i: usize, d: usize, denom: f64, next: [f64; 3], v14: &[[f64; 3]]) -> Option<[f64; 3]> {
        let n = &self.nodes13[i];
        if usize::from(n.used) > d {
            return None;
        }
        let live = f64::from(n.live);
        let big = denom.max(live);
        let stay = 1.0 - live / big;
        let mut acc = [0.0f64; 3];
        for kid in &self.kids[n.kids.range()] {
            let (q, v) = (f64::from(kid.copies()), v14[kid.state() as usize]);
            acc[0] += q * v[0];
            acc[1] += q * v[1];
            acc[2] += q * v[2];
        }
        let inv = 1.0 / big;
        Some([stay * next[0] + inv * acc[0], stay * next[1] + inv * acc[1], stay * next[2] + inv * acc[2]])
    }
}

/// The win points of 14-tile state `n` at a plain draw (`last` false) or at the last draw,
/// `None` without a win (`wins` is `Solver::wins`).
fn win_points(wins: &[[f64; 2]], n: &Node14, last: bool) -> Option<f64> {
    if n.win == NONE {
        return None;
    }
    let p = wins[n.win as usize][usize::from(last)];
    (!p.is_nan()).then_some(p)
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

/// One winning kind of a riichi state: its live copies and the points of the win on the first
/// draw after the declaration (`first`, ippatsu) and later (`later`), each at a plain draw and
/// at the last draw (haitei). The win and tenpai probabilities of a win are 1.
#[derive(Clone, Copy, Debug)]
struct Wait {
    live: f64,
    first: [f64; 2],
    later: [f64; 2],
}

/// One draw index `d` of [`first_passage`] for a riichi state with the given waits, from its
/// `later` values at `d + 1`: its `later` and `first` values at `d` (the same arithmetic in
/// the same order, so the same values).
fn riichi_step(denom: f64, waits: &[Wait], d: usize, later: [f64; 3]) -> ([f64; 3], [f64; 3]) {
    let s: f64 = waits.iter().map(|w| w.live).sum();
    let big = denom.max(s);
    let stay = 1.0 - s / big;
    let last = usize::from(d == LAST - 1);
    let (mut lp, mut lw, mut lt) = (stay * later[0], stay * later[1], stay * later[2]);
    let (mut fp, mut fw, mut ft) = (lp, lw, lt);
    for w in waits {
        let q = w.live / big;
        lp += q * w.later[last];
        lw += q * 1.0;
        lt += q * 1.0;
        fp += q * w.first[last];
        fw += q * 1.0;
        ft += q * 1.0;
    }
    ([lp, lw, lt], [fp, fw, ft])
}

/// Each child's contribution to the points of `first[d0]` (see [`first_passage`]).
pub(crate) fn contributions(denom: &[f64; LAST], children: &[Child], d0: usize) -> Vec<f64> {
    let s: f64 = children.iter().map(|c| c.live).sum();
    children
        .iter()
        .map(|c| {
            // Later draws, from the last back to d0 + 1.
            let mut g = 0.0;
            for d in (d0 + 1..LAST).rev() {
                let big = denom[d].max(s);
                g = c.live / big * c.later.p[d] + (1.0 - s / big) * g;
            }
            if d0 >= LAST {
                return 0.0;
            }
            let big = denom[d0].max(s);
            c.live / big * c.first.p[d0] + (1.0 - s / big) * g
        })
        .collect()
}

/// The inverse of a permutation: `inverse(order)[order[i]] = i`.
fn inverse(order: &[u32]) -> Vec<u32> {
    let mut out = vec![0; order.len()];
    for (i, &old) in order.iter().enumerate() {
        out[old as usize] = i as u32;
    }
    out
}

/// The bits [`Solver::draw_group`] adds to the key of a complete hand: the winning tile (the
/// wait changes the score).
fn win_tag(drawn: usize) -> u128 {
    (drawn as u128 + 1) << 105
}

/// The memo key of a tsumo win: the hand without red bits, the drawn kind, riichi, haitei.
fn win_key(h14: &Counts, drawn: usize, riichi: bool, haitei: bool) -> u128 {
    pack(h14, 0) | (drawn as u128) << 105 | u128::from(riichi) << 112 | u128::from(haitei) << 113
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
