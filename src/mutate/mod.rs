//! Mutation testing of rules content: each script of a game's rules is changed a little
//! at a time (a comparison flipped, a number one off, a statement dropped, a filter
//! removed, ...: `points`), and the game's scenarios are run against each such *mutant*.
//! A mutant that no scenario notices *survives*: the scenarios do not pin that rule down.
//! A mutant that cannot load, pass `check` or compile is *invalid* (the checker already
//! guards it). A designer marks a change that cannot matter with `equivalent(KIND): reason` in a
//! comment on its line; such mutants are not run.
//!
//! Each mutant is the game's own files with one edit, loaded and compiled afresh, so a
//! report quotes the designer's text and the change is exactly what a designer could
//! have written.

pub mod points;

use std::path::{Path, PathBuf};

use rayon::prelude::*;

use crate::diag::{FileId, Severity, SourceMap, Span};
use crate::interp::Rules;
use crate::load::{GameBundle, Library};

pub use points::Operator;

/// One small change of one file of a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mutant {
    /// The file changed.
    pub file: FileId,
    /// The bytes of the file replaced.
    pub span: Span,
    /// What they said.
    pub original: String,
    /// What they say in the mutant.
    pub with: String,
    /// Which kind of change.
    pub op: Operator,
    /// The reason given by an `equivalent(KIND): reason` mark on its line, if any.
    pub equivalent: Option<String>,
}

/// What became of a mutant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// A scenario failed against it (named).
    Killed(String),
    /// Every scenario still passed.
    Survived,
    /// It did not load, pass `check` or compile (why).
    Invalid(String),
    /// Marked equivalent in the content (the reason), and no scenario fails against it.
    Equivalent(String),
    /// Marked equivalent, yet a scenario (named) fails against it: the mark excuses
    /// nothing here, and may excuse a real survivor beside it (a mark too broad).
    Needless(String),
}

/// Every mutant of a game's rules, in file order. An edit that cannot be placed exactly
/// in the file (a script written as an escaped YAML string) is left out.
pub fn mutants(bundle: &GameBundle, sources: &SourceMap) -> Vec<Mutant> {
    let mut out = vec![];
    crate::check::fields::each_script(bundle, &mut |src, entry, _| {
        let Some(file_text) = sources.get(src.file).text() else { return };
        for e in points::edits(&src.text, entry) {
            let span = src.file_span(e.range.clone());
            let original = &src.text[e.range.clone()];
            if file_text.get(span.clone()) != Some(original) {
                continue;
            }
            let equivalent = mark(file_text, span.start, e.op, original, &e.with);
            out.push(Mutant {
                file: src.file,
                span,
                original: original.to_string(),
                with: e.with,
                op: e.op,
                equivalent,
            });
        }
    });
    out.sort_by(|a, b| {
        (a.file, a.span.start, a.span.end, a.op, &a.with).cmp(&(b.file, b.span.start, b.span.end, b.op, &b.with))
    });
    out.dedup();
    out
}

/// The reason of an `equivalent(KIND): reason` mark on the line of `at` that covers this
/// change: `equivalent(KIND)` covers every change of that kind on the line,
/// `equivalent(KIND:TEXT)` only the changes of `TEXT` (`equivalent(filter:you control)`),
/// and `equivalent(KIND:TEXT -> NEW)` only the change of `TEXT` into `NEW`
/// (`equivalent(condition:exists(x) -> true)`). TEXT may hold balanced parentheses.
/// Several marks may share one reason: `equivalent(a), equivalent(b:x): reason`.
fn mark(text: &str, at: usize, op: Operator, original: &str, with: &str) -> Option<String> {
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    let line = &text[start..end];
    let mut reason_at = None;
    let mut covers = false;
    for (i, m) in line.match_indices("equivalent(") {
        let open = i + m.len();
        let Some(len) = closing(&line[open..]) else { continue };
        let inside = &line[open..open + len];
        reason_at = Some(open + len + 1);
        covers |= match inside.split_once(':') {
            Some((kind, what)) if kind.trim() == op.name() => match what.rsplit_once("->") {
                Some((from, to)) => from.trim() == original.trim() && to.trim() == with.trim(),
                None => what.trim() == original.trim(),
            },
            Some(_) => false,
            None => inside.trim() == op.name(),
        };
    }
    let reason = line[reason_at?..].trim_start().strip_prefix(':')?.trim();
    (covers && !reason.is_empty()).then(|| reason.to_string())
}

/// The length of `s` up to the `)` closing a `(` just before it, parentheses nesting.
fn closing(s: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (i, c) in s.char_indices() {
        match c {
            '(' => depth += 1,
            ')' if depth == 0 => return Some(i),
            ')' => depth -= 1,
            _ => {}
        }
    }
    None
}

/// A game's files as text, by their path relative to the game's directory.
pub struct GameTexts {
    dir: PathBuf,
    files: Vec<(FileId, String, String)>,
    limits: crate::limits::Limits,
}

impl GameTexts {
    /// The files of `bundle` as `sources` holds them (read again from disk if not kept).
    pub fn of(bundle: &GameBundle, sources: &SourceMap) -> Result<GameTexts, String> {
        let mut files = vec![];
        for &id in &bundle.files {
            let f = sources.get(id);
            let text = match f.text() {
                Some(t) => t.to_string(),
                None => {
                    std::fs::read_to_string(&f.path).map_err(|e| format!("cannot read {}: {e}", f.path.display()))?
                }
            };
            let name = relative(&f.path, &bundle.dir);
            files.push((id, name, text));
        }
        Ok(GameTexts { dir: bundle.dir.clone(), files, limits: bundle.limits })
    }

    /// Loads and compiles the game with `edit` applied, then runs its scenarios: the
    /// first that fails kills the mutant. One marked equivalent is run too: killed, its
    /// mark was not needed.
    pub fn verdict(&self, m: &Mutant) -> Verdict {
        let run = self.verdict_run(m);
        match (&m.equivalent, run) {
            (Some(_), Verdict::Killed(sc)) => Verdict::Needless(sc),
            (Some(reason), _) => Verdict::Equivalent(reason.clone()),
            (None, v) => v,
        }
    }

    fn verdict_run(&self, m: &Mutant) -> Verdict {
        let mut texts: Vec<(String, String)> = self.files.iter().map(|(_, n, t)| (n.clone(), t.clone())).collect();
        if let Some(i) = self.files.iter().position(|(id, ..)| *id == m.file) {
            texts[i].1.replace_range(m.span.clone(), &m.with);
        }
        self.run(&texts)
    }

    /// Whether the unchanged game passes its scenarios (mutants of a failing game say
    /// nothing); the first failure otherwise.
    pub fn baseline(&self) -> Verdict {
        let texts: Vec<(String, String)> = self.files.iter().map(|(_, n, t)| (n.clone(), t.clone())).collect();
        self.run(&texts)
    }

    fn run(&self, texts: &[(String, String)]) -> Verdict {
        let pairs: Vec<(&str, &str)> = texts.iter().map(|(n, t)| (n.as_str(), t.as_str())).collect();
        let mut sources = SourceMap::default();
        let (bundle, diags) = crate::load::load_bundle_with(&self.dir, &pairs, &mut sources, &self.limits);
        if let Some(d) = diags.iter().find(|d| d.severity == Severity::Error) {
            return Verdict::Invalid(d.message.clone());
        }
        // What `twilit check` rejects is invalid, not a survivor: compiling alone lets
        // through what only the checker sees (a `create` with no `in`, a type error).
        let lib = Library { games: vec![bundle] };
        if let Some(d) = crate::check::check_library(&lib).diags.into_iter().find(|d| d.severity == Severity::Error) {
            return Verdict::Invalid(d.message);
        }
        let Some(bundle) = lib.games.into_iter().next() else { return Verdict::Invalid("no game".into()) };
        let rules = match Rules::compile(&bundle) {
            Ok(r) => r,
            Err(ds) => return Verdict::Invalid(ds.first().map_or("does not compile".into(), |d| d.message.clone())),
        };
        for sc in &bundle.scenarios {
            if crate::scenario::run(&rules, sc).failure.is_some() {
                return Verdict::Killed(sc.scenario.value.clone());
            }
        }
        Verdict::Survived
    }
}

/// `path` relative to `dir` (as written when it is not below it).
fn relative(path: &Path, dir: &Path) -> String {
    let canon = crate::load::canonical(path);
    let base = crate::load::canonical(dir);
    canon.strip_prefix(&base).unwrap_or(path).to_string_lossy().into_owned()
}

/// The verdict of every mutant, in their order, on `jobs` threads (all cores for `None`),
/// each with the interpreter's stack (`simulate::pool`).
pub fn verdicts(files: &GameTexts, mutants: &[Mutant], jobs: Option<usize>) -> Result<Vec<Verdict>, String> {
    Ok(crate::simulate::pool(jobs)?.install(|| mutants.par_iter().map(|m| files.verdict(m)).collect()))
}

#[cfg(test)]
mod tests {
    use super::{mark, Operator};

    fn at(line: &str, what: &str) -> usize {
        line.find(what).expect("the changed text is on the line")
    }

    #[test]
    fn a_mark_names_a_kind_a_text_or_one_change() {
        let line = "requires: exists(x in y) # equivalent(condition:exists(x in y) -> true): y is never empty";
        let a = at(line, "exists");
        assert_eq!(mark(line, a, Operator::Condition, "exists(x in y)", "true").as_deref(), Some("y is never empty"));
        assert_eq!(mark(line, a, Operator::Condition, "exists(x in y)", "false"), None);
        assert_eq!(mark(line, a, Operator::Filter, "exists(x in y)", "true"), None);
        let line = "if n > 2 { # equivalent(filter:in y), equivalent(comparison): why";
        assert_eq!(mark(line, at(line, "n >"), Operator::Comparison, ">", "<=").as_deref(), Some("why"));
        assert_eq!(mark(line, at(line, "n >"), Operator::Filter, "in y", "").as_deref(), Some("why"));
        assert_eq!(mark(line, at(line, "n >"), Operator::Filter, "in z", ""), None);
        // A mark without a reason excuses nothing.
        let line = "add 1 coins # equivalent(number)";
        assert_eq!(mark(line, at(line, "1"), Operator::Number, "1", "2"), None);
    }
}
