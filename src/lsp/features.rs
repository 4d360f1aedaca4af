//! The answers to requests about one open document's definitions: its symbols and the
//! definition of the name under the cursor. Each reads the document's game as last checked
//! (`state::Game`) and the word at the position (`text::word_at`): names are looked up as
//! scripts look them up, by name in the game. (Hover, completion, references and quick
//! fixes have modules of their own.)

use lsp_types::{DocumentSymbol, Location, Position, SymbolKind};

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
        Kind::Property => SymbolKind::PROPERTY,
    }
}

/// Where the name at `pos` is defined (every definition of it, when names clash).
pub fn definition(game: &Game, doc: &Doc, pos: Position) -> Vec<Location> {
    let Some((word, _)) = text::word_at(&doc.text, text::offset(&doc.text, pos)) else { return vec![] };
    game.index.named(word).into_iter().filter_map(|d| game.location(d.file, d.at.clone())).collect()
}
