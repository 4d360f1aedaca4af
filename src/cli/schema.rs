//! `twilit schema [GAME_DIR]`: prints the JSON Schema of Twilit's files (`crate::schema`),
//! of any game or, given a game directory, of that game's (its names as enums).

use std::io::Write;
use std::path::{Path, PathBuf};

use super::{render, EXIT_OK, EXIT_USAGE};
use crate::diag::{Diagnostic, Severity, SourceMap};
use crate::limits::Limits;
use crate::load::GameBundle;

/// Runs `twilit schema`.
pub fn run(game: Option<PathBuf>, limits: &Limits, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let schema = match game {
        None => crate::schema::generic(),
        Some(dir) => match bundle(&dir, limits, err) {
            Ok(b) => crate::schema::for_game(&b),
            Err(code) => return code,
        },
    };
    let text = serde_json::to_string_pretty(&schema).unwrap_or_default();
    let _ = writeln!(out, "{text}");
    EXIT_OK
}

/// The game of `dir`, which must hold its `game.yaml` and a ruleset in it. Problems in
/// its other files do not stop the schema (an editor needs it most then): they are
/// counted on standard error.
fn bundle(dir: &Path, limits: &Limits, err: &mut dyn Write) -> Result<GameBundle, i32> {
    let mut sources = SourceMap::default();
    let show = |d: &Diagnostic, sources: &SourceMap, err: &mut dyn Write| {
        let _ = write!(err, "{}", render::human(d, sources, false, 100));
    };
    if !dir.join("game.yaml").is_file() {
        let id = sources.add(dir, String::new());
        let msg = if dir.exists() {
            format!("`{}` is not a game directory: it holds no `game.yaml`", dir.display())
        } else {
            format!("`{}` does not exist", dir.display())
        };
        let d = Diagnostic::error("no-game", msg, id, 0..0)
            .with_help("give the directory of the game's `game.yaml`, e.g. `twilit schema cards/lotr`");
        show(&d, &sources, err);
        return Err(EXIT_USAGE);
    }
    let (lib, diags) = crate::load::load_paths_with(&[dir.to_path_buf()], &mut sources, limits);
    if let Some(d) = diags.iter().find(|d| crate::load::is_io_error(d)) {
        show(d, &sources, err);
        return Err(EXIT_USAGE);
    }
    let here = crate::load::canonical(dir);
    let Some(b) = lib.games.into_iter().find(|b| crate::load::canonical(&b.dir) == here && b.game.is_some()) else {
        for d in diags.iter().filter(|d| d.severity == Severity::Error) {
            show(d, &sources, err);
        }
        let _ = writeln!(err, "error: `{}` holds no ruleset: `twilit check` says why", dir.display());
        return Err(EXIT_USAGE);
    };
    let errors = diags.iter().filter(|d| d.severity == Severity::Error).count();
    if errors > 0 {
        let s = if errors == 1 { "" } else { "s" };
        let _ = writeln!(err, "note: {errors} problem{s} loading the game: `twilit check` shows them");
    }
    Ok(b)
}
