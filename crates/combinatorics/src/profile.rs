//! Per-suit shanten profiles: everything the shanten number of a whole hand needs to know about
//! one tile group (a number suit, or one honour kind).
//!
//! For the regular form we use the *replacement distance*: `d[m][h]` is the least number of tiles
//! a group must gain (tiles it already holds may be left over) to contain `m` melds and `h`
//! pairs, never more than four of a kind. Distances add across groups, so a whole hand needs
//! `min Σ d_g[m_g][h_g]` over splits with `Σ m_g = k`, `Σ h_g = 1`, and its regular shanten is that
//! minimum minus one (`k = 4` for 13 and 14 tiles). This is the method of tomohxx's shanten
//! calculator and "mahjong-algorithm-book" (idea credited; the code is ours). Seven pairs needs
//! the number of kinds held twice and held at all; thirteen orphans the terminal and honour kinds
//! held and whether one of them is held twice.
//!
//! The distance vector of a number suit is haipai-shanten's: [`suit_distance`] reads it from that
//! crate's generated tables rather than computing the same 405,350 vectors a second way (see
//! `docs/crates/combinatorics.md`, "Reuse"). An honour kind's vector is one line
//! ([`honour_profile`]). What this module adds is the rest of the profile (pairs, kinds,
//! orphans) and a [`Profile::combine`] that keeps all of it, which is what the generating
//! functions multiply.

/// Largest meld count tracked (`k = 4` for 13- and 14-tile hands).
pub const MELDS: usize = 4;
/// Entries of a distance vector: `(m, h)` for `m ≤ 4`, `h ≤ 1`, at index `2m + h`.
pub const ENTRIES: usize = 2 * (MELDS + 1);
/// Distances are stored capped at this value ("far").
pub const FAR: u8 = 15;

/// The shanten-relevant summary of one tile group (or of several combined).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Profile {
    /// `d[2m + h]`: tiles to gain for `m` melds and `h` pairs, capped.
    pub d: [u8; ENTRIES],
    /// Kinds held at least twice.
    pub pairs: u8,
    /// Kinds held at least once.
    pub kinds: u8,
    /// Terminal and honour kinds held.
    pub orphans: u8,
    /// Whether some terminal or honour kind is held at least twice.
    pub orphan_pair: bool,
}

impl Profile {
    /// The empty group: distance `3m + 2h` for every target (all tiles must be gained).
    pub const EMPTY: Profile =
        Profile { d: [0, 2, 3, 5, 6, 8, 9, 11, 12, 14], pairs: 0, kinds: 0, orphans: 0, orphan_pair: false };

    /// The profile of two disjoint groups together: distances by min-plus convolution, the
    /// other fields by addition. `cap` bounds distances (values at or above it are equivalent
    /// for the question asked), and `seven_cap` bounds pair/kind counts the same way.
    pub fn combine(&self, o: &Profile, cap: u8, seven_cap: u8) -> Profile {
        let mut d = [FAR; ENTRIES];
        for m1 in 0..=MELDS {
            for h1 in 0..2 {
                let a = self.d[2 * m1 + h1];
                for m2 in 0..=MELDS - m1 {
                    for h2 in 0..2 - h1 {
                        let v = a + o.d[2 * m2 + h2];
                        let e = &mut d[2 * (m1 + m2) + h1 + h2];
                        *e = (*e).min(v);
                    }
                }
            }
        }
        for e in &mut d {
            *e = (*e).min(cap);
        }
        Profile {
            d,
            pairs: (self.pairs + o.pairs).min(seven_cap),
            kinds: (self.kinds + o.kinds).min(seven_cap),
            orphans: self.orphans + o.orphans,
            orphan_pair: self.orphan_pair || o.orphan_pair,
        }
    }

    /// The same profile with distances capped at `cap` and pair/kind counts at `seven_cap`.
    pub fn capped(mut self, cap: u8, seven_cap: u8) -> Profile {
        for e in &mut self.d {
            *e = (*e).min(cap);
        }
        self.pairs = self.pairs.min(seven_cap);
        self.kinds = self.kinds.min(seven_cap);
        self
    }

    /// Shanten of a whole hand of `tiles` tiles with this profile: regular form with
    /// `k = (tiles - 1) / 3` melds and a pair; for 13 and 14 tiles also seven pairs
    /// (`6 - pairs + max(0, 7 - kinds)`) and thirteen orphans (`13 - orphans - [pair]`).
    /// Sizes above 14 are read as 14 melds-wise (`k = 4`), never a panic.
    pub fn shanten(&self, tiles: usize) -> i8 {
        let k = ((tiles.max(1) - 1) / 3).min(MELDS);
        let mut s = self.d[2 * k + 1] as i8 - 1;
        if tiles >= 13 {
            let seven = 6 - self.pairs as i8 + (7 - self.kinds as i8).max(0);
            let orphans = 13 - self.orphans as i8 - i8::from(self.orphan_pair);
            s = s.min(seven).min(orphans);
        }
        s
    }
}

/// Profiles of the single honour kind held `c` times (`c ≤ 4`): only triplets and pairs.
pub fn honour_profile(c: u8) -> Profile {
    let mut d = [FAR; ENTRIES];
    for m in 0..=MELDS {
        for h in 0..2 {
            let need = 3 * m + 2 * h;
            if need <= 4 {
                d[2 * m + h] = (need as u8).saturating_sub(c);
            }
        }
    }
    Profile { d, pairs: u8::from(c >= 2), kinds: u8::from(c >= 1), orphans: u8::from(c >= 1), orphan_pair: c >= 2 }
}

/// Distances at or above this value are equivalent for every hand of at most 14 tiles (a
/// regular hand needs at most 9 tiles); haipai-shanten's tables clamp there, and so do we.
pub const CLAMP: u8 = haipai_shanten::DISTANCE_CLAMP;

/// The distance vector of one number suit (nine counts, at most 14 tiles), entry `2m + h`,
/// clamped at [`CLAMP`]: read from haipai-shanten's generated tables (suit pattern → class →
/// cost vector), the same vectors its fast shanten combines. [`crate::brute::suit_distances`]
/// recomputes every one of them independently, and a test compares all 405,350.
pub fn suit_distance(c: &[u8; 9]) -> [u8; ENTRIES] {
    haipai_shanten::suit_distances(c)
}

/// The full profile of a suit pattern (at most 14 tiles).
pub fn suit_profile(c: &[u8; 9]) -> Profile {
    Profile {
        d: suit_distance(c),
        pairs: c.iter().filter(|&&n| n >= 2).count() as u8,
        kinds: c.iter().filter(|&&n| n >= 1).count() as u8,
        orphans: u8::from(c[0] >= 1) + u8::from(c[8] >= 1),
        orphan_pair: c[0] >= 2 || c[8] >= 2,
    }
}
