//! Completion: what may be typed at the cursor, by what comes before it on its line.
//! After `PROP of X ==` (or `PROP ==`, or a YAML key `PROP:`) the values of an enum
//! property; in a scenario after `put:`, `play:`, `use:` or `choose:` the game's card ids
//! (after `in:` its zones, `counter:` its counters, `phase:` or `advance:` its phases);
//! elsewhere the game's names, the checker's other names, the built-in functions and the
//! grammar's reserved words (verbs and clause words). Each list keeps to the word begun.

use std::collections::HashSet;

use lsp_types::{CompletionItem, CompletionItemKind, Position};

use super::index::Kind;
use super::state::{Doc, Game};
use super::text;
use crate::check::env::Sym;

/// The completions at `pos`.
pub fn completion(game: &Game, doc: &Doc, pos: Position) -> Vec<CompletionItem> {
    let at = text::offset(&doc.text, pos);
    let start = match text::word_at(&doc.text, at) {
        Some((_, r)) if r.start < at => r.start,
        _ => at,
    };
    let prefix = &doc.text[start..at];
    let line = &doc.text[doc.text[..start].rfind('\n').map_or(0, |i| i + 1)..start];
    if let Some(values) = enum_values(game, line) {
        let detail = |_: &str| "a value".to_string();
        return values.into_iter().filter(|v| v.starts_with(prefix)).map(|v| item(v, KIND_VALUE, detail(v))).collect();
    }
    if is_scenario(doc) {
        if let Some(kind) = scenario_field(line) {
            let defs = game.index.names().filter(|d| d.kind == kind && d.name.starts_with(prefix));
            let mut seen = HashSet::new();
            return defs
                .filter(|d| seen.insert(&d.name))
                .map(|d| item(&d.name, kind_of(kind), d.detail.clone()))
                .collect();
        }
    }
    names(game, prefix)
}

const KIND_VALUE: CompletionItemKind = CompletionItemKind::ENUM_MEMBER;

/// The game's names, the checker's, the functions and the reserved words that start with
/// `prefix`.
fn names(game: &Game, prefix: &str) -> Vec<CompletionItem> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for d in game.index.names().filter(|d| d.name.starts_with(prefix)) {
        if seen.insert(d.name.clone()) {
            out.push(item(&d.name, kind_of(d.kind), d.detail.clone()));
        }
    }
    for n in game.env.names().filter(|n| n.starts_with(prefix)) {
        if seen.insert(n.to_string()) {
            let what = game.env.lookup(n).map_or("a name", |s| s.describe());
            out.push(item(n, CompletionItemKind::VALUE, what.to_string()));
        }
    }
    for (f, ..) in crate::check::env::FUNCTIONS.iter().filter(|f| f.0.starts_with(prefix)) {
        if seen.insert((*f).to_string()) {
            out.push(item(f, CompletionItemKind::FUNCTION, "a built-in function".into()));
        }
    }
    for w in crate::syntax::reserved_words().filter(|w| w.starts_with(prefix)) {
        if seen.insert(w.to_string()) {
            let what = if crate::syntax::ast::Verb::from_word(w).is_some() {
                "an effect verb"
            } else {
                "a word of the language"
            };
            out.push(item(w, CompletionItemKind::KEYWORD, what.into()));
        }
    }
    out
}

/// The values of the enum property compared or set just before the cursor: `PROP of X ==`,
/// `PROP ==` (a filter's `where`), `PROP !=`, or a YAML key `PROP:` with nothing after it.
fn enum_values<'g>(game: &'g Game, line: &str) -> Option<Vec<&'g str>> {
    let t = line.trim_end();
    let prop = if let Some(lhs) = t.strip_suffix("==").or_else(|| t.strip_suffix("!=")) {
        let lhs = lhs.trim_end();
        let lhs = match lhs.rfind(" of ") {
            Some(i) => &lhs[..i],
            None => lhs,
        };
        last_word(lhs)?
    } else {
        let key = t.strip_suffix(':')?.trim_start().trim_start_matches("- ").trim();
        key.chars().all(|c| c.is_alphanumeric() || c == '_').then_some(key)?
    };
    let values: Vec<&str> =
        game.env.names().filter(|n| matches!(game.env.lookup(n), Some(Sym::EnumValue(p)) if p == prop)).collect();
    (!values.is_empty()).then_some(values)
}

fn last_word(s: &str) -> Option<&str> {
    let w = s.rsplit(|c: char| !(c.is_alphanumeric() || c == '_')).next()?;
    (!w.is_empty()).then_some(w)
}

/// Whether a document is a scenario (its top-level `scenario:` key).
fn is_scenario(doc: &Doc) -> bool {
    doc.text.lines().any(|l| l.starts_with("scenario:"))
}

/// What the last key before the cursor on its line holds in a scenario.
fn scenario_field(line: &str) -> Option<Kind> {
    let colon = line.rfind(':')?;
    let key = last_word(&line[..colon])?;
    match key {
        "put" | "play" | "use" | "choose" | "pick" | "among" => Some(Kind::Card),
        "in" => Some(Kind::Zone),
        "counter" => Some(Kind::Counter),
        "phase" | "advance" => Some(Kind::Phase),
        _ => None,
    }
}

fn item(label: &str, kind: CompletionItemKind, detail: String) -> CompletionItem {
    CompletionItem { label: label.to_string(), kind: Some(kind), detail: Some(detail), ..Default::default() }
}

fn kind_of(k: Kind) -> CompletionItemKind {
    match k {
        Kind::Card => CompletionItemKind::CLASS,
        Kind::Ability => CompletionItemKind::METHOD,
        Kind::Procedure => CompletionItemKind::FUNCTION,
        Kind::Keyword => CompletionItemKind::KEYWORD,
        Kind::Zone | Kind::Counter | Kind::Variable => CompletionItemKind::VARIABLE,
        Kind::Piece => CompletionItemKind::STRUCT,
        Kind::Phase => CompletionItemKind::EVENT,
        Kind::Faction => CompletionItemKind::MODULE,
        Kind::Property => CompletionItemKind::PROPERTY,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_before_the_cursor_says_what_a_scenario_field_holds() {
        assert_eq!(scenario_field("  - { put: [c1, "), Some(Kind::Card));
        assert_eq!(scenario_field("  - { put: [x], in: "), Some(Kind::Zone));
        assert_eq!(scenario_field("  - act: { player: p, play: "), Some(Kind::Card));
        assert_eq!(scenario_field("  - act: { player: "), None);
        assert_eq!(last_word("wounds of x"), Some("x"));
    }
}
