//! A board: a layout, a rule set and a face on every slot, compiled for the solver.

use std::fmt;

use crate::bits::{Bits, MAX_SLOTS};
use crate::faces::Face;
use crate::layout::{Blocking, Layout, LayoutError, LayoutErrorKind};

/// A tile lying on a slot, in a packed blocker count (see [`Board::blocker_counts`]).
pub(crate) const ABOVE: u32 = 1;
/// A tile on a slot's left, in a packed blocker count.
pub(crate) const LEFT: u32 = 1 << 10;
/// A tile on a slot's right, in a packed blocker count.
pub(crate) const RIGHT: u32 = 1 << 20;

/// In a packed blocker count: the slot itself is not present.
pub(crate) const GONE: u32 = 1 << 30;

/// Whether a slot with packed blocker count `c` is present with nothing on it (free, or
/// blocked on both sides): two instructions, a cheap filter before [`is_free_count`].
#[inline(always)]
pub(crate) fn uncovered_count(c: u32) -> bool {
    c & (GONE | 0x3ff) == 0
}

/// Whether a slot with packed blocker count `c` is present and free: nothing on it and one
/// side open. One comparison (the `min` is a conditional move): no branches to mispredict
/// but the caller's.
#[inline(always)]
pub(crate) fn is_free_count(c: u32) -> bool {
    let (on, left, right) = (c & (GONE | 0x3ff), c & 0x3ff << 10, c & 0x3ff << 20);
    on | left.min(right) == 0
}

/// Why a move, or a list of moves, is not legal: opaque; [`MoveError::kind`] says which rule it
/// breaks and the message says where.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MoveError {
    kind: MoveErrorKind,
    message: String,
}

/// Which rule a move breaks (new kinds may be added).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum MoveErrorKind {
    /// The move takes one slot twice.
    SameSlot,
    /// A slot is not on the board.
    OffBoard,
    /// A slot's tile is already removed.
    Removed,
    /// The two faces do not match.
    Mismatch,
    /// A tile is not free.
    NotFree,
    /// Tiles remain after the moves ([`Board::check_win`]).
    TilesRemain,
}

impl MoveError {
    pub(crate) fn new(kind: MoveErrorKind, message: String) -> MoveError {
        MoveError { kind, message }
    }

    /// Which rule the move breaks.
    pub fn kind(&self) -> &MoveErrorKind {
        &self.kind
    }

    /// What is wrong, in words.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for MoveError {}

/// The message, for callers that report errors as text (`?` in a function answering a
/// `Result<_, String>`).
impl From<MoveError> for String {
    fn from(e: MoveError) -> String {
        e.message
    }
}

/// One move: the two slots removed together, lower index first.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Move(pub u16, pub u16);

impl Move {
    /// The move removing slots `a` and `b` (in either order). An index beyond `u16::MAX`
    /// becomes `u16::MAX` (never a slot: a board has at most 256), so that
    /// [`Board::why_illegal`] refuses the move instead of reading another slot.
    ///
    /// ```
    /// use haipai_shanghai::Move;
    /// assert_eq!(Move::new(7, 2), Move(2, 7));
    /// assert_eq!(Move::new(65_540, 6), Move(6, u16::MAX));
    /// ```
    pub fn new(a: usize, b: usize) -> Move {
        let slot = |i: usize| u16::try_from(i).unwrap_or(u16::MAX);
        Move(slot(a.min(b)), slot(a.max(b)))
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.0, self.1)
    }
}

/// A layout with a face on each slot, under one rule set, with everything the solver needs
/// precomputed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Board {
    layout: Layout,
    rules: Blocking,
    faces: Vec<Face>,
    /// Per slot, its matching group; an entry per possible slot ([`MAX_SLOTS`], 0 beyond the
    /// board), so the solver's inner loops index it without bounds checks.
    group: Vec<u8>,
    above: Vec<Vec<u16>>,
    /// Slots this slot blocks (reverse of above/left/right).
    blocks: Vec<Vec<u16>>,
    /// `blocks` with what removing this slot takes off each blocked slot's blocker count (see
    /// [`Board::blocker_counts`]): [`ABOVE`], [`LEFT`] or [`RIGHT`].
    unblock: Vec<Vec<(u16, u32)>>,
    /// The blocker counts of the full board (see [`Board::blocker_counts`]).
    full_counts: Vec<u32>,
    /// Every slot that must be removed before this one can be: the transitive closure of `above`.
    cover: Vec<Bits>,
    groups: usize,
    /// `above`, `left`, `right` as bit masks: [above, left, right] per slot.
    masks: Vec<[Bits; 3]>,
    /// The slots of each group.
    members: Vec<Vec<u16>>,
}

/// Errors when `faces` does not hold one face for each of the layout's `slots`.
fn check_face_count(slots: usize, faces: &[Face]) -> Result<(), LayoutError> {
    if faces.len() != slots {
        return Err(LayoutError::whole(
            LayoutErrorKind::Faces,
            format!("the layout has {slots} slots but {} faces were given", faces.len()),
        ));
    }
    Ok(())
}

/// Errors on the first matching group with an odd number of tiles, or else on the first with
/// more than 8; `group` is each face's matching group.
fn check_group_sizes(faces: &[Face], group: &[u8]) -> Result<(), LayoutError> {
    let mut counts = [0usize; 256];
    for &g in group {
        counts[g as usize] += 1;
    }
    let face_of = |g: usize| faces.iter().find(|f| f.group() as usize == g).expect("present");
    if let Some(g) = (0..256).find(|&g| counts[g] % 2 == 1) {
        return Err(LayoutError::whole(
            LayoutErrorKind::Faces,
            format!("an odd number of tiles ({}) match {}: every tile needs a partner", counts[g], face_of(g)),
        ));
    }
    if let Some(g) = (0..256).find(|&g| counts[g] > 8) {
        return Err(LayoutError::whole(
            LayoutErrorKind::Faces,
            format!("{} tiles match {}; at most 8 tiles of one matching group are supported", counts[g], face_of(g)),
        ));
    }
    Ok(())
}

/// The number of matching groups (one past the highest in `group`) and the slots of each.
fn group_members(group: &[u8]) -> (usize, Vec<Vec<u16>>) {
    let groups = group.iter().map(|&g| g as usize + 1).max().unwrap_or(0);
    let mut members = vec![Vec::new(); groups];
    for (i, &g) in group.iter().enumerate() {
        members[g as usize].push(i as u16);
    }
    (groups, members)
}

/// The slots in `list` as a set.
fn to_bits(list: &[u16]) -> Bits {
    let mut b = Bits::EMPTY;
    for &j in list {
        b.insert(j as usize);
    }
    b
}

/// The blockers of every slot of a board, one list for each side.
struct Sides {
    above: Vec<Vec<u16>>,
    left: Vec<Vec<u16>>,
    right: Vec<Vec<u16>>,
}

impl Sides {
    /// The blockers of every slot of `layout` under `rules`.
    fn of(layout: &Layout, rules: Blocking) -> Sides {
        let bl = layout.blockers(rules);
        Sides {
            above: bl.iter().map(|b| b.above.clone()).collect(),
            left: bl.iter().map(|b| b.left.clone()).collect(),
            right: bl.iter().map(|b| b.right.clone()).collect(),
        }
    }

    /// Per slot, the slots it blocks, each with what its removal takes off that slot's blocker
    /// count ([`ABOVE`], [`LEFT`] or [`RIGHT`]).
    fn unblock(&self) -> Vec<Vec<(u16, u32)>> {
        let n = self.above.len();
        let mut unblock = vec![Vec::new(); n];
        for i in 0..n {
            let sides = [(&self.above[i], ABOVE), (&self.left[i], LEFT), (&self.right[i], RIGHT)];
            for (list, unit) in sides {
                for &j in list {
                    unblock[j as usize].push((i as u16, unit));
                }
            }
        }
        unblock
    }

    /// Per slot, every slot that must be removed before it can be: the closure of `above`,
    /// made highest layers first so that each slot's coverers are done.
    fn cover(&self, layout: &Layout) -> Vec<Bits> {
        let n = self.above.len();
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(layout.slots()[i].z));
        let mut cover = vec![Bits::EMPTY; n];
        for &i in &order {
            let mut c = Bits::EMPTY;
            for &j in &self.above[i] {
                c.insert(j as usize);
                let cj = cover[j as usize];
                for k in 0..4 {
                    c.0[k] |= cj.0[k];
                }
            }
            cover[i] = c;
        }
        cover
    }

    /// Per slot, its blockers above, left and right as sets.
    fn masks(&self) -> Vec<[Bits; 3]> {
        (0..self.above.len())
            .map(|i| [to_bits(&self.above[i]), to_bits(&self.left[i]), to_bits(&self.right[i])])
            .collect()
    }

    /// Per slot, its packed blocker count with every tile present (see [`Board::blocker_counts`]).
    fn full_counts(&self) -> Vec<u32> {
        let count = |v: &[u16]| v.len() as u32;
        (0..self.above.len())
            .map(|i| count(&self.above[i]) * ABOVE + count(&self.left[i]) * LEFT + count(&self.right[i]) * RIGHT)
            .collect()
    }
}

impl Board {
    /// A board from a layout, rules and one face per slot (in slot order). Errors when the
    /// counts differ or a matching group has an odd number of tiles.
    pub fn new(layout: Layout, rules: Blocking, faces: Vec<Face>) -> Result<Board, LayoutError> {
        check_face_count(layout.len(), &faces)?;
        let mut group: Vec<u8> = faces.iter().map(|f| f.group()).collect();
        check_group_sizes(&faces, &group)?;
        let sides = Sides::of(&layout, rules);
        let unblock = sides.unblock();
        let blocks = unblock.iter().map(|list| list.iter().map(|&(i, _)| i).collect()).collect();
        let cover = sides.cover(&layout);
        let (groups, members) = group_members(&group);
        let masks = sides.masks();
        let full_counts = sides.full_counts();
        group.resize(MAX_SLOTS, 0);
        let above = sides.above;
        Ok(Board { masks, members, layout, rules, faces, group, above, blocks, unblock, full_counts, cover, groups })
    }

    /// The matching group of slot `i`.
    #[inline]
    pub(crate) fn group_of(&self, i: usize) -> usize {
        usize::from(self.group[i])
    }

    /// The matching group of every slot: an entry per possible slot ([`MAX_SLOTS`], 0 beyond
    /// the board), so inner loops index it without bounds checks.
    #[inline]
    pub(crate) fn slot_groups(&self) -> &[u8] {
        &self.group
    }

    /// The number of matching groups.
    #[inline]
    pub(crate) fn group_count(&self) -> usize {
        self.groups
    }

    /// The slots of group `g`.
    #[inline]
    pub(crate) fn members(&self, g: usize) -> &[u16] {
        &self.members[g]
    }

    /// Every slot that must be removed before slot `i` can be (the closure of "lies on").
    #[inline]
    pub(crate) fn cover(&self, i: usize) -> &Bits {
        &self.cover[i]
    }

    /// The slots lying directly on slot `i`.
    #[inline]
    pub(crate) fn above(&self, i: usize) -> &[u16] {
        &self.above[i]
    }

    /// The slots that slot `i` blocks (on them, or beside them).
    #[inline]
    pub(crate) fn blocks(&self, i: usize) -> &[u16] {
        &self.blocks[i]
    }

    /// The layout.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The rule set.
    pub fn rules(&self) -> Blocking {
        self.rules
    }

    /// The face on each slot.
    pub fn faces(&self) -> &[Face] {
        &self.faces
    }

    /// Number of slots.
    pub fn len(&self) -> usize {
        self.faces.len()
    }

    /// Always false: a board has at least one slot.
    pub fn is_empty(&self) -> bool {
        self.faces.is_empty()
    }

    /// The full board: every slot present.
    pub fn full(&self) -> Bits {
        Bits::first(self.len())
    }

    /// Whether slot `i` (present or not) would be free with `present` on the board; false for
    /// an `i` that is no slot of the board.
    #[inline]
    pub fn is_free(&self, present: &Bits, i: usize) -> bool {
        let Some([a, l, r]) = self.masks.get(i) else { return false };
        let p = &present.0;
        let hit = |m: &Bits| (0..4).fold(0, |acc, k| acc | (m.0[k] & p[k])) != 0;
        // `&` and `|` rather than `&&` and `||`: no branches to mispredict.
        !hit(a) & (!hit(l) | !hit(r))
    }

    /// Per slot, its blockers present in `present`, packed in one word (10 bits each: tiles on
    /// it, then on its left, then on its right; plus [`GONE`] when the slot is not in
    /// `present`), written to `out`. A removal of slot `i` keeps the counts up to date by
    /// taking each `(j, unit)` of `unblock[i]` (`unit` off slot `j`), and [`is_free_count`]
    /// reads freeness off a count without a mask test.
    pub(crate) fn blocker_counts(&self, present: &Bits, out: &mut [u32]) {
        out[..self.len()].copy_from_slice(&self.full_counts);
        let all = self.full();
        for k in 0..4 {
            let mut w = all.0[k] & !present.0[k];
            while w != 0 {
                self.take_off(out, k * 64 + w.trailing_zeros() as usize);
                w &= w - 1;
            }
        }
    }

    /// Marks slot `i` removed in the blocker counts `counts`, and takes its blocking off the
    /// slots it blocks.
    #[inline(always)]
    pub(crate) fn take_off(&self, counts: &mut [u32], i: usize) {
        counts[i] |= GONE;
        for &(j, unit) in &self.unblock[i] {
            counts[j as usize] -= unit;
        }
    }

    /// [`Board::take_off`], queueing the slots `i` blocks that are present with nothing on
    /// them after it ([`uncovered_count`]) on the queue `queue[..len]` as it goes (each
    /// written, and kept only when so: no branch).
    ///
    /// `counts` has a count per possible slot, so the slot indices (below [`MAX_SLOTS`]) are
    /// used modulo its length, without bounds checks.
    #[inline(always)]
    pub(crate) fn take_off_queued(
        &self,
        counts: &mut [u32; MAX_SLOTS],
        i: usize,
        queue: &mut Vec<u16>,
        len: &mut usize,
    ) {
        counts[i % MAX_SLOTS] |= GONE;
        let edges = &self.unblock[i];
        let end = *len + edges.len();
        if queue.len() < end {
            queue.resize(end.max(2 * queue.len()), 0);
        }
        let mut n = *len;
        for &(j, unit) in edges {
            let j_at = j as usize % MAX_SLOTS;
            let c = counts[j_at] - unit;
            counts[j_at] = c;
            queue[n] = j;
            n += uncovered_count(c) as usize;
        }
        *len = n;
    }

    /// The free tiles of `present`, in slot order (slots beyond the board are ignored).
    pub fn free_tiles(&self, present: &Bits) -> Vec<usize> {
        present.iter().take_while(|&i| i < self.len()).filter(|&i| self.is_free(present, i)).collect()
    }

    /// Every legal move: two free tiles that match.
    pub fn moves(&self, present: &Bits) -> Vec<Move> {
        let free = self.free_tiles(present);
        let mut v = Vec::new();
        for (k, &a) in free.iter().enumerate() {
            for &b in &free[k + 1..] {
                if self.group[a] == self.group[b] {
                    v.push(Move::new(a, b));
                }
            }
        }
        v
    }

    /// Whether `m` is legal in `present` (no reason is written for a legal move).
    pub fn is_legal(&self, present: &Bits, m: Move) -> bool {
        self.why_illegal(present, m).is_none()
    }

    /// Why `m` is not legal in `present` (`None` when it is), the first reason in this order:
    /// one slot taken twice; a slot off the board or already removed (the lower slot first);
    /// faces that do not match; a slot that is not free (the lower first).
    pub fn why_illegal(&self, present: &Bits, m: Move) -> Option<MoveError> {
        use MoveErrorKind::{Mismatch, NotFree, OffBoard, Removed, SameSlot};
        let (a, b) = (m.0 as usize, m.1 as usize);
        if a == b {
            return Some(MoveError::new(SameSlot, format!("it takes slot {a} twice")));
        }
        for i in [a, b] {
            if i >= self.len() {
                return Some(MoveError::new(
                    OffBoard,
                    match self.len() {
                        0 => format!("slot {i} is not on the board (it has no slot)"),
                        n => format!("slot {i} is not on the board (slots 0-{})", n - 1),
                    },
                ));
            }
            if !present.contains(i) {
                return Some(MoveError::new(Removed, format!("slot {i} ({}) is already removed", self.faces[i])));
            }
        }
        if self.group[a] != self.group[b] {
            return Some(MoveError::new(Mismatch, format!("{} and {} do not match", self.faces[a], self.faces[b])));
        }
        [a, b]
            .into_iter()
            .find(|&i| !self.is_free(present, i))
            .map(|i| MoveError::new(NotFree, format!("slot {i} ({}) is not free", self.faces[i])))
    }

    /// Plays `moves` from `present`, checking each; returns the position after them or the
    /// first illegal move's error (its kind, and a message naming the move's number).
    pub fn play(&self, mut present: Bits, moves: &[Move]) -> Result<Bits, MoveError> {
        for (k, &m) in moves.iter().enumerate() {
            if let Some(why) = self.why_illegal(&present, m) {
                return Err(MoveError::new(why.kind, format!("move {} ({m}) is not legal: {why}", k + 1)));
            }
            present.remove(m.0 as usize);
            present.remove(m.1 as usize);
        }
        Ok(present)
    }

    /// Checks that `moves` clear the board from `present`.
    pub fn check_win(&self, present: Bits, moves: &[Move]) -> Result<(), MoveError> {
        let end = self.play(present, moves)?;
        if end.is_empty() {
            Ok(())
        } else {
            Err(MoveError::new(MoveErrorKind::TilesRemain, format!("{} tiles remain after the moves", end.len())))
        }
    }
}
