//! `odds`: exact odds over every dealt hand (haipai-combinatorics) as `haipai odds --json`
//! prints them. Big integers are decimal strings, since JSON numbers are doubles for most
//! readers.

use haipai::combinatorics::odds::Odd;
use haipai::combinatorics::{Count, ShantenDistribution, TenhouTable, Variant};
use serde_json::{Value, json};

/// A count's patterns and states.
fn count(c: Count) -> Value {
    json!({ "patterns": c.patterns.to_string(), "states": c.states.to_string() })
}

/// Document 003's table of complete hands: every count and the probability.
pub fn tenhou(t: &TenhouTable, variant: Variant) -> Value {
    let p = t.probability();
    json!({
        "tiles": t.tiles,
        "players": variant.players(),
        "red_fives": variant.red_fives,
        "total": count(t.total),
        "legal_hand": count(t.legal),
        "internal_seven_pairs": count(t.internal_seven_pairs),
        "seven_pairs": count(t.seven_pairs),
        "thirteen_orphans": count(t.thirteen_orphans),
        "probability": { "fraction": p.to_string(), "float": p.to_f64() },
    })
}

/// The shanten distribution: `{"tiles", "players", "distribution": [{"shanten", "patterns",
/// "states"}, ...]}`, and `"red_fives": true` when red fives are told apart. (The command
/// prints the same fields with its keys in this order, by hand.)
pub fn distribution(d: &ShantenDistribution) -> Value {
    let rows: Vec<Value> = d
        .rows
        .iter()
        .map(|(s, c)| json!({"shanten": s, "patterns": c.patterns.to_string(), "states": c.states.to_string()}))
        .collect();
    let mut v = json!({"tiles": d.tiles, "players": d.variant.players(), "distribution": rows});
    if d.variant.red_fives {
        v["red_fives"] = true.into();
    }
    v
}

/// The derived odds (tenhou, chiihou, dealt tenpai, each shanten level), each with its exact
/// fraction and "one in N".
pub fn derived(variant: Variant, list: &[Odd]) -> Value {
    let rows: Vec<Value> = list
        .iter()
        .map(|o| {
            let r = o.ratio();
            json!({
                "name": o.name,
                "description": o.description,
                "count": o.count.to_string(),
                "total": o.total.to_string(),
                "fraction": r.to_string(),
                "one_in": r.one_in(),
            })
        })
        .collect();
    json!({ "players": variant.players(), "red_fives": variant.red_fives, "odds": rows })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_tile_tenhou_is_one_in_45_and_the_distribution_names_red_fives() {
        let v = tenhou(&TenhouTable::compute(2, Variant::FOUR_PLAYER), Variant::FOUR_PLAYER);
        assert_eq!(v["probability"]["fraction"], "1/45");
        assert_eq!((v["tiles"].as_u64(), v["players"].as_u64()), (Some(2), Some(4)));
        let red = Variant::FOUR_PLAYER.red_fives(true);
        let d = distribution(&ShantenDistribution::compute(2, red));
        assert_eq!(d["red_fives"], true);
        assert_eq!(d["distribution"][0]["shanten"], -1);
    }
}
