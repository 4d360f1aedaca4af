//! `twilit mutate PATH...`: mutation testing of each game's rules against its scenarios
//! (`crate::mutate`). Prints per game how many mutants were made, killed, invalid,
//! marked equivalent and surviving, then each survivor at its file, line and column with
//! the change; exits 0 when none survives.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use super::render::Format;
use super::scope::{load_and_check, Scope};
use super::{EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE};
use crate::diag::SourceMap;
use crate::mutate::{self, GameTexts, Mutant, Verdict};

/// Options of `twilit mutate`.
pub struct MutateOpts {
    /// Game directories (or files of games).
    pub paths: Vec<PathBuf>,
    /// Human lines, or JSON objects.
    pub format: Format,
    /// Worker threads (default: one per core).
    pub jobs: Option<usize>,
    /// Only mutants of this kind (`comparison`, `number`, ...).
    pub only: Option<String>,
    /// The bounds of loading and running.
    pub limits: crate::limits::Limits,
}

/// How many mutants ended each way.
#[derive(Default)]
struct Tally {
    made: usize,
    killed: usize,
    invalid: usize,
    equivalent: usize,
    survived: usize,
    /// Of those killed, how many were marked equivalent all the same.
    needless: usize,
}

/// Runs the command; returns the exit code.
pub fn run(opts: MutateOpts, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    if let Some(k) = &opts.only {
        if !mutate::Operator::ALL.iter().any(|o| o.name() == k) {
            let names: Vec<&str> = mutate::Operator::ALL.iter().map(|o| o.name()).collect();
            let _ = writeln!(err, "error: no mutation kind `{k}`; kinds: {}", names.join(", "));
            return EXIT_USAGE;
        }
    }
    // As `test` and `coverage`: a path that names no game must not pass having mutated nothing.
    if let Err(message) = super::scope::usable(&opts.paths, true) {
        let _ = writeln!(err, "error: {message}");
        return EXIT_USAGE;
    }
    let checked = load_and_check(&opts.paths, &opts.limits, Scope::Games);
    if let Some(code) = super::scope::stop_on_errors(&checked, "mutating", out, err) {
        return code;
    }
    if let Err(message) = super::scope::some_game(&checked, &opts.paths) {
        let _ = writeln!(err, "error: {message}");
        return EXIT_USAGE;
    }
    let mut code = EXIT_OK;
    for bundle in &checked.lib.games {
        let game = super::scope::game_name(bundle);
        if bundle.scenarios.is_empty() {
            // Every change of its rules goes unnoticed: the surest survivors of all.
            let _ = writeln!(
                err,
                "{game}: no scenarios, so no change of its rules is noticed\n  help: write scenarios under its \
                 `scenarios/` folder (docs/SCENARIOS.md), then mutate again"
            );
            code = EXIT_PROBLEMS;
            continue;
        }
        let files = match GameTexts::of(bundle, &checked.sources) {
            Ok(f) => f,
            Err(e) => {
                let _ = writeln!(err, "error: {e}");
                return EXIT_USAGE;
            }
        };
        if let Verdict::Killed(sc) | Verdict::Invalid(sc) = files.baseline() {
            let _ = writeln!(err, "{game}: its scenarios fail before any change ({sc}): run `twilit test` first");
            code = EXIT_PROBLEMS;
            continue;
        }
        let start = Instant::now();
        let mut all = mutate::mutants(bundle, &checked.sources);
        all.retain(|m| opts.only.as_deref().is_none_or(|k| m.op.name() == k));
        // Naming a rules file (not its game's folder) mutates that file only.
        if all.iter().any(|m| !checked.extra.contains(&m.file)) {
            all.retain(|m| !checked.extra.contains(&m.file));
        }
        let verdicts = match mutate::verdicts(&files, &all, opts.jobs) {
            Ok(v) => v,
            Err(e) => {
                let _ = writeln!(err, "error: {e}");
                return EXIT_USAGE;
            }
        };
        let seconds = start.elapsed().as_secs_f64();
        let t = tally(&verdicts);
        if t.survived > 0 {
            code = EXIT_PROBLEMS;
        }
        // JSON names the game as `test --format json` does: its id and its folder.
        let id = bundle.game.as_ref().map_or_else(|| game.clone(), |g| g.game.value.clone());
        let dir = bundle.dir.display().to_string();
        report((&game, &id, &dir), &t, seconds, &all, &verdicts, &checked.sources, opts.format, out);
    }
    code
}

fn tally(verdicts: &[Verdict]) -> Tally {
    let mut t = Tally { made: verdicts.len(), ..Tally::default() };
    for v in verdicts {
        match v {
            Verdict::Killed(_) => t.killed += 1,
            Verdict::Needless(_) => {
                t.killed += 1;
                t.needless += 1;
            }
            Verdict::Invalid(_) => t.invalid += 1,
            Verdict::Equivalent(_) => t.equivalent += 1,
            Verdict::Survived => t.survived += 1,
        }
    }
    t
}

#[allow(clippy::too_many_arguments)]
fn report(
    (game, id, dir): (&str, &str, &str),
    t: &Tally,
    seconds: f64,
    all: &[Mutant],
    verdicts: &[Verdict],
    sources: &SourceMap,
    format: Format,
    out: &mut dyn Write,
) {
    let survivors = all.iter().zip(verdicts).filter(|(_, v)| **v == Verdict::Survived).map(|(m, _)| m);
    if format == Format::Json {
        for m in survivors {
            let (path, line, column, text) = place(m, sources);
            let v = serde_json::json!({
                "game": id, "dir": dir, "survived": true, "file": path, "line": line, "column": column,
                "kind": m.op.name(), "original": m.original, "mutant": m.with, "source": text,
            });
            let _ = writeln!(out, "{v}");
        }
        for (m, sc) in needless(all, verdicts) {
            let (path, line, column, text) = place(m, sources);
            let v = serde_json::json!({
                "game": id, "dir": dir, "needless_mark": true, "killed_by": sc, "file": path, "line": line, "column": column,
                "kind": m.op.name(), "original": m.original, "mutant": m.with, "source": text,
            });
            let _ = writeln!(out, "{v}");
        }
        let v = serde_json::json!({
            "game": id, "dir": dir, "mutants": t.made, "killed": t.killed, "invalid": t.invalid,
            "equivalent": t.equivalent, "survived": t.survived, "needless_marks": t.needless,
            "seconds": (seconds * 10.0).round() / 10.0,
        });
        let _ = writeln!(out, "{v}");
        return;
    }
    let marked = if t.needless > 0 { format!(" ({} of them marked equivalent)", t.needless) } else { String::new() };
    let _ = writeln!(
        out,
        "{game}: {} mutants: {} killed{marked}, {} invalid, {} equivalent, {} survived ({seconds:.1} s)",
        t.made, t.killed, t.invalid, t.equivalent, t.survived
    );
    for m in survivors {
        let (path, line, column, text) = place(m, sources);
        let with = if m.with.is_empty() { "(removed)".to_string() } else { format!("`{}`", m.with) };
        let _ = writeln!(
            out,
            "  survived {path}:{line}:{column}: {}: `{}` -> {with}\n      {}",
            m.op.name(),
            m.original,
            text.trim()
        );
    }
    for (m, sc) in needless(all, verdicts) {
        let (path, line, column, text) = place(m, sources);
        let with = if m.with.is_empty() { "(removed)".to_string() } else { format!("`{}`", m.with) };
        let _ = writeln!(
            out,
            "  marked equivalent, but killed by `{sc}`: {path}:{line}:{column}: {}: `{}` -> {with}\n      {}\n      \
             a scenario already catches this change: name in the mark only the change it means \
             (`equivalent({}:TEXT)`), or drop it",
            m.op.name(),
            m.original,
            text.trim(),
            m.op.name(),
        );
    }
}

/// The mutants marked equivalent that a scenario kills all the same, with its name.
fn needless<'a>(all: &'a [Mutant], verdicts: &'a [Verdict]) -> impl Iterator<Item = (&'a Mutant, &'a str)> {
    all.iter().zip(verdicts).filter_map(|(m, v)| match v {
        Verdict::Needless(sc) => Some((m, sc.as_str())),
        _ => None,
    })
}

/// Where a mutant is: path, line, column, and the line as the mutant reads.
fn place(m: &Mutant, sources: &SourceMap) -> (String, usize, usize, String) {
    let f = sources.get(m.file);
    let (line, column) = sources.line_col(m.file, m.span.start).unwrap_or((0, 0));
    let text = f.text().unwrap_or_default();
    let start = text[..m.span.start.min(text.len())].rfind('\n').map_or(0, |i| i + 1);
    let end = text[m.span.end.min(text.len())..].find('\n').map_or(text.len(), |i| m.span.end + i);
    let (before, after) = (&text[start..m.span.start], &text[m.span.end..end]);
    // A removed filter leaves the space before it (`count(copper )`, `cards  where`):
    // not shown, unless it is the line's indentation.
    let gap = after.is_empty() || after.starts_with([' ', ')', ']']);
    let before = match m.with.is_empty() && gap && !before.trim().is_empty() {
        true => before.trim_end_matches(' '),
        false => before,
    };
    let mutated = format!("{before}{}{after}", m.with);
    (f.path.display().to_string(), line, column, mutated)
}
