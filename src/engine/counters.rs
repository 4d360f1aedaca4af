//! Counters: each named one has an id (its index here), its bounds and its values by
//! holder. A rule reads and writes a counter by id; the name is for messages, and
//! listing the values keeps (name, holder) order whatever order the ids were given in.

use std::sync::Arc;

use super::state::{Bounds, Holder};

/// A counter's index in its state's `Counters` (given by `Counters::declare`).
pub type CounterId = u32;

/// Counter names, bounds and the values that differ from their start.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Counters {
    /// Shared with the events of their changes.
    names: Vec<Arc<str>>,
    bounds: Vec<Bounds>,
    /// Values by id, then holder (sorted by holder: a counter has few holders, and a
    /// sorted list is searched faster than a tree); an id with no value set holds none.
    values: Vec<Vec<(Holder, i64)>>,
    /// The ids in name order (what listing follows).
    by_name: Vec<CounterId>,
}

impl Counters {
    /// The id of `name`, declaring it with `bounds` (a name declared again keeps its id and
    /// takes the new bounds: the last declaration of a counter sets them).
    pub fn declare(&mut self, name: &str, bounds: Bounds) -> CounterId {
        if let Some(id) = self.id(name) {
            self.bounds[id as usize] = bounds;
            return id;
        }
        let id = self.names.len() as CounterId;
        let at = self.by_name.partition_point(|&i| &*self.names[i as usize] < name);
        self.by_name.insert(at, id);
        self.names.push(name.into());
        self.bounds.push(bounds);
        self.values.push(vec![]);
        id
    }

    /// Forgets the newest counter (what undoes its `declare`).
    pub(super) fn undeclare_last(&mut self) {
        let Some(_) = self.names.pop() else { return };
        let id = self.names.len() as CounterId;
        self.by_name.retain(|&i| i != id);
        self.bounds.pop();
        self.values.pop();
    }

    /// The id of a declared counter.
    pub fn id(&self, name: &str) -> Option<CounterId> {
        let at = self.by_name.partition_point(|&i| &*self.names[i as usize] < name);
        self.by_name.get(at).copied().filter(|&i| &*self.names[i as usize] == name)
    }

    /// A counter's name.
    pub fn name(&self, id: CounterId) -> &str {
        &self.names[id as usize]
    }

    /// A counter's name, shared.
    pub fn shared_name(&self, id: CounterId) -> Arc<str> {
        Arc::clone(&self.names[id as usize])
    }

    /// A counter's bounds.
    pub fn bounds(&self, id: CounterId) -> Bounds {
        self.bounds[id as usize]
    }

    /// The value of counter `id` on `h`, if it was ever set.
    pub fn get(&self, id: CounterId, h: Holder) -> Option<i64> {
        let vs = &self.values[id as usize];
        vs.binary_search_by(|(k, _)| k.cmp(&h)).ok().map(|i| vs[i].1)
    }

    /// Sets a value; the old one, if any.
    pub fn insert(&mut self, id: CounterId, h: Holder, v: i64) -> Option<i64> {
        let vs = &mut self.values[id as usize];
        match vs.binary_search_by(|(k, _)| k.cmp(&h)) {
            Ok(i) => Some(std::mem::replace(&mut vs[i].1, v)),
            Err(i) => {
                vs.insert(i, (h, v));
                None
            }
        }
    }

    /// Sets a value unless it holds it already (one search where `get` then `insert`
    /// take two): `Some` of the old value (`None` when none was set) if it changed.
    pub fn set(&mut self, id: CounterId, h: Holder, v: i64) -> Option<Option<i64>> {
        let vs = &mut self.values[id as usize];
        match vs.binary_search_by(|(k, _)| k.cmp(&h)) {
            Ok(i) if vs[i].1 == v => None,
            Ok(i) => Some(Some(std::mem::replace(&mut vs[i].1, v))),
            Err(i) => {
                vs.insert(i, (h, v));
                Some(None)
            }
        }
    }

    /// Forgets a value (it reads as its start again).
    pub fn remove(&mut self, id: CounterId, h: Holder) {
        let vs = &mut self.values[id as usize];
        if let Ok(i) = vs.binary_search_by(|(k, _)| k.cmp(&h)) {
            vs.remove(i);
        }
    }

    /// The values `h` holds, in name order (one lookup per counter, not a scan of every
    /// holder's values).
    pub fn of(&self, h: Holder) -> impl Iterator<Item = (&str, i64)> {
        self.by_name.iter().filter_map(move |&i| self.get(i, h).map(|v| (self.name(i), v)))
    }

    /// Every value set, in (name, holder) order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, Holder, i64)> {
        self.by_name.iter().flat_map(move |&i| self.values[i as usize].iter().map(move |&(h, v)| (self.name(i), h, v)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_listed_in_name_order_whatever_the_ids() {
        let mut c = Counters::default();
        let b = Bounds::default();
        let (zeta, alpha) = (c.declare("zeta", b), c.declare("alpha", b));
        assert_eq!(c.declare("zeta", Bounds { start: 5, ..b }), zeta, "a name keeps its id");
        assert_eq!(c.bounds(zeta).start, 5, "the last declaration sets the bounds");
        c.insert(zeta, Holder::Game, 1);
        c.insert(alpha, Holder::Player(1), 2);
        c.insert(alpha, Holder::Game, 3);
        let all: Vec<_> = c.iter().collect();
        assert_eq!(all, [("alpha", Holder::Game, 3), ("alpha", Holder::Player(1), 2), ("zeta", Holder::Game, 1)]);
        assert_eq!(c.id("alpha"), Some(alpha));
        assert_eq!(c.id("beta"), None);
        c.remove(alpha, Holder::Game);
        assert_eq!(c.get(alpha, Holder::Game), None);
        assert_eq!(c.of(Holder::Player(1)).collect::<Vec<_>>(), [("alpha", 2)]);
    }
}
