//! The generated tables (`tables/shanten.bin`, from `cargo xtask codegen`) and the
//! table-driven regular shanten.
//!
//! # Idea
//!
//! A suit's contribution to the replacement number is its *cost vector*: for `k` melds
//! (0..=4) and `p` pairs (0/1), the least number of tiles the suit lacks
//! ([`crate::reference::suit_costs`]). The hand's replacement number is the min-plus
//! combination of its four suits' vectors read at `(m, 1)`. Clamping entries at 10 (no
//! hand of 14 tiles needs more than 9) leaves only 126 distinct suit vectors and 55 honour
//! vectors among the 405,350 suit and 43,130 honour patterns, so each pattern maps to a
//! one-byte *class* (the idea of Cryolite's nyanten; the perfect hash of patterns with at
//! most 14 tiles is the one tomohxx and xiangting use, computed here three kinds at a time,
//! see [`rank9`]). Honour kinds are interchangeable, so an honour pattern's class is looked
//! up by its histogram ([`honour_key`]) in a 4 KiB table instead of by rank. Combining classes is closed over a
//! small set of 180 *combined classes*, so three small 2-D tables replace the run-time
//! merge: `pair[man][pin] → a`, `suit_honour[sou][honours] → b`, `join[a][b] → c`, and the
//! answer for `m` melds is entry `2m + 1` of class `c`'s vector.
//!
//! # Layout of `shanten.bin` (all bytes)
//!
//! | section | size | content |
//! |---|---|---|
//! | header | 256 | ASCII, names the generator, space-padded, ends in `\n` |
//! | suit class | 405,350 | class of each suit pattern, by rank ([`rank9`]) |
//! | honour class | 4,096 | class of each honour histogram key ([`honour_key`]) |
//! | suit vectors | 126 × 16 | cost vector of each suit class, index `2k + p`, padded with 10 |
//! | honour vectors | 55 × 16 | cost vector of each honour class |
//! | combined vectors | 180 × 16 | cost vector of each combined class |
//! | pair | 126 × 126 | `[suit class][suit class]` → combined class |
//! | suit-honour | 126 × 55 | `[suit class][honour class]` → combined class |
//! | triple | 180 × 126 | `[combined class][suit class]` → combined class |
//! | full | 180 × 55 | `[combined class][honour class]` → combined class |
//! | join | 180 × 180 | `[combined class][combined class]` → combined class |
//! | suit drop | 128 × 128 × 2 | `[from][to]` suit class → u16 (LE) mask of the entries `2k + p` where `to` is below `from` (0 in the padding) |
//! | suit keep | 128 × 128 × 2 | the same with "at most" |
//! | honour drop | 64 × 64 × 2 | as suit drop, honour classes |
//! | honour keep | 64 × 64 × 2 | as suit keep, honour classes |
//! | suit optimal | 5 × 126 × 180 × 2 | `[m][suit class][combined class of the rest]` → u16 (LE) mask of the suit's optimal entries `2k + p` for `m` melds ([`suit_optimal`]) |
//! | honour optimal | 5 × 55 × 180 × 2 | the same for the honours beside the three suits ([`honour_optimal`]) |
//!
//! Nothing is decoded at start-up: every lookup indexes the `include_bytes!` slice.

/// The tables file.
pub const DATA: &[u8] = include_bytes!("../tables/shanten.bin");

/// Header length.
pub const HEADER_LEN: usize = 256;
/// Suit patterns: nine counts 0..=4 summing to at most 14.
pub const SUIT_PATTERNS: usize = 405_350;
/// Honour patterns: seven counts 0..=4 summing to at most 14.
#[cfg(test)]
pub const HONOUR_PATTERNS: usize = 43_130;
/// Honour histogram keys: three bits for each of the numbers of kinds held 1, 2, 3, 4 times.
pub const HONOUR_KEYS: usize = 4096;
/// Distinct clamped suit cost vectors.
pub const SUIT_CLASSES: usize = 126;
/// Distinct clamped honour cost vectors.
pub const HONOUR_CLASSES: usize = 55;
/// Distinct combined vectors of two or three suits.
pub const COMBINED_CLASSES: usize = 180;

const SUIT_CLASS_AT: usize = HEADER_LEN;
const HONOUR_CLASS_AT: usize = SUIT_CLASS_AT + SUIT_PATTERNS;
const SUIT_VECTORS_AT: usize = HONOUR_CLASS_AT + HONOUR_KEYS;
const HONOUR_VECTORS_AT: usize = SUIT_VECTORS_AT + 16 * SUIT_CLASSES;
const COMBINED_VECTORS_AT: usize = HONOUR_VECTORS_AT + 16 * HONOUR_CLASSES;
const PAIR_AT: usize = COMBINED_VECTORS_AT + 16 * COMBINED_CLASSES;
const SUIT_HONOUR_AT: usize = PAIR_AT + SUIT_CLASSES * SUIT_CLASSES;
const TRIPLE_AT: usize = SUIT_HONOUR_AT + SUIT_CLASSES * HONOUR_CLASSES;
const FULL_AT: usize = TRIPLE_AT + COMBINED_CLASSES * SUIT_CLASSES;
const JOIN_AT: usize = FULL_AT + COMBINED_CLASSES * HONOUR_CLASSES;
/// The change tables' row length for suit classes (126 padded to a power of two, so that
/// a masked index needs no bounds check).
pub const SUIT_CHANGE_PAD: usize = 128;
/// The change tables' row length for honour classes.
pub const HONOUR_CHANGE_PAD: usize = 64;
const SUIT_CHANGE_LEN: usize = 2 * SUIT_CHANGE_PAD * SUIT_CHANGE_PAD;
const HONOUR_CHANGE_LEN: usize = 2 * HONOUR_CHANGE_PAD * HONOUR_CHANGE_PAD;
const SUIT_DROP_AT: usize = JOIN_AT + COMBINED_CLASSES * COMBINED_CLASSES;
const SUIT_KEEP_AT: usize = SUIT_DROP_AT + SUIT_CHANGE_LEN;
const HONOUR_DROP_AT: usize = SUIT_KEEP_AT + SUIT_CHANGE_LEN;
const HONOUR_KEEP_AT: usize = HONOUR_DROP_AT + HONOUR_CHANGE_LEN;
const SUIT_OPTIMAL_AT: usize = HONOUR_KEEP_AT + HONOUR_CHANGE_LEN;
const SUIT_OPTIMAL_LEN: usize = 2 * 5 * SUIT_CLASSES * COMBINED_CLASSES;
const HONOUR_OPTIMAL_AT: usize = SUIT_OPTIMAL_AT + SUIT_OPTIMAL_LEN;
const HONOUR_OPTIMAL_LEN: usize = 2 * 5 * HONOUR_CLASSES * COMBINED_CLASSES;
/// Total size of the file.
pub const TOTAL_LEN: usize = HONOUR_OPTIMAL_AT + HONOUR_OPTIMAL_LEN;

/// A change table decoded at compile time from the little-endian bytes at `at` in
/// [`DATA`] (zeros if the file is too short, so that a stale file still compiles and
/// `cargo xtask codegen` can replace it; the size test then fails).
const fn change_table<const P: usize>(at: usize) -> [[u16; P]; P] {
    let mut t = [[0u16; P]; P];
    if DATA.len() < at + 2 * P * P {
        return t;
    }
    let mut i = 0;
    while i < P {
        let mut j = 0;
        while j < P {
            let k = at + 2 * (i * P + j);
            t[i][j] = DATA[k] as u16 | (DATA[k + 1] as u16) << 8;
            j += 1;
        }
        i += 1;
    }
    t
}

static SUIT_DROP: [[u16; SUIT_CHANGE_PAD]; SUIT_CHANGE_PAD] = change_table(SUIT_DROP_AT);
static SUIT_KEEP: [[u16; SUIT_CHANGE_PAD]; SUIT_CHANGE_PAD] = change_table(SUIT_KEEP_AT);
static HONOUR_DROP: [[u16; HONOUR_CHANGE_PAD]; HONOUR_CHANGE_PAD] = change_table(HONOUR_DROP_AT);
static HONOUR_KEEP: [[u16; HONOUR_CHANGE_PAD]; HONOUR_CHANGE_PAD] = change_table(HONOUR_KEEP_AT);

/// One row of a suit change table: the masks for the 128 (padded) target classes.
pub type ChangeRow = [u16; SUIT_CHANGE_PAD];

/// `COUNT[n][s]`: patterns of `n` counts (each 0..=4) summing to at most `s`.
const COUNT: [[u32; 16]; 10] = {
    let mut t = [[0u32; 16]; 10];
    let mut s = 0;
    while s < 16 {
        t[0][s] = 1;
        s += 1;
    }
    let mut n = 1;
    while n < 10 {
        let mut s = 0;
        while s < 16 {
            let mut c = 0;
            while c <= 4 && c <= s {
                t[n][s] += t[n - 1][s - c];
                c += 1;
            }
            s += 1;
        }
        n += 1;
    }
    t
};

/// `RANK[len - 1 - i][budget][c]`: what a count `c` at position `i` adds to the rank when
/// `budget` tiles (14 minus the tiles before it) remain.
const RANK: [[[u32; 5]; 16]; 9] = {
    let mut t = [[[0u32; 5]; 16]; 9];
    let mut rest = 0;
    while rest < 9 {
        let mut b = 0;
        while b < 16 {
            let mut c = 1;
            while c < 5 {
                let add = if c - 1 <= b { COUNT[rest][b - (c - 1)] } else { 0 };
                t[rest][b][c] = t[rest][b][c - 1] + add;
                c += 1;
            }
            b += 1;
        }
        rest += 1;
    }
    t
};

/// The rank contributions of kinds `3g..3g + 3` of a suit: `[prefix sum][c0 + 5c1 + 25c2]`
/// (padded to 128 keys), so a suit's rank is three lookups.
static RANK3: [[[u32; 128]; 16]; 3] = {
    let mut t = [[[0u32; 128]; 16]; 3];
    let mut g = 0;
    while g < 3 {
        let mut before = 0;
        while before < 16 {
            let mut key = 0;
            while key < 125 {
                let c = [key % 5, key / 5 % 5, key / 25];
                let mut budget = 14i32 - before as i32;
                let mut r = 0u32;
                let mut j = 0;
                while j < 3 {
                    if budget >= 0 {
                        r += RANK[8 - (3 * g + j)][budget as usize & 15][c[j]];
                    }
                    budget -= c[j] as i32;
                    j += 1;
                }
                t[g][before][key] = r;
                key += 1;
            }
            before += 1;
        }
        g += 1;
    }
    t
};

/// Perfect-hash rank of a suit pattern (nine counts, sum at most 14), in `0..405,350`:
/// its position in lexicographic order among all such patterns. Defined for counts of at
/// most 4 each (a valid hand's): other counts give some index in range, never a panic, but
/// not a meaningful one (check hands first: [`crate::validate`]).
#[inline(always)]
pub fn rank9(counts: &[u8; 9]) -> usize {
    let [g0, g1, g2] = groups(counts);
    let s0 = group_sum(g0);
    let s1 = s0 + group_sum(g1);
    (RANK3[0][0][group_key(g0)] + RANK3[1][s0 & 15][group_key(g1)] + RANK3[2][s1 & 15][group_key(g2)]) as usize
}

/// The three groups of three counts of a suit, each as a 24-bit little-endian word.
#[inline(always)]
fn groups(counts: &[u8; 9]) -> [u64; 3] {
    let lo = u64::from_le_bytes(*counts.first_chunk::<8>().expect("9 >= 8"));
    [lo & 0xff_ffff, lo >> 24 & 0xff_ffff, lo >> 48 | u64::from(counts[8]) << 16]
}

/// `c0 + 5 c1 + 25 c2` of a group word `c0 | c1 << 8 | c2 << 16` in one multiply: bits 16..23
/// of `g * (25 + 5·2^8 + 2^16)` collect exactly those three products (nothing carries in from
/// below while counts are at most 4); masked to 0..128 so any input stays in the table.
#[inline(always)]
fn group_key(g: u64) -> usize {
    (g.wrapping_mul(0x01_05_19) >> 16 & 0x7f) as usize
}

/// `c0 + c1 + c2` of a group word, by the same multiply trick.
#[inline(always)]
fn group_sum(g: u64) -> usize {
    (g.wrapping_mul(0x01_01_01) >> 16 & 0xff) as usize
}

#[cfg(test)]
/// Perfect-hash rank of an honour pattern (seven counts, sum at most 14), in `0..43,130`
/// (used by the generator's tests; the tables use [`honour_key`]).
pub fn rank7(counts: &[u8; 7]) -> usize {
    let mut budget = 14usize;
    let mut r = 0u32;
    for (i, &c) in counts.iter().enumerate() {
        let c = usize::from(c).min(4);
        r += RANK[6 - i][budget & 15][c];
        budget = budget.wrapping_sub(c);
    }
    r as usize
}

/// The histogram key of an honour pattern: 3 bits each for the number of kinds held once,
/// twice, three times and four times (`Σ 8^(c-1)` over the kinds), in `0..4096`.
///
/// Computed on the seven counts as one word: with `a`, `b`, `c`, `d` the numbers of kinds
/// held at least 1, 2, 3, 4 times, the key `(a-b) + 8(b-c) + 64(c-d) + 512d` is
/// `(a + 7b) + 56(c + 8d)`, two byte sums small enough not to overflow a byte.
#[inline(always)]
pub fn honour_key(counts: &[u8; 7]) -> usize {
    let mut bytes = [0u8; 8];
    bytes[..7].copy_from_slice(counts);
    let w = u64::from_le_bytes(bytes);
    const H: u64 = 0x8080_8080_8080_8080;
    // 1 in each byte whose count is at least `k` (counts at most 4: no carry between bytes).
    let at_least = |k: u64| (w.wrapping_add(0x8080_8080_8080_8080 - 0x0101_0101_0101_0101 * k) & H) >> 7;
    let sum = |x: u64| (x.wrapping_mul(0x0101_0101_0101_0101) >> 56) as usize;
    let low = sum(at_least(1) + 7 * at_least(2));
    let high = sum(at_least(3) + 8 * at_least(4));
    (low + 56 * high) & (HONOUR_KEYS - 1)
}

#[inline(always)]
fn byte(at: usize) -> u8 {
    DATA[at]
}

/// The class (`0..126`) of a suit pattern: patterns of the same class have the same
/// clamped cost vector ([`suit_vector`]). Sum at most 14 and at most 4 of each kind, as for
/// [`rank9`]: other counts give some class, never a panic, but not a meaningful one.
#[inline(always)]
pub fn suit_class(counts: &[u8; 9]) -> u8 {
    byte(SUIT_CLASS_AT + rank9(counts).min(SUIT_PATTERNS - 1))
}

/// The class (`0..55`) of an honour pattern ([`honour_vector`]). Sum at most 14 and at most 4
/// of each kind: other counts give some class, never a panic, but not a meaningful one.
#[inline(always)]
pub fn honour_class(counts: &[u8; 7]) -> u8 {
    byte(HONOUR_CLASS_AT + honour_key(counts))
}

/// A cost vector: entry `2k + p` for `k` melds and `p` pairs, clamped at 10; entries
/// 10..16 are padding (10) so that vectors add and reduce as one 16-byte block.
pub type Vector = [u8; 16];

#[inline(always)]
fn vector_at(at: usize) -> Vector {
    let mut v = [0u8; 16];
    v.copy_from_slice(&DATA[at..at + 16]);
    v
}

/// The clamped cost vector of a suit class: entry `2k + p` is the least number of tiles
/// the suit lacks for `k` melds and `p` pairs, clamped at 10.
#[inline]
pub fn suit_vector(class: u8) -> Vector {
    vector_at(SUIT_VECTORS_AT + 16 * usize::from(class))
}

#[cfg(test)]
/// The clamped cost vector of an honour class (no sequences).
#[inline]
pub fn honour_vector(class: u8) -> Vector {
    vector_at(HONOUR_VECTORS_AT + 16 * usize::from(class))
}

/// The combined class of two suits' classes (the min-plus combination of their vectors).
#[inline(always)]
pub fn combine_suits(a: u8, b: u8) -> u8 {
    byte(PAIR_AT + usize::from(a) * SUIT_CLASSES + usize::from(b))
}

/// The combined class of a combined class and one more suit's class.
#[inline(always)]
pub fn add_suit(combined: u8, suit: u8) -> u8 {
    byte(TRIPLE_AT + usize::from(combined) * SUIT_CLASSES + usize::from(suit))
}

/// The combined class of a combined class of three suits and the honours' class.
#[inline(always)]
pub fn add_honours(combined: u8, honours: u8) -> u8 {
    byte(FULL_AT + usize::from(combined) * HONOUR_CLASSES + usize::from(honours))
}

/// The combined class of a suit class and an honour class.
#[inline(always)]
pub fn suit_with_honours(suit: u8, honours: u8) -> u8 {
    byte(SUIT_HONOUR_AT + usize::from(suit) * HONOUR_CLASSES + usize::from(honours))
}

/// The combined class of two combined classes.
#[inline(always)]
pub fn join(a: u8, b: u8) -> u8 {
    byte(JOIN_AT + usize::from(a) * COMBINED_CLASSES + usize::from(b))
}

/// The replacement number (shanten + 1) of the regular form with `m` melds (0..=4) for a
/// combined class of all four suits.
#[inline(always)]
pub fn finish(full: u8, m: usize) -> u8 {
    byte(COMBINED_VECTORS_AT + 16 * usize::from(full) + 2 * m.min(4) + 1)
}

/// Splits counts into the three suits and the honours.
#[inline(always)]
pub(crate) fn split(counts: &[u8; 34]) -> (&[u8; 9], &[u8; 9], &[u8; 9], &[u8; 7]) {
    let (m, rest) = counts.split_first_chunk::<9>().expect("34 >= 9");
    let (p, rest) = rest.split_first_chunk::<9>().expect("25 >= 9");
    let (s, z) = rest.split_first_chunk::<9>().expect("16 >= 9");
    let z = z.first_chunk::<7>().expect("7 = 7");
    (m, p, s, z)
}

/// Replacement number of the regular form, from the tables.
#[inline]
pub fn regular_replacement(counts: &[u8; 34], m: usize) -> u8 {
    let (cm, cp, cs, cz) = split(counts);
    let mp = combine_suits(suit_class(cm), suit_class(cp));
    let sz = suit_with_honours(suit_class(cs), honour_class(cz));
    finish(join(mp, sz), m)
}

/// The ranks of the suit pattern with one tile more (`delta` = +1) or one fewer (`delta` =
/// -1) at each of the nine positions, from the three-kind group lookups: a change in group
/// `g` changes that group's key by `±5^j` and shifts the prefix sum seen by later groups.
/// Meaningful where the changed pattern is valid (count below 4 and at most 13 tiles for
/// +1, count positive for -1); elsewhere some rank in range.
#[inline(always)]
fn neighbour_ranks(counts: &[u8; 9], delta: isize) -> [usize; 16] {
    let g = groups(counts);
    let k = g.map(group_key);
    let s0 = group_sum(g[0]);
    let s1 = s0 + group_sum(g[1]);
    let a = [RANK3[0][0][k[0]], RANK3[1][s0 & 15][k[1]], RANK3[2][s1 & 15][k[2]]];
    let shift = |s: usize| s.wrapping_add_signed(delta) & 15;
    let b1 = RANK3[1][shift(s0)][k[1]];
    let b2 = RANK3[2][shift(s1)][k[2]];
    let before = [0, s0, s1];
    let rest = [b1 + b2, b2, 0];
    let head = [0, a[0], a[0] + a[1]];
    let mut out = [0usize; 16];
    for g in 0..3 {
        for (j, step) in [1usize, 5, 25].into_iter().enumerate() {
            let key = k[g].wrapping_add_signed(delta * step as isize) & 127;
            out[3 * g + j] = (head[g] + RANK3[g][before[g] & 15][key] + rest[g]) as usize;
        }
    }
    out
}

/// The ranks of the suit pattern with one more tile at each position (meaningful where the
/// count is below 4 and the pattern has at most 13 tiles); entries 9..16 are padding (0), so
/// that an index masked with 15 needs no bounds check.
#[inline(always)]
pub fn ranks_plus(counts: &[u8; 9]) -> [usize; 16] {
    neighbour_ranks(counts, 1)
}

/// The ranks of the suit pattern with one tile fewer at each position (meaningful where the
/// count is positive); entries 9..16 are padding (0).
#[inline(always)]
pub fn ranks_minus(counts: &[u8; 9]) -> [usize; 16] {
    neighbour_ranks(counts, -1)
}

/// The class of the suit pattern of rank `rank`.
#[inline(always)]
pub fn suit_class_of_rank(rank: usize) -> u8 {
    byte(SUIT_CLASS_AT + rank.min(SUIT_PATTERNS - 1))
}

/// The class of the honour pattern with histogram key `key`.
#[inline(always)]
pub fn honour_class_of_key(key: usize) -> u8 {
    byte(HONOUR_CLASS_AT + (key & (HONOUR_KEYS - 1)))
}

#[cfg(test)]
/// The entries (bit `2k + p`) of a suit's cost vector that a change from class `from` to
/// class `to` lowers (`draw`: a draw) or keeps (`!draw`: a discard; the vector never drops).
#[inline(always)]
pub fn suit_change(from: u8, to: u8, draw: bool) -> u16 {
    change_mask(suit_change_row(from, draw), to)
}

/// The row of [`suit_change`] for class `from`: read it with [`change_mask`].
#[inline(always)]
pub fn suit_change_row(from: u8, draw: bool) -> &'static ChangeRow {
    let t = if draw { &SUIT_DROP } else { &SUIT_KEEP };
    &t[usize::from(from) & (SUIT_CHANGE_PAD - 1)]
}

/// [`suit_change`] for honour classes.
#[inline(always)]
pub fn honour_change(from: u8, to: u8, draw: bool) -> u16 {
    let t = if draw { &HONOUR_DROP } else { &HONOUR_KEEP };
    t[usize::from(from) & (HONOUR_CHANGE_PAD - 1)][usize::from(to) & (HONOUR_CHANGE_PAD - 1)]
}

/// The little-endian `u16` at `at` in [`DATA`].
#[inline(always)]
fn word(at: usize) -> u16 {
    u16::from_le_bytes([DATA[at], DATA[at + 1]])
}

/// The optimal entries (bits `2k + p`, see [`crate::generate::optimal_masks`]) of a suit of
/// class `suit` for `m` melds (0..=4, larger counts as 4) when the rest of the hand (the other
/// suits and the honours) has the combined class `rest`.
#[inline(always)]
pub fn suit_optimal(m: usize, suit: u8, rest: u8) -> u16 {
    let i = (m.min(4) * SUIT_CLASSES + usize::from(suit)) * COMBINED_CLASSES + usize::from(rest);
    word(SUIT_OPTIMAL_AT + 2 * i)
}

/// [`suit_optimal`] for the honours (class `honours`) beside the three suits' combined class
/// `suits`.
#[inline(always)]
pub fn honour_optimal(m: usize, honours: u8, suits: u8) -> u16 {
    let i = (m.min(4) * HONOUR_CLASSES + usize::from(honours)) * COMBINED_CLASSES + usize::from(suits);
    word(HONOUR_OPTIMAL_AT + 2 * i)
}

/// The mask for class `to` in a row of a suit change table.
#[inline(always)]
pub fn change_mask(row: &ChangeRow, to: u8) -> u16 {
    row[usize::from(to) & (SUIT_CHANGE_PAD - 1)]
}
