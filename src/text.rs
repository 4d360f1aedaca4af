//! `Text`: a shared string one pointer wide. It holds a script field's text, shared
//! between the fields that hold the same text (one ability printed on many cards keeps
//! one copy), and at run time a name or a text as a value (`engine::Value`) and a halt's
//! message; `Texts` is the table that shares texts while files are converted.

use std::borrow::Borrow;
use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

/// A script's text after YAML processing; reads as a `str`. One pointer (8 bytes, not the
/// 16 of an `Arc<str>`): every card keeps many of these (its property names and values,
/// its script fields) while the texts themselves are few, so the extra hop to the shared
/// `Arc<str>` inside costs less than a wide pointer in every slot.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Text(Arc<Shared>);

/// What a `Text` points to: the text as an `Arc<str>`, which `Text::shared` hands out
/// without copying.
#[derive(PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Shared(Arc<str>);

impl Text {
    /// The text.
    pub fn as_str(&self) -> &str {
        &self.0 .0
    }

    /// Whether the two are one text in memory (equal texts a `Texts` shared are).
    pub fn ptr_eq(a: &Text, b: &Text) -> bool {
        Arc::ptr_eq(&a.0, &b.0)
    }

    /// The text as a shared string (a copy of the pointer, not of the text).
    pub fn shared(&self) -> Arc<str> {
        Arc::clone(&self.0 .0)
    }
}

impl Deref for Text {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl Borrow<str> for Text {
    fn borrow(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for Text {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl From<&str> for Text {
    fn from(s: &str) -> Self {
        Text(Arc::new(Shared(s.into())))
    }
}

impl From<String> for Text {
    fn from(s: String) -> Self {
        Text(Arc::new(Shared(s.into())))
    }
}

impl From<&Arc<str>> for Text {
    /// Shares the string: only the pointer is copied.
    fn from(s: &Arc<str>) -> Self {
        Text(Arc::new(Shared(Arc::clone(s))))
    }
}

impl fmt::Debug for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.as_str(), f)
    }
}

impl PartialEq<str> for Text {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Text {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<String> for Text {
    fn eq(&self, other: &String) -> bool {
        self.as_str() == other.as_str()
    }
}

/// The texts seen so far by one converting worker: a text met again is shared, not copied.
#[derive(Debug, Default)]
pub struct Texts(crate::fxhash::FxHashMap<Text, ()>);

impl Texts {
    /// `s` as a shared `Text`.
    pub fn get(&mut self, s: &str) -> Text {
        if let Some((t, _)) = self.0.get_key_value(s) {
            return t.clone();
        }
        let t = Text::from(s);
        self.0.insert(t.clone(), ());
        t
    }

    /// The shared `Text` equal to `s`, if one was made.
    pub fn find(&self, s: &str) -> Option<&Text> {
        self.0.get_key_value(s).map(|(t, _)| t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_texts_are_shared_and_read_as_str() {
        let mut texts = Texts::default();
        let a = texts.get("draw 1");
        let b = texts.get(&String::from("draw 1"));
        assert!(Arc::ptr_eq(&a.0, &b.0));
        assert!(!Arc::ptr_eq(&a.0, &texts.get("draw 2").0));
        assert_eq!(a, "draw 1");
        assert_eq!(a.trim_end(), "draw 1");
        assert_eq!(format!("{a} / {a:?}"), "draw 1 / \"draw 1\"");
        assert!(Arc::ptr_eq(&a.shared(), &b.shared()));
        assert_eq!(std::mem::size_of::<Text>(), 8);
    }
}
