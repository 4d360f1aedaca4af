//! `twilit coverage PATH...`: runs each game's scenarios and reports, per file, how much of
//! the rules they executed, then what they never reached (`crate::coverage`), at its file,
//! line and column. Exits 1 when a scenario fails (what it reached is still reported).

use std::io::Write;
use std::path::PathBuf;

use super::render::Format;
use super::scope::{load_and_check, Scope};
use super::{EXIT_OK, EXIT_PROBLEMS};
use crate::coverage::{self, Counts};
use crate::interp::Rules;

/// Options of `twilit coverage`.
pub struct CoverageOpts {
    /// Game directories (or files of games).
    pub paths: Vec<PathBuf>,
    /// Lines, or JSON objects (one per gap and one per file).
    pub format: Format,
    /// The bounds of loading and running.
    pub limits: crate::limits::Limits,
}

/// Runs the command; returns the exit code.
pub fn run(opts: CoverageOpts, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    if let Err(message) = super::scope::usable(&opts.paths, true) {
        let _ = writeln!(err, "error: {message}");
        return super::EXIT_USAGE;
    }
    let checked = load_and_check(&opts.paths, &opts.limits, Scope::Games);
    if let Some(code) = super::scope::stop_on_errors(&checked, "measuring coverage", out, err) {
        return code;
    }
    if let Err(message) = super::scope::some_game(&checked, &opts.paths) {
        let _ = writeln!(err, "error: {message}");
        return super::EXIT_USAGE;
    }
    let sources = &checked.sources;
    let json = opts.format == Format::Json;
    let mut code = EXIT_OK;
    for bundle in &checked.lib.games {
        let Ok(rules) = Rules::compile(bundle) else { continue };
        let run = coverage::run(&rules, bundle);
        for name in &run.failed {
            let _ = writeln!(err, "warning: scenario {name} failed; it may have stopped before reaching all it tests");
            code = EXIT_PROBLEMS;
        }
        let mut files = coverage::gaps(bundle, &run.covered);
        // Naming a rules file (not its game's folder) reports on that file only.
        if files.iter().any(|(f, _, _)| !checked.extra.contains(f)) {
            files.retain(|(f, _, _)| !checked.extra.contains(f));
        }
        for (file, counts, gaps) in files {
            let path = sources.get(file).path.display().to_string();
            if json {
                for g in &gaps {
                    let (line, column) = sources.line_col(g.file, g.at).unwrap_or((0, 0));
                    let v = serde_json::json!({
                        "file": path, "line": line, "column": column,
                        "missed": g.missed.label(), "what": g.what,
                    });
                    let _ = writeln!(out, "{v}");
                }
                let v = serde_json::json!({
                    "file": path,
                    "fields": [counts.fields.0, counts.fields.1],
                    "statements": [counts.statements.0, counts.statements.1],
                    "branches": [counts.branches.0, counts.branches.1],
                });
                let _ = writeln!(out, "{v}");
                continue;
            }
            let _ = writeln!(out, "{path}: {}", summary(&counts));
            for g in &gaps {
                let (line, column) = sources.line_col(g.file, g.at).unwrap_or((0, 0));
                let _ = writeln!(out, "  {path}:{line}:{column}: {}: {}", g.missed.label(), g.what);
            }
        }
    }
    code
}

/// `fields 40/50 (80%), statements ..., branches ...`.
fn summary(c: &Counts) -> String {
    // Nothing of a kind to cover (a file without `if`) is said so, not as "100%".
    let part = |name: &str, (done, all): (usize, usize)| match (done * 100).checked_div(all) {
        Some(pct) => format!("{name} {done}/{all} ({pct}%)"),
        None => format!("no {name}"),
    };
    [part("fields", c.fields), part("statements", c.statements), part("branches", c.branches)].join(", ")
}
