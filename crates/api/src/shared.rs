//! What several requests read alike: red fives (one of each suit in the set) and the rules
//! presets.

use haipai::score::Rules;
use haipai::tiles::{Hand, Tile};

/// The red fives of each suit (m, p, s) in `hand`, closed and called.
pub fn hand_red_fives(hand: &Hand) -> [u8; 3] {
    let mut reds = hand.closed_red_fives();
    for m in hand.melds() {
        if let Some(r) = reds.get_mut(m.first().index() / 9) {
            *r += m.red_fives();
        }
    }
    reds
}

/// Counts one more red five of `tile`'s suit in `reds`, or names `what` ('text') as a second
/// red five of the suit: the set has one of each.
pub fn add_red_five(reds: &mut [u8; 3], tile: Tile, what: &str, text: &str) -> Result<(), String> {
    let Some(r) = reds.get_mut(tile.index() / 9) else { return Ok(()) };
    *r += 1;
    if *r > 1 {
        return Err(format!("{what} '{text}': a second red {tile} (the hand or another tile given holds one)"));
    }
    Ok(())
}

/// A rules preset's name as given (`--rules`, a request's `rules`), checked: one of
/// `Rules::PRESETS`.
pub fn preset_name(text: &str) -> Result<String, String> {
    rules_preset(text).map(|_| text.to_string())
}

/// The rules of the preset named `text` (one of `Rules::PRESETS`).
pub fn rules_preset(text: &str) -> Result<Rules, String> {
    Rules::preset(text).ok_or_else(|| format!("'{text}' is not a rules preset ({})", Rules::PRESETS.join(", ")))
}
