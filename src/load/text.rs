//! `Text`: a script field's text, shared between the fields that hold the same text (one
//! ability printed on many cards keeps one copy), and `Texts`, the table that shares them
//! while files are converted.

use std::borrow::Borrow;
use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

/// A script's text after YAML processing; reads as a `str`.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Text(Arc<str>);

impl Text {
    /// The text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The text as a shared string (a copy of the pointer, not of the text).
    pub fn shared(&self) -> Arc<str> {
        Arc::clone(&self.0)
    }
}

impl Deref for Text {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl Borrow<str> for Text {
    fn borrow(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for Text {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl From<&str> for Text {
    fn from(s: &str) -> Self {
        Text(s.into())
    }
}

impl From<String> for Text {
    fn from(s: String) -> Self {
        Text(s.into())
    }
}

impl fmt::Debug for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.0, f)
    }
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&*self.0, f)
    }
}

impl PartialEq<str> for Text {
    fn eq(&self, other: &str) -> bool {
        &*self.0 == other
    }
}

impl PartialEq<&str> for Text {
    fn eq(&self, other: &&str) -> bool {
        &*self.0 == *other
    }
}

impl PartialEq<String> for Text {
    fn eq(&self, other: &String) -> bool {
        *self.0 == **other
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
    }
}
