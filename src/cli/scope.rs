//! What `check` and `test` load and report for the paths they are given.
//!
//! Every game a path touches is loaded and checked whole (`load::load_named`), so that the
//! names of a scenario, a card file or a faction file resolve against all of its game, as
//! they do when the scenarios run. `check` then reports what concerns the files named (see
//! [`Scope::Named`]); `test` reports everything, since any error stops the scenarios.
//!
//! A file that does not parse defines nothing, so what depends on it is not reported:
//! when it is `game.yaml` (or `game.yaml` holds no ruleset), the game is not checked at
//! all (every name would be unknown); when it is another file, the names it might define
//! are not reported unknown. Its own errors come first, then one `twilit::not-checked`
//! note says what was left out.

use std::collections::HashSet;
use std::path::PathBuf;

use crate::diag::{Diagnostic, FileId, SourceMap};
use crate::limits::Limits;
use crate::load::{GameBundle, GameFiles, Library};

/// The code of the note that a game, or part of it, was not checked.
pub const NOT_CHECKED: &str = "twilit::not-checked";

/// The code of the error on an empty file (`load::yaml`).
const EMPTY_FILE: &str = "twilit::empty-file";

/// Which diagnostics are reported.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// Every diagnostic of the games loaded (`test`).
    Games,
    /// Those about the files named (directly, or inside a directory named: any of their
    /// labels is in one), those of the `game.yaml` of their games, the ruleset every file
    /// is checked against, and those of any file of their games that does not parse, whose
    /// definitions are missing (`check`). The others are only counted: a file read only to
    /// complete its game is not reported on.
    Named,
}

/// The games the paths touch, loaded and checked.
pub struct Checked {
    /// The games, those not checked included.
    pub lib: Library,
    /// Every file read.
    pub sources: SourceMap,
    /// What is reported, in order: the diagnostics of the files that do not parse, the notes
    /// on what was therefore not checked, then the rest by file and position.
    pub diags: Vec<Diagnostic>,
    /// How many diagnostics are not reported (`Scope::Named`).
    pub hidden: usize,
    /// The files reported on: those named, the `game.yaml` of their games and the files of
    /// their games that do not parse.
    pub files: usize,
    /// The cards of those files (faction cards included).
    pub cards: usize,
    /// The files read only because a named file's game needed them.
    pub extra: HashSet<FileId>,
}

/// Loads the games `paths` touch, checks what can be, and keeps what `scope` reports.
pub fn load_and_check(paths: &[PathBuf], limits: &Limits, scope: Scope) -> Checked {
    load_and_check_over(paths, limits, scope, &crate::load::Overlay::default())
}

/// `load_and_check`, reading the texts of `over` instead of those files on disk (an
/// editor's unsaved buffers: `twilit lsp`).
pub fn load_and_check_over(paths: &[PathBuf], limits: &Limits, scope: Scope, over: &crate::load::Overlay) -> Checked {
    let mut sources = SourceMap::default();
    let mut named = crate::load::load_named_over(paths, &mut sources, limits, over);
    let mut diags = std::mem::take(&mut named.diags);
    let extra = std::mem::take(&mut named.extra);
    // The files whose errors come first: those that gave nothing, and `game.yaml` when it
    // gave no ruleset. They are reported whether named or not: the game lacks them.
    let mut first: HashSet<FileId> = named.games.iter().flat_map(|f| f.unparsed.iter().copied()).collect();
    let unruled = named.lib.games.iter().zip(&named.games).filter(|(g, _)| g.game.is_none());
    first.extend(unruled.map(|(_, f)| f.game_file));
    let game_files: HashSet<FileId> = named.games.iter().map(|f| f.game_file).collect();
    let reported =
        |f: FileId| scope == Scope::Games || !extra.contains(&f) || game_files.contains(&f) || first.contains(&f);
    let (lib, notes) = check_games(std::mem::take(&mut named.lib.games), &named.games, &sources, &mut diags, &reported);
    // A diagnostic elsewhere that only quotes `game.yaml` (the players it allows) is not its.
    let about = |d: &Diagnostic| {
        d.primary().is_none_or(|p| reported(p.file))
            || d.labels.iter().any(|l| scope == Scope::Games || !extra.contains(&l.file))
    };
    let before = diags.len();
    diags.retain(about);
    let hidden = before - diags.len();
    diags.extend(notes);
    sort(&mut diags, &sources, &first);
    let files = sources.files().filter(|(id, _)| reported(*id)).count();
    let cards = lib
        .games
        .iter()
        .flat_map(|g| g.cards.iter().chain(g.factions.iter().flat_map(|f| f.cards.iter())))
        .filter(|c| reported(c.id.file))
        .count();
    Checked { lib, sources, diags, hidden, files, cards, extra }
}

/// Checks the games whose `game.yaml` gave a ruleset and adds their diagnostics to `diags`,
/// but those that depend on a file that does not parse; gives the games back (those not
/// checked last) and the notes on what was not checked or not reported.
fn check_games(
    games: Vec<GameBundle>,
    files: &[GameFiles],
    sources: &SourceMap,
    diags: &mut Vec<Diagnostic>,
    reported: &dyn Fn(FileId) -> bool,
) -> (Library, Vec<Diagnostic>) {
    let (ok, broken): (Vec<_>, Vec<_>) = games.into_iter().zip(files).partition(|(g, _)| g.game.is_some());
    let mut notes: Vec<Diagnostic> = broken.iter().map(|(_, f)| not_checked(f, sources)).collect();
    let ok_files: Vec<&GameFiles> = ok.iter().map(|(_, f)| *f).collect();
    let mut lib = Library { games: ok.into_iter().map(|(g, _)| g).collect() };
    let mut checked = crate::check::check_library(&lib).diags;
    // An empty file defines nothing: the names it lacks are unknown for certain.
    let empty: HashSet<FileId> =
        diags.iter().filter(|d| d.code == EMPTY_FILE).filter_map(|d| d.primary().map(|l| l.file)).collect();
    for (game, files) in lib.games.iter().zip(ok_files) {
        let may_define = |f: &&FileId| reported(**f) && !empty.contains(*f);
        let Some(&missing) = files.unparsed.iter().find(may_define) else { continue };
        let theirs: HashSet<FileId> = game.files.iter().copied().collect();
        let depends = |d: &Diagnostic| {
            d.code.starts_with("twilit::unknown-") && d.primary().is_some_and(|l| theirs.contains(&l.file))
        };
        let unknown = checked.iter().filter(|d| depends(d) && d.labels.iter().any(|l| reported(l.file))).count();
        checked.retain(|d| !depends(d));
        if unknown > 0 {
            notes.push(unknown_not_reported(missing, unknown, sources));
        }
    }
    diags.extend(checked);
    lib.games.extend(broken.into_iter().map(|(g, _)| g));
    (lib, notes)
}

/// The note on a game that was not checked because its `game.yaml` gave no ruleset.
fn not_checked(files: &GameFiles, sources: &SourceMap) -> Diagnostic {
    let path = sources.get(files.game_file).path.display();
    let why = if files.unparsed.contains(&files.game_file) { "does not parse" } else { "holds no ruleset" };
    let msg = format!("the other files of this game were not checked against `{path}`, which {why}");
    Diagnostic::warning("not-checked", msg, files.game_file, 0..0).with_help("fix the error above, then check again")
}

/// The note on the unknown names not reported in a game with a file that does not parse.
fn unknown_not_reported(missing: FileId, n: usize, sources: &SourceMap) -> Diagnostic {
    let path = sources.get(missing).path.display();
    let (uses, them) = if n == 1 { ("use of an unknown name is", "it") } else { ("uses of unknown names are", "them") };
    let msg = format!(
        "{n} {uses} not reported in the other files of this game: `{path}`, which does not parse, may define {them}"
    );
    Diagnostic::warning("not-checked", msg, missing, 0..0).with_help("fix the error above, then check again")
}

/// Diagnostics in file order, then by position, so output is stable; those of the files
/// in `first` (which do not parse, or give no ruleset) come first, and the notes on what
/// they kept from being checked after them.
fn sort(diags: &mut [Diagnostic], sources: &SourceMap, first: &HashSet<FileId>) {
    diags.sort_by_key(|d| {
        let p = d.primary();
        let rank = match p {
            _ if d.code == NOT_CHECKED => 1,
            Some(l) if first.contains(&l.file) => 0,
            _ => 2,
        };
        let path = p.map(|l| sources.get(l.file).path.clone());
        (rank, path, p.map(|l| l.span.start), d.code.clone())
    });
}

/// Prints the errors of what `load_and_check` loaded, if any, and says the command cannot
/// go on (`doing`: what it would do); the exit code then: 2 when a path could not be read,
/// else 1.
pub fn stop_on_errors(
    checked: &Checked,
    doing: &str,
    out: &mut dyn std::io::Write,
    err: &mut dyn std::io::Write,
) -> Option<i32> {
    let errors: Vec<&Diagnostic> =
        checked.diags.iter().filter(|d| d.severity == crate::diag::Severity::Error).collect();
    if errors.is_empty() {
        return None;
    }
    for d in &errors {
        let _ = write!(out, "{}", super::render::human(d, &checked.sources, super::render::want_color(), 100));
    }
    let _ = writeln!(err, "{} error(s): fix them before {doing}", errors.len());
    let io = errors.iter().any(|d| d.code == crate::load::IO_CODE);
    Some(if io { super::EXIT_USAGE } else { super::EXIT_PROBLEMS })
}

/// A path that is neither a file nor a directory (`/dev/null`, a FIFO), or (`in_game`: for
/// `test` and `coverage`) one that does not exist or a file outside any game, is a usage
/// error: read as nothing, it would pass having checked or run nothing. (`check` reports a
/// path it cannot read as a `twilit::io` diagnostic, exit code 2.)
pub fn usable(paths: &[PathBuf], in_game: bool) -> Result<(), String> {
    for p in paths {
        let meta = std::fs::metadata(p);
        // Said as a usage error, like a path that cannot be read: there is nothing to fix in the games.
        if in_game && meta.as_ref().is_err_and(|e| e.kind() == std::io::ErrorKind::NotFound) {
            return Err(format!(
                "`{}` does not exist\n  help: give a game directory or a file of a game (default: cards/)",
                p.display()
            ));
        }
        if meta.as_ref().is_ok_and(|m| !m.is_file() && !m.is_dir()) {
            return Err(format!(
                "{} is not a regular file or a directory: give a game directory or a file of a game",
                p.display()
            ));
        }
        if in_game && p.is_file() && crate::load::game_dir_of(p).is_none() {
            return Err(format!("{} is not inside a game directory (no game.yaml above it)", p.display()));
        }
    }
    Ok(())
}

/// A usage error where a folder named holds no game (an empty folder, a typo's folder),
/// among other paths or alone: a run of no scenario must not pass (a CI script's typo).
pub fn some_game(checked: &Checked, paths: &[PathBuf]) -> Result<(), String> {
    let games: Vec<PathBuf> = checked.lib.games.iter().map(|g| crate::load::canonical(&g.dir)).collect();
    let empty = empty_folders(checked, paths, |p| games.iter().any(|g| g.starts_with(p) || p.starts_with(g)));
    match empty {
        None => Ok(()),
        Some(named) => Err(format!(
            "no game in {named}: a game is a directory holding game.yaml\n  help: give a game's directory, or a folder of games"
        )),
    }
}

/// A usage error where a folder named holds no YAML file at all, among other paths or
/// alone: `check` would pass having checked nothing of it.
pub fn nothing_in(checked: &Checked, paths: &[PathBuf]) -> Result<(), String> {
    let read: Vec<PathBuf> = checked.sources.files().map(|(_, f)| crate::load::canonical(&f.path)).collect();
    match empty_folders(checked, paths, |p| read.iter().any(|f| f.starts_with(p))) {
        None => Ok(()),
        Some(named) => Err(format!("nothing to check in {named}: no .yaml file in it")),
    }
}

/// The folders of `paths` that do not `hold` what was looked for (given their canonical
/// path), named for a message; none when every one does, or when an error of the games
/// is what to report.
fn empty_folders(checked: &Checked, paths: &[PathBuf], hold: impl Fn(&std::path::Path) -> bool) -> Option<String> {
    if checked.diags.iter().any(|d| d.severity == crate::diag::Severity::Error) {
        return None;
    }
    let empty: Vec<String> = (paths.iter())
        .filter(|p| p.is_dir() && !hold(&crate::load::canonical(p)))
        .map(|p| format!("`{}`", p.display()))
        .collect();
    (!empty.is_empty()).then(|| empty.join(", "))
}

/// How reports name a game: its directory's name (`mygame` for `cards/mygame/`), however the path was written.
pub fn game_name(bundle: &crate::load::GameBundle) -> String {
    let dir = crate::load::canonical(&bundle.dir);
    dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
}
