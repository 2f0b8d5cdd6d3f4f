//! The exact recursion over draws (the model is `docs/ev-model.md`).
//!
//! A 13-tile state's value is kept for every draw index at once (`0..=17`, 17 = no draws left),
//! memoised on the packed hand; a 14-tile state (after a draw) takes the best of winning and
//! every admissible discard. Riichi hands are a separate table: they only wait.

use crate::options::{Objective, Options, RiichiPolicy};
use crate::oracle::{EXTRA, Oracle, Totals, WinParts, WinQuery};
use haipai_tiles::rng::Rng;
use haipai_tiles::{Counts, Meld, Tile};
use hashbrown::HashMap;
use rayon::prelude::*;
use std::collections::VecDeque;

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

/// The exchange limit of an input of shanten `input_shanten`: its shanten plus the extra
/// exchanges, as document 001 counts them ("a 2-shanten hand needs 3 exchanges, so 4 in
/// all"). Exchanges are counted from the input, so a discard that raises the shanten has
/// spent one already (its `used + shanten` is one more), and one with no extra exchange left
/// keeps only the draws that lower its shanten.
pub(crate) fn limit(input_shanten: i8, extra: u8) -> i8 {
    input_shanten + extra as i8
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

/// Three quantities of a riichi hand: plain (no ippatsu on the next draw) and with ippatsu.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RiichiArrays {
    /// Without ippatsu on the next draw (kept for the simulator and per-turn reports).
    #[allow(dead_code)]
    pub plain: Arrays,
    pub ipp: Arrays,
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

/// One draw child of a 13-tile state: the kind, its live copies, and the 14-tile states it
/// leads to (a five splits into red, state `a`, and plain, state `b`, with the red copy's
/// share of the live copies; otherwise `b` is `u32::MAX`). Twelve bytes: there are many.
#[derive(Clone, Copy, Debug)]
struct Kid {
    a: u32,
    b: u32,
    kind: u8,
    live: u8,
    red_live: u8,
}

impl Kid {
    fn live(&self) -> f64 {
        f64::from(self.live)
    }

    /// The 14-tile states with their weights, and how many there are (1 or 2).
    fn parts(&self) -> ([(f64, u32); 2], usize) {
        if self.b == u32::MAX {
            ([(1.0, self.a), (0.0, 0)], 1)
        } else {
            let pr = f64::from(self.red_live) / f64::from(self.live);
            ([(pr, self.a), (1.0 - pr, self.b)], 2)
        }
    }
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

#[derive(Clone, Debug)]
struct Node13 {
    /// The [`pack`]ed hand and red bits (see [`unpack`]).
    key: u128,
    tenpai: bool,
    /// Draw children in the kid pool.
    kids: Span,
    /// Live copies of the children together.
    live: f64,
    /// Tiles it holds that the input does not: no path reaches it before draw index `used`.
    used: u8,
}

#[derive(Clone, Debug)]
struct Node14 {
    /// Win points at a plain draw and at the last draw, NaN for no win (24 bytes a state,
    /// not 40: there are millions); read through [`Node14::win`].
    win: [f64; 2],
    /// Discard options in the option pool: the 13-tile state and, when riichi is considered,
    /// the riichi state.
    options: Span,
}

impl Node14 {
    /// Win points at a plain draw (`last` false) or at the last draw, `None` without a win.
    fn win(&self, last: bool) -> Option<f64> {
        let p = self.win[usize::from(last)];
        (!p.is_nan()).then_some(p)
    }
}

/// What bounds the draw indices where a 14-tile state's value is needed and not zero: the
/// tiles it holds that the input does not, and its shanten.
#[derive(Clone, Copy, Debug)]
struct Floor {
    used: u8,
    shanten: i8,
}

/// A 14-tile hand's shanten, admissible discards and shanten-keeping discards (bit `e`).
type Pre = (i8, u64, u64);

enum Work {
    N13(u32),
    N14(u32, Counts, u128, u8, usize, Pre),
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
    /// The input hand's red bits.
    base_red: u8,
    /// `used + shanten < limit` lets a hand keep a draw that does not lower its shanten (hand
    /// change) or discard into a higher one (shanten-back): see [`limit`].
    limit: i8,
    index13: HashMap<u128, u32>,
    index14: HashMap<u128, u32>,
    /// [`Solver::admissible_discards`] per 14-tile hand (keyed on the packed hand without red
    /// bits): a hand is reached by many draws.
    memo_pre: HashMap<u128, Pre>,
    nodes13: Vec<Node13>,
    nodes14: Vec<Node14>,
    /// Used exchanges of each 14-tile state: a state holding `u` tiles the input does not is at
    /// least `u` draws away, so its value after draw `d` is never needed when `d + 1 < u` (the
    /// pass over draw indices skips it there).
    floor14: Vec<Floor>,
    kid_pool: Vec<Kid>,
    scratch_kids: Vec<Kid>,
    option_pool: Vec<(u32, Option<u32>)>,
    /// Values of the 13-tile states, layer by layer: `[d * n13 + i]` = (points, win, tenpai).
    values13: Vec<[f64; 3]>,
    /// Keep every layer of `values13` (the simulator reads any state at any draw index);
    /// otherwise only two layers live at a time and the roots' values are kept in `root13`.
    pub keep_layers: bool,
    /// The roots' values at every draw index.
    root13: HashMap<u32, [[f64; 3]; N]>,
    /// Values of the root's 14-tile children at every draw index (the other 14-tile values
    /// live one layer at a time).
    root14: HashMap<u32, [[f64; 3]; N]>,
    index_riichi: HashMap<u128, u32>,
    riichi_values: Vec<RiichiArrays>,
    /// Oracle answers that depend on the hand only.
    pub shared: Shared,
    /// Ura-dora distributions per winning hand.
    memo_ura: HashMap<u128, std::rc::Rc<[f64]>>,
    work: VecDeque<Work>,
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
            memo_pre: HashMap::new(),
            nodes13: Vec::new(),
            nodes14: Vec::new(),
            floor14: Vec::new(),
            kid_pool: Vec::new(),
            scratch_kids: Vec::new(),
            option_pool: Vec::new(),
            values13: Vec::new(),
            keep_layers: true,
            root13: HashMap::new(),
            root14: HashMap::new(),
            index_riichi: HashMap::new(),
            riichi_values: Vec::new(),
            shared: Shared::default(),
            memo_ura: HashMap::new(),
            work: VecDeque::new(),
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
        // ways[j][n]: ways to choose j tiles with ura count n.
        let mut ways = vec![vec![0f64; max_n + 1]; m + 1];
        ways[0][0] = 1.0;
        for (v, &g) in groups.iter().enumerate() {
            let mut next = vec![vec![0f64; max_n + 1]; m + 1];
            for (j, row) in ways.iter().enumerate() {
                for (n, &w) in row.iter().enumerate() {
                    if w == 0.0 {
                        continue;
                    }
                    for x in 0..=(m - j).min(g as usize) {
                        let nn = n + x * v;
                        if nn <= max_n {
                            next[j + x][nn] += w * binom(g, x as u32);
                        }
                    }
                }
            }
            ways = next;
        }
        let all_ways = binom(total, m as u32);
        ways[m].iter().map(|&w| if all_ways > 0.0 { w / all_ways } else { 0.0 }).collect()
    }

    /// The 13-tile state of the hand and red bits `key` (a [`pack`]ed key). Its `tenpai` is
    /// set when it is expanded.
    fn node13(&mut self, key: u128) -> u32 {
        if let Some(&i) = self.index13.get(&key) {
            return i;
        }
        let i = self.nodes13.len() as u32;
        let used = self.used(&unpack(key).0) as u8;
        self.nodes13.push(Node13 { key, tenpai: false, kids: Span::default(), live: 0.0, used });
        self.index13.insert(key, i);
        self.work.push_back(Work::N13(i));
        i
    }

    /// The 14-tile state after drawing `drawn`; `pre` is its [`Solver::admissible_discards`].
    /// `base` is `pack(h14, red)`.
    fn node14(&mut self, h14: &Counts, base: u128, red: u8, drawn: usize, pre: Pre, used14: u8) -> u32 {
        let complete = pre.0 == -1;
        let key = base | if complete { (drawn as u128 + 1) << 105 } else { 0 };
        if let Some(&i) = self.index14.get(&key) {
            return i;
        }
        let i = self.nodes14.len() as u32;
        self.nodes14.push(Node14 { win: [f64::NAN; 2], options: Span::default() });
        self.floor14.push(Floor { used: used14, shanten: pre.0 });
        self.index14.insert(key, i);
        self.work.push_back(Work::N14(i, *h14, base, red, drawn, pre));
        i
    }

    fn expand13(&mut self, i: u32) {
        let (mut h, red) = unpack(self.nodes13[i as usize].key);
        let key13 = self.nodes13[i as usize].key;
        let (sh, necessary) = self.necessary(&h);
        self.nodes13[i as usize].tenpai = sh == 0;
        // Hand change only with slack (then any draw may be kept); otherwise necessary draws.
        let used13 = self.used(&h);
        let change = used13 + sh < self.limit;
        let mut kids = std::mem::take(&mut self.scratch_kids);
        kids.clear();
        for k in 0..34 {
            let c = self.live(&h, k);
            if c == 0 || h[k] >= 4 {
                continue;
            }
            let needed = necessary & (1 << k) != 0;
            if !needed && !change {
                continue;
            }
            h[k] += 1;
            let key14 = key13 + unit(k);
            let used14 = (used13 + i8::from(h[k] > self.base[k])) as u8;
            let plain = with_red(key14, 0);
            let pre = match self.memo_pre.get(&plain) {
                Some(&pre) => pre,
                None => {
                    let pre = self.admissible_discards(&h);
                    self.memo_pre.insert(plain, pre);
                    pre
                }
            };
            let useful = needed || pre.1 & !(1u64 << k) != 0;
            if useful {
                let suit = FIVES.iter().position(|&f| f == k);
                let red_live = suit.map_or(0, |s| if self.opts.red_fives { self.red_live(red, s) } else { 0 });
                let mut kid = Kid { a: 0, b: u32::MAX, kind: k as u8, live: c, red_live };
                if red_live > 0 {
                    let s = suit.expect("a five");
                    kid.a = self.node14(&h, with_red(key14, red | (1 << s)), red | (1 << s), k, pre, used14);
                    kid.b = self.node14(&h, key14, red, k, pre, used14);
                } else {
                    kid.a = self.node14(&h, key14, red, k, pre, used14);
                }
                kids.push(kid);
            }
            h[k] -= 1;
        }
        let start = self.kid_pool.len() as u32;
        self.kid_pool.extend_from_slice(&kids);
        let node = &mut self.nodes13[i as usize];
        node.kids = Span { start, len: kids.len() as u32 };
        node.live = kids.iter().map(|k| k.live()).sum();
        self.scratch_kids = kids;
    }

    /// The shanten of a 14-tile hand, its admissible discards and its shanten-keeping
    /// discards (bit `e`). A discard that keeps the shanten (from one [`Oracle::unnecessary`]
    /// call) is always admissible; any other (shanten-back) only when the hand has slack:
    /// `used + shanten < limit`. A complete hand (declining the win) may discard into tenpai
    /// when the tenpai hand is within the limit, `used <= limit`.
    fn admissible_discards(&mut self, h14: &Counts) -> Pre {
        // Memoised by the caller (`memo_pre`).
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

    fn expand14(&mut self, i: u32, mut h14: Counts, base: u128, red: u8, drawn: usize, pre: Pre) {
        let (sh14, admissible, keep) = pre;
        let complete = sh14 == -1;
        let mut win = [None, None];
        if complete {
            win =
                [self.win_points(&h14, red, drawn, 0, false, false), self.win_points(&h14, red, drawn, 0, false, true)];
        }
        let forced = win[0].is_some() && win[1].is_some() && !self.opts.may_decline;
        let start = self.option_pool.len() as u32;
        if !forced {
            for e in 0..34 {
                if h14[e] == 0 {
                    continue;
                }
                if admissible & (1 << e) == 0 {
                    continue;
                }
                let red13 = Self::throw(&mut h14, red, e);
                {
                    let dama = self.node13(with_red(base, red13) - unit(e));
                    // Tenpai after the discard: only from a tenpai hand keeping its shanten, or
                    // from a complete one.
                    let tenpai = match sh14 {
                        0 => keep & (1 << e) != 0,
                        -1 => self.shanten(&h14) == 0,
                        _ => false,
                    };
                    let riichi = if tenpai && self.riichi_considered() {
                        Some(self.riichi(&mut h14, red13, false))
                    } else {
                        None
                    };
                    self.option_pool.push((dama, riichi));
                }
                h14[e] += 1;
            }
        }
        let len = self.option_pool.len() as u32 - start;
        let win = win.map(|w| w.unwrap_or(f64::NAN));
        self.nodes14[i as usize] = Node14 { win, options: Span { start, len } };
    }

    /// Lists every state reachable from the roots (13-tile hands and their red bits) and
    /// fills their arrays; returns the roots' state indices.
    pub fn solve(&mut self, roots: &[(Counts, u8)]) -> Vec<u32> {
        let roots: Vec<u32> = roots.iter().map(|(h, red)| self.node13(pack(h, *red))).collect();
        // Breadth first: states are numbered in the order they are found, so a state's draws
        // and discards get nearby indices, which keeps the pass's reads close together (the
        // pass over draw indices is bound by memory: 40 % faster than in depth-first order).
        while let Some(w) = self.work.pop_front() {
            match w {
                Work::N13(i) => self.expand13(i),
                Work::N14(i, h, base, red, drawn, pre) => self.expand14(i, h, base, red, drawn, pre),
            }
        }
        // Every state is listed: the indexes are not needed any more (freeing them before the
        // pass lowers the peak memory).
        self.index13 = HashMap::new();
        self.index14 = HashMap::new();
        self.memo_pre = HashMap::new();
        self.work = VecDeque::new();
        self.fill(&roots);
        roots
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
            floor14: &self.floor14,
            objective: self.opts.objective,
            policy: self.opts.riichi,
            may_decline: self.opts.may_decline,
        };
        let (n13, n14, nr) = (self.nodes13.len(), self.nodes14.len(), self.riichi_values.len());
        // Layer `d` lives in slot `d` (every layer kept) or `d % 2` (two at a time).
        let keep = self.keep_layers;
        let slot = |d: usize| if keep { d } else { d % 2 };
        let mut v13 = vec![[0.0f64; 3]; if keep { N } else { 2 } * n13];
        let mut rv = vec![[0.0f64; 3]; N * nr];
        for (r, a) in self.riichi_values.iter().enumerate() {
            for d in 0..N {
                rv[d * nr + r] = [a.ipp.p[d], a.ipp.w[d], a.ipp.t[d]];
            }
        }
        for (i, n) in self.nodes13.iter().enumerate() {
            v13[slot(LAST) * n13 + i][2] = if n.tenpai { 1.0 } else { 0.0 };
        }
        let mut root13: HashMap<u32, [[f64; 3]; N]> = roots.iter().map(|&r| (r, [[0.0; 3]; N])).collect();
        let mut root14: HashMap<u32, [[f64; 3]; N]> = HashMap::new();
        for &r in roots {
            for kid in &self.kid_pool[self.nodes13[r as usize].kids.range()] {
                let (parts, n) = kid.parts();
                for &(_, j) in &parts[..n] {
                    root14.insert(j, [[0.0; 3]; N]);
                }
            }
        }
        for (&r, row) in root13.iter_mut() {
            row[LAST] = v13[slot(LAST) * n13 + r as usize];
        }
        let mut v14 = vec![[0.0f64; 3]; n14];
        for d in (0..LAST).rev() {
            let (cur, nxt) = (slot(d), slot(d + 1));
            let (layer13, next13): (&mut [[f64; 3]], &[[f64; 3]]) = if cur < nxt {
                let (head, tail) = v13.split_at_mut(nxt * n13);
                (&mut head[cur * n13..(cur + 1) * n13], &tail[..n13])
            } else {
                let (head, tail) = v13.split_at_mut(cur * n13);
                (&mut tail[..n13], &head[nxt * n13..(nxt + 1) * n13])
            };
            let next_r = &rv[(d + 1) * nr..(d + 2) * nr];
            v14.par_chunks_mut(CHUNK).enumerate().for_each(|(c, chunk)| {
                for (o, out) in chunk.iter_mut().enumerate() {
                    *out = graph.value14(c * CHUNK + o, d, next13, next_r);
                }
            });
            let denom = self.s.denom[d];
            let v14 = &v14;
            layer13.par_chunks_mut(CHUNK).enumerate().for_each(|(c, chunk)| {
                for (o, out) in chunk.iter_mut().enumerate() {
                    let i = c * CHUNK + o;
                    if let Some(v) = graph.value13(i, d, denom, next13[i], v14) {
                        *out = v;
                    }
                }
            });
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

    /// The root's draw children with their 14-tile arrays (after [`Solver::solve`]).
    pub fn root_children(&self, r: u32) -> Vec<Child> {
        self.kid_pool[self.nodes13[r as usize].kids.range()]
            .iter()
            .map(|kid| {
                let mut a = Arrays::ZERO;
                let (parts, n) = kid.parts();
                for &(wt, j) in &parts[..n] {
                    let values = &self.root14[&j];
                    for (d, v) in values.iter().enumerate() {
                        a.p[d] += wt * v[0];
                        a.w[d] += wt * v[1];
                        a.t[d] += wt * v[2];
                    }
                }
                Child { kind: usize::from(kid.kind), live: kid.live(), first: a, later: a }
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
        let level = if double { 2 } else { 1 };
        let mut out = Vec::new();
        // The winning kinds, from one necessary-tiles call (a riichi hand is tenpai).
        let (sh, necessary) = self.necessary(h);
        let waits = if sh == 0 { necessary } else { 0 };
        for k in 0..34 {
            let c = self.live(h, k);
            if c == 0 || h[k] >= 4 {
                continue;
            }
            h[k] += 1;
            if waits & (1 << k) != 0 {
                let suit = FIVES.iter().position(|&f| f == k);
                let red_live = suit.map_or(0, |s| if self.opts.red_fives { self.red_live(red, s) } else { 0 });
                let pr = f64::from(red_live) / f64::from(c);
                let red_bits = suit.map_or(red, |s| red | (1 << s));
                let mut first = Arrays::ZERO;
                let mut later = Arrays::ZERO;
                // With menzen tsumo on, the four (ippatsu, haitei) values and both red cases
                // come from one oracle total and one ura-dora distribution (what
                // `win_points` computes for each, asked once).
                let fast = if self.opts.menzen_tsumo {
                    let t = self.win_totals(h, k, true, false);
                    let dist = if self.opts.ura_dora && self.s.ura_count > 0 { Some(self.ura_memo(h)) } else { None };
                    Some((t, dist))
                } else {
                    None
                };
                let double = u32::from(level == 2 && self.opts.double_riichi);
                for (ipp, arr) in [(true, &mut first), (false, &mut later)] {
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
                        let v = pr * with_red + (1.0 - pr) * plain;
                        let range = if haitei { LAST - 1..LAST } else { 0..LAST - 1 };
                        for d in range {
                            arr.set(d, (v, 1.0, 1.0));
                        }
                    }
                }
                out.push(Child { kind: k, live: f64::from(c), first, later });
            }
            h[k] -= 1;
        }
        out
    }

    /// A riichi hand's state index (memoised arrays): it wins or throws every draw.
    pub fn riichi(&mut self, h: &mut Counts, red: u8, double: bool) -> u32 {
        let key = pack(h, red) | u128::from(double) << 120;
        if let Some(&i) = self.index_riichi.get(&key) {
            return i;
        }
        let children = self.riichi_children(h, red, double);
        let mut terminal = Arrays::ZERO;
        terminal.t[LAST] = 1.0;
        let (plain, ipp) = first_passage(&self.s.denom, &children, terminal);
        let i = self.riichi_values.len() as u32;
        self.riichi_values.push(RiichiArrays { plain, ipp });
        self.index_riichi.insert(key, i);
        i
    }

    /// A riichi state's arrays.
    pub fn riichi_arrays(&self, i: u32) -> RiichiArrays {
        self.riichi_values[i as usize]
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
            let n = &self.nodes13[root as usize];
            let (h, red) = unpack(n.key);
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
                    let kids = self.kid_pool[self.nodes13[i as usize].kids.range()].to_vec();
                    let s: f64 = kids.iter().map(|k| k.live()).sum();
                    let big = self.s.denom[d].max(s);
                    let mut u = rng.unit_f64() * big;
                    let mut pick = None;
                    for kid in &kids {
                        if u < kid.live() {
                            pick = Some(*kid);
                            break;
                        }
                        u -= kid.live();
                    }
                    let Some(kid) = pick else {
                        d += 1;
                        continue;
                    };
                    let (parts, n) = kid.parts();
                    let mut j = parts[0].1;
                    if n == 2 && rng.unit_f64() >= parts[0].0 {
                        j = parts[1].1;
                    }
                    let n = &self.nodes14[j as usize];
                    if let Some(p) = n.win(d == LAST - 1) {
                        // The DP takes a win whenever one is available (declining is an option
                        // the simulator does not model).
                        return (p, true, true);
                    }
                    let mut best: Option<((f64, f64, f64), St)> = None;
                    for &(dama, riichi) in &self.option_pool[n.options.range()] {
                        let dv = self.value13(dama, d + 1);
                        let mut cand = (dv, St::Dama(dama));
                        if let Some(r) = riichi {
                            let rv = self.riichi_values[r as usize].ipp.at(d + 1);
                            let take = match self.opts.riichi {
                                RiichiPolicy::Never => false,
                                RiichiPolicy::Always => true,
                                RiichiPolicy::Best => better(objective, rv, dv),
                            };
                            if take {
                                let m = &self.nodes13[dama as usize];
                                let (h, red) = unpack(m.key);
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
        self.nodes13.len() + self.nodes14.len() + self.riichi_values.len()
    }
}

/// States per parallel task in the pass over draw indices.
const CHUNK: usize = 4096;

/// The state graph, read-only, as the pass over draw indices sees it (shared by its threads).
struct Graph<'g> {
    nodes13: &'g [Node13],
    nodes14: &'g [Node14],
    kids: &'g [Kid],
    options: &'g [(u32, Option<u32>)],
    floor14: &'g [Floor],
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
        let floor = self.floor14[j];
        if d + 1 < usize::from(floor.used) || (LAST - d - 1) < usize::try_from(floor.shanten).unwrap_or(0) {
            return [0.0; 3];
        }
        let n = &self.nodes14[j];
        let tup = |a: [f64; 3]| (a[0], a[1], a[2]);
        let w = n.win(d == LAST - 1);
        let mut best: Option<(f64, f64, f64)> = w.map(|p| (p, 1.0, 1.0));
        if w.is_none() || self.may_decline {
            for &(dama, riichi) in &self.options[n.options.range()] {
                let dv = tup(next13[dama as usize]);
                let v = match (riichi, self.policy) {
                    (None, _) | (_, RiichiPolicy::Never) => dv,
                    (Some(r), RiichiPolicy::Always) => tup(next_r[r as usize]),
                    (Some(r), RiichiPolicy::Best) => {
                        let rv = tup(next_r[r as usize]);
                        if better(self.objective, rv, dv) { rv } else { dv }
                    }
                };
                if best.is_none_or(|b| better(self.objective, v, b)) {
                    best = Some(v);
                }
            }
        }
        let b = best.unwrap_or((0.0, 0.0, 0.0));
        [b.0, b.1, b.2]
    }

    /// The value of 13-tile state `i` before draw `d` (denominator `denom`): its draws'
    /// 14-tile values and, for a thrown draw, its own value at `d + 1` (`next`). `None` at an
    /// index no path reaches (more tiles the input does not than draws made): never read.
    fn value13(&self, i: usize, d: usize, denom: f64, next: [f64; 3], v14: &[[f64; 3]]) -> Option<[f64; 3]> {
        let n = &self.nodes13[i];
        if usize::from(n.used) > d {
            return None;
        }
        let big = denom.max(n.live);
        let stay = 1.0 - n.live / big;
        let mut acc = [0.0f64; 3];
        let mut add = |copies: u8, j: u32| {
            let (q, v) = (f64::from(copies), v14[j as usize]);
            acc[0] += q * v[0];
            acc[1] += q * v[1];
            acc[2] += q * v[2];
        };
        for kid in &self.kids[n.kids.range()] {
            // A five splits into its red copy (state `a`) and its plain copies (state `b`).
            if kid.b == u32::MAX {
                add(kid.live, kid.a);
            } else {
                add(kid.red_live, kid.a);
                add(kid.live - kid.red_live, kid.b);
            }
        }
        let inv = 1.0 / big;
        Some([stay * next[0] + inv * acc[0], stay * next[1] + inv * acc[1], stay * next[2] + inv * acc[2]])
    }
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
