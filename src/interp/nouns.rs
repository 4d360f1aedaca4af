//! Nouns: whether a thing "is a" `noun` (a piece kind, a side, an enum value of a
//! property), and which of many things are, with what depends only on the noun worked out
//! once (`compile::Nouns` bits).

use crate::engine::{EntId, Kind, Value};

use super::select::names;
use super::{Interp, R};

impl<'r> Interp<'r> {
    /// Whether a thing "is a" `noun`: a piece kind, a side, an enum value of a property.
    pub fn is_a(&mut self, v: &Value, noun: &str) -> R<bool> {
        match v {
            Value::Ent(e) => {
                let ent = &self.w.state.ents[*e];
                if let Kind::Piece(k) = &ent.kind {
                    if k == noun || ent.side.as_deref() == Some(noun) {
                        return Ok(true);
                    }
                }
                let e = *e;
                if let (Kind::Card(c), true) = (&ent.kind, ent.props.is_empty()) {
                    let modified = self.w.mods.iter().map(|m| m.prop.as_str());
                    if let Some(is) = self.rules.nouns.card_is(*c, noun, modified) {
                        // Nothing can modify the properties read: the values' search would
                        // read printed values only, and say the same.
                        debug_assert_eq!(Ok(is), self.is_a_by_values(e, noun), "`{noun}`: the bits disagree");
                        return Ok(is);
                    }
                }
                self.is_a_by_values(e, noun)
            }
            Value::Zone(z) => {
                let attrs = self.w.state.zones[*z].attrs.as_ref();
                Ok(attrs.is_some_and(|a| a.values().any(|x| names(x, noun))))
            }
            _ => Ok(false),
        }
    }

    /// The `noun`s among `cands`, in order: `is_a` of each, with what depends only on the
    /// noun worked out once (its bit, while nothing can modify the properties that hold
    /// it) and, for a piece with no assigned value, what depends only on its kind once
    /// per kind. A selection over the whole table asks this of every thing.
    pub(super) fn nouns_among(&mut self, noun: &str, cands: impl IntoIterator<Item = Value>) -> R<Vec<Value>> {
        let rules: &'r super::Rules = self.rules;
        let values = rules.values.get(noun).map_or(&[][..], |v| &v[..]);
        let mut modified = self.w.mods.iter().map(|m| m.prop.as_str());
        let bit = rules.nouns.settled(noun, &mut modified);
        if !values.is_empty() && bit.is_none() {
            let mut out = vec![];
            for c in cands {
                if self.is_a(&c, noun)? {
                    out.push(c);
                }
            }
            return Ok(out);
        }
        // The noun's printed membership of each piece kind met so far.
        let mut kinds: Vec<(String, bool)> = vec![];
        let mut out = vec![];
        for c in cands {
            let fast = match &c {
                Value::Ent(e) if self.w.state.ents[*e].props.is_empty() => {
                    let ent = &self.w.state.ents[*e];
                    match &ent.kind {
                        Kind::Card(card) => Some(bit.and_then(|b| rules.nouns.card_has(*card, b)).unwrap_or(false)),
                        Kind::Piece(k) if k == noun || ent.side.as_deref() == Some(noun) => Some(true),
                        Kind::Piece(_) if values.is_empty() => Some(false),
                        Kind::Piece(k) => match kinds.iter().find(|(x, _)| x == k) {
                            Some((_, is)) => Some(*is),
                            None => {
                                let k = k.clone();
                                let is = self.is_a_by_values(*e, noun)?;
                                kinds.push((k, is));
                                Some(is)
                            }
                        },
                    }
                }
                _ => None,
            };
            let is = match fast {
                Some(is) => {
                    debug_assert_eq!(Ok(is), self.is_a(&c, noun), "`{noun}`: the prepared test disagrees");
                    is
                }
                None => self.is_a(&c, noun)?,
            };
            if is {
                out.push(c);
            }
        }
        Ok(out)
    }

    /// Whether entity `e` has the enum value `noun` in one of the properties that can hold
    /// it, modifiers applied.
    pub(super) fn is_a_by_values(&mut self, e: EntId, noun: &str) -> R<bool> {
        let rules: &'r super::Rules = self.rules;
        for prop in rules.values.get(noun).map_or(&[][..], |v| &v[..]) {
            if let Some(v) = self.unmodified(prop, e) {
                if names(v, noun) {
                    return Ok(true);
                }
                continue;
            }
            let pv = self.prop_of(prop, &Value::Ent(e))?;
            if names(&pv, noun) {
                return Ok(true);
            }
        }
        Ok(false)
    }
}
