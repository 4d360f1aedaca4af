//! Hover: what the name under the cursor is. Its definitions' descriptions (a card's name,
//! text and printed values; a zone's or counter's declaration; a keyword's or procedure's
//! signature and body), the comment lines written just above a definition in its file (the
//! loader keeps no comments, so they are read from the text), its parameters' types as the
//! checker reads them, the static type of the name used as a value, and the type of the
//! innermost expression around the cursor (`check::scripts::type_at`).

use std::fmt::Write;

use lsp_types::{Hover, HoverContents, MarkupContent, MarkupKind, Position};

use super::index::{Def, Kind};
use super::state::{Doc, Game};
use super::text;
use crate::check::env::Sym;

/// The hover for the name at `pos`, if it names anything the game or the checker knows.
pub fn hover(game: &Game, doc: &Doc, pos: Position) -> Option<Hover> {
    let (word, r) = text::word_at(&doc.text, text::offset(&doc.text, pos))?;
    let defs = game.index.named(word);
    let mut parts: Vec<String> = defs.iter().map(|d| described(game, d)).collect();
    let name = defs.first().map_or(word, |d| d.name.as_str());
    if let Some(sym) = game.env.lookup(name) {
        let ty = sym.ty().describe();
        parts.push(if defs.is_empty() {
            format!("`{word}`: {} (type: {ty})", sym.describe())
        } else {
            format!("type: {ty}")
        });
    }
    let at = text::offset(&doc.text, pos);
    if let Some((shown, ty)) = expr_type(game, doc, at) {
        // The name's own type is given above; a larger expression's is new.
        if shown != word || game.env.lookup(name).is_none() {
            parts.push(format!("type of `{}`: {ty}", abbreviate(&shown)));
        }
    }
    if parts.is_empty() {
        return None;
    }
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent { kind: MarkupKind::Markdown, value: parts.join("\n\n---\n\n") }),
        range: Some(text::range(&doc.text, r)),
    })
}

/// The innermost expression of a script around byte `at` of the document, and its type.
fn expr_type(game: &Game, doc: &Doc, at: usize) -> Option<(String, &'static str)> {
    let file = text::path_of(&doc.uri).and_then(|p| game.file(&p))?;
    let scripts = super::refs::scripts(game.bundle()?);
    let (src, entry) = scripts.into_iter().find(|(s, _)| s.file == file && s.span.range().contains(&at))?;
    let text: &str = &src.text;
    // The text offset whose place in the file is the last at or before `at` (the map from
    // text to file only grows).
    let (mut lo, mut hi) = (0, text.len());
    while lo < hi {
        let mid = (lo + hi).div_ceil(2);
        if src.file_span(mid..mid).start <= at {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    let (span, ty) = crate::check::scripts::type_at(&game.env, text, entry, lo)?;
    Some((text.get(span)?.to_string(), ty.describe()))
}

/// An expression cut to one line of at most 60 characters.
fn abbreviate(s: &str) -> String {
    let one: String = s.split_whitespace().collect::<Vec<_>>().join(" ");
    match one.char_indices().nth(60) {
        Some((i, _)) => format!("{}…", &one[..i]),
        None => one,
    }
}

/// A definition's description, with its parameters' types and its doc comment.
fn described(game: &Game, d: &Def) -> String {
    let mut s = d.hover.clone();
    if let Some(p) = params(game, d) {
        let _ = write!(s, "\n\nparameters: {p}");
    }
    let file_text = game.sources().get(d.file).text().unwrap_or("");
    if let Some(c) = comment_above(file_text, d.full.start.min(d.at.start)) {
        let _ = write!(s, "\n\n{c}");
    }
    s
}

/// A keyword's or procedure's parameters with the types the checker gives them.
fn params(game: &Game, d: &Def) -> Option<String> {
    let list: Vec<String> = match d.kind {
        Kind::Keyword => {
            let info = game.env.keywords.get(&d.name)?;
            info.params.iter().map(|(n, t)| format!("`{n}` ({})", t.describe())).collect()
        }
        Kind::Procedure => match game.env.lookup(&d.name)? {
            Sym::Procedure { params, tys, .. } => {
                params.iter().zip(tys).map(|(n, t)| format!("`{n}` ({})", t.describe())).collect()
            }
            _ => return None,
        },
        _ => return None,
    };
    Some(if list.is_empty() { "none".into() } else { list.join(", ") })
}

/// The `#` comment lines right above the line holding byte `at` (none when a blank or
/// other line comes between), without their `#`.
pub fn comment_above(text: &str, at: usize) -> Option<String> {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let mut lines: Vec<&str> = text[..line_start]
        .lines()
        .rev()
        .map(str::trim)
        .take_while(|l| l.starts_with('#'))
        .map(|l| l.trim_start_matches('#').trim())
        .collect();
    lines.reverse();
    (!lines.is_empty()).then(|| lines.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_above_a_line_are_its_doc() {
        let t = "a: 1\n# Adds n.\n  # Twice.\nAdd: x\n";
        let at = t.find("Add:").unwrap_or(0);
        assert_eq!(comment_above(t, at).as_deref(), Some("Adds n.\nTwice."));
        assert_eq!(comment_above(t, 0), None);
        assert_eq!(comment_above("a\n\n# gap\n\nb", 10), None);
    }
}
