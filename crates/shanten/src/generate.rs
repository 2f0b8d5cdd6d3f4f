//! The table generator behind `cargo xtask codegen` (kept in this crate so that the
//! staleness test and xtask call the same code).
//!
//! It enumerates every suit pattern (nine counts 0..=4 summing to at most 14: 405,350 of
//! them) and every honour pattern (seven counts: 43,130), computes each one's cost table with
//! [`reference::suit_costs`], clamps it (see [`CLAMP`]) and numbers the distinct tables:
//! these numbers are the *classes*. See [`crate::tables`] for the file layout.

use crate::reference::{self, INF};

/// Cost entries above this are stored as `CLAMP`: a regular hand of at most 14 tiles has
/// a replacement number of at most 9, so a suit entry above 9 never wins a minimum and
/// clamping it to 10 changes no answer while merging many classes.
pub const CLAMP: u8 = 10;

/// Maximum tiles in a hand, hence in one suit.
pub const MAX_TILES: usize = 14;

#[cfg(test)]
/// Number of patterns of `n` counts in 0..=4 summing to at most `s`, for n in 0..=9 and
/// s in 0..=14.
pub fn pattern_counts() -> [[u32; MAX_TILES + 1]; 10] {
    let mut t = [[0u32; MAX_TILES + 1]; 10];
    t[0] = [1; MAX_TILES + 1];
    for n in 1..10 {
        for s in 0..=MAX_TILES {
            t[n][s] = (0..=4.min(s)).map(|c| t[n - 1][s - c]).sum();
        }
    }
    t
}

#[cfg(test)]
/// The perfect-hash rank of a pattern of `len` (7 or 9) counts with sum at most 14: the
/// position of the pattern in lexicographic order among all such patterns.
pub fn rank(counts: &[u8]) -> u32 {
    let t = pattern_counts();
    let len = counts.len();
    let mut budget = MAX_TILES;
    let mut r = 0;
    for (i, &c) in counts.iter().enumerate() {
        for j in 0..usize::from(c) {
            r += t[len - 1 - i][budget - j];
        }
        budget -= usize::from(c);
    }
    r
}

/// Every pattern of `len` counts (each 0..=4, sum at most 14), in rank order.
pub fn patterns(len: usize) -> Vec<Vec<u8>> {
    fn rec(len: usize, budget: usize, cur: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if cur.len() == len {
            out.push(cur.clone());
            return;
        }
        for c in 0..=4.min(budget) {
            cur.push(c as u8);
            rec(len, budget - c, cur, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    rec(len, MAX_TILES, &mut Vec::with_capacity(len), &mut out);
    out
}

/// A cost table flattened to ten bytes, index `2k + p`, clamped at [`CLAMP`].
pub type Vector = [u8; 10];

/// The clamped cost vector of one suit (`sequences`) or honour pattern.
pub fn vector(counts: &[u8], sequences: bool) -> Vector {
    let c = reference::suit_costs(counts, sequences);
    let mut v = [0u8; 10];
    for k in 0..5 {
        for p in 0..2 {
            v[2 * k + p] = c[k][p].min(CLAMP).min(INF);
        }
    }
    v
}

/// Classes of all patterns of `len` counts: (class of each pattern in rank order,
/// the distinct vectors in order of first appearance).
///
/// # Panics
///
/// When the patterns make more than 256 classes; the lengths the tables use (9 for a suit, 7
/// for the honours) make far fewer.
pub fn classes(len: usize, sequences: bool) -> (Vec<u8>, Vec<Vector>) {
    let mut distinct: Vec<Vector> = Vec::new();
    let mut index = std::collections::HashMap::new();
    let mut of = Vec::new();
    for p in patterns(len) {
        let v = vector(&p, sequences);
        let id = *index.entry(v).or_insert_with(|| {
            distinct.push(v);
            distinct.len() - 1
        });
        of.push(u8::try_from(id).expect("at most 256 classes"));
    }
    (of, distinct)
}

/// Min-plus combination of two clamped vectors (melds add up to at most 4, pairs to at most 1).
pub fn combine(a: &Vector, b: &Vector) -> Vector {
    let mut out = [CLAMP; 10];
    for k1 in 0..5 {
        for p1 in 0..2 {
            for k2 in 0..5 - k1 {
                for p2 in 0..2 - p1 {
                    let v = (a[2 * k1 + p1] + b[2 * k2 + p2]).min(CLAMP);
                    let o = &mut out[2 * (k1 + k2) + p1 + p2];
                    *o = (*o).min(v);
                }
            }
        }
    }
    out
}

/// Everything the tables file holds, before serialisation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tables {
    /// Class of every suit pattern, in rank order.
    pub suit_class: Vec<u8>,
    /// Class of every honour histogram key (see [`crate::tables::honour_key`]); 0 where no
    /// pattern has that key.
    pub honour_class: Vec<u8>,
    /// The vector of each suit class.
    pub suit_vectors: Vec<Vector>,
    /// The vector of each honour class.
    pub honour_vectors: Vec<Vector>,
    /// The vector of each combined class (any combination of suits and honours).
    pub combined_vectors: Vec<Vector>,
    /// `[suit class][suit class]` → combined class.
    pub pair_table: Vec<u8>,
    /// `[suit class][honour class]` → combined class.
    pub suit_honour_table: Vec<u8>,
    /// `[combined class][suit class]` → combined class.
    pub triple_table: Vec<u8>,
    /// `[combined class][honour class]` → combined class.
    pub full_table: Vec<u8>,
    /// `[combined class][combined class]` → combined class.
    pub join_table: Vec<u8>,
    /// `[suit class][suit class]` → the entries (bit `2k + p`) where the second vector is
    /// below the first (a draw that gives that class lowers those entries), then the same
    /// with "at most" (a discard that keeps them): [`change_masks`], padded to 128 × 128.
    pub suit_change: [Vec<u16>; 2],
    /// The same for honour classes, padded to 64 × 64.
    pub honour_change: [Vec<u16>; 2],
    /// `[m][suit class][combined class]` → the optimal entries of the suit for `m` melds
    /// when the other suits and the honours have that combined class: [`optimal_masks`].
    pub suit_optimal: Vec<u16>,
    /// The same for the honours (`[m][honour class][combined class]`).
    pub honour_optimal: Vec<u16>,
}

/// `[m][class][combined class]` tables of the optimal entries (bits `2k + p`) of a group's
/// vector among `vectors` for `m` melds (0..=4), beside the rest of the hand of each combined
/// class: the entries on a cheapest way to the replacement number of the whole hand, computed
/// by the private `effective::optimal_entries` (the replacement number is entry `2m + 1` of the
/// combination of the two vectors); at run time the lookups read these tables instead.
pub fn optimal_masks(vectors: &[Vector], combined: &[Vector]) -> Vec<u16> {
    let bits = |v: &Vector| {
        let mut bytes = [CLAMP; 16];
        bytes[..10].copy_from_slice(v);
        u128::from_le_bytes(bytes)
    };
    let mut out = Vec::with_capacity(5 * vectors.len() * combined.len());
    for m in 0..5 {
        for v in vectors {
            for o in combined {
                let r = combine(v, o)[2 * m + 1];
                out.push(crate::effective::optimal_entries(bits(v), bits(o), m, r) as u16);
            }
        }
    }
    out
}

/// `[from][to]` tables of 10-bit entry masks, padded to `pad × pad` (0 in the padding):
/// the entries where `to`'s vector is below `from`'s (`strict`) or at most `from`'s.
pub fn change_masks(vectors: &[Vector], strict: bool, pad: usize) -> Vec<u16> {
    let mut out = vec![0u16; pad * pad];
    for (i, a) in vectors.iter().enumerate() {
        for (j, b) in vectors.iter().enumerate() {
            let mut bits = 0u16;
            for e in 0..10 {
                if b[e] < a[e] || (!strict && b[e] == a[e]) {
                    bits |= 1 << e;
                }
            }
            out[i * pad + j] = bits;
        }
    }
    out
}

/// The class of each honour histogram key (see [`crate::tables::honour_key`]), from the class
/// of each honour pattern in rank order; 0 where no pattern has that key.
fn honour_classes(honour_by_rank: &[u8]) -> Vec<u8> {
    // Honour classes depend only on how many kinds hold 1, 2, 3 and 4 copies.
    let mut honour_class = vec![0u8; crate::tables::HONOUR_KEYS];
    for (p, &class) in patterns(7).iter().zip(honour_by_rank) {
        let key = crate::tables::honour_key(p.as_slice().try_into().expect("seven"));
        honour_class[key] = class;
    }
    honour_class
}

/// The combined classes numbered so far: their vectors in order of first appearance.
#[derive(Default)]
struct Combined {
    list: Vec<Vector>,
    index: std::collections::HashMap<Vector, usize>,
}

impl Combined {
    /// The class of vector `v`, numbered next when it is new.
    fn id(&mut self, v: Vector) -> u8 {
        let list = &mut self.list;
        let id = *self.index.entry(v).or_insert_with(|| {
            list.push(v);
            list.len() - 1
        });
        u8::try_from(id).expect("at most 256 combined classes")
    }

    /// `[a][b]` → the class of the combination of vector `a` of `left` and `b` of `right`.
    fn table(&mut self, left: &[Vector], right: &[Vector]) -> Vec<u8> {
        let mut out = Vec::new();
        for a in left {
            for b in right {
                out.push(self.id(combine(a, b)));
            }
        }
        out
    }

    /// Numbers the classes of class `c` with each of `suits`, each of `honours` and each of
    /// the first `n` classes, in that order.
    fn grow(&mut self, c: usize, n: usize, suits: &[Vector], honours: &[Vector]) {
        for b in suits.iter().chain(honours) {
            let v = combine(&self.list[c], b);
            self.id(v);
        }
        for d in 0..n {
            let v = combine(&self.list[c], &self.list[d]);
            self.id(v);
        }
    }

    /// Closes the classes under adding a suit (`suits`), adding honours (`honours`) and
    /// joining two classes, a round at a time until a round numbers none.
    fn close(&mut self, suits: &[Vector], honours: &[Vector]) {
        let mut done = 0;
        while done < self.list.len() {
            let n = self.list.len();
            for c in 0..n {
                self.grow(c, n, suits, honours);
            }
            done = n;
        }
    }

    /// `[combined class][b]` → the class of its combination with vector `b` of `right` (after
    /// [`Combined::close`], every one already numbered).
    fn by_class(&mut self, right: &[Vector]) -> Vec<u8> {
        let left = self.list.clone();
        self.table(&left, right)
    }
}

/// Computes the classes and the combination tables. The combined classes are numbered in
/// order of first appearance while closing the set under every table, so that every
/// table's output is a valid input.
///
/// # Panics
///
/// Never: the class counts it checks are those of the suit and honour patterns, fixed and
/// pinned by the tests.
pub fn build() -> Tables {
    let (suit_class, suit_vectors) = classes(9, true);
    let (honour_by_rank, honour_vectors) = classes(7, false);
    let honour_class = honour_classes(&honour_by_rank);
    let mut combined = Combined::default();
    let pair_table = combined.table(&suit_vectors, &suit_vectors);
    let suit_honour_table = combined.table(&suit_vectors, &honour_vectors);
    combined.close(&suit_vectors, &honour_vectors);
    let triple_table = combined.by_class(&suit_vectors);
    let full_table = combined.by_class(&honour_vectors);
    let join_table = combined.by_class(&combined.list.clone());
    let list = combined.list;
    let (sp, hp) = (crate::tables::SUIT_CHANGE_PAD, crate::tables::HONOUR_CHANGE_PAD);
    let suit_change = [change_masks(&suit_vectors, true, sp), change_masks(&suit_vectors, false, sp)];
    let honour_change = [change_masks(&honour_vectors, true, hp), change_masks(&honour_vectors, false, hp)];
    let suit_optimal = optimal_masks(&suit_vectors, &list);
    let honour_optimal = optimal_masks(&honour_vectors, &list);
    Tables {
        suit_optimal,
        honour_optimal,
        suit_change,
        honour_change,
        suit_class,
        honour_class,
        suit_vectors,
        honour_vectors,
        combined_vectors: list,
        pair_table,
        suit_honour_table,
        triple_table,
        full_table,
        join_table,
    }
}

/// The header that opens the tables file: it names the generator. Padded to
/// [`crate::tables::HEADER_LEN`] bytes.
pub const HEADER: &str = "haipai-shanten tables v3. Generated by `cargo xtask codegen` \
(xtask/src/codegen/shanten.rs calling haipai_shanten::generate::tables); do not edit.";

/// The bytes of `crates/shanten/tables/shanten.bin`: see [`crate::tables`] for the layout.
///
/// # Panics
///
/// Never: it asserts that the computed class counts match the constants of [`crate::tables`],
/// which fail only when the generator and the reader disagree (a bug caught by the tests).
pub fn tables() -> Vec<u8> {
    use crate::tables as t;
    let tb = build();
    assert_eq!(tb.suit_vectors.len(), t::SUIT_CLASSES, "suit classes");
    assert_eq!(tb.honour_vectors.len(), t::HONOUR_CLASSES, "honour classes");
    assert_eq!(tb.combined_vectors.len(), t::COMBINED_CLASSES, "combined classes");
    let mut out = HEADER.as_bytes().to_vec();
    assert!(out.len() < t::HEADER_LEN);
    out.resize(t::HEADER_LEN - 1, b' ');
    out.push(b'\n');
    out.extend_from_slice(&tb.suit_class);
    out.extend_from_slice(&tb.honour_class);
    for v in tb.suit_vectors.iter().chain(&tb.honour_vectors).chain(&tb.combined_vectors) {
        out.extend_from_slice(v);
        out.extend_from_slice(&[CLAMP; 6]);
    }
    out.extend_from_slice(&tb.pair_table);
    out.extend_from_slice(&tb.suit_honour_table);
    out.extend_from_slice(&tb.triple_table);
    out.extend_from_slice(&tb.full_table);
    out.extend_from_slice(&tb.join_table);
    for table in tb.suit_change.iter().chain(&tb.honour_change).chain([&tb.suit_optimal, &tb.honour_optimal]) {
        for bits in table {
            out.extend_from_slice(&bits.to_le_bytes());
        }
    }
    assert_eq!(out.len(), t::TOTAL_LEN);
    out
}
