//! `FuPart`: one line of a fu breakdown.

use haipai_tiles::Tile;
use std::fmt;

/// One source of fu (new kinds may be added).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FuPart {
    /// 副底 the base 20 fu.
    Base,
    /// 門前加符 10 fu for a closed hand won by ron.
    ClosedRon,
    /// 七対子 seven pairs: a flat 25 fu.
    SevenPairs,
    /// 自摸符 2 fu for tsumo (not for pinfu).
    Tsumo,
    /// Kanchan (middle) wait, 2 fu.
    Kanchan,
    /// Penchan (edge) wait, 2 fu.
    Penchan,
    /// Tanki (pair) wait, 2 fu.
    Tanki,
    /// A pair of dragons, the seat wind or the round wind: 2 fu, or the double-wind value.
    ValuePair {
        /// The pair's tile.
        tile: Tile,
        /// Its fu.
        fu: u8,
    },
    /// A triplet or quad.
    Set {
        /// Its tile.
        tile: Tile,
        /// A quad.
        kan: bool,
        /// Open (called, or completed by ron).
        open: bool,
        /// Its fu (2, 4, 8, 16 or 32).
        fu: u8,
    },
    /// 2 fu for an open hand won by ron that has no other fu (so 30 fu).
    OpenPinfu,
}

impl FuPart {
    /// The fu of this part.
    pub const fn fu(self) -> u8 {
        match self {
            FuPart::Base => 20,
            FuPart::ClosedRon => 10,
            FuPart::SevenPairs => 25,
            FuPart::Tsumo | FuPart::Kanchan | FuPart::Penchan | FuPart::Tanki | FuPart::OpenPinfu => 2,
            FuPart::ValuePair { fu, .. } | FuPart::Set { fu, .. } => fu,
        }
    }

    /// A short snake_case name: `base`, `closed_ron`, `seven_pairs`, `tsumo`, `kanchan`,
    /// `penchan`, `tanki`, `value_pair`, `closed_triplet`, `open_triplet`, `closed_kan`,
    /// `open_kan`, `open_pinfu`.
    pub const fn name(self) -> &'static str {
        match self {
            FuPart::Base => "base",
            FuPart::ClosedRon => "closed_ron",
            FuPart::SevenPairs => "seven_pairs",
            FuPart::Tsumo => "tsumo",
            FuPart::Kanchan => "kanchan",
            FuPart::Penchan => "penchan",
            FuPart::Tanki => "tanki",
            FuPart::ValuePair { .. } => "value_pair",
            FuPart::Set { kan: false, open: false, .. } => "closed_triplet",
            FuPart::Set { kan: false, open: true, .. } => "open_triplet",
            FuPart::Set { kan: true, open: false, .. } => "closed_kan",
            FuPart::Set { kan: true, open: true, .. } => "open_kan",
            FuPart::OpenPinfu => "open_pinfu",
        }
    }

    /// The tile the part is about (pairs and sets).
    pub const fn tile(self) -> Option<Tile> {
        match self {
            FuPart::ValuePair { tile, .. } | FuPart::Set { tile, .. } => Some(tile),
            _ => None,
        }
    }
}

impl fmt::Display for FuPart {
    /// `closed_triplet 1z: 8`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.tile() {
            Some(t) => write!(f, "{} {t}: {}", self.name(), self.fu()),
            None => write!(f, "{}: {}", self.name(), self.fu()),
        }
    }
}
