//! Action texts: how a legal action is written — in `twilit play`'s offers and in a
//! scenario's `expect_actions:` and `action:` — `play c3#2`, `use nap`, `use lamp:
//! shine`, `use lamp (2)`. One grammar: the interpreter writes its legal actions with
//! `Display`, and the checker reads scenarios' texts with `parse`.

use std::fmt;

/// One action as written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ActionText<'a> {
    /// `play LABEL`: playing a card (a copy's label: `c3`, `c3#2`).
    Play(&'a str),
    /// `use NAME`: the game's ability named NAME.
    Game(&'a str),
    /// `use game (N)`: the game's N-th ability (from 1), which has no name.
    GameNth(usize),
    /// `use HOLDER: NAME`: the ability named NAME of a card (its label) or a faction (its id).
    Named(&'a str, &'a str),
    /// `use HOLDER (N)`: the N-th ability (from 1), which has no name, of a card or a faction.
    Nth(&'a str, usize),
}

/// The holder a game's unnamed ability is written with.
const GAME: &str = "game";

impl fmt::Display for ActionText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ActionText::Play(label) => write!(f, "play {label}"),
            ActionText::Game(name) => write!(f, "use {name}"),
            ActionText::GameNth(n) => write!(f, "use {GAME} ({n})"),
            ActionText::Named(holder, name) => write!(f, "use {holder}: {name}"),
            ActionText::Nth(holder, n) => write!(f, "use {holder} ({n})"),
        }
    }
}

/// `text` as the interpreter writes it: a copy's label in its canonical form (`play
/// c3#1` is `play c3`, as SCENARIOS.md lets a scenario name the first copy).
pub fn canonical(text: &str) -> String {
    let label = super::label::canonical;
    match ActionText::parse(text) {
        Some(ActionText::Play(l)) => ActionText::Play(&label(l)).to_string(),
        Some(ActionText::Named(h, n)) => ActionText::Named(&label(h), n).to_string(),
        Some(ActionText::Nth(h, n)) => ActionText::Nth(&label(h), n).to_string(),
        _ => text.to_string(),
    }
}

impl<'a> ActionText<'a> {
    /// How ability `i` (from 0) of `holder` (a card's label or a faction's id; `None` for
    /// the game's own) is written: by its `name`, else by its place among the holder's.
    pub fn ability(holder: Option<&'a str>, name: Option<&'a str>, i: usize) -> Self {
        match (holder, name) {
            (None, Some(n)) => ActionText::Game(n),
            (None, None) => ActionText::GameNth(i + 1),
            (Some(h), Some(n)) => ActionText::Named(h, n),
            (Some(h), None) => ActionText::Nth(h, i + 1),
        }
    }

    /// Reads a text as `Display` writes it; `None` when no action is written so. A game
    /// ability's own name may contain `: ` or end in ` (N)`, which reads as another form:
    /// a reader that knows the game's names tries `Game` of the whole rest first.
    pub fn parse(text: &'a str) -> Option<Self> {
        if let Some(label) = text.strip_prefix("play ") {
            return (!label.is_empty()).then_some(ActionText::Play(label));
        }
        let rest = text.strip_prefix("use ").filter(|r| !r.is_empty())?;
        if let Some((holder, name)) = rest.split_once(": ") {
            return (!holder.is_empty() && !name.is_empty()).then_some(ActionText::Named(holder, name));
        }
        // Only digits as `Display` writes them (no sign, no leading zero) are a number.
        let nth = rest.strip_suffix(')').and_then(|r| r.rsplit_once(" ("));
        let digits = |n: &str| n.bytes().all(|b| b.is_ascii_digit()) && !n.starts_with('0');
        if let Some((holder, n)) = nth.filter(|(h, n)| !h.is_empty() && digits(n)) {
            if let Ok(n) = n.parse::<usize>() {
                return Some(if holder == GAME { ActionText::GameNth(n) } else { ActionText::Nth(holder, n) });
            }
        }
        Some(ActionText::Game(rest))
    }
}

#[cfg(test)]
mod tests {
    use super::ActionText::{self, *};

    #[test]
    fn a_first_copy_label_is_written_as_its_id() {
        assert_eq!(super::canonical("play c3#1"), "play c3");
        assert_eq!(super::canonical("use lamp#1: shine"), "use lamp: shine");
        assert_eq!(super::canonical("use lamp#1 (2)"), "use lamp (2)");
        assert_eq!(super::canonical("play c3#2"), "play c3#2");
        assert_eq!(super::canonical("use draw"), "use draw");
    }

    #[test]
    fn every_form_reads_back_as_written() {
        let forms = [Play("c3"), Play("c3#2"), Game("nap"), GameNth(2), Named("lamp", "shine"), Nth("lamp#2", 1)];
        for a in forms {
            assert_eq!(ActionText::parse(&a.to_string()), Some(a), "{a}");
        }
        assert_eq!(Named("cats", "craft").to_string(), "use cats: craft");
        assert_eq!(GameNth(3).to_string(), "use game (3)");
    }

    #[test]
    fn other_texts_are_no_action() {
        for t in ["", "nap", "pass", "play", "play ", "use", "use ", "run a script", "Play c3"] {
            assert_eq!(ActionText::parse(t), None, "{t:?}");
        }
        // What `Display` never writes reads as the game's ability of that whole name.
        assert_eq!(ActionText::parse("use x (0)"), Some(Game("x (0)")));
        assert_eq!(ActionText::parse("use x (02)"), Some(Game("x (02)")));
        assert_eq!(ActionText::parse("use (2)"), Some(Game("(2)")));
    }
}
