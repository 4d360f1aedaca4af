//! The values of counters: by counter name, then by holder. Reading one by its name
//! borrows the name (no key is built), and listing them keeps (name, holder) order.

use std::collections::BTreeMap;

use super::state::Holder;

/// Counter values that differ from their start, by name and holder.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Counters {
    /// Never holds an empty inner map, so equal contents compare equal.
    by_name: BTreeMap<String, BTreeMap<Holder, i64>>,
}

impl Counters {
    /// The value of `name` on `h`, if it was ever set.
    pub fn get(&self, name: &str, h: Holder) -> Option<i64> {
        self.by_name.get(name).and_then(|m| m.get(&h)).copied()
    }

    /// Sets a value; the old one, if any.
    pub fn insert(&mut self, name: &str, h: Holder, v: i64) -> Option<i64> {
        match self.by_name.get_mut(name) {
            Some(m) => m.insert(h, v),
            None => {
                self.by_name.insert(name.to_string(), BTreeMap::from([(h, v)]));
                None
            }
        }
    }

    /// Forgets a value (it reads as its start again).
    pub fn remove(&mut self, name: &str, h: Holder) {
        if let Some(m) = self.by_name.get_mut(name) {
            m.remove(&h);
            if m.is_empty() {
                self.by_name.remove(name);
            }
        }
    }

    /// The values `h` holds, in name order (one lookup per counter name, not a scan of
    /// every holder's values).
    pub fn of(&self, h: Holder) -> impl Iterator<Item = (&str, i64)> {
        self.by_name.iter().filter_map(move |(n, m)| m.get(&h).map(|v| (n.as_str(), *v)))
    }

    /// Every value, in (name, holder) order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, Holder, i64)> {
        self.by_name.iter().flat_map(|(n, m)| m.iter().map(move |(h, v)| (n.as_str(), *h, *v)))
    }
}
