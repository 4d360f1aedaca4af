//! `twilit test [PATH...]`: check the games under the paths, then run their scenarios
//! (all of them, or only those in the scenario files named), one line per scenario and
//! a `N passed, N failed` summary.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::diag::{Diagnostic, Severity, SourceMap};
use crate::interp::Rules;
use crate::scenario;

use super::render;

/// Options of `twilit test`.
pub struct TestOpts {
    /// Files or directories.
    pub paths: Vec<PathBuf>,
    /// Print every transcript.
    pub transcripts: bool,
    /// Only scenarios whose name contains this.
    pub filter: Option<String>,
}

/// The game directory holding `path` (the nearest ancestor with a `game.yaml`).
fn game_dir(path: &Path) -> Option<PathBuf> {
    let start = if path.is_file() { path.parent()? } else { path };
    start.ancestors().find(|d| d.join("game.yaml").is_file()).map(Path::to_path_buf)
}

/// Runs the command; returns the exit code.
pub fn run(opts: TestOpts, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let mut files: Vec<PathBuf> = vec![];
    let mut dirs: Vec<PathBuf> = vec![];
    for p in &opts.paths {
        if p.is_file() {
            match game_dir(p) {
                Some(d) => {
                    files.push(canon(p));
                    dirs.push(d);
                }
                None => {
                    let _ =
                        writeln!(err, "error: {} is not inside a game directory (no game.yaml above it)", p.display());
                    return super::EXIT_USAGE;
                }
            }
        } else {
            dirs.push(p.clone());
        }
    }
    dirs.sort();
    dirs.dedup();
    let mut sources = SourceMap::default();
    let (lib, mut diags) = crate::load::load_paths(&dirs, &mut sources);
    diags.extend(crate::check::check_library(&lib).diags);
    let color = render::want_color();
    let errors: Vec<&Diagnostic> = diags.iter().filter(|d| d.severity == Severity::Error).collect();
    if !errors.is_empty() {
        for d in &errors {
            let _ = write!(out, "{}", render::human(d, &sources, color, 100));
        }
        let _ = writeln!(out, "{} error(s): fix them before running scenarios", errors.len());
        let io = errors.iter().any(|d| d.code == crate::load::IO_CODE);
        return if io { super::EXIT_USAGE } else { super::EXIT_PROBLEMS };
    }
    let (mut passed, mut failed) = (0, 0);
    for bundle in &lib.games {
        let rules = match Rules::compile(bundle) {
            Ok(r) => r,
            Err(ds) => {
                for d in &ds {
                    let _ = write!(out, "{}", render::human(d, &sources, color, 100));
                }
                failed += bundle.scenarios.len();
                continue;
            }
        };
        let game = bundle.dir.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
        for sc in &bundle.scenarios {
            let path = &sources.get(sc.file).path;
            if !files.is_empty() && !files.contains(&canon(path)) {
                continue;
            }
            if opts.filter.as_ref().is_some_and(|f| !sc.scenario.value.contains(f.as_str())) {
                continue;
            }
            let o = scenario::run(&rules, sc);
            if opts.transcripts {
                let _ = write!(out, "{}", o.transcript);
            }
            match &o.failure {
                None => {
                    passed += 1;
                    let _ = writeln!(out, "ok     {game}/{}", o.name);
                }
                Some(f) => {
                    failed += 1;
                    let (line, col) = sources.line_col(f.file, f.span.start);
                    let _ = writeln!(
                        out,
                        "FAIL   {game}/{} ({}:{line}:{col}) step {}: {}",
                        o.name,
                        path.display(),
                        f.step,
                        f.message
                    );
                    // The same failure at its place in the file, for the designer's eyes.
                    let d = Diagnostic::error(
                        "scenario-failed",
                        format!("step {}: {}", f.step, f.message),
                        f.file,
                        f.span.clone(),
                    )
                    .with_help(format!("run `twilit test {} --transcript` to see what happened", path.display()));
                    let _ = write!(err, "{}", render::human(&d, &sources, render::want_color(), 100));
                }
            }
        }
    }
    let _ = writeln!(out, "{passed} passed, {failed} failed");
    if failed > 0 {
        super::EXIT_PROBLEMS
    } else {
        super::EXIT_OK
    }
}

fn canon(p: &Path) -> PathBuf {
    std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf())
}
