//! The sheets `card ID` shows at the table (`play --human`): a card's name, printed
//! values and text; a piece's kind, printed values and sides.

use std::collections::HashMap;

use crate::interp::Rules;

/// Each card's sheet for `card ID`: `Name (id)`, its printed values (those that are not
/// nothing), then its text.
pub(super) fn card_sheets(rules: &Rules) -> HashMap<String, Vec<String>> {
    fn shown(v: &crate::engine::Value) -> Option<String> {
        use crate::engine::Value as V;
        match v {
            V::Int(n) => Some(n.to_string()),
            V::Bool(b) => Some(b.to_string()),
            V::Str(t) | V::Sym(t) => Some(t.to_string()),
            V::List(l) if !l.is_empty() => {
                let items: Vec<String> = l.iter().filter_map(shown).collect();
                Some(format!("[{}]", items.join(", ")))
            }
            _ => None,
        }
    }
    let mut out = HashMap::new();
    for c in &rules.cards {
        let values: Vec<String> = c.props.iter().filter_map(|(k, v)| Some(format!("{k} {}", shown(v)?))).collect();
        let mut sheet = vec![format!("{} ({})", c.name, c.id)];
        if !values.is_empty() {
            sheet.push(values.join(", "));
        }
        if let Some(t) = &c.text {
            sheet.push(format!("text: {t}"));
        }
        out.insert(c.id.clone(), sheet);
    }
    // A piece has no text: its kind, its sides and printed values (its counters are in
    // the table, `state`).
    for p in &rules.piece_specs {
        let mut sheet = vec![format!("{}: a piece (its counters: `state`)", p.name.value)];
        let values: Vec<String> = p
            .printed
            .iter()
            .filter_map(|(k, v)| match &v.value {
                crate::load::model::Value::Int(n) => Some(format!("{} {n}", k.value)),
                crate::load::model::Value::Str(t) => Some(format!("{} {t}", k.value)),
                _ => None,
            })
            .collect();
        if !values.is_empty() {
            sheet.push(values.join(", "));
        }
        if !p.sides.is_empty() {
            let sides: Vec<&str> = p.sides.iter().map(|x| x.value.as_str()).collect();
            sheet.push(format!("sides: {}", sides.join(", ")));
        }
        out.entry(p.name.value.clone()).or_insert(sheet);
    }
    out
}
