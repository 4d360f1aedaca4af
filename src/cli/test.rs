//! `twilit test [PATH...]`: check the games under the paths, then run their scenarios
//! (all of them, or only those in the scenario files named), one line per scenario and
//! a `N passed, N failed` summary.

use std::io::Write;
use std::path::PathBuf;

use crate::diag::{Diagnostic, Severity, SourceMap};
use crate::interp::Rules;
use crate::scenario;

use super::render;
use super::scope::{load_and_check, Checked, Scope};

/// Options of `twilit test`.
pub struct TestOpts {
    /// Files or directories.
    pub paths: Vec<PathBuf>,
    /// Print every transcript.
    pub transcripts: bool,
    /// Only scenarios whose name contains this.
    pub filter: Option<String>,
    /// Human lines, or JSON objects (one per scenario; diagnostics as `check --format json`).
    pub format: render::Format,
    /// The bounds of loading and running.
    pub limits: crate::limits::Limits,
}

/// Runs the command; returns the exit code.
pub fn run(opts: TestOpts, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    if let Err(message) = super::scope::usable(&opts.paths, true) {
        let _ = writeln!(err, "error: {message}");
        return super::EXIT_USAGE;
    }
    let checked = load_and_check(&opts.paths, &opts.limits, Scope::Games);
    if let Err(message) = super::scope::some_game(&checked, &opts.paths) {
        let _ = writeln!(err, "error: {message}");
        return super::EXIT_USAGE;
    }
    let (diags, sources) = (&checked.diags, &checked.sources);
    let color = render::want_color();
    let errors = diags.iter().filter(|d| d.severity == Severity::Error).count();
    let json = opts.format == render::Format::Json;
    // Warnings do not stop the scenarios, but a run must not hide them (an ignored YAML tag,
    // a direction override, a skipped path); errors stop them, and come in file order.
    for d in diags.iter().filter(|d| errors > 0 || d.severity == Severity::Warning) {
        let text = if json { render::json(d, sources) + "\n" } else { render::human(d, sources, color, 100) };
        let _ = write!(out, "{text}");
    }
    if errors > 0 {
        let sink: &mut dyn Write = if json { err } else { out };
        let _ = writeln!(sink, "{errors} error(s): fix them before running scenarios");
        let io = diags.iter().any(|d| d.code == crate::load::IO_CODE);
        return if io { super::EXIT_USAGE } else { super::EXIT_PROBLEMS };
    }
    let mut r = Runs { named: &checked, opts: &opts, sources, out, err, passed: 0, failed: 0, selected: 0 };
    for bundle in &checked.lib.games {
        r.bundle(bundle);
    }
    let (passed, failed, selected) = (r.passed, r.failed, r.selected);
    // A filter that keeps nothing is most often a typo: said, not passed as `0 passed`.
    if let (Some(f), 0) = (&opts.filter, r.selected) {
        // The names the filter chose among: the scenarios of the files named.
        let among: Vec<&str> =
            (checked.lib.games.iter()).flat_map(|b| r.named_in(b)).map(|sc| sc.scenario.value.as_str()).collect();
        let _ =
            writeln!(err, "error: no scenario's name contains `{f}`\n  help: {}", no_match_help(f, among.into_iter()));
        return super::EXIT_USAGE;
    }
    let sink: &mut dyn Write = if json { err } else { out };
    let _ = writeln!(sink, "{passed} passed, {failed} failed");
    // A game with no scenario has tested nothing: not a pass (a CI step's typo, a folder
    // the scenarios were never written into).
    if selected == 0 {
        let _ = writeln!(
            err,
            "error: the games named have no scenarios: nothing was tested\n  help: write scenarios under a game's \
             `scenarios/` folder (docs/SCENARIOS.md)"
        );
        return super::EXIT_PROBLEMS;
    }
    if failed > 0 {
        super::EXIT_PROBLEMS
    } else {
        super::EXIT_OK
    }
}

/// The help of a `--filter` no scenario's name contains: the closest name or word of a
/// name (scenario names are words joined by `_` or `-`), else how to list them.
fn no_match_help<'a>(filter: &str, names: impl Iterator<Item = &'a str>) -> String {
    let names: Vec<&str> = names.collect();
    let words = names.iter().flat_map(|n| n.split(['_', '-', ' ']).filter(|w| w.len() > 1));
    let candidates: Vec<&str> = names.iter().copied().chain(words).collect();
    match crate::diag::did_you_mean(filter, candidates) {
        Some(close) => format!("did you mean `{close}`?"),
        None if names.is_empty() => "the games named have no scenarios".to_string(),
        None => "`twilit test` without `--filter` lists every scenario".to_string(),
    }
}

/// Running the selected scenarios of each game, counting and reporting.
struct Runs<'a> {
    /// The games, with which files the paths named.
    named: &'a Checked,
    opts: &'a TestOpts,
    sources: &'a SourceMap,
    out: &'a mut dyn Write,
    err: &'a mut dyn Write,
    passed: usize,
    failed: usize,
    /// Scenarios selected in all games (run or counted failed).
    selected: usize,
}

impl Runs<'_> {
    /// A game's scenarios that the paths named: those in the files named, or all of them
    /// when no scenario file of the game was (the game, one of its card files or its
    /// `game.yaml` was named); then those `--filter` keeps.
    fn selected<'b>(&self, bundle: &'b crate::load::GameBundle) -> Vec<&'b crate::load::Scenario> {
        let filter = |sc: &&crate::load::Scenario| {
            self.opts.filter.as_ref().is_none_or(|f| sc.scenario.value.contains(f.as_str()))
        };
        self.named_in(bundle).into_iter().filter(filter).collect()
    }

    /// A game's scenarios that the paths named, before `--filter`: those in the files
    /// named, or all of them when no scenario file of the game was.
    fn named_in<'b>(&self, bundle: &'b crate::load::GameBundle) -> Vec<&'b crate::load::Scenario> {
        let named = |sc: &&crate::load::Scenario| !self.named.extra.contains(&sc.file);
        let any_named = bundle.scenarios.iter().any(|sc| named(&sc));
        bundle.scenarios.iter().filter(|sc| !any_named || named(sc)).collect()
    }

    fn bundle(&mut self, bundle: &crate::load::GameBundle) {
        let selected = self.selected(bundle);
        self.selected += selected.len();
        let rules = match Rules::compile(bundle) {
            Ok(r) => r,
            Err(ds) => {
                for d in &ds {
                    let _ = write!(self.out, "{}", render::human(d, self.sources, render::want_color(), 100));
                }
                self.failed += selected.len();
                return;
            }
        };
        let game = super::scope::game_name(bundle);
        for sc in selected {
            let o = scenario::run(&rules, sc);
            if self.opts.format == render::Format::Json {
                self.json(bundle, &o);
                continue;
            }
            if self.opts.transcripts {
                let _ = write!(self.out, "{}", o.transcript);
            }
            match &o.failure {
                None => {
                    self.passed += 1;
                    let _ = writeln!(self.out, "ok     {game}/{}", o.name);
                }
                Some(f) => self.failure(&game, &o.name, f),
            }
        }
    }

    /// One JSON object per scenario: its game's id and folder, its name, whether it
    /// passed, and where it failed.
    fn json(&mut self, bundle: &crate::load::GameBundle, o: &scenario::Outcome) {
        let game = bundle.game.as_ref().map_or_else(|| super::scope::game_name(bundle), |g| g.game.value.clone());
        let dir = bundle.dir.display().to_string();
        let mut v = serde_json::json!({ "game": game, "dir": dir, "scenario": o.name, "passed": o.failure.is_none() });
        if let Some(f) = &o.failure {
            // No line and column when the file changed after it was loaded.
            let (line, column) = self.sources.line_col(f.file, f.span.start).unzip();
            v["step"] = f.step.into();
            v["kind"] = f.kind.label().into();
            v["message"] = crate::diag::abbreviate(&f.message).into();
            v["file"] = self.sources.get(f.file).path.display().to_string().into();
            v["line"] = line.into();
            v["column"] = column.into();
            if let Some(at) = &f.raised {
                let (line, column) = self.sources.line_col(at.file, at.span.start).unzip();
                let file = self.sources.get(at.file).path.display().to_string();
                v["raised_at"] = serde_json::json!({ "file": file, "line": line, "column": column });
            }
            self.failed += 1;
        } else {
            self.passed += 1;
        }
        if self.opts.transcripts {
            v["transcript"] = o.transcript.clone().into();
        }
        let _ = writeln!(self.out, "{v}");
    }

    /// `path:line:column` of an offset, or `path, byte N` when the file changed after it
    /// was loaded.
    fn place(&self, file: crate::diag::FileId, offset: usize) -> String {
        let path = self.sources.get(file).path.display();
        match self.sources.line_col(file, offset) {
            Some((line, col)) => format!("{path}:{line}:{col}"),
            None => format!("{path}, byte {offset}"),
        }
    }

    /// One line on standard output; the same failure at its place in the file on stderr.
    fn failure(&mut self, game: &str, name: &str, f: &scenario::Failure) {
        self.failed += 1;
        let path = &self.sources.get(f.file).path;
        let at = self.place(f.file, f.span.start);
        let message = crate::diag::abbreviate(&f.message);
        let raised = f.raised.as_ref().map(|r| format!(", raised at {}", self.place(r.file, r.span.start)));
        let (step, kind) = (f.step, f.kind.label());
        let raised = raised.unwrap_or_default();
        let _ = writeln!(self.out, "FAIL   {game}/{name} ({at}) step {step} ({kind}): {message}{raised}");
        // The code says which of the three kinds it is, as the transcript does.
        let code = match f.kind {
            scenario::FailureKind::Expectation => "scenario-failed",
            scenario::FailureKind::Refused => "scenario-refused",
            scenario::FailureKind::Error => "runtime-error",
        };
        let help = format!("run `twilit test {} --transcript` to see what happened", path.display());
        let message = format!("step {step} ({kind}): {}", f.message);
        // Raised inside the step's own script (`act: { script: "..." }`), two labels on one
        // line would draw the step's underline over the place: the place alone is shown.
        let within =
            |r: &&crate::interp::At| r.file == f.file && f.span.start <= r.span.start && r.span.end <= f.span.end;
        let d = match f.raised.as_ref() {
            Some(r) if within(&r) => {
                Diagnostic::error(code, message, r.file, r.span.clone()).with_label("the error is raised here")
            }
            Some(r) => Diagnostic::error(code, message, f.file, f.span.clone()).with_secondary(
                r.file,
                r.span.clone(),
                "the error is raised here",
            ),
            None => Diagnostic::error(code, message, f.file, f.span.clone()),
        }
        .with_help(help);
        let _ = write!(self.err, "{}", render::human(&d, self.sources, render::want_color(), 100));
    }
}
