//! What playing reads of each noun, found once with the rules (`NounInfo`): whether a
//! name is one, the card properties that hold it, its bit among the cards' printed
//! memberships, the spaces that hold it and its id among the piece names. A name compiled
//! as global carries its index (`Res::Global`), which finds its info with no text hashed
//! or compared; a noun known only as text at run time (a value computed, a local bound to
//! one) is found by name, the cold path (`Rules::noun_named`).

use std::borrow::Cow;

use crate::engine::{NameId, Value};
use crate::fxhash::FxHashMap;
use crate::syntax::ast::{Expr, ExprKind, Res};
use crate::text::Text;

use super::compile::Global;
use super::Interp;

/// A name's meaning as a noun: what `is_a`, `things` and the selections by noun read.
#[derive(Debug, Clone)]
pub(super) struct NounInfo {
    /// The name.
    pub name: Text,
    /// Its index in `NounTable::list`; `None` for one made at run time (a name the rules
    /// never list): what keeps its things on the table (`Kept::on_table`).
    pub key: Option<u32>,
    /// Whether it names a noun: a piece kind, a side, an enum value (`Rules::is_noun_by_name`).
    pub is_noun: bool,
    /// The card properties that can hold it as a value (`Rules::values`).
    pub props: Vec<String>,
    /// Its bit among the cards' memberships (`compile::Nouns`), and whether a static
    /// ability modifies one of its properties.
    pub bit: Option<(u32, bool)>,
    /// Which spaces hold it (`Rules::space_nouns`).
    pub holding: Option<Vec<bool>>,
    /// Its id among the rules' piece names (`Interp::piece_of` reads it).
    pub piece: Option<NameId>,
}

impl NounInfo {
    /// The info of `name`, looked up in the rules' tables by its text.
    fn of(rules: &super::Rules, name: &str, key: Option<u32>) -> NounInfo {
        NounInfo {
            name: name.into(),
            key,
            is_noun: rules.is_noun_by_name(name),
            props: rules.values.get(name).cloned().unwrap_or_default(),
            bit: rules.nouns.bit(name),
            holding: rules.space_nouns.get(name).cloned(),
            piece: rules.piece_names.id(name),
        }
    }

    /// Whether a property holds it as a value (then a card may be one; else only pieces,
    /// by kind or side, and spaces).
    pub(super) fn by_value(&self) -> bool {
        !self.props.is_empty()
    }

    /// Its bit while none of its properties may be modified now (no static ability
    /// modifies one, none is among `modified`); else `None`. An enum value no property
    /// holds has no bit either.
    pub(super) fn settled<'m>(&self, mut modified: impl Iterator<Item = &'m str>) -> Option<u32> {
        let (id, statics) = self.bit?;
        if statics || modified.any(|m| self.props.iter().any(|p| p == m)) {
            return None;
        }
        Some(id)
    }
}

/// Every noun's info, by name and by the index of the name that always gives it.
#[derive(Debug, Default)]
pub(super) struct NounTable {
    /// The info of each name the game defines or its scripts read (with plurals and
    /// singulars), nouns or not.
    list: Vec<NounInfo>,
    /// Each of those names: its index in `list`.
    by_name: FxHashMap<Box<str>, u32>,
    /// Each name of `env` by index: the index in `list` of the noun it always gives
    /// (`Interp::global` reads it as that symbol), if it gives one.
    at: Vec<Option<u32>>,
}

impl NounTable {
    /// The info at `key` (`NounInfo::key`, `Rules::noun_at`).
    pub(super) fn get(&self, key: u32) -> &NounInfo {
        &self.list[key as usize]
    }
}

impl super::Rules {
    /// Builds `noun_table` (after the values, the cards' bits, the spaces' nouns and the
    /// piece names it reads; before the conditions, whose nodes keep its keys).
    pub(super) fn make_noun_table(&mut self) {
        let names = (self.env.names().map(str::to_string))
            .chain(self.env.plurals.keys().cloned())
            .chain(self.symbols.iter().map(|s| s.to_string()))
            .chain(self.values.keys().cloned());
        let mut table = NounTable::default();
        for n in names {
            if !table.by_name.contains_key(n.as_str()) {
                let key = table.list.len() as u32;
                table.list.push(NounInfo::of(self, &n, Some(key)));
                table.by_name.insert(n.into_boxed_str(), key);
            }
        }
        self.noun_table = table;
        let at = (0..self.symbols.len() as u32).map(|i| self.noun_at_by_name(i)).collect();
        self.noun_table.at = at;
    }

    /// Whether `n` names a noun: a piece kind, a side, an enum value (what `is_a` tests),
    /// looked up in the checker's names (with their plurals and singulars).
    fn is_noun_by_name(&self, n: &str) -> bool {
        use crate::check::env::Sym;
        matches!(self.env.lookup(n), Some(Sym::Piece | Sym::Side | Sym::EnumValue(_))) || self.values.contains_key(n)
    }

    /// The info of the noun the name at index `i` always gives, if it gives one: its key.
    pub(super) fn noun_at(&self, i: u32) -> Option<u32> {
        let key = self.noun_table.at.get(i as usize).copied().flatten();
        debug_assert_eq!(key, self.noun_at_by_name(i), "name {i}: the noun table is wrong");
        key
    }

    /// `noun_at`, worked out from the name's meaning and its text.
    fn noun_at_by_name(&self, i: u32) -> Option<u32> {
        use crate::check::env::Sym;
        if self.globals.get(i as usize) != Some(&Global::Other) {
            return None;
        }
        let symbol = match self.env.entry(i)?.1 {
            Sym::Property(_) | Sym::Counter { .. } | Sym::Zone | Sym::Space | Sym::Builtin(_) => return None,
            Sym::Card | Sym::Faction | Sym::Role | Sym::Variable(_) | Sym::Local(_) => return None,
            _ => self.symbols.get(i as usize)?,
        };
        let key = *self.noun_table.by_name.get(symbol.as_str())?;
        self.noun_table.get(key).is_noun.then_some(key)
    }

    /// The info of `n` found by its text (the cold path: a noun known only at run time).
    pub(super) fn noun_named(&self, n: &str) -> Cow<'_, NounInfo> {
        match self.noun_table.by_name.get(n) {
            Some(&k) => Cow::Borrowed(self.noun_table.get(k)),
            None => Cow::Owned(NounInfo::of(self, n, None)),
        }
    }

    /// `noun_named` of a name that is a noun; `None` for another (made no info).
    pub(super) fn noun_if(&self, n: &str) -> Option<Cow<'_, NounInfo>> {
        match self.noun_table.by_name.get(n) {
            Some(&k) => Some(self.noun_table.get(k)).filter(|i| i.is_noun).map(Cow::Borrowed),
            None => self.is_noun_by_name(n).then(|| Cow::Owned(NounInfo::of(self, n, None))),
        }
    }
}

impl<'r> Interp<'r> {
    /// The noun `v` names, `v` being `e`'s value: found by `e`'s index when `e` is a name
    /// compiled as one (no text read), else by `v`'s text. `None` when `v` is no noun.
    pub(super) fn noun_of(&self, e: &Expr, v: &Value) -> Option<Cow<'r, NounInfo>> {
        let rules: &'r super::Rules = self.rules;
        let Value::Sym(s) = v else { return None };
        if let ExprKind::Name(_, Res::Global(i)) = &e.kind {
            if let Some(k) = rules.noun_at(*i) {
                // The index finds the entry the value's text finds.
                debug_assert_eq!(rules.noun_named(s).key, Some(k), "`{s}`: the index names another noun");
                return Some(Cow::Borrowed(rules.noun_table.get(k)));
            }
        }
        rules.noun_if(s)
    }

    /// The id of `noun` among this state's piece names: the rules' one, the same in every
    /// state that shares their table (`State::shares_piece_names`), else looked up (a
    /// state with names of its own).
    #[inline]
    pub(super) fn piece_of(&self, noun: &NounInfo) -> Option<NameId> {
        let s = &self.w.state;
        if s.shares_piece_names(&self.rules.piece_names) {
            debug_assert_eq!(noun.piece, s.piece_name_id(&noun.name), "`{}`: another id", noun.name);
            return noun.piece;
        }
        s.piece_name_id(&noun.name)
    }
}
