//! Quick fixes: a did-you-mean diagnostic carries its replacement (`Diagnostic::fix`, sent
//! as the published diagnostic's `data`), and a code action replaces the diagnostic's range
//! with it. Diagnostics the client sends back without `data` are matched against the
//! game's last check instead, by range.

use std::collections::HashMap;

use lsp_types::{CodeAction, CodeActionKind, CodeActionParams, Diagnostic, Range, TextEdit, WorkspaceEdit};

use super::state::{Doc, Game};
use super::text;

/// The quick fixes for the diagnostics of `params` (or, when it names none, for those of
/// the game's last check that overlap its range).
pub fn code_actions(game: &Game, doc: &Doc, params: &CodeActionParams) -> Vec<CodeAction> {
    let sent = &params.context.diagnostics;
    let mut fixes: Vec<(Diagnostic, String)> =
        sent.iter().filter_map(|d| Some((d.clone(), fix_of(d.data.as_ref())?))).collect();
    if fixes.is_empty() {
        fixes = checked_fixes(game, doc)
            .into_iter()
            .filter(|(d, _)| overlaps(d.range, params.range))
            .filter(|(d, _)| sent.is_empty() || sent.iter().any(|s| s.range == d.range && s.message == d.message))
            .collect();
    }
    fixes.into_iter().map(|(d, fix)| action(doc, d, fix)).collect()
}

fn fix_of(data: Option<&serde_json::Value>) -> Option<String> {
    data?.get("fix")?.as_str().map(str::to_string)
}

/// The diagnostics with a fix that the last check reported in this document.
fn checked_fixes(game: &Game, doc: &Doc) -> Vec<(Diagnostic, String)> {
    let Some(file) = text::path_of(&doc.uri).and_then(|p| game.file(&p)) else { return vec![] };
    game.checked
        .diags
        .iter()
        .filter(|d| d.fix.is_some() && d.primary().is_some_and(|p| p.file == file))
        .filter_map(|d| {
            let lsp = super::state::convert(d, game.sources());
            Some((lsp, d.fix.as_deref()?.clone()))
        })
        .collect()
}

fn overlaps(a: Range, b: Range) -> bool {
    a.start <= b.end && b.start <= a.end
}

fn action(doc: &Doc, d: Diagnostic, fix: String) -> CodeAction {
    let (from, to) = (text::offset(&doc.text, d.range.start), text::offset(&doc.text, d.range.end));
    let old = doc.text.get(from..to).unwrap_or("");
    let edit = TextEdit { range: d.range, new_text: fix.clone() };
    CodeAction {
        title: format!("Replace `{old}` with `{fix}`"),
        kind: Some(CodeActionKind::QUICKFIX),
        diagnostics: Some(vec![d]),
        edit: Some(WorkspaceEdit {
            changes: Some(HashMap::from([(doc.uri.clone(), vec![edit])])),
            ..Default::default()
        }),
        is_preferred: Some(true),
        ..Default::default()
    }
}
