//! The server's state: the open documents (whose texts overlay the disk: `load::Overlay`),
//! and per game the last load-and-check of it, exactly what `twilit check DIR` reports on
//! the game's directory, with its definitions (`Index`) and names (`check::env::Env`).
//! Diagnostics are converted to LSP ones here, per file, and a file whose diagnostics are
//! gone gets an empty list, so the editor clears it.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use lsp_types::{
    DiagnosticRelatedInformation, DiagnosticSeverity, Location, NumberOrString, PublishDiagnosticsParams, Uri,
};

use super::index::Index;
use super::text;
use crate::check::env::Env;
use crate::cli::scope::{load_and_check_over, Checked, Scope};
use crate::diag::{Diagnostic, FileId, Severity, SourceMap};
use crate::limits::Limits;
use crate::load::{canonical, game_dir_of, Overlay};

/// A document the editor has open.
pub struct Doc {
    pub uri: Uri,
    pub text: String,
}

/// One game as last checked.
pub struct Game {
    /// What was loaded (the library and every file's text or where to read it).
    pub checked: Checked,
    /// Its definitions.
    pub index: Index,
    /// Its names (empty when its `game.yaml` gave no ruleset).
    pub env: Env,
    /// The files of the game by canonical path.
    pub files: HashMap<PathBuf, FileId>,
    /// The documents given diagnostics last time (to clear those that have none now).
    published: HashSet<String>,
    /// The game's directory (canonical).
    pub dir: PathBuf,
    /// Where its names are used, found on the first request that needs them.
    pub uses: std::cell::OnceCell<Vec<super::refs::Use>>,
}

impl Game {
    /// The file id of a path of this game.
    pub fn file(&self, path: &Path) -> Option<FileId> {
        self.files.get(&canonical(path)).copied()
    }

    /// The game as loaded (`None` when its directory held no game after all).
    pub fn bundle(&self) -> Option<&crate::load::GameBundle> {
        self.checked.lib.games.iter().find(|g| canonical(&g.dir) == self.dir)
    }

    /// The sources of this game's files.
    pub fn sources(&self) -> &SourceMap {
        &self.checked.sources
    }

    /// The location of a span of one of the game's files (at the file's start when its text
    /// is gone).
    pub fn location(&self, file: FileId, span: std::ops::Range<usize>) -> Option<Location> {
        let f = self.sources().get(file);
        let uri = text::uri_of(&f.path)?;
        let range = f.text().map(|t| text::range(t, span)).unwrap_or_default();
        Some(Location { uri, range })
    }
}

/// Everything the server knows.
#[derive(Default)]
pub struct State {
    pub limits: Limits,
    /// Open documents by canonical path.
    pub docs: HashMap<PathBuf, Doc>,
    /// Their texts, read instead of the files on disk.
    pub overlay: Overlay,
    /// Games by the canonical path of their directory.
    pub games: HashMap<PathBuf, Game>,
    /// Games whose documents changed since they were last checked.
    pub dirty: HashSet<PathBuf>,
}

impl State {
    /// Opens or changes a document: its text now stands for the file; its game is dirty.
    pub fn set_text(&mut self, uri: Uri, text: String) {
        let Some(path) = text::path_of(&uri) else { return };
        let path = canonical(&path);
        self.overlay.insert(&path, text.clone());
        if let Some(dir) = game_dir_of(&path) {
            self.dirty.insert(canonical(&dir));
        }
        self.docs.insert(path, Doc { uri, text });
    }

    /// Closes a document: the file on disk is read again.
    pub fn close(&mut self, uri: &Uri) {
        let Some(path) = text::path_of(uri) else { return };
        let path = canonical(&path);
        self.overlay.remove(&path);
        self.docs.remove(&path);
        if let Some(dir) = game_dir_of(&path) {
            self.dirty.insert(canonical(&dir));
        }
    }

    /// The open document at a URI, with its canonical path.
    pub fn doc(&self, uri: &Uri) -> Option<(PathBuf, &Doc)> {
        let path = canonical(&text::path_of(uri)?);
        self.docs.get(&path).map(|d| (path, d))
    }

    /// The game a file belongs to, as last checked.
    pub fn game_of(&self, path: &Path) -> Option<&Game> {
        self.games.get(&canonical(&game_dir_of(path)?))
    }

    /// Checks every dirty game again; gives the diagnostics to publish (empty lists for the
    /// documents that no longer have any).
    pub fn check_dirty(&mut self) -> Vec<PublishDiagnosticsParams> {
        let mut out = Vec::new();
        let mut dirty: Vec<PathBuf> = self.dirty.drain().collect();
        dirty.sort();
        for dir in dirty {
            out.extend(self.check_game(dir));
        }
        out
    }

    fn check_game(&mut self, dir: PathBuf) -> Vec<PublishDiagnosticsParams> {
        let checked = load_and_check_over(std::slice::from_ref(&dir), &self.limits, Scope::Named, &self.overlay);
        let bundle = checked.lib.games.iter().find(|g| canonical(&g.dir) == dir);
        let index = bundle.map(Index::build).unwrap_or_default();
        let env = match bundle {
            Some(b) if b.game.is_some() => crate::check::build_env(b, &mut Vec::new()),
            _ => Env::new(),
        };
        let files = checked.sources.files().map(|(id, f)| (canonical(&f.path), id)).collect();
        let mut by_uri: Vec<(Uri, Vec<lsp_types::Diagnostic>)> = Vec::new();
        for d in &checked.diags {
            let Some(p) = d.primary() else { continue };
            let Some(uri) = text::uri_of(&checked.sources.get(p.file).path) else { continue };
            let lsp = convert(d, &checked.sources);
            match by_uri.iter_mut().find(|(u, _)| *u == uri) {
                Some((_, list)) => list.push(lsp),
                None => by_uri.push((uri, vec![lsp])),
            }
        }
        let published: HashSet<String> = by_uri.iter().map(|(u, _)| u.as_str().to_string()).collect();
        let old = self.games.remove(&dir).map(|g| g.published).unwrap_or_default();
        let mut out: Vec<PublishDiagnosticsParams> = by_uri
            .into_iter()
            .map(|(uri, diagnostics)| PublishDiagnosticsParams { uri, diagnostics, version: None })
            .collect();
        let mut cleared: Vec<&String> = old.iter().filter(|u| !published.contains(*u)).collect();
        cleared.sort();
        for u in cleared {
            if let Ok(uri) = u.parse::<Uri>() {
                out.push(PublishDiagnosticsParams { uri, diagnostics: vec![], version: None });
            }
        }
        // An open document of the game with nothing to say is told so (it may be new).
        for doc in self.docs.values() {
            let mine = text::path_of(&doc.uri).and_then(|p| game_dir_of(&p)).is_some_and(|d| canonical(&d) == dir);
            if mine && !published.contains(doc.uri.as_str()) && !old.contains(doc.uri.as_str()) {
                out.push(PublishDiagnosticsParams { uri: doc.uri.clone(), diagnostics: vec![], version: None });
            }
        }
        let game = Game { checked, index, env, files, published, dir: dir.clone(), uses: Default::default() };
        self.games.insert(dir, game);
        out
    }
}

/// A diagnostic in the protocol's terms: its primary span, severity, code and message; the
/// other labels and the help as related information.
pub fn convert(d: &Diagnostic, sources: &SourceMap) -> lsp_types::Diagnostic {
    let loc = |file: FileId, span: std::ops::Range<usize>| {
        let f = sources.get(file);
        let range = f.text().map(|t| text::range(t, span)).unwrap_or_default();
        (text::uri_of(&f.path), range)
    };
    let (primary_uri, range) = match d.primary() {
        Some(p) => loc(p.file, p.span.clone()),
        None => (None, lsp_types::Range::default()),
    };
    let mut related = Vec::new();
    if let (Some(p), Some(uri)) = (d.primary(), &primary_uri) {
        if !p.message.is_empty() {
            let location = Location { uri: uri.clone(), range };
            related.push(DiagnosticRelatedInformation { location, message: p.message.clone() });
        }
        if let Some(h) = &d.help {
            let location = Location { uri: uri.clone(), range };
            related.push(DiagnosticRelatedInformation { location, message: format!("help: {h}") });
        }
    }
    for l in d.labels.iter().skip(1) {
        if let (Some(uri), range) = loc(l.file, l.span.clone()) {
            related
                .push(DiagnosticRelatedInformation { location: Location { uri, range }, message: l.message.clone() });
        }
    }
    lsp_types::Diagnostic {
        range,
        severity: Some(match d.severity {
            Severity::Error => DiagnosticSeverity::ERROR,
            Severity::Warning => DiagnosticSeverity::WARNING,
        }),
        code: Some(NumberOrString::String(d.code.clone())),
        source: Some("twilit".into()),
        message: d.message.clone(),
        related_information: (!related.is_empty()).then_some(related),
        // A did-you-mean's replacement travels with the diagnostic, so a quick fix needs
        // nothing but what the client sends back.
        data: d.fix.as_ref().map(|f| serde_json::json!({ "fix": f })),
        ..Default::default()
    }
}
