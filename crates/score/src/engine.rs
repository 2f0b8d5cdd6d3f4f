//! The scoring engine: every decomposition and every reading of the winning tile is scored,
//! and the best is kept (points, then a real yakuman over a counted one, then han, then fu).

use crate::check::{check_indicators, validate};
use crate::fu::FuPart;
use crate::points::{Payment, payment_in_range};
use crate::rules::Rules;
use crate::situation::{Conditions, Error, ErrorKind, Situation};
use crate::yaku::Yaku;
use haipai_decompose::{Group, is_seven_pairs, is_thirteen_orphans, winning_arrangements};
use haipai_tiles::{Counts, Meld, MeldKind, Tile};
use haipai_waits::{WaitKind, group_wait};

/// A scored winning hand (new fields may be added).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Score {
    /// Han: yaku plus dora; for a yakuman hand 13 per yakuman multiple.
    pub han: u32,
    /// Fu, rounded up to 10 (25 for seven pairs, 0 for thirteen orphans).
    pub fu: u32,
    /// Yakuman multiples, capped at [`Rules::max_yakuman`] (0 for an ordinary hand; a kazoe
    /// yakuman is 0 here). The yaku list keeps each yakuman's own han, so it may sum to more.
    pub yakuman: u32,
    /// The yaku with their han (dora, aka_dora and ura_dora included), in [`Yaku::ALL`] order.
    pub yaku: Vec<(Yaku, u32)>,
    /// The fu breakdown (sums to `fu` before rounding).
    pub fu_parts: Vec<FuPart>,
    /// The payments.
    pub payment: Payment,
}

/// The result of scoring a winning hand: a score, or no yaku (the shape wins, but the hand may
/// not be declared).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A valid win.
    Win(Score),
    /// The hand has no yaku (dora alone do not count).
    NoYaku,
}

impl Outcome {
    /// The score, if any.
    pub fn score(&self) -> Option<&Score> {
        match self {
            Outcome::Win(s) => Some(s),
            Outcome::NoYaku => None,
        }
    }
}

const MAX_YAKU: usize = 24;
const MAX_FU: usize = 10;

/// One scored reading of the hand.
#[derive(Clone, Copy)]
pub(crate) struct Cand {
    pub(crate) total: u32,
    pub(crate) real_yakuman: bool,
    pub(crate) han: u32,
    pub(crate) fu: u32,
    pub(crate) raw_fu: u32,
    pub(crate) yakuman: u32,
    pub(crate) payment: Payment,
    yaku: [(Yaku, u8); MAX_YAKU],
    n_yaku: u8,
    parts: [FuPart; MAX_FU],
    n_parts: u8,
}

impl Cand {
    pub(crate) fn key(&self) -> (u32, bool, u32, u32, u32) {
        (self.total, self.real_yakuman, self.han, self.fu, self.raw_fu)
    }
}

struct YakuList {
    items: [(Yaku, u8); MAX_YAKU],
    len: usize,
}

impl YakuList {
    fn new() -> YakuList {
        YakuList { items: [(Yaku::Riichi, 0); MAX_YAKU], len: 0 }
    }
    fn push(&mut self, y: Yaku, han: u8) {
        if self.len < MAX_YAKU {
            self.items[self.len] = (y, han);
            self.len += 1;
        }
    }
    /// Pushes each yaku whose flag is on, at `han` each.
    fn push_flagged(&mut self, flags: &[(bool, Yaku)], han: u8) {
        for &(on, y) in flags {
            if on {
                self.push(y, han);
            }
        }
    }
}

struct FuList {
    items: [FuPart; MAX_FU],
    len: usize,
}

impl FuList {
    fn new() -> FuList {
        FuList { items: [FuPart::Base; MAX_FU], len: 0 }
    }
    fn push(&mut self, p: FuPart) {
        if self.len < MAX_FU {
            self.items[self.len] = p;
            self.len += 1;
        }
    }
    fn sum(&self) -> u32 {
        self.items[..self.len].iter().map(|p| u32::from(p.fu())).sum()
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Seq,
    Trip,
    Kan,
}

#[derive(Clone, Copy, Debug)]
struct Block {
    kind: Kind,
    tile: u8,
    open: bool,
}

/// What the fu and yaku of one decomposition look at, gathered in one walk over its blocks
/// ([`Ctx::reading`]).
struct Reading {
    wait: WaitKind,
    pair: u8,
    /// The sequences' first tiles, sorted (`n_seq` of them).
    seqs: [u8; 4],
    n_seq: usize,
    /// Triplets and kans, open or closed.
    sets: u32,
    /// The sets' fu parts (`sets` of them) and their sum.
    set_parts: [FuPart; 4],
    set_fu: u32,
    /// Bit `k` for a set of kind `k`.
    set_mask: u64,
    /// Concealed sets (a set completed by a ron counts as open).
    concealed: u32,
    kans: u32,
    dragon_sets: u32,
    wind_sets: u32,
    /// Every block and the pair hold a terminal or honour.
    outside: bool,
}

impl Reading {
    fn new(wait: WaitKind, pair: u8) -> Reading {
        Reading {
            wait,
            pair,
            seqs: [0; 4],
            n_seq: 0,
            sets: 0,
            set_parts: [FuPart::Base; 4],
            set_fu: 0,
            set_mask: 0,
            concealed: 0,
            kans: 0,
            dragon_sets: 0,
            wind_sets: 0,
            outside: term_honour(pair),
        }
    }

    /// The sequences' first tiles, sorted.
    fn sequences(&self) -> &[u8] {
        &self.seqs[..self.n_seq]
    }

    /// How many pairs of identical sequences (iipeikou counts one, ryanpeikou two).
    fn twin_sequences(&self) -> u32 {
        let seqs = self.sequences();
        let (mut twins, mut i) = (0, 0);
        while i + 1 < seqs.len() {
            if seqs[i] == seqs[i + 1] {
                twins += 1;
                i += 2;
            } else {
                i += 1;
            }
        }
        twins
    }
}

const fn term_honour(i: u8) -> bool {
    i >= 27 || matches!(i % 9, 0 | 8)
}

fn tile(i: u8) -> Tile {
    Tile::new(usize::from(i)).unwrap_or(Tile::EAST)
}

/// What the engine scores: the tiles (borrowed) and the conditions.
#[derive(Clone, Copy)]
pub(crate) struct Input<'a> {
    /// Closed tiles including the winning tile.
    pub(crate) closed: &'a Counts,
    /// Called melds.
    pub(crate) melds: &'a [Meld],
    /// The winning tile.
    pub(crate) win: Tile,
    /// Red fives in the whole hand.
    pub(crate) red: u8,
    /// Flags, winds, honba, sticks.
    pub(crate) c: Conditions,
}

/// Hand-level facts, the same for every decomposition.
struct Ctx<'a> {
    c: Conditions,
    rules: &'a Rules,
    closed_hand: bool,
    win: u8,
    seat: u8,
    round: u8,
    dealer: bool,
    dora: u8,
    aka: u8,
    ura: u8,
    all_simple: bool,
    all_term_honour: bool,
    has_honour: bool,
    one_suit: bool,
    /// Situation yaku (riichi, ippatsu, tsumo, rinshan...), valid for every decomposition.
    situational: YakuList,
    /// Yakuman decided by the tiles alone (tsuuiisou, chinroutou, ryuuiisou, chuuren) and
    /// the situation (tenhou, chiihou).
    hand_yakuman: YakuList,
}

/// The dora han of `tiles` for the given indicators: for each indicator, the copies held of
/// the tile it points to (kan dora are more indicators; an indicator given twice counts twice).
///
/// ```
/// use haipai_score::dora_han;
/// use haipai_tiles::{parse_counts, parse_tile};
/// let hand = parse_counts("222567m345p33567s")?;
/// // 1m points to 2m (three held), 4z (North) points to 1z East (none).
/// assert_eq!(dora_han(&hand, &[parse_tile("1m")?.tile(), parse_tile("4z")?.tile()]), 3);
/// # Ok::<(), haipai_tiles::Error>(())
/// ```
pub fn dora_han(tiles: &Counts, indicators: &[Tile]) -> u32 {
    indicators.iter().map(|i| u32::from(tiles[i.dora_from_indicator().index()])).sum()
}

/// Bit `i` set for each terminal and honour kind.
const TERM_HONOUR_MASK: u64 = {
    let mut m = 0u64;
    let mut i = 0;
    while i < 34 {
        if term_honour(i as u8) {
            m |= 1 << i;
        }
        i += 1;
    }
    m
};
/// Bits 27..34: the honours.
const HONOUR_MASK: u64 = 0x7f << 27;
/// Bits 0..9: one suit.
const SUIT_MASK: u64 = 0x1ff;
/// The all-green kinds: 2s 3s 4s 6s 8s and the green dragon.
const GREEN_MASK: u64 = (1 << 19) | (1 << 20) | (1 << 21) | (1 << 23) | (1 << 25) | (1 << 32);

fn chuuren(all: &Counts) -> bool {
    let Some(first) = all.iter().position(|&c| c > 0) else { return false };
    if first >= 27 || first % 9 != 0 {
        return false;
    }
    let suit = &all[first..first + 9];
    if suit.iter().map(|&c| u32::from(c)).sum::<u32>() != 14 {
        return false;
    }
    let need = [3u8, 1, 1, 1, 1, 1, 1, 1, 3];
    suit.iter().zip(need).all(|(&c, n)| c >= n)
}

/// What a hand's tiles say, the same for every decomposition: which families of kinds it
/// holds.
struct TileFacts {
    all_simple: bool,
    all_term_honour: bool,
    all_honour: bool,
    all_terminal: bool,
    all_green: bool,
    has_honour: bool,
    /// How many of the three suits it holds.
    num_suits: u32,
}

impl TileFacts {
    fn of(all: &Counts) -> TileFacts {
        let mut present = 0u64;
        for (i, &c) in all.iter().enumerate() {
            present |= u64::from(c > 0) << i;
        }
        let holds = |mask: u64| present & mask != 0;
        TileFacts {
            all_simple: present & TERM_HONOUR_MASK == 0,
            all_term_honour: present & !TERM_HONOUR_MASK == 0,
            all_honour: present & !HONOUR_MASK == 0,
            all_terminal: present & !(TERM_HONOUR_MASK & !HONOUR_MASK) == 0,
            all_green: present & !GREEN_MASK == 0,
            has_honour: holds(HONOUR_MASK),
            num_suits: [SUIT_MASK, SUIT_MASK << 9, SUIT_MASK << 18].into_iter().filter(|&m| holds(m)).count() as u32,
        }
    }
}

/// The yaku of the situation alone (riichi, ippatsu, menzen tsumo, rinshan, chankan, haitei,
/// houtei), valid for every decomposition.
fn situational_yaku(s: &Conditions, closed_hand: bool) -> YakuList {
    let mut yaku = YakuList::new();
    if s.double_riichi {
        yaku.push(Yaku::DoubleRiichi, 2);
    } else if s.riichi {
        yaku.push(Yaku::Riichi, 1);
    }
    let flags = [
        (s.ippatsu, Yaku::Ippatsu),
        (s.tsumo && closed_hand, Yaku::MenzenTsumo),
        (s.rinshan, Yaku::RinshanKaihou),
        (s.chankan, Yaku::Chankan),
        (s.haitei, Yaku::HaiteiRaoyue),
        (s.houtei, Yaku::HouteiRaoyui),
    ];
    yaku.push_flagged(&flags, 1);
    yaku
}

impl<'a> Ctx<'a> {
    /// `dora` and `ura` are the dora and ura-dora han of the tiles (ura only with riichi).
    fn new(inp: &Input<'_>, rules: &'a Rules, all: &Counts, dora: u32, ura: u32) -> Ctx<'a> {
        let s = &inp.c;
        let closed_hand = !inp.melds.iter().any(|m| m.kind().is_open());
        let riichi = s.riichi || s.double_riichi;
        let facts = TileFacts::of(all);
        let byte = |n: u32| u8::try_from(n).unwrap_or(u8::MAX);
        let mut ctx = Ctx {
            c: *s,
            rules,
            closed_hand,
            win: inp.win.index() as u8,
            seat: s.seat.tile().index() as u8,
            round: s.round.tile().index() as u8,
            dealer: s.is_dealer(),
            dora: byte(dora),
            aka: if rules.aka_dora { inp.red } else { 0 },
            ura: if riichi { byte(ura) } else { 0 },
            all_simple: facts.all_simple,
            all_term_honour: facts.all_term_honour && !facts.all_honour && !facts.all_terminal,
            has_honour: facts.has_honour,
            one_suit: facts.num_suits == 1,
            situational: situational_yaku(s, closed_hand),
            hand_yakuman: YakuList::new(),
        };
        ctx.hand_yakuman = ctx.hand_yakuman(&facts, all, inp.melds.is_empty());
        ctx
    }

    /// The yakuman of the situation (tenhou, chiihou) and of the tiles alone (tsuuiisou,
    /// chinroutou, ryuuiisou, chuuren poutou: `no_melds` for the last).
    fn hand_yakuman(&self, facts: &TileFacts, all: &Counts, no_melds: bool) -> YakuList {
        let mut yakuman = YakuList::new();
        let flags = [
            (self.c.tenhou, Yaku::Tenhou),
            (self.c.chiihou, Yaku::Chiihou),
            (facts.all_honour, Yaku::Tsuuiisou),
            (facts.all_terminal, Yaku::Chinroutou),
            (facts.all_green, Yaku::Ryuuiisou),
        ];
        yakuman.push_flagged(&flags, 13);
        if no_melds && chuuren(all) {
            let w = all[usize::from(self.win)];
            let y = if w == 2 || w == 4 { Yaku::JunseiChuurenPoutou } else { Yaku::ChuurenPoutou };
            yakuman.push(y, self.double(y));
        }
        yakuman
    }

    fn double(&self, y: Yaku) -> u8 {
        if self.rules.double_yakuman && y.is_double_yakuman() { 26 } else { 13 }
    }

    /// Finishes a candidate: yakuman replace everything; otherwise dora are added when there
    /// is a yaku. Returns None for no yaku.
    fn finish(&self, mut yaku: YakuList, yakuman: YakuList, fu: u32, parts: &FuList) -> Option<Cand> {
        let mut han: u32;
        let mut mult = 0;
        if yakuman.len > 0 {
            yaku = yakuman;
            // The multiples and the han are both capped, so `han == 13 * yakuman` always.
            let cap = u32::from(self.rules.max_yakuman.max(1));
            mult = (yaku.items[..yaku.len].iter().map(|&(_, h)| u32::from(h)).sum::<u32>() / 13).min(cap);
            han = 13 * mult;
        } else {
            han = yaku.items[..yaku.len].iter().map(|&(_, h)| u32::from(h)).sum();
            if han == 0 {
                return None;
            }
            for (y, n) in [(Yaku::Dora, self.dora), (Yaku::AkaDora, self.aka), (Yaku::UraDora, self.ura)] {
                if n > 0 {
                    yaku.push(y, n);
                    han += u32::from(n);
                }
            }
        }
        let s = &self.c;
        let payment = payment_in_range(han, fu, mult, self.dealer, s.tsumo, s.honba, s.sticks, self.rules);
        Some(Cand {
            total: payment.total,
            real_yakuman: mult > 0,
            han,
            fu,
            raw_fu: parts.sum(),
            yakuman: mult,
            payment,
            yaku: yaku.items,
            n_yaku: yaku.len as u8,
            parts: parts.items,
            n_parts: parts.len as u8,
        })
    }

    fn han_of(&self, y: Yaku) -> u8 {
        let (closed, open) = y.han();
        if self.closed_hand { closed } else { open }
    }

    fn push_common(&self, yaku: &mut YakuList) {
        if self.all_simple && (self.closed_hand || self.rules.kuitan) {
            yaku.push(Yaku::Tanyao, 1);
        }
        if self.all_term_honour {
            yaku.push(Yaku::Honroutou, 2);
        }
        if self.one_suit {
            let y = if self.has_honour { Yaku::Honitsu } else { Yaku::Chinitsu };
            yaku.push(y, self.han_of(y));
        }
    }

    fn thirteen_orphans(&self, all: &Counts) -> Option<Cand> {
        let mut yakuman = YakuList::new();
        for &(y, h) in &self.hand_yakuman.items[..self.hand_yakuman.len] {
            if matches!(y, Yaku::Tenhou | Yaku::Chiihou) {
                yakuman.push(y, h);
            }
        }
        let y = if all[usize::from(self.win)] == 2 { Yaku::KokushiMusou13 } else { Yaku::KokushiMusou };
        yakuman.push(y, self.double(y));
        self.finish(YakuList::new(), yakuman, 0, &FuList::new())
    }

    fn seven_pairs(&self) -> Option<Cand> {
        let mut parts = FuList::new();
        parts.push(FuPart::SevenPairs);
        let mut yakuman = YakuList::new();
        for &(y, h) in &self.hand_yakuman.items[..self.hand_yakuman.len] {
            yakuman.push(y, h);
        }
        let mut yaku = YakuList::new();
        for &(y, h) in &self.situational.items[..self.situational.len] {
            yaku.push(y, h);
        }
        yaku.push(Yaku::Chiitoitsu, 2);
        self.push_common(&mut yaku);
        self.finish(yaku, yakuman, 25, &parts)
    }

    /// The fu of the pair `pair`: 2 for a dragon, 2 for each of the seat and round winds (a
    /// double wind pair as the rules say).
    fn pair_fu(&self, pair: u8) -> u8 {
        if pair == self.seat && pair == self.round {
            return self.rules.double_wind_pair_fu;
        }
        2 * (u8::from(pair >= 31) + u8::from(pair == self.seat) + u8::from(pair == self.round))
    }

    /// Walks one decomposition's blocks once: what its fu and yaku look at (a set completed by
    /// a shanpon ron counts as open).
    fn reading(&self, blocks: &[Block; 4], pair: u8, win_block: Option<usize>, wait: WaitKind) -> Reading {
        let mut r = Reading::new(wait, pair);
        for (i, b) in blocks.iter().enumerate() {
            if b.kind == Kind::Seq {
                r.seqs[r.n_seq] = b.tile;
                r.n_seq += 1;
                r.outside &= b.tile % 9 == 0 || b.tile % 9 == 6;
                continue;
            }
            r.sets += 1;
            r.set_mask |= 1 << b.tile;
            r.outside &= term_honour(b.tile);
            r.dragon_sets += u32::from(b.tile >= 31);
            r.wind_sets += u32::from((27..31).contains(&b.tile));
            let kan = b.kind == Kind::Kan;
            r.kans += u32::from(kan);
            let open = b.open || (wait == WaitKind::Shanpon && !self.c.tsumo && win_block == Some(i));
            r.concealed += u32::from(!open);
            let fu = 2 * (1 + u8::from(term_honour(b.tile))) * (1 + u8::from(!open)) * if kan { 4 } else { 1 };
            r.set_parts[r.sets as usize - 1] = FuPart::Set { tile: tile(b.tile), kan, open, fu };
            r.set_fu += u32::from(fu);
        }
        r.seqs[..r.n_seq].sort_unstable();
        r
    }

    /// The fu parts of a reading, in the order they are listed (base, closed ron, wait, pair,
    /// sets, tsumo, open pinfu), and whether it is pinfu (closed, and no fu from the wait, the
    /// pair or a set).
    fn fu_parts(&self, r: &Reading, parts: &mut FuList) -> bool {
        let s = &self.c;
        parts.push(FuPart::Base);
        if self.closed_hand && !s.tsumo {
            parts.push(FuPart::ClosedRon);
        }
        let wait_fu = match r.wait {
            WaitKind::Kanchan => Some(FuPart::Kanchan),
            WaitKind::Penchan => Some(FuPart::Penchan),
            WaitKind::Tanki => Some(FuPart::Tanki),
            _ => None,
        };
        if let Some(p) = wait_fu {
            parts.push(p);
        }
        let pair_fu = self.pair_fu(r.pair);
        if pair_fu > 0 {
            parts.push(FuPart::ValuePair { tile: tile(r.pair), fu: pair_fu });
        }
        for &p in &r.set_parts[..r.sets as usize] {
            parts.push(p);
        }
        let other = 2 * u32::from(wait_fu.is_some()) + u32::from(pair_fu) + r.set_fu;
        let pinfu = self.closed_hand && other == 0;
        if s.tsumo && (!pinfu || self.rules.pinfu_tsumo_fu) {
            parts.push(FuPart::Tsumo);
        }
        if !self.closed_hand && !s.tsumo && other == 0 && self.rules.open_pinfu_fu {
            parts.push(FuPart::OpenPinfu);
        }
        pinfu
    }

    /// The yakuman of a reading: the hand's own, then those of its blocks.
    fn regular_yakuman(&self, r: &Reading) -> YakuList {
        let mut yakuman = YakuList::new();
        for &(y, h) in &self.hand_yakuman.items[..self.hand_yakuman.len] {
            yakuman.push(y, h);
        }
        if r.concealed == 4 {
            let y = if r.wait == WaitKind::Tanki { Yaku::SuuankouTanki } else { Yaku::Suuankou };
            yakuman.push(y, self.double(y));
        }
        if r.dragon_sets == 3 {
            yakuman.push(Yaku::Daisangen, 13);
        }
        if r.wind_sets == 4 {
            yakuman.push(Yaku::Daisuushii, self.double(Yaku::Daisuushii));
        } else if r.wind_sets == 3 && (27..31).contains(&r.pair) {
            yakuman.push(Yaku::Shousuushii, 13);
        }
        if r.kans == 4 {
            yakuman.push(Yaku::Suukantsu, 13);
        }
        yakuman
    }

    /// The ordinary yaku of a reading (dora are added by [`Ctx::finish`]).
    fn regular_yaku(&self, r: &Reading, pinfu: bool) -> YakuList {
        let mut yaku = YakuList::new();
        for &(y, h) in &self.situational.items[..self.situational.len] {
            yaku.push(y, h);
        }
        if pinfu {
            yaku.push(Yaku::Pinfu, 1);
        }
        self.push_common(&mut yaku);
        if self.closed_hand {
            match r.twin_sequences() {
                0 => {}
                1 => yaku.push(Yaku::Iipeikou, 1),
                _ => yaku.push(Yaku::Ryanpeikou, 3),
            }
        }
        self.push_value_sets(r.set_mask, &mut yaku);
        if r.n_seq > 0 && r.outside {
            let y = if self.has_honour { Yaku::Chanta } else { Yaku::Junchan };
            yaku.push(y, self.han_of(y));
        }
        self.push_sequence_yaku(r.sequences(), &mut yaku);
        self.push_set_yaku(r, &mut yaku);
        yaku
    }

    /// Yakuhai: a set of a dragon, of the seat wind, of the round wind.
    fn push_value_sets(&self, set_mask: u64, yaku: &mut YakuList) {
        for (t, y) in [(31, Yaku::YakuhaiHaku), (32, Yaku::YakuhaiHatsu), (33, Yaku::YakuhaiChun)] {
            if set_mask & (1 << t) != 0 {
                yaku.push(y, 1);
            }
        }
        if set_mask & (1 << self.seat) != 0 {
            yaku.push(Yaku::YakuhaiSeatWind, 1);
        }
        if set_mask & (1 << self.round) != 0 {
            yaku.push(Yaku::YakuhaiRoundWind, 1);
        }
    }

    /// Ittsu (123, 456 and 789 of a suit) and sanshoku doujun (one sequence in all three
    /// suits), from the sorted sequences' first tiles.
    fn push_sequence_yaku(&self, seqs: &[u8], yaku: &mut YakuList) {
        if seqs.len() < 3 {
            return;
        }
        let has = |t: u8| seqs.contains(&t);
        if (0..3).any(|s| has(9 * s) && has(9 * s + 3) && has(9 * s + 6)) {
            yaku.push(Yaku::Ittsu, self.han_of(Yaku::Ittsu));
        }
        if (0..7).any(|d| has(d) && has(9 + d) && has(18 + d)) {
            yaku.push(Yaku::SanshokuDoujun, self.han_of(Yaku::SanshokuDoujun));
        }
    }

    /// The yaku of the sets: sanshoku doukou, toitoi, sanankou, sankantsu, shousangen.
    fn push_set_yaku(&self, r: &Reading, yaku: &mut YakuList) {
        let in_all_suits = |d: u8| (0..3).all(|s| r.set_mask & (1 << (9 * s + d)) != 0);
        if r.sets >= 3 && (0..9).any(in_all_suits) {
            yaku.push(Yaku::SanshokuDoukou, 2);
        }
        if r.sets == 4 {
            yaku.push(Yaku::Toitoi, 2);
        }
        if r.concealed == 3 {
            yaku.push(Yaku::Sanankou, 2);
        }
        if r.kans == 3 {
            yaku.push(Yaku::Sankantsu, 2);
        }
        if r.dragon_sets == 2 && r.pair >= 31 {
            yaku.push(Yaku::Shousangen, 2);
        }
    }

    /// Scores one decomposition (`blocks` + `pair`) with the winning tile read as completing
    /// block `win_block` (or the pair, with `None`) under `wait`.
    fn regular(&self, blocks: &[Block; 4], pair: u8, win_block: Option<usize>, wait: WaitKind) -> Option<Cand> {
        let r = self.reading(blocks, pair, win_block, wait);
        let mut parts = FuList::new();
        let pinfu = self.fu_parts(&r, &mut parts);
        let fu = parts.sum().div_ceil(10) * 10;
        let yakuman = self.regular_yakuman(&r);
        if yakuman.len > 0 {
            return self.finish(YakuList::new(), yakuman, fu, &parts);
        }
        self.finish(self.regular_yaku(&r, pinfu), yakuman, fu, &parts)
    }
}

/// Scores every reading of a validated hand (`all`: closed tiles and melds), calling `on` for
/// each one that has a yaku. Errors with [`ErrorKind::NotAWinningHand`] if the tiles do not win.
pub(crate) fn search(
    inp: &Input<'_>,
    all: &Counts,
    dora: u32,
    ura: u32,
    rules: &Rules,
    mut on: impl FnMut(&Cand),
) -> Result<(), Error> {
    let closed = inp.closed;
    let melds = inp.melds;
    let ctx = Ctx::new(inp, rules, all, dora, ura);
    let mut winning = false;
    let mut consider = |c: Option<Cand>| {
        if let Some(c) = c {
            on(&c);
        }
    };
    if melds.is_empty() && is_thirteen_orphans(closed) {
        winning = true;
        consider(ctx.thirteen_orphans(all));
    }
    if melds.is_empty() && is_seven_pairs(closed) {
        winning = true;
        consider(ctx.seven_pairs());
    }
    let mut blocks = [Block { kind: Kind::Seq, tile: 0, open: false }; 4];
    let n_melds = melds.len();
    for (i, m) in melds.iter().enumerate() {
        let kind = match m.kind() {
            MeldKind::Chi => Kind::Seq,
            MeldKind::Pon => Kind::Trip,
            _ => Kind::Kan,
        };
        blocks[i] = Block { kind, tile: m.first().index() as u8, open: m.kind().is_open() };
    }
    for arr in winning_arrangements(closed) {
        winning = true;
        for (j, g) in arr.groups().iter().enumerate() {
            let (kind, t) = match *g {
                Group::Sequence(t) => (Kind::Seq, t),
                Group::Triplet(t) => (Kind::Trip, t),
            };
            blocks[n_melds + j] = Block { kind, tile: t.index() as u8, open: false };
        }
        let pair = arr.pair.index() as u8;
        if pair == ctx.win {
            consider(ctx.regular(&blocks, pair, None, WaitKind::Tanki));
        }
        for (j, &g) in arr.groups().iter().enumerate() {
            let i = n_melds + j;
            let b = blocks[i];
            let seen = blocks[n_melds..i].iter().any(|o| o.kind == b.kind && o.tile == b.tile);
            if let Some(wait) = group_wait(g, inp.win)
                && !seen
            {
                consider(ctx.regular(&blocks, pair, Some(i), wait));
            }
        }
    }
    if winning { Ok(()) } else { Err(Error::new(ErrorKind::NotAWinningHand)) }
}

/// Scores a winning situation under `rules`.
///
/// Errors on a hand that is not 14 tiles, a winning tile not in the closed tiles, a hand that
/// does not win, flags that contradict each other (chankan with another copy of the robbed
/// tile held), more than [`MAX_INDICATORS`](crate::MAX_INDICATORS) dora or ura-dora indicators, or indicators that
/// make a fifth copy of a kind with the hand's tiles (with chankan, the three copies of the
/// robbed tile in the opponent's kan count). A winning shape without yaku is
/// `Ok(Outcome::NoYaku)`.
///
/// ```
/// use haipai_score::{score, Outcome, Rules, Situation, Yaku};
/// use haipai_tiles::{parse_tile, Hand};
///
/// // Riichi, menzen tsumo, tanyao: 30 fu 3 han, a dealer's 2000 all (6000).
/// let hand = Hand::parse("222567m345p33567s")?;
/// let mut s = Situation::new(hand, parse_tile("5s")?.tile());
/// s.conditions = s.conditions.tsumo(true).riichi(true);
/// let Outcome::Win(win) = score(&s, &Rules::default())? else { panic!("no yaku") };
/// assert_eq!((win.han, win.fu, win.payment.non_dealer), (3, 30, 2000));
/// assert!(win.yaku.contains(&(Yaku::Tanyao, 1)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn score(s: &Situation, rules: &Rules) -> Result<Outcome, Error> {
    let inp =
        Input { closed: s.hand.closed(), melds: s.hand.melds(), win: s.win, red: s.hand.red_fives(), c: s.conditions };
    let all = validate(&inp)?;
    let robbed = s.conditions.chankan.then_some(s.win);
    check_indicators(&all, robbed, &s.dora_indicators, &s.ura_indicators)?;
    let dora = dora_han(&all, &s.dora_indicators);
    let ura = dora_han(&all, &s.ura_indicators);
    let mut best: Option<Cand> = None;
    search(&inp, &all, dora, ura, rules, |c| {
        if best.as_ref().is_none_or(|b| c.key() > b.key()) {
            best = Some(*c);
        }
    })?;
    Ok(match best {
        None => Outcome::NoYaku,
        Some(c) => {
            let mut yaku: Vec<(Yaku, u32)> =
                c.yaku[..usize::from(c.n_yaku)].iter().map(|&(y, h)| (y, u32::from(h))).collect();
            yaku.sort_by_key(|&(y, _)| y);
            Outcome::Win(Score {
                han: c.han,
                fu: c.fu,
                yakuman: c.yakuman,
                yaku,
                fu_parts: c.parts[..usize::from(c.n_parts)].to_vec(),
                payment: c.payment,
            })
        }
    })
}
