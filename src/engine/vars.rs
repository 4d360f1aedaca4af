//! Game variables: each named one has an id (its index here) and maybe a value. A rule
//! reads and sets a variable by id, which the interpreter knows when it compiles the
//! name; by name is for scenarios, messages and whatever has no id.

use std::sync::Arc;

use super::value::Value;

/// A variable's index in its state's `Vars` (given by `Vars::declare`).
pub type VarId = u32;

/// Variable names and the values set.
#[derive(Debug, Default)]
pub struct Vars {
    /// By id.
    names: Vec<Arc<str>>,
    /// By id: `None` for a variable declared and not set (what a name never declared is).
    values: Vec<Option<Value>>,
    /// The ids in name order (what listing follows).
    by_name: Vec<VarId>,
}

impl Vars {
    /// The id of `name`, declaring it (unset) if it is new.
    pub fn declare(&mut self, name: &str) -> VarId {
        if let Some(id) = self.id(name) {
            return id;
        }
        let id = self.names.len() as VarId;
        let at = self.by_name.partition_point(|&i| &*self.names[i as usize] < name);
        self.by_name.insert(at, id);
        self.names.push(name.into());
        self.values.push(None);
        id
    }

    /// Gives `names` the ids `0..` in their order (each once), keeping every value: a
    /// state whose variables were declared otherwise (a library caller's own) is
    /// declared again, which changes no variable's value.
    pub fn declare_first<'a>(&mut self, names: impl IntoIterator<Item = &'a str> + Clone) -> bool {
        let mut expected = 0;
        let in_order = names.clone().into_iter().all(|n| match self.id(n) {
            Some(id) if id == expected => {
                expected += 1;
                true
            }
            // A name seen before in `names` keeps its id.
            Some(id) if id < expected => true,
            _ => false,
        });
        if in_order {
            return false;
        }
        let old = std::mem::take(self);
        for n in names {
            self.declare(n);
        }
        for (n, v) in old.iter() {
            let id = self.declare(n);
            self.values[id as usize] = Some(v.clone());
        }
        true
    }

    /// The id of a declared variable.
    pub fn id(&self, name: &str) -> Option<VarId> {
        let at = self.by_name.partition_point(|&i| &*self.names[i as usize] < name);
        self.by_name.get(at).copied().filter(|&i| &*self.names[i as usize] == name)
    }

    /// A variable's name.
    pub fn name(&self, id: VarId) -> &str {
        &self.names[id as usize]
    }

    /// The value of variable `id`, if it is set.
    #[inline]
    pub fn get(&self, id: VarId) -> Option<&Value> {
        self.values.get(id as usize)?.as_ref()
    }

    /// The value of variable `name`, if it is set.
    pub fn by_name(&self, name: &str) -> Option<&Value> {
        self.get(self.id(name)?)
    }

    /// Sets (or, with `None`, unsets) variable `id`; the old value.
    pub(super) fn put(&mut self, id: VarId, v: Option<Value>) -> Option<Value> {
        std::mem::replace(&mut self.values[id as usize], v)
    }

    /// Sets variable `id` to `v`: its old value, or `None` when it held `v` already
    /// and nothing changed.
    pub(super) fn replace(&mut self, id: VarId, v: Value) -> Option<Option<Value>> {
        let slot = &mut self.values[id as usize];
        if slot.as_ref() == Some(&v) {
            return None;
        }
        Some(slot.replace(v))
    }

    /// The variables set, in name order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Value)> {
        self.by_name.iter().filter_map(|&i| Some((&*self.names[i as usize], self.values[i as usize].as_ref()?)))
    }
}

impl Clone for Vars {
    fn clone(&self) -> Self {
        Vars { names: self.names.clone(), values: self.values.clone(), by_name: self.by_name.clone() }
    }

    /// Reuses this one's room (a simulation copies the laid-out state for every game).
    fn clone_from(&mut self, other: &Vars) {
        self.names.clone_from(&other.names);
        self.values.clone_from(&other.values);
        self.by_name.clone_from(&other.by_name);
    }
}

/// Two states' variables are the same when the same names are set to the same values:
/// which names were declared, and in what order, is no part of the game.
impl PartialEq for Vars {
    fn eq(&self, other: &Vars) -> bool {
        self.iter().eq(other.iter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_follow_declaration_and_listing_follows_names() {
        let mut v = Vars::default();
        let (b, a) = (v.declare("beta"), v.declare("alpha"));
        assert_eq!((b, a, v.declare("beta")), (0, 1, 0));
        assert_eq!((v.id("alpha"), v.id("gamma"), v.name(b)), (Some(1), None, "beta"));
        assert_eq!(v.get(a), None);
        assert_eq!(v.put(b, Some(Value::Int(2))), None);
        assert_eq!(v.replace(a, Value::Int(1)), Some(None));
        assert_eq!(v.replace(a, Value::Int(1)), None, "set to what it holds: no change");
        let listed: Vec<(&str, &Value)> = v.iter().collect();
        assert_eq!(listed, vec![("alpha", &Value::Int(1)), ("beta", &Value::Int(2))]);
        assert_eq!(v.by_name("beta"), Some(&Value::Int(2)));
        // Declared in another order, or not at all while unset: the same variables.
        let mut w = Vars::default();
        w.declare("unset");
        let (a2, b2) = (w.declare("alpha"), w.declare("beta"));
        w.put(b2, Some(Value::Int(2)));
        w.put(a2, Some(Value::Int(1)));
        assert_eq!(v, w);
        w.put(a2, None);
        assert_ne!(v, w);
        // Declared again with the rules' order first: the same values, the new ids.
        assert!(!v.declare_first(["beta", "alpha", "beta"]), "already in that order");
        let before = v.clone();
        assert!(v.declare_first(["alpha", "gamma", "beta"]));
        assert_eq!((v.id("alpha"), v.id("gamma"), v.id("beta")), (Some(0), Some(1), Some(2)));
        assert_eq!(v, before);
    }
}
