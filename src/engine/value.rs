//! Run-time values: numbers, truth values, text, names (enum values, phases), players,
//! cards and pieces, zones and board spaces, and lists of them.

use super::state::{EntId, PlayerId, ZoneId};

/// A value a script computes.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Value {
    /// Nothing (`none`, a missing property).
    Null,
    /// A whole number.
    Int(i64),
    /// A truth value.
    Bool(bool),
    /// Text.
    Str(String),
    /// A name: an enum value, a side, a phase, a die.
    Sym(std::sync::Arc<str>),
    /// A player.
    Player(PlayerId),
    /// A card or piece.
    Ent(EntId),
    /// A zone or board space.
    Zone(ZoneId),
    /// Several values (a selection).
    List(Vec<Value>),
}

impl Value {
    /// The value as a slice of its elements (a single value is one, `Null` none), uncopied.
    pub fn as_slice(&self) -> &[Value] {
        match self {
            Value::List(v) => v,
            Value::Null => &[],
            v => std::slice::from_ref(v),
        }
    }

    /// The value as a list of its elements (a single value is a list of one, `Null` empty).
    pub fn items(&self) -> Vec<Value> {
        match self {
            Value::List(v) => v.clone(),
            Value::Null => vec![],
            v => vec![v.clone()],
        }
    }

    /// `items`, taking the value apart instead of copying its elements.
    pub fn into_items(self) -> Vec<Value> {
        match self {
            Value::List(v) => v,
            Value::Null => vec![],
            v => vec![v],
        }
    }

    /// What kind of value this is, for messages.
    pub fn kind(&self) -> &'static str {
        match self {
            Value::Null => "nothing",
            Value::Int(_) => "a number",
            Value::Bool(_) => "a condition",
            Value::Str(_) => "text",
            Value::Sym(_) => "a value",
            Value::Player(_) => "a player",
            Value::Ent(_) => "a card or piece",
            Value::Zone(_) => "a zone",
            Value::List(_) => "a selection",
        }
    }
}
