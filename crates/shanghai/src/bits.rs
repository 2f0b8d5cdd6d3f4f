//! A fixed 256-bit set of slot indices, the solver's position key.

/// The largest number of slots a layout may have.
pub const MAX_SLOTS: usize = 256;

/// A set of slot indices `0..256`, four 64-bit words.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord, Debug)]
pub struct Bits(pub [u64; 4]);

impl Bits {
    /// The empty set.
    pub const EMPTY: Bits = Bits([0; 4]);

    /// The set `0..n`.
    ///
    /// # Panics
    ///
    /// When `n` is more than [`MAX_SLOTS`] (as [`Bits::insert`]).
    pub fn first(n: usize) -> Bits {
        let mut b = Bits::EMPTY;
        for i in 0..n {
            b.insert(i);
        }
        b
    }

    /// Whether `i` is in the set (never for `i` of [`MAX_SLOTS`] or more).
    #[inline]
    pub fn contains(&self, i: usize) -> bool {
        i < MAX_SLOTS && self.0[i >> 6 & 3] >> (i & 63) & 1 != 0
    }

    /// [`Bits::contains`] for a slot index (below [`MAX_SLOTS`], as every slot's is): the
    /// word index is taken modulo 4, which spares the bounds check in the solver's inner loops.
    #[inline(always)]
    pub(crate) fn has_slot(&self, i: usize) -> bool {
        debug_assert!(i < MAX_SLOTS);
        self.0[i >> 6 & 3] >> (i & 63) & 1 != 0
    }

    /// [`Bits::remove`] for a slot index (below [`MAX_SLOTS`]), without a bounds check.
    #[inline(always)]
    pub(crate) fn remove_slot(&mut self, i: usize) {
        debug_assert!(i < MAX_SLOTS);
        self.0[i >> 6 & 3] &= !(1 << (i & 63));
    }

    /// Adds `i`.
    ///
    /// # Panics
    ///
    /// When `i` is [`MAX_SLOTS`] or more: the set holds `0..256` only.
    #[inline]
    pub fn insert(&mut self, i: usize) {
        self.0[i >> 6] |= 1 << (i & 63);
    }

    /// Removes `i` (nothing to do for `i` of [`MAX_SLOTS`] or more, never a member).
    #[inline]
    pub fn remove(&mut self, i: usize) {
        if i < MAX_SLOTS {
            self.0[i >> 6 & 3] &= !(1 << (i & 63));
        }
    }

    /// Number of members.
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }

    /// Whether the two sets share a member.
    #[inline]
    pub fn intersects(&self, other: &Bits) -> bool {
        (0..4).any(|k| self.0[k] & other.0[k] != 0)
    }

    /// Members in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        (0..4).flat_map(move |k| {
            let mut w = self.0[k];
            std::iter::from_fn(move || {
                if w == 0 {
                    None
                } else {
                    let t = w.trailing_zeros() as usize;
                    w &= w - 1;
                    Some(k * 64 + t)
                }
            })
        })
    }
}
