//! The names of piece kinds and sides, interned: a piece's kind and side are small ids,
//! so that a noun tested against every piece of a place compares numbers, not strings.
//! A state's table is seeded from the ruleset in its order (`Rules::piece_names`) and
//! shared by every state of the same rules; a name no ruleset declared (a scenario's) is
//! added on first use, to that state's own copy.
//!
//! Invariant: the table only grows, and an id names the same name for as long as the
//! state lives (undoing a change leaves the names: they are bookkeeping, as the journal).

use std::sync::Arc;

use crate::fxhash::FxHashMap;

use super::State;

/// A piece kind's or side's name, interned (`PieceNames`).
pub type NameId = u32;

/// Interned piece kind and side names, by id and by name.
#[derive(Debug, Clone, Default)]
pub struct PieceNames {
    list: Vec<Arc<str>>,
    index: FxHashMap<Arc<str>, NameId>,
}

impl PieceNames {
    /// A table of `names` (each once), ids in their order.
    pub fn of<'a>(names: impl IntoIterator<Item = &'a str>) -> PieceNames {
        let mut t = PieceNames::default();
        for n in names {
            t.intern(n);
        }
        t
    }

    /// The id of `name`, if it has one.
    #[inline]
    pub fn id(&self, name: &str) -> Option<NameId> {
        self.index.get(name).copied()
    }

    /// The name of `id`.
    #[inline]
    pub fn name(&self, id: NameId) -> &Arc<str> {
        &self.list[id as usize]
    }

    /// The id of `name`, given one if it has none.
    fn intern(&mut self, name: &str) -> NameId {
        if let Some(id) = self.id(name) {
            return id;
        }
        let id = self.list.len() as NameId;
        let name: Arc<str> = name.into();
        self.list.push(Arc::clone(&name));
        self.index.insert(name, id);
        id
    }
}

/// Bookkeeping, not game state (see the module): two states are equal whatever it holds.
impl PartialEq for PieceNames {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl State {
    /// Takes the ruleset's table of piece names (before any piece is made).
    pub fn use_piece_names(&mut self, names: &Arc<PieceNames>) {
        self.names = Arc::clone(names);
    }

    /// Takes the ruleset's table of piece names if this state has named no piece yet (so
    /// has given out no id); else keeps its own, which began as that table (`lay_out`).
    pub fn seed_piece_names(&mut self, names: &Arc<PieceNames>) {
        if self.names.list.is_empty() {
            self.use_piece_names(names);
        }
    }

    /// Whether this state's piece names are `names` itself (not a copy it added to), so
    /// that every id `names` gives is this state's too.
    #[inline]
    pub fn shares_piece_names(&self, names: &Arc<PieceNames>) -> bool {
        Arc::ptr_eq(&self.names, names)
    }

    /// The id of piece kind or side `name`, given one if it has none.
    pub fn piece_id(&mut self, name: &str) -> NameId {
        match self.names.id(name) {
            Some(id) => id,
            None => Arc::make_mut(&mut self.names).intern(name),
        }
    }

    /// The id of piece kind or side `name`, if any piece may be of it.
    #[inline]
    pub fn piece_name_id(&self, name: &str) -> Option<NameId> {
        self.names.id(name)
    }

    /// The name of piece kind or side `id`.
    #[inline]
    pub fn piece_name(&self, id: NameId) -> &Arc<str> {
        self.names.name(id)
    }
}
