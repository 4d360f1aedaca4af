//! Run-time values: numbers, truth values, text, names (enum values, phases), players,
//! cards and pieces, zones and board spaces, and lists of them.

use super::state::{EntId, PlayerId, ZoneId};
use crate::text::Text;

/// The elements of a list value: one pointer wide (length and capacity live with the
/// elements), so that a `Value` is two words.
pub type List = thin_vec::ThinVec<Value>;

/// A value a script computes. Two words (a tag and one word), so that what every
/// evaluation returns, `R<Value>`, is three words instead of five, less to copy on each
/// return; what does not fit in a word is behind one pointer (a list's elements, a
/// `Text`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
// Every payload at offset 8 (the default layout puts a `Bool` at 1): a value is then
// copied as its tag and one aligned word, which the processor forwards from the stores
// that wrote it, where a copy of bytes 1..16 stalled.
#[repr(C, u8)]
pub enum Value {
    /// Nothing (`none`, a missing property).
    Null,
    /// A whole number.
    Int(i64),
    /// A truth value.
    Bool(bool),
    /// Text.
    Str(Text),
    /// A name: an enum value, a side, a phase, a die.
    Sym(Text),
    /// A player.
    Player(PlayerId),
    /// A card or piece.
    Ent(EntId),
    /// A zone or board space.
    Zone(ZoneId),
    /// Several values (a selection).
    List(List),
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
    pub fn items(&self) -> List {
        match self {
            Value::List(v) => v.clone(),
            Value::Null => List::new(),
            v => thin_vec::thin_vec![v.clone()],
        }
    }

    /// `items`, taking the value apart instead of copying its elements.
    pub fn into_items(self) -> List {
        match self {
            Value::List(v) => v,
            Value::Null => List::new(),
            v => thin_vec::thin_vec![v],
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
