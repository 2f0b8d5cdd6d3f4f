//! `ev`: one-player expected value per discard (the 何切る table). A question's context (the
//! command's flags, or the defaults), a JSON request's fields in its place, and the answer as
//! the JSON object `haipai ev --json` prints.

use crate::request::Request;
use crate::shared::{add_red_five, hand_red_fives, rules_preset};
use haipai::ev::{
    Analysis, Budget, Candidate, Expectation, Lowering, Objective, Options, Query, RiichiPolicy, Standard,
    evaluate_with,
};
use haipai::score::Rules;
use haipai::tiles::{Counts, Hand, ParsedTile, Tile, Wind, parse_counts, parse_tile};
use serde_json::{Value, json};

/// The request fields of the scoring switches, each the command's flag of the same name
/// (`no_ura` for `--no-ura`): true leaves that score out, false counts it as the model preset
/// does (in place of the flag).
pub const SWITCH_FIELDS: [&str; 7] =
    ["no_ura", "no_ippatsu", "no_double_riichi", "no_haitei", "no_red", "no_dora", "no_menzen_tsumo"];

/// The fields of an `ev` JSON request (`id` aside, always allowed).
pub const FIELDS: [&str; 22] = [
    "hand",
    "melds",
    "turn",
    "seat",
    "round",
    "dora_indicators",
    "visible",
    "discards",
    "model",
    "objective",
    "riichi",
    "budget",
    "rules",
    "may_decline",
    "top",
    "no_ura",
    "no_ippatsu",
    "no_double_riichi",
    "no_haitei",
    "no_red",
    "no_dora",
    "no_menzen_tsumo",
];

/// The fields [`ev`] reads: [`FIELDS`] and `per_turn` (true or false: the command's
/// `--per-turn`, which changes its text only; the JSON answer always holds the values at every
/// turn).
pub const REQUEST_FIELDS: [&str; 23] = request_fields();

/// [`FIELDS`] and `per_turn`.
const fn request_fields() -> [&'static str; 23] {
    let mut out = ["per_turn"; 23];
    let mut i = 0;
    while i < FIELDS.len() {
        out[i] = FIELDS[i];
        i += 1;
    }
    out
}

/// The tile `text`; an error names `what`.
pub fn tile(text: &str, what: &str) -> Result<ParsedTile, String> {
    parse_tile(text).map_err(|e| format!("{what} '{text}': {e}"))
}

/// The wind `text` (E, S, W or N); an error names `what`.
pub fn wind(text: &str, what: &str) -> Result<Wind, String> {
    Wind::parse(text).ok_or_else(|| format!("{what} '{text}' is not a wind (E, S, W or N)"))
}

/// The options of the model preset `text`: `full` (or `default`) or `article`.
pub fn model(text: &str, what: &str) -> Result<Options, String> {
    match text {
        "full" | "default" => Ok(Options::default()),
        "article" => Ok(Options::article()),
        other => Err(format!("{what} '{other}': expected full or article")),
    }
}

/// The objective `text`: `points` or `win`.
pub fn objective(text: &str, what: &str) -> Result<Objective, String> {
    match text {
        "points" => Ok(Objective::Points),
        "win" => Ok(Objective::Win),
        other => Err(format!("{what} '{other}': expected points or win")),
    }
}

/// The riichi policy `text`: `always`, `never` (or `dama`) or `best`.
pub fn riichi(text: &str, what: &str) -> Result<RiichiPolicy, String> {
    match text {
        "always" => Ok(RiichiPolicy::Always),
        "never" | "dama" => Ok(RiichiPolicy::Never),
        "best" => Ok(RiichiPolicy::Best),
        other => Err(format!("{what} '{other}': expected always, never or best")),
    }
}

/// The most dora indicators (one, and one for each kan).
pub fn check_indicator_count(n: usize, what: &str) -> Result<(), String> {
    let most = haipai::score::MAX_INDICATORS;
    if n > most {
        return Err(format!("{what}: {n} indicators, at most {most} (one, and one for each kan)"));
    }
    Ok(())
}

/// Tiles given in one or several lists (`--visible 7s 19m`): their counts and the red fives
/// written among them, each with the list it was written in.
#[derive(Clone, Debug)]
pub struct TileList {
    /// The tiles' counts.
    pub counts: Counts,
    /// Each red five written, with the list it was written in.
    pub reds: Vec<(Tile, String)>,
}

impl Default for TileList {
    /// No tiles.
    fn default() -> TileList {
        TileList { counts: [0; 34], reds: Vec::new() }
    }
}

impl TileList {
    /// The tiles of `lists`; an error names `what` and the list at fault.
    pub fn parse(lists: &[String], what: &str) -> Result<TileList, String> {
        let mut out = TileList::default();
        for text in lists {
            let counts = parse_counts(text).map_err(|e| format!("{what} '{text}': {e}"))?;
            for (total, n) in out.counts.iter_mut().zip(counts) {
                *total = total.saturating_add(n);
            }
            let reds = Hand::parse_any_size(text).map_err(|e| format!("{what} '{text}': {e}"))?.closed_red_fives();
            for (suit, &n) in reds.iter().enumerate() {
                if let (1, Some(five)) = (n, Tile::new(9 * suit + 4)) {
                    out.reds.push((five, text.clone()));
                }
            }
        }
        Ok(out)
    }
}

/// The scoring switches of the command's flags (`--no-ura`, ...), kept when a request names
/// another model preset.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Switches {
    /// Do not count ura-dora.
    pub no_ura: bool,
    /// Do not count ippatsu.
    pub no_ippatsu: bool,
    /// Do not count double riichi.
    pub no_double_riichi: bool,
    /// Do not count haitei.
    pub no_haitei: bool,
    /// Do not count red fives.
    pub no_red: bool,
    /// Do not count dora.
    pub no_dora: bool,
    /// Do not count menzen tsumo.
    pub no_menzen_tsumo: bool,
    /// A complete hand may decline to win.
    pub may_decline: bool,
}

impl Switches {
    /// The options `o` with these switches applied.
    pub fn apply(&self, mut o: Options) -> Options {
        o.ura_dora &= !self.no_ura;
        o.ippatsu &= !self.no_ippatsu;
        o.double_riichi &= !self.no_double_riichi;
        o.haitei &= !self.no_haitei;
        o.red_fives &= !self.no_red;
        o.dora &= !self.no_dora;
        o.menzen_tsumo &= !self.no_menzen_tsumo;
        o.may_decline |= self.may_decline;
        o
    }

    /// The options `o` with the scoring options of `preset` (the model preset `o` was made
    /// from) in place, then these switches applied: a switch turned back off counts its score
    /// again as the preset does.
    pub fn apply_to_preset(&self, preset: &Options, mut o: Options) -> Options {
        (o.ura_dora, o.ippatsu, o.double_riichi) = (preset.ura_dora, preset.ippatsu, preset.double_riichi);
        (o.haitei, o.red_fives, o.dora) = (preset.haitei, preset.red_fives, preset.dora);
        o.menzen_tsumo = preset.menzen_tsumo;
        self.apply(o)
    }

    /// These switches with the request's fields ([`SWITCH_FIELDS`]) in their place.
    fn with_request(mut self, req: &Request) -> Result<Switches, String> {
        let slots = [
            &mut self.no_ura,
            &mut self.no_ippatsu,
            &mut self.no_double_riichi,
            &mut self.no_haitei,
            &mut self.no_red,
            &mut self.no_dora,
            &mut self.no_menzen_tsumo,
        ];
        for (field, slot) in SWITCH_FIELDS.iter().zip(slots) {
            if let Some(on) = req.switch(field)? {
                *slot = on;
            }
        }
        Ok(self)
    }
}

/// One question's position and options: the command's flags (or their defaults), then a JSON
/// request's fields in their place.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Context {
    /// The turn, 1..=17.
    pub turn: u8,
    /// The seat wind.
    pub seat: Wind,
    /// The round wind.
    pub round: Wind,
    /// The dora indicators as given, with their text.
    pub dora_indicators: Vec<(ParsedTile, String)>,
    /// What an error calls a dora indicator (`--dora-indicator`, `dora indicator`).
    pub dora_what: &'static str,
    /// The other tiles seen.
    pub visible: TileList,
    /// What an error calls the visible tiles.
    pub visible_what: &'static str,
    /// The player's own discards.
    pub discards: TileList,
    /// What an error calls the discards.
    pub discards_what: &'static str,
    /// The model preset's name (`full` or `article`): the options a request's switch set to
    /// false counts again.
    pub model: String,
    /// The model's options.
    pub options: Options,
    /// The scoring switches a new model preset keeps.
    pub switches: Switches,
    /// The rules preset's name.
    pub rules_name: String,
    /// The rules.
    pub rules: Rules,
    /// Only the `top` best discards, if given.
    pub top: Option<usize>,
}

impl Default for Context {
    /// The command's defaults: turn 1, seat and round East, nothing seen, the `full` model and
    /// the `default` rules.
    fn default() -> Context {
        Context {
            turn: 1,
            seat: Wind::East,
            round: Wind::East,
            dora_indicators: Vec::new(),
            dora_what: "dora indicator",
            visible: TileList::default(),
            visible_what: "visible",
            discards: TileList::default(),
            discards_what: "discards",
            model: "full".to_string(),
            options: Options::default(),
            switches: Switches::default(),
            rules_name: "default".to_string(),
            rules: Rules::default(),
            top: None,
        }
    }
}

impl Context {
    /// Refuses a second red five of a suit between `reds` (the hand's), the dora indicators,
    /// the visible tiles and the discards (the set has one of each); otherwise the red fives
    /// seen outside the hand, per suit.
    pub fn check_red_fives(&self, reds: &[u8; 3]) -> Result<[u8; 3], String> {
        let mut all = *reds;
        let mut seen = [0u8; 3];
        let indicators = self.dora_indicators.iter().filter(|(p, _)| p.is_red()).map(|(p, t)| (p.tile(), t));
        for (five, text) in indicators {
            add_red_five(&mut all, five, self.dora_what, text)?;
            add_red_five(&mut seen, five, self.dora_what, text)?;
        }
        for (list, what) in [(&self.visible, self.visible_what), (&self.discards, self.discards_what)] {
            for (five, text) in &list.reds {
                add_red_five(&mut all, *five, what, text)?;
                add_red_five(&mut seen, *five, what, text)?;
            }
        }
        Ok(seen)
    }

    /// This context with the fields of the JSON request `req` in place.
    pub fn with_request(mut self, req: &Request) -> Result<Context, String> {
        if let Some(turn) = req.whole("turn", 1, 17)? {
            self.turn = u8::try_from(turn).unwrap_or(17);
        }
        if let Some(seat) = req.text("seat")? {
            self.seat = wind(seat, "seat")?;
        }
        if let Some(round) = req.text("round")? {
            self.round = wind(round, "round")?;
        }
        if req.has("dora_indicators") {
            let list = req.list("dora_indicators")?;
            check_indicator_count(list.len(), "dora_indicators")?;
            self.dora_indicators =
                list.iter().map(|t| Ok((tile(t, "dora indicator")?, t.clone()))).collect::<Result<_, String>>()?;
            self.dora_what = "dora indicator";
        }
        if let Some(lists) = req.tile_lists("visible")? {
            self.visible = TileList::parse(&lists, "visible")?;
            self.visible_what = "visible";
        }
        if let Some(lists) = req.tile_lists("discards")? {
            self.discards = TileList::parse(&lists, "discards")?;
            self.discards_what = "discards";
        }
        if let Some(name) = req.text("rules")? {
            self.rules = rules_preset(name).map_err(|e| format!("field 'rules': {e}"))?;
            self.rules_name = name.to_string();
        }
        if let Some(top) = req.whole("top", 1, u64::MAX)? {
            self.top = Some(usize::try_from(top).unwrap_or(usize::MAX));
        }
        let switches = self.switches.with_request(req)?;
        self.options = self.request_options(req, switches)?;
        if let Some(name) = req.text("model")? {
            self.model = name.to_string();
        }
        self.switches = switches;
        Ok(self)
    }

    /// The options with the request's `model`, `objective`, `riichi`, `budget` and
    /// `may_decline` in place of the context's, and the scoring `switches` (the context's with
    /// the request's in place).
    fn request_options(&self, req: &Request, switches: Switches) -> Result<Options, String> {
        let mut o = match req.text("model")? {
            Some(m) => {
                // A new preset, with the context's choices that the request does not replace.
                let mut o = model(m, "model")?;
                (o.objective, o.riichi, o.max_states) =
                    (self.options.objective, self.options.riichi, self.options.max_states);
                if !self.options.lower_budget {
                    (o.extra_exchanges, o.lower_budget) = (self.options.extra_exchanges, false);
                }
                switches.apply(o)
            }
            None if switches == self.switches => self.options.clone(),
            None => switches.apply_to_preset(&model(&self.model, "model")?, self.options.clone()),
        };
        if let Some(text) = req.text("objective")? {
            o.objective = objective(text, "objective")?;
        }
        if let Some(text) = req.text("riichi")? {
            o.riichi = riichi(text, "riichi")?;
        }
        if let Some(b) = req.whole("budget", 0, u64::from(u8::MAX))? {
            (o.extra_exchanges, o.lower_budget) = (u8::try_from(b).unwrap_or(u8::MAX), false);
        }
        if let Some(may) = req.switch("may_decline")? {
            o.may_decline = may;
        }
        Ok(o)
    }

    /// The question for `hand` in this context; refuses a second red five of a suit.
    pub fn query(&self, hand: &str) -> Result<Query, String> {
        let hand = Hand::parse_any_size(hand).map_err(|e| format!("hand '{hand}': {e}"))?;
        let red_seen = self.check_red_fives(&hand_red_fives(&hand))?;
        let mut visible = self.visible.counts;
        for (v, &d) in visible.iter_mut().zip(self.discards.counts.iter()) {
            *v = v.saturating_add(d);
        }
        let mut q = Query::new(hand);
        q.turn = self.turn;
        q.seat = self.seat;
        q.round = self.round;
        q.dora_indicators = self.dora_indicators.iter().map(|(p, _)| p.tile()).collect();
        q.visible = visible;
        q.red_seen = red_seen;
        Ok(q)
    }
}

/// The context and hand of the JSON request `text` (fields among `fields`: [`FIELDS`], or more
/// that the caller reads itself) in `base`'s context.
pub fn read(text: &str, base: &Context, fields: &[&str]) -> Result<(Context, String), String> {
    let req = Request::parse(text, fields)?;
    let hand = req.full_hand()?;
    Ok((base.clone().with_request(&req)?, hand))
}

/// The answer to one JSON request `text` (the fields of [`REQUEST_FIELDS`]) in `base`'s
/// context: the object `haipai ev - --json` prints for it (without the `id`, which the caller
/// echoes), or the message it prints.
pub fn ev(text: &str, base: &Context) -> Result<Value, String> {
    Request::parse(text, &REQUEST_FIELDS)?.switch("per_turn")?;
    let (context, hand) = read(text, base, &REQUEST_FIELDS)?;
    let query = context.query(&hand)?;
    let analysis =
        evaluate_with(&Standard { rules: context.rules }, &query, &context.options).map_err(|e| e.to_string())?;
    Ok(answer(&Question { query: &query, context: &context }, &analysis))
}

/// A question as asked: the query and its context (options, rules, own discards).
pub struct Question<'a> {
    /// The query the engine answered.
    pub query: &'a Query,
    /// Its context.
    pub context: &'a Context,
}

/// What the model is, said above every table.
const MODEL: &str = "one player, tsumo wins only, no opponents";

/// The model line of an answer (`model: one player, ...; rules default`): the command's text
/// says it above the table, the JSON answer as `model`.
pub fn model_line(question: &Question<'_>) -> String {
    format!("model: {MODEL}; rules {}", question.context.rules_name)
}

/// Whether a riichi declared now is a double riichi, counted: turn 1, the double riichi
/// option on and a policy that may declare.
pub fn double_riichi_counted(question: &Question<'_>) -> bool {
    let o = &question.context.options;
    question.query.turn == 1 && o.double_riichi && o.riichi != RiichiPolicy::Never
}

/// Whether `riichi` is the better of the two for the objective.
fn riichi_is_better(riichi: Expectation, dama: Expectation, objective: Objective) -> bool {
    match objective {
        Objective::Win => riichi.win >= dama.win,
        _ => riichi.points >= dama.points,
    }
}

/// The flags of one candidate: `shanten-back` (the discard leaves a higher shanten than the
/// best discard does), `riichi` or `dama` (the better of the two, under `riichi: best`),
/// `furiten` (tenpai on a wait among the own discards, the discarded tile included).
pub fn flags(c: &Candidate, best_shanten: i8, question: &Question<'_>) -> Vec<&'static str> {
    let mut out = Vec::new();
    if c.shanten > best_shanten {
        out.push("shanten-back");
    }
    let o = &question.context.options;
    if o.riichi == RiichiPolicy::Best
        && let (Some(r), Some(d)) = (c.riichi, c.dama)
    {
        out.push(if riichi_is_better(r, d, o.objective) { "riichi" } else { "dama" });
    }
    if c.shanten == 0 && furiten(c, &question.context.discards.counts) {
        out.push("furiten");
    }
    out
}

/// Whether a tenpai candidate waits on a tile among `discards` or on the tile it discards.
fn furiten(c: &Candidate, discards: &Counts) -> bool {
    c.necessary.iter().any(|n| discards[n.tile.index()] > 0 || c.discard == Some(n.tile))
}

/// The lowest shanten a discard leaves (the analysis's own when there is no candidate).
pub fn best_shanten(a: &Analysis) -> i8 {
    a.candidates.iter().map(|c| c.shanten).min().unwrap_or(a.shanten)
}

/// The candidates shown: the context's `top` best, all without it.
pub fn shown<'a>(question: &Question<'_>, a: &'a Analysis) -> &'a [Candidate] {
    &a.candidates[..question.context.top.unwrap_or(usize::MAX).min(a.candidates.len())]
}

/// One candidate as a JSON object (see `haipai ev --help`, `--json`).
pub fn candidate_json(c: &Candidate, flags: &[&str]) -> Value {
    let mut v = json!({
        "discard": c.discard.map(|t| t.to_string()),
        "shanten": c.shanten,
        "points": c.value.points,
        "win": c.value.win,
        "tenpai": c.value.tenpai,
        "flags": flags,
        "necessary": c.necessary.iter().map(|n| json!({
            "tile": n.tile.to_string(), "live": n.live, "points": n.points,
        })).collect::<Vec<_>>(),
        // The points whose first kept draw is no necessary tile (hand changes): with the
        // necessary tiles' points, the candidate's points.
        "other_points": c.other_points,
        "per_turn": {
            "points": c.per_turn.points,
            "win": c.per_turn.win,
            "tenpai": c.per_turn.tenpai,
        },
    });
    if let (Some(r), Some(d)) = (c.riichi, c.dama) {
        v["riichi"] = json!({"points": r.points, "win": r.win, "tenpai": r.tenpai});
        v["dama"] = json!({"points": d.points, "win": d.win, "tenpai": d.tenpai});
    }
    v
}

/// The exchange budget of an answer as JSON.
fn budget_json(b: Budget) -> Value {
    let lowered = match b.lowered {
        None => Value::Null,
        Some(Lowering::Estimated(n)) => json!({"by": "estimate", "max_states": n}),
        Some(Lowering::Listed(n)) => json!({"by": "listing", "max_states": n}),
        Some(_) => json!({"by": "other"}),
    };
    json!({"asked": b.asked, "used": b.used, "lowered": lowered})
}

/// The JSON answer of one answered question: the shown candidates, best first.
pub fn answer(question: &Question<'_>, a: &Analysis) -> Value {
    let best = best_shanten(a);
    let candidates: Vec<Value> =
        shown(question, a).iter().map(|c| candidate_json(c, &flags(c, best, question))).collect();
    let q = question.query;
    json!({
        "hand": q.hand.to_string(),
        "turn": q.turn,
        "rules": question.context.rules_name,
        "model": model_line(question),
        "double_riichi": double_riichi_counted(question),
        "unseen": a.unseen,
        "shanten": a.shanten,
        "candidates": candidates,
        "budget": budget_json(a.budget),
    })
}
