//! One JSON request (a line of `haipai score -` or `haipai ev -`, or the body of a `POST` to
//! haipai-web's API): a JSON object read field by field, each error naming its field; the
//! request's `id` is echoed by the answer, an error answer included.

use serde_json::Value;

/// The first field of the JSON object `line` that is given twice (which `Value` would read as
/// its last value, silently), if any.
fn field_given_twice(line: &str) -> Option<String> {
    /// The keys of a JSON object, in order, duplicates kept.
    struct Keys(Vec<String>);
    impl<'de> serde::Deserialize<'de> for Keys {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Keys, D::Error> {
            struct Visit;
            impl<'de> serde::de::Visitor<'de> for Visit {
                type Value = Keys;
                fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                    f.write_str("a JSON object")
                }
                fn visit_map<M: serde::de::MapAccess<'de>>(self, mut map: M) -> Result<Keys, M::Error> {
                    let mut keys = Vec::new();
                    while let Some((k, _)) = map.next_entry::<String, serde::de::IgnoredAny>()? {
                        keys.push(k);
                    }
                    Ok(Keys(keys))
                }
            }
            d.deserialize_map(Visit)
        }
    }
    let Keys(keys) = serde_json::from_str(line).ok()?;
    keys.iter().enumerate().find(|(i, k)| keys[..*i].contains(k)).map(|(_, k)| k.clone())
}

/// The `id` of the JSON object `line`, if it is one and has an `id` (any JSON value but null,
/// given once): what the answer to the line, an error included, echoes ([`echo_id`]). A line
/// that is not JSON at all, or not an object, has none. The other fields are skipped unread, so
/// a request that is wrong in any other way still has its id.
pub fn request_id(line: &str) -> Option<Value> {
    /// The `id` fields of a JSON object (every other value skipped).
    struct Ids(Vec<Value>);
    impl<'de> serde::Deserialize<'de> for Ids {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Ids, D::Error> {
            struct Visit;
            impl<'de> serde::de::Visitor<'de> for Visit {
                type Value = Ids;
                fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                    f.write_str("a JSON object")
                }
                fn visit_map<M: serde::de::MapAccess<'de>>(self, mut map: M) -> Result<Ids, M::Error> {
                    let mut ids = Vec::new();
                    while let Some(k) = map.next_key::<String>()? {
                        if k == "id" {
                            ids.push(map.next_value::<Value>()?);
                        } else {
                            map.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                    Ok(Ids(ids))
                }
            }
            d.deserialize_map(Visit)
        }
    }
    match serde_json::from_str::<Ids>(line) {
        Ok(Ids(mut ids)) if ids.len() == 1 => ids.pop().filter(|id| !id.is_null()),
        _ => None,
    }
}

/// Adds the request's `id` (from [`request_id`]; nothing when `None`) to `answer`, a JSON
/// object: an answer or an error answer (`{"error": "..."}`). The one place the command's
/// batches and the server echo an id.
pub fn echo_id(answer: &mut Value, id: Option<Value>) {
    if let (Some(id), Value::Object(obj)) = (id, answer) {
        obj.insert("id".to_string(), id);
    }
}

/// One JSON request's fields, read one by one with errors naming the field.
#[derive(Clone, Debug)]
pub struct Request(serde_json::Map<String, Value>);

impl Request {
    /// The request of `line` (one line of a batch, or a whole body): a JSON object with no field given twice and none outside
    /// `fields` (`id` is always allowed: the answer echoes it).
    pub fn parse(line: &str, fields: &[&str]) -> Result<Request, String> {
        let req: Value = serde_json::from_str(line).map_err(|e| format!("not a JSON request: {e}"))?;
        let Value::Object(obj) = req else {
            return Err("a request is a JSON object".to_string());
        };
        if let Some(k) = field_given_twice(line) {
            return Err(format!("field '{k}' is given twice"));
        }
        if let Some(k) = obj.keys().find(|k| k.as_str() != "id" && !fields.contains(&k.as_str())) {
            return Err(format!("unknown field '{k}' (fields: id, {})", fields.join(", ")));
        }
        Ok(Request(obj))
    }

    /// Whether field `k` is given (null counts as not given).
    pub fn has(&self, k: &str) -> bool {
        !matches!(self.0.get(k), None | Some(Value::Null))
    }

    /// The field `k` as given, if given (null counts as not given).
    pub fn value(&self, k: &str) -> Option<&Value> {
        self.0.get(k).filter(|v| !v.is_null())
    }

    /// The string field `k`, if given (null counts as not given).
    pub fn text(&self, k: &str) -> Result<Option<&str>, String> {
        match self.0.get(k) {
            None | Some(Value::Null) => Ok(None),
            Some(v) => v.as_str().map(Some).ok_or(format!("field '{k}' must be a string")),
        }
    }

    /// The list-of-strings field `k`; empty when not given.
    pub fn list(&self, k: &str) -> Result<Vec<String>, String> {
        match self.0.get(k) {
            None | Some(Value::Null) => Ok(Vec::new()),
            Some(Value::Array(items)) => items
                .iter()
                .map(|v| v.as_str().map(String::from).ok_or(format!("field '{k}' must list strings")))
                .collect(),
            Some(_) => Err(format!("field '{k}' must be a list of strings")),
        }
    }

    /// The tile-list field `k`, written as one string (`"147m3s"`) or a list of strings
    /// (`["147m", "3s"]`); `None` when not given.
    pub fn tile_lists(&self, k: &str) -> Result<Option<Vec<String>>, String> {
        match self.0.get(k) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Ok(Some(vec![s.clone()])),
            Some(Value::Array(_)) => self.list(k).map(Some),
            Some(_) => Err(format!("field '{k}' must be a string of tiles or a list of strings")),
        }
    }

    /// The true-or-false field `k`; `None` when not given.
    pub fn switch(&self, k: &str) -> Result<Option<bool>, String> {
        match self.0.get(k) {
            None | Some(Value::Null) => Ok(None),
            Some(v) => v.as_bool().map(Some).ok_or(format!("field '{k}' must be true or false")),
        }
    }

    /// The true-or-false field `k`; false when not given.
    pub fn flag(&self, k: &str) -> Result<bool, String> {
        Ok(self.switch(k)?.unwrap_or(false))
    }

    /// The whole-number field `k` from `least` to `most`, if given.
    pub fn whole(&self, k: &str, least: u64, most: u64) -> Result<Option<u64>, String> {
        let too_large = || format!("field '{k}' is too large (at most {most})");
        match self.0.get(k) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Number(n)) if n.as_u64().is_some() => match n.as_u64() {
                Some(n) if n > most => Err(too_large()),
                Some(n) if n < least => Err(format!("field '{k}' is too small (at least {least})")),
                n => Ok(n),
            },
            // Past u64, and written with an exponent, serde_json reads a whole number as a float.
            Some(Value::Number(n)) if n.as_f64().is_some_and(|f| f.fract() == 0.0 && f > most as f64) => {
                Err(too_large())
            }
            Some(_) => Err(format!("field '{k}' must be a non-negative integer")),
        }
    }

    /// The non-negative integer field `k` (at most `u32::MAX`); 0 when not given.
    pub fn number(&self, k: &str) -> Result<u32, String> {
        let n = self.whole(k, 0, u64::from(u32::MAX))?;
        Ok(n.and_then(|n| u32::try_from(n).ok()).unwrap_or(0))
    }

    /// The hand in the notation `hand` reads: field `hand`, then each of `melds` in brackets
    /// (added where the meld has none).
    pub fn full_hand(&self) -> Result<String, String> {
        let mut full = self.text("hand")?.ok_or("field 'hand' is required")?.to_string();
        for m in self.list("melds")? {
            if m.starts_with('[') {
                full.push_str(&m);
            } else {
                full.push_str(&format!("[{m}]"));
            }
        }
        Ok(full)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_id_of_a_request_wrong_in_any_other_way_is_read() {
        let id = |line: &str| request_id(line);
        assert_eq!(id(r#"{"hand": "123m4x", "id": {"game": 3}}"#), Some(json!({"game": 3})));
        assert_eq!(id(r#"{"id": "a", "colour": [1, {"id": 2}]}"#), Some(json!("a")));
        // no id: not JSON, not an object, none given, null, or given twice
        for line in [r#"{"id": 1, "hand": "#, "not json", "[1, 2]", "{}", r#"{"id": null}"#, r#"{"id": 1, "id": 2}"#] {
            assert_eq!(id(line), None, "{line}");
        }
    }

    #[test]
    fn an_id_is_echoed_by_an_answer_and_by_an_error() {
        let mut error = json!({ "error": "at 6: 'x' is not a tile" });
        echo_id(&mut error, Some(json!(7)));
        assert_eq!(error, json!({ "error": "at 6: 'x' is not a tile", "id": 7 }));
        let mut answer = json!({ "shanten": 1 });
        echo_id(&mut answer, None);
        assert_eq!(answer, json!({ "shanten": 1 }));
    }
}
