//! [`Memo`]: necessary and unnecessary tiles for many hands in a row, remembering each suit
//! pattern's change masks.
//!
//! The table-driven answer ([`crate::necessary_tiles`]) spends most of its time on the three
//! suits' nine kinds: for each kind the rank and class of the pattern with one tile more (or
//! fewer) and the entries of the suit's cost vector that change. Those masks depend on the
//! suit's pattern only, and a search that asks about thousands of hands sees a few hundred
//! patterns per suit. A [`Memo`] keeps them per pattern, transposed (for each entry `2k + p`
//! of the cost vector, the kinds whose draw lowers it and the kinds whose discard keeps it), so
//! a suit's answer is the union of the masks of its optimal entries (usually one to three).
//! The answers are those of [`crate::necessary_tiles`] and [`crate::unnecessary_tiles`].

use crate::effective::{self, Masks, SuitChanges};
use haipai_tiles::{Counts, TileSet};

/// One suit pattern's masks: `lowers[e]` the kinds (bit `i` = kind `i` of the suit) whose
/// draw lowers entry `e` of the suit's cost vector, `keeps[e]` those whose discard keeps it.
/// `key` is the pattern's rank plus one (0: an empty slot).
#[derive(Clone, Copy, Default)]
struct Slot {
    key: u32,
    lowers: [u16; 10],
    keeps: [u16; 10],
}

// The slot size the docs quote.
const _: () = assert!(std::mem::size_of::<Slot>() == 44);

/// A memo of suit patterns for [`Memo::necessary_tiles`] and [`Memo::unnecessary_tiles`]:
/// the same answers as [`crate::necessary_tiles`] and [`crate::unnecessary_tiles`], cheaper
/// once the hands' suit patterns repeat (as they do over the states of one search). It grows
/// with the patterns seen (44-byte slots kept at most half full; at most the 405,350 suit
/// patterns).
///
/// ```
/// use haipai_shanten::{Memo, necessary_tiles};
/// use haipai_tiles::parse_counts;
///
/// let mut memo = Memo::new();
/// let hand = parse_counts("123456789m11p11s")?;
/// assert_eq!(memo.necessary_tiles(&hand), necessary_tiles(&hand));
/// # Ok::<(), haipai_tiles::Error>(())
/// ```
#[derive(Clone)]
pub struct Memo {
    /// Open addressing, linear probing; the length is a power of two, at most half full.
    slots: Vec<Slot>,
    len: usize,
}

impl std::fmt::Debug for Memo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Memo").field("patterns", &self.len).field("slots", &self.slots.len()).finish()
    }
}

impl Default for Memo {
    fn default() -> Memo {
        Memo::new()
    }
}

/// Slots a new memo starts with.
const INITIAL_SLOTS: usize = 1 << 10;

impl Memo {
    /// An empty memo.
    pub fn new() -> Memo {
        Memo { slots: vec![Slot::default(); INITIAL_SLOTS], len: 0 }
    }

    /// The suit patterns remembered so far.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no pattern is remembered yet.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// [`crate::necessary_tiles`]: for a hand of 3m + 1 tiles, its shanten and the kinds whose
    /// draw lowers it. Precondition as [`crate::shanten`].
    pub fn necessary_tiles(&mut self, counts: &Counts) -> (i8, TileSet) {
        let n = crate::size(counts);
        let masks = Masks::new(counts);
        let regular = effective::regular(counts, &masks, n / 3, true, self);
        crate::with_other_forms(n, &masks, regular, true)
    }

    /// [`crate::unnecessary_tiles`]: for a hand of 3m + 2 tiles, its shanten and the held
    /// kinds whose discard keeps it. Precondition as [`crate::shanten`].
    pub fn unnecessary_tiles(&mut self, counts: &Counts) -> (i8, TileSet) {
        let n = crate::size(counts);
        let masks = Masks::new(counts);
        let regular = effective::regular(counts, &masks, n / 3, false, self);
        crate::with_other_forms(n, &masks, regular, false)
    }

    /// The slot of the suit pattern `suit` (rank `rank`, class `class`), filled when new.
    #[inline(always)]
    fn slot(&mut self, suit: &[u8; 9], rank: usize, class: u8) -> &Slot {
        let key = rank as u32 + 1;
        let mask = self.slots.len() - 1;
        let mut i = home(key, mask);
        loop {
            let k = self.slots[i].key;
            if k == key {
                return &self.slots[i];
            }
            if k == 0 {
                break;
            }
            i = (i + 1) & mask;
        }
        self.insert(suit, key, class)
    }

    /// Fills a new slot for the pattern `suit` (`key`: its rank plus one) and returns it.
    #[cold]
    fn insert(&mut self, suit: &[u8; 9], key: u32, class: u8) -> &Slot {
        if 2 * (self.len + 1) > self.slots.len() {
            self.grow();
        }
        let slot = Slot {
            key,
            lowers: transpose(effective::changed_entries(suit, class, true)),
            keeps: transpose(effective::changed_entries(suit, class, false)),
        };
        let mask = self.slots.len() - 1;
        let mut i = home(key, mask);
        while self.slots[i].key != 0 {
            i = (i + 1) & mask;
        }
        self.slots[i] = slot;
        self.len += 1;
        &self.slots[i]
    }

    /// Doubles the slots and places every pattern again.
    fn grow(&mut self) {
        let doubled = vec![Slot::default(); 2 * self.slots.len()];
        let old = std::mem::replace(&mut self.slots, doubled);
        let mask = self.slots.len() - 1;
        for slot in old.into_iter().filter(|s| s.key != 0) {
            let mut i = home(slot.key, mask);
            while self.slots[i].key != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = slot;
        }
    }
}

/// The first slot a key probes among `mask + 1` (a power of two): the top bits of a
/// multiplicative hash, so ranks of nearby patterns spread out.
#[inline(always)]
fn home(key: u32, mask: usize) -> usize {
    ((u64::from(key.wrapping_mul(0x9e37_79b1)) * (mask as u64 + 1)) >> 32) as usize
}

/// Per-kind entry masks to per-entry kind masks: bit `i` of `out[e]` is bit `e` of `by_kind[i]`.
fn transpose(by_kind: [u16; 9]) -> [u16; 10] {
    std::array::from_fn(|e| by_kind.iter().enumerate().fold(0, |acc, (i, &m)| acc | ((m >> e) & 1) << i))
}

impl SuitChanges for Memo {
    #[inline(always)]
    fn kinds(&mut self, suit: &[u8; 9], rank: usize, class: u8, e: u32, draw: bool) -> u64 {
        let slot = self.slot(suit, rank, class);
        let by_entry = if draw { &slot.lowers } else { &slot.keeps };
        // The optimal entries are among the ten of the cost vector.
        let mut entries = e & 0x3ff;
        let mut kinds = 0u16;
        while entries != 0 {
            kinds |= by_entry[entries.trailing_zeros() as usize];
            entries &= entries - 1;
        }
        u64::from(kinds)
    }
}
