//! The [`Solver`]'s listing (pass 1): breadth first over 13-tile hands, each hand's useful
//! draws ([`Solver::expand13`]) into 14-tile hands, listed when a draw finds them
//! ([`Solver::draw_hand`], [`Solver::list14`]) with their variants' win points and admissible
//! discards into 13-tile hands ([`Solver::hand13`]). Hands are looked up by their packed key
//! without red bits, so a hand is asked about once.

use super::choice::RiichiChoice;
use super::filing::Ask;
use super::keys::{Entry13, Entry14, Index, Key, find, insert_new, unit, unpack, win_tag};
use super::records::{Found13, HAND, Hand13, Hand14, NONE, Opt, Pre, Span, Step, WITH_RIICHI};
use super::scoring::totals_points;
use super::variants::{ALL_KINDS, FIVE_SUIT, RED, at_least, kinds, until, variants};
use super::{LAST, Solver};
use crate::oracle::Oracle;
use haipai_tiles::Counts;

/// The listing's lookup tables: what it has found, by [`pack`](super::pack)ed hand without red
/// bits. Freed before the pass (emptied, their memory kept, by a solver whose memory goes to
/// the next question).
#[derive(Default)]
pub(super) struct Tables {
    /// The 13-tile hands.
    pub(super) index13: Index<Entry13>,
    /// The 14-tile hands' [`Pre`] answers, plus the winning tile ([`win_tag`]) for a complete
    /// hand (whose wait changes the score), each with its hand in `hands14` once one of its
    /// states is reached (in the table itself: one memory access a lookup).
    pub(super) index14: Index<Entry14>,
    /// Each 13-tile hand's [`Oracle::necessary`] answer once asked.
    pub(super) necessary13: Vec<Option<(i8, u64)>>,
}

impl Tables {
    /// The same tables, emptied (their memory kept).
    pub(super) fn clear(&mut self) {
        self.index13.clear();
        self.index14.clear();
        self.necessary13.clear();
    }
}

impl<'a, O: Oracle> Solver<'a, O> {
    /// The 13-tile hand whose [`pack`]ed key without red bits is `plain` (holding `used` tiles
    /// the input does not), numbering its variants' states when new. A new hand is expanded
    /// when the listing reaches it. The lookup is inlined into the loop over discards (three
    /// in four calls find the hand: no call then), the numbering of a new hand is not.
    #[inline(always)]
    pub(super) fn hand13(&mut self, plain: u128, used: u8) -> Found13 {
        let (key, hash) = (Key::of(plain), Key::of(plain).hash());
        if let Some(entry) = find(&self.tables.index13, key, hash) {
            return entry.found();
        }
        self.new_hand13((key, hash), plain, used)
    }

    /// [`Solver::hand13`] for a hand its lookup table does not hold (`key` and its `hash`).
    #[inline(never)]
    fn new_hand13(&mut self, (key, hash): (Key, u64), plain: u128, used: u8) -> Found13 {
        let g = self.hands13.len() as u32;
        assert!(g <= HAND, "more than 2^26 13-tile hands");
        let mask = self.q.red_mask_of_key(plain);
        let found = Found13 { hand: g, base: self.states13, mask };
        self.record13(plain, used, found, None);
        insert_new(&mut self.tables.index13, key, hash, Entry13::new(found));
        found
    }

    /// Records a new 13-tile hand, numbered as `found` says (its key without red bits
    /// `plain`, the tiles it holds that the input does not, its [`Oracle::necessary`] answer
    /// when known), to be expanded; the 13-tile states now end with its variants.
    pub(super) fn record13(&mut self, plain: u128, used: u8, found: Found13, necessary: Option<(i8, u64)>) {
        self.states13 = found.base + variants(found.mask) as u32;
        self.hands13.push(Hand13 {
            base: found.base,
            steps: Span::default(),
            riichi: NONE,
            live: 0,
            used,
            shanten: 0,
            until: LAST as u8,
            mask: found.mask,
            reach: 0,
            plain: false,
        });
        self.keys13.push(plain);
        self.tables.necessary13.push(necessary);
    }

    /// 13-tile hand `g` as its lookup table would find it.
    fn found13(&self, g: usize) -> Found13 {
        let hand = &self.hands13[g];
        Found13 { hand: g as u32, base: hand.base, mask: hand.mask }
    }

    /// The [`Oracle::necessary`] answer of 13-tile hand `g` (holding `h`), asked once.
    pub(super) fn hand_necessary(&mut self, g: u32, h: &Counts) -> (i8, u64) {
        if let Some(answer) = self.tables.necessary13[g as usize] {
            return answer;
        }
        let answer = self.necessary(h);
        self.tables.necessary13[g as usize] = Some(answer);
        answer
    }

    /// The 14-tile hand reached by drawing `drawn` into `h14` (its [`pack`]ed key without red
    /// bits `plain`) from 13-tile hand `parent`, listed when new, as its first state and red
    /// suits, or `None` when the draw is not kept: it does not lower the shanten (`needed`
    /// false) and the hand's only admissible discard is the drawn tile. The lookup table keeps
    /// each key's [`Entry14`]; a key is inserted once (a listed hand's after its listing).
    pub(super) fn draw_hand(
        &mut self,
        (h14, plain, parent): (&mut Counts, u128, usize),
        drawn: usize,
        (sh13, needed): (i8, bool),
        used14: u8,
    ) -> Option<(u32, u8)> {
        let hash = Key::of(plain).hash();
        let found = find(&self.tables.index14, Key::of(plain), hash);
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
        let (key, hash) = match self.listing_key((plain, hash), found.is_some(), drawn, needed, pre) {
            Listing::Under(key, hash) => (key, hash),
            Listing::Found(to) => return Some(to),
            Listing::Thrown => return None,
        };
        let to = self.list14((h14, plain, parent), drawn, pre, used14);
        let listed = Entry14::listed(to, pre.1);
        match found {
            // A hand asked before (not complete: a complete one is listed under another key)
            // and listed now: its entry is replaced.
            Some(_) if sh14 != -1 => {
                if let Some(entry) = self.tables.index14.find_mut(hash, |e| e.0 == key) {
                    entry.1 = listed;
                }
            }
            _ => insert_new(&mut self.tables.index14, key, hash, listed),
        }
        Some(to)
    }

    /// Where [`Solver::draw_hand`] goes with a 14-tile hand not listed under its key `plain`
    /// (`hash`; `asked`: its answer `pre` is in the table already): listed under which key,
    /// found listed under its key with the winning tile, or not kept (the draw is thrown).
    /// A hand not kept, or complete, has its answer remembered under `plain`.
    #[inline(always)]
    fn listing_key(
        &mut self,
        (plain, hash): (u128, u64),
        asked: bool,
        drawn: usize,
        needed: bool,
        pre: Pre,
    ) -> Listing {
        let (sh14, admissible, keep) = pre;
        let complete = sh14 == -1;
        // Kept: it lowers the shanten, or the hand may throw another tile than the drawn one.
        let kept = needed || admissible & !(1u64 << drawn) != 0;
        if !asked && (complete || !kept) {
            insert_new(&mut self.tables.index14, Key::of(plain), hash, Entry14::pending(sh14, keep));
        }
        if complete {
            // A complete hand: its states are told apart by the winning tile as well (every
            // draw completing a hand lowers its shanten: always kept). The same hand, so the
            // same answer.
            let key = Key::of(plain | win_tag(drawn));
            let hash = key.hash();
            return match find(&self.tables.index14, key, hash) {
                Some(entry) => Listing::Found(entry.to()),
                None => Listing::Under(key, hash),
            };
        }
        if kept { Listing::Under(Key::of(plain), hash) } else { Listing::Thrown }
    }

    /// Lists the draws of 13-tile hand `g` (its `tenpai`, kept draws and their live copies).
    pub(super) fn expand13(&mut self, g: usize) {
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
        let change = used as i8 + sh < self.q.limit;
        let start = self.steps.len() as u32;
        let mut live = 0u16;
        // The kinds it may draw: below four copies, and necessary unless it has slack.
        let below_four = ALL_KINDS & !at_least(&h, 4);
        let candidates = if change { below_four } else { necessary & below_four };
        for k in kinds(candidates) {
            let c = self.q.live(&h, k);
            if c == 0 {
                continue;
            }
            let needed = necessary & (1 << k) != 0;
            h[k] += 1;
            let used14 = used + u8::from(h[k] > self.q.base[k]);
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
    pub(super) fn never_read(&self, g: usize, sh: i8) -> bool {
        sh == 0 && g >= self.roots && self.skips_dama_tenpai()
    }

    /// Whether unread states are skipped and only riichi states are entered from a discard
    /// into tenpai (a closed hand, riichi always): what [`Solver::never_read`] and
    /// [`Solver::direct_riichi_steps`] rest on.
    fn skips_dama_tenpai(&self) -> bool {
        self.skip_unread && self.q.s.closed_hand && RiichiChoice::new(&self.q.opts).fixed() == Some(true)
    }

    /// Whether the pass numbers its states anew without the unread ones
    /// ([`Solver::direct_riichi_steps`], [`Solver::unread13_away`]): when dama tenpai states
    /// are skipped, unless every layer is kept or the walk over reached variants runs (both
    /// read the listing's numbers).
    pub(super) fn renumbers_for_pass(&self) -> bool {
        self.skips_dama_tenpai() && !self.keep_layers && !self.q.walks()
    }

    /// The [`Pre`] answer of a 14-tile hand of shanten `sh14` (its 13-tile parent's, less one
    /// when the draw was necessary): its admissible discards and its shanten-keeping discards
    /// `keep` (bit `e`; what [`Solver::keeping_discards`] answers, the lookup table keeps them).
    /// A discard that keeps the shanten is always admissible; any other (shanten-back) only
    /// when the hand has slack, `used + shanten < limit`: then every held kind.
    pub(super) fn pre_of(&self, h14: &Counts, sh14: i8, keep: u64, used14: u8) -> Pre {
        let slack = used14 as i8 + sh14 < self.q.limit;
        (sh14, if slack { at_least(h14, 1) } else { keep }, keep)
    }

    /// The shanten-keeping discards of a 14-tile hand of shanten `sh14` (held kinds only; from
    /// one [`Oracle::unnecessary`] call, asked only when read). A complete hand (declining the
    /// win) may discard into tenpai when the tenpai hand is within the limit, `used <= limit`.
    pub(super) fn keeping_discards(&mut self, h14: &Counts, sh14: i8, used14: u8) -> u64 {
        let h = h14;
        let used14 = used14 as i8;
        let slack = used14 + sh14 < self.q.limit;
        // The shanten-keeping discards are asked only when read: by a tenpai hand, or by a
        // hand without slack (with slack every held tile is admissible).
        let mut keep = 0;
        if sh14 == 0 || (sh14 > 0 && !slack) {
            keep = self.q.o.unnecessary_with(&mut self.memo, h14).1;
        }
        if sh14 == -1 {
            // Declining a win: a discard into tenpai (every discard of a complete hand is one)
            // that stays within the limit, `used + 0 <= limit`.
            keep = 0;
            for (e, (&c, &r)) in h.iter().zip(self.q.base.iter()).enumerate() {
                if c > 0 && used14 - i8::from(c > r) <= self.q.limit {
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
        pre: Pre,
        used14: u8,
    ) -> (u32, u8) {
        let mask = self.q.red_mask(h14);
        let base = self.states14;
        self.states14 += variants(mask) as u32;
        let (win, forced) = if pre.0 == -1 { self.list_wins(h14, plain, drawn, mask) } else { (NONE, false) };
        let start = self.options_listed();
        if !forced {
            self.list_discards((h14, plain, parent), drawn, pre, used14);
        }
        let len = u8::try_from(self.options_listed() - start).expect("at most 14 discards");
        self.hands14.push(Hand14 { base, start, win, len, used: used14, until: until(pre.0), mask, reach: 0 });
        (base, mask)
    }

    /// The win points of complete hand `h14` (won on `drawn`; red suits `mask`) pushed to
    /// `wins`, a row for each variant: the first row (`NONE` when no variant wins: no yaku)
    /// and whether the win is forced (won at a plain draw and at the last, and not declined).
    /// Whether there is a win does not depend on the red fives: they are dora.
    #[inline(always)]
    fn list_wins(&mut self, h14: &Counts, plain: u128, drawn: usize, mask: u8) -> (u32, bool) {
        let (start, mut win, mut forced) = (self.wins.len() as u32, NONE, false);
        let reds = &RED[usize::from(mask)][..variants(mask)];
        for w in self.dama_wins(h14, plain, drawn, reds).into_iter().take(reds.len()) {
            forced = w[0].is_some() && w[1].is_some() && !self.q.opts.may_decline;
            if w.iter().any(Option::is_some) {
                win = start;
                self.wins.push(w.map(|w| w.unwrap_or(f64::NAN)));
            }
        }
        (win, forced)
    }

    /// The admissible discards of the new 14-tile hand `h14` (see [`Solver::list14`]) pushed
    /// to the option pool, each with the 13-tile hand it leaves, the red suit it clears and
    /// whether it may declare riichi (the riichi states then numbered).
    #[inline(always)]
    fn list_discards(&mut self, (h14, plain, parent): (&mut Counts, u128, usize), drawn: usize, pre: Pre, used14: u8) {
        let (sh14, admissible, keep) = pre;
        // The admissible discards are held kinds.
        for e in kinds(admissible) {
            let used13 = used14 - u8::from(h14[e] > self.q.base[e]);
            let clears = clears_red(h14, e);
            h14[e] -= 1;
            let considered = self.tenpai_after(h14, sh14, keep & (1 << e) != 0) && self.q.riichi_considered();
            let bits = clears | if considered { WITH_RIICHI } else { 0 };
            // Throwing the drawn tile back leaves the parent: no lookup.
            let back = (e == drawn).then(|| self.found13(parent));
            if let Some(pipe) = &mut self.pipe {
                // On two threads: the filing thread looks the hand up, in this order.
                pipe.asks.push(match back {
                    Some(found) => Ask::Known { found, info: bits },
                    None => Ask::Find { key: Key::of(plain - unit(e)), used: used13, info: bits },
                });
                pipe.options += 1;
                h14[e] += 1;
                continue;
            }
            let to = back.unwrap_or_else(|| self.hand13(plain - unit(e), used13));
            if considered {
                self.riichi13(to.hand, h14);
            }
            let info = to.hand | u32::from(to.mask) << 26 | bits;
            self.option_pool.push(Opt { state: to.base, info });
            h14[e] += 1;
        }
    }

    /// The length of the option pool: on two threads, as the filing thread will have it.
    fn options_listed(&self) -> u32 {
        self.pipe.as_ref().map_or(self.option_pool.len() as u32, |pipe| pipe.options)
    }

    /// Whether the 13-tile hand `h13` left by a discard is tenpai: only after a tenpai hand's
    /// shanten-keeping discard (`keeps`), or after any discard of a complete hand (`sh14`: the
    /// 14-tile hand's shanten) that leaves a tenpai one.
    #[inline(always)]
    fn tenpai_after(&mut self, h13: &Counts, sh14: i8, keeps: bool) -> bool {
        match sh14 {
            0 => keeps,
            -1 => self.shanten(h13) == 0,
            _ => false,
        }
    }

    /// The win points of complete hand `h14` (won on `drawn`) without riichi, at a plain draw
    /// and at the last one, for each of the red bits `reds` (its variants): what
    /// [`Scoring::win_points`](super::scoring::Scoring::win_points) answers, with the oracle's totals asked once for all of them.
    fn dama_wins(&mut self, h14: &Counts, plain: u128, drawn: usize, reds: &[u8]) -> [[Option<f64>; 2]; 8] {
        let mut out = [[None; 2]; 8];
        if !self.q.opts.menzen_tsumo {
            for (o, &red) in out.iter_mut().zip(reds) {
                *o = [
                    self.scoring.win_points(&self.q, h14, red, drawn, (0, false, false)),
                    self.scoring.win_points(&self.q, h14, red, drawn, (0, false, true)),
                ];
            }
            return out;
        }
        let haitei = self.q.opts.haitei;
        let totals = self.scoring.win_totals_of(&self.q, h14, plain, drawn, false, false);
        // At the last draw: the same totals with haitei's han, or haitei as the only yaku.
        let last = match totals {
            Some(t) => Some((t, u32::from(haitei))),
            None if haitei => self.scoring.win_totals_of(&self.q, h14, plain, drawn, false, true).map(|t| (t, 0)),
            None => None,
        };
        for (o, &red) in out.iter_mut().zip(reds) {
            let red_han = self.q.red_han(red);
            *o = [
                totals.map(|t| totals_points(&t, red_han, None)),
                last.map(|(t, han)| totals_points(&t, red_han + han, None)),
            ];
        }
        out
    }
}

/// Where [`Solver::draw_hand`] goes after [`Solver::listing_key`].
enum Listing {
    /// List the hand under this key (and its hash).
    Under(Key, u64),
    /// A complete hand already listed with this winning tile: its first state and red suits.
    Found((u32, u8)),
    /// The draw is not kept.
    Thrown,
}

/// The red bit that throwing kind `e` from `h14` clears, in an option's `info`: a five's suit
/// bit when it is the hand's only five of that suit (its red copy, if held, goes), else none.
#[inline(always)]
fn clears_red(h14: &Counts, e: usize) -> u32 {
    match FIVE_SUIT[e] {
        s @ 0..3 if h14[e] == 1 => (u32::from(s) + 1) << 29,
        _ => 0,
    }
}
