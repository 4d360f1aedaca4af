//! The answers to requests about one open document: its symbols, the definition of the
//! name under the cursor, a hover for it, and the names that may complete it. Each reads
//! the document's game as last checked (`state::Game`) and the word at the position
//! (`text::word_at`): names are looked up as scripts look them up, by name in the game.

use lsp_types::{
    CompletionItem, CompletionItemKind, DocumentSymbol, Hover, HoverContents, Location, MarkupContent, MarkupKind,
    Position, SymbolKind,
};

use super::index::{Def, Kind};
use super::state::{Doc, Game};
use super::text;
use crate::diag::FileId;

/// The symbols of a file: its definitions, a card's abilities inside it.
pub fn symbols(game: &Game, file: FileId) -> Vec<DocumentSymbol> {
    let text = game.sources().get(file).text().unwrap_or("");
    game.index.in_file(file).into_iter().map(|d| symbol(d, text)).collect()
}

#[allow(deprecated)] // `deprecated` is a required field of the type, itself deprecated.
fn symbol(d: &Def, text: &str) -> DocumentSymbol {
    DocumentSymbol {
        name: if d.name.is_empty() { "?".into() } else { d.name.clone() },
        detail: Some(d.detail.clone()),
        kind: symbol_kind(d.kind),
        tags: None,
        deprecated: None,
        range: text::range(text, d.full.clone()),
        selection_range: text::range(text, d.at.clone()),
        children: (!d.children.is_empty()).then(|| d.children.iter().map(|c| symbol(c, text)).collect()),
    }
}

fn symbol_kind(k: Kind) -> SymbolKind {
    match k {
        Kind::Card => SymbolKind::CLASS,
        Kind::Ability => SymbolKind::METHOD,
        Kind::Procedure => SymbolKind::FUNCTION,
        Kind::Keyword => SymbolKind::OPERATOR,
        Kind::Zone => SymbolKind::ARRAY,
        Kind::Counter => SymbolKind::NUMBER,
        Kind::Piece => SymbolKind::STRUCT,
        Kind::Phase => SymbolKind::EVENT,
        Kind::Variable => SymbolKind::VARIABLE,
        Kind::Faction => SymbolKind::MODULE,
    }
}

/// Where the name at `pos` is defined (every definition of it, when names clash).
pub fn definition(game: &Game, doc: &Doc, pos: Position) -> Vec<Location> {
    let Some((word, _)) = text::word_at(&doc.text, text::offset(&doc.text, pos)) else { return vec![] };
    game.index.named(word).into_iter().filter_map(|d| game.location(d.file, d.at.clone())).collect()
}

/// What the name at `pos` is: its definitions' descriptions, else what the game's names
/// say of it (a property, a built-in name...).
pub fn hover(game: &Game, doc: &Doc, pos: Position) -> Option<Hover> {
    let (word, r) = text::word_at(&doc.text, text::offset(&doc.text, pos))?;
    let defs = game.index.named(word);
    let value = if defs.is_empty() {
        let sym = game.env.lookup(word)?;
        format!("`{word}`: {}", sym.describe())
    } else {
        defs.iter().map(|d| d.hover.as_str()).collect::<Vec<_>>().join("\n\n---\n\n")
    };
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent { kind: MarkupKind::Markdown, value }),
        range: Some(text::range(&doc.text, r)),
    })
}

/// The names of the game that start with the word before `pos`: its definitions, the
/// other names its scripts may use, and the built-in functions.
pub fn completion(game: &Game, doc: &Doc, pos: Position) -> Vec<CompletionItem> {
    let at = text::offset(&doc.text, pos);
    let prefix = match text::word_at(&doc.text, at) {
        Some((_, r)) if r.start < at => &doc.text[r.start..at],
        _ => "",
    };
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for d in game.index.names().filter(|d| d.name.starts_with(prefix)) {
        if seen.insert(d.name.clone()) {
            out.push(item(&d.name, completion_kind(d.kind), d.detail.clone()));
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
    out
}

fn item(label: &str, kind: CompletionItemKind, detail: String) -> CompletionItem {
    CompletionItem { label: label.to_string(), kind: Some(kind), detail: Some(detail), ..Default::default() }
}

fn completion_kind(k: Kind) -> CompletionItemKind {
    match k {
        Kind::Card => CompletionItemKind::CLASS,
        Kind::Ability => CompletionItemKind::METHOD,
        Kind::Procedure => CompletionItemKind::FUNCTION,
        Kind::Keyword => CompletionItemKind::KEYWORD,
        Kind::Zone | Kind::Counter | Kind::Variable => CompletionItemKind::VARIABLE,
        Kind::Piece => CompletionItemKind::STRUCT,
        Kind::Phase => CompletionItemKind::EVENT,
        Kind::Faction => CompletionItemKind::MODULE,
    }
}
