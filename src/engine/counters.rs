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
    /// Values by id, then holder; an id with no value set holds none.
    values: Vec<Values>,
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
        self.values.push(Values::default());
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
    #[inline(always)]
    pub fn get(&self, id: CounterId, h: Holder) -> Option<i64> {
        self.values[id as usize].get(h)
    }

    /// Sets a value; the old one, if any.
    pub fn insert(&mut self, id: CounterId, h: Holder, v: i64) -> Option<i64> {
        self.values[id as usize].put(h, Some(v))
    }

    /// Sets a value unless it holds it already: `Some` of the old value (`None` when
    /// none was set) if it changed.
    #[inline]
    pub fn set(&mut self, id: CounterId, h: Holder, v: i64) -> Option<Option<i64>> {
        let vs = &mut self.values[id as usize];
        if let Some(i) = near(h) {
            // The game's and the players' values, by index: no search.
            if let Some(Some(old)) = vs.near.get(i).copied() {
                if old == v {
                    return None;
                }
                vs.near[i] = Some(v);
                return Some(Some(old));
            }
        }
        let old = vs.get(h);
        if old == Some(v) {
            return None;
        }
        vs.put(h, Some(v));
        Some(old)
    }

    /// Forgets a value (it reads as its start again).
    pub fn remove(&mut self, id: CounterId, h: Holder) {
        self.values[id as usize].put(h, None);
    }

    /// The values `h` holds, in name order (one lookup per counter, not a scan of every
    /// holder's values).
    pub fn of(&self, h: Holder) -> impl Iterator<Item = (&str, i64)> {
        self.by_name.iter().filter_map(move |&i| self.get(i, h).map(|v| (self.name(i), v)))
    }

    /// Every value set, in (name, holder) order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, Holder, i64)> {
        self.by_name.iter().flat_map(move |&i| self.values[i as usize].iter().map(move |(h, v)| (self.name(i), h, v)))
    }
}

/// Where a holder's value sits in `Values::near`: the game's first, then each player's
/// (`None`: a thing or a zone, kept in `far`).
#[inline]
fn near(h: Holder) -> Option<usize> {
    match h {
        Holder::Game => Some(0),
        Holder::Player(p) => Some(p + 1),
        _ => None,
    }
}

/// One counter's values. Those on the game and on players, the commonest, are read by
/// index; those on things and zones, which may be many, by search. Each has one form:
/// `near` ends at its last value (so that equal values are equal lists), `far` is
/// sorted by holder.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Values {
    /// The game's value, then player `p`'s at `1 + p`.
    near: Vec<Option<i64>>,
    /// The values on things and zones, sorted by holder.
    far: Vec<(Holder, i64)>,
}

impl Values {
    #[inline(always)]
    fn get(&self, h: Holder) -> Option<i64> {
        match near(h) {
            Some(i) => self.near.get(i).copied().flatten(),
            None => self.far.binary_search_by(|(k, _)| k.cmp(&h)).ok().map(|i| self.far[i].1),
        }
    }

    /// Sets (or with `None` forgets) `h`'s value; the old one.
    fn put(&mut self, h: Holder, v: Option<i64>) -> Option<i64> {
        let Some(i) = near(h) else {
            let at = self.far.binary_search_by(|(k, _)| k.cmp(&h));
            return match (at, v) {
                (Ok(i), Some(v)) => Some(std::mem::replace(&mut self.far[i].1, v)),
                (Ok(i), None) => Some(self.far.remove(i).1),
                (Err(i), Some(v)) => {
                    self.far.insert(i, (h, v));
                    None
                }
                (Err(_), None) => None,
            };
        };
        if self.near.len() <= i {
            // Nothing to forget past the end.
            v?;
            self.near.resize(i + 1, None);
        }
        let old = std::mem::replace(&mut self.near[i], v);
        while self.near.last() == Some(&None) {
            self.near.pop();
        }
        old
    }

    /// Every value set, in holder order (the game, the players, then things and zones).
    fn iter(&self) -> impl Iterator<Item = (Holder, i64)> + '_ {
        let holder = |i: usize| if i == 0 { Holder::Game } else { Holder::Player(i - 1) };
        let near = self.near.iter().enumerate().filter_map(move |(i, v)| v.map(|v| (holder(i), v)));
        near.chain(self.far.iter().copied())
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

    #[test]
    fn every_holder_keeps_its_value_and_forgetting_leaves_no_trace() {
        let mut c = Counters::default();
        let id = c.declare("n", Bounds::default());
        let before = c.clone();
        let holders =
            [Holder::Zone(2), Holder::Player(3), Holder::Ent(7), Holder::Game, Holder::Player(0), Holder::Ent(1)];
        for (k, &h) in holders.iter().enumerate() {
            assert_eq!(c.set(id, h, k as i64), Some(None), "{h:?} had no value");
        }
        assert_eq!(c.set(id, Holder::Player(3), 1), None, "the same value changes nothing");
        assert_eq!(c.set(id, Holder::Ent(7), 9), Some(Some(2)));
        let listed: Vec<Holder> = c.iter().map(|(_, h, _)| h).collect();
        let mut sorted = holders.to_vec();
        sorted.sort();
        assert_eq!(listed, sorted, "listed in holder order");
        for (k, &h) in holders.iter().enumerate() {
            assert_eq!(c.get(id, h), Some(if h == Holder::Ent(7) { 9 } else { k as i64 }));
        }
        assert_eq!(c.get(id, Holder::Player(2)), None);
        for &h in holders.iter().rev() {
            c.remove(id, h);
        }
        assert_eq!(c, before, "a state whose values were all forgotten is the one before them");
    }
}
