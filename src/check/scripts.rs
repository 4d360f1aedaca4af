//! Parsing and checking one script field: syntax errors become diagnostics at the
//! exact place in the YAML file, and the parsed script is walked by the `Checker`.

use crate::diag::Diagnostic;
use crate::fxhash::FxHashMap;
use crate::load::ScriptSrc;
use crate::syntax::{self, ast, SyntaxError};

use super::env::{Env, Sym, Ty};
use super::script::Checker;

/// Which grammar entry a field uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Entry {
    /// Statements.
    Script,
    /// One boolean expression.
    Condition,
    /// One expression of any type.
    Expr,
    /// A trigger pattern.
    Event,
}

/// Turns a syntax error into a diagnostic inside the YAML file.
pub fn syntax_diag(src: &ScriptSrc, e: SyntaxError) -> Diagnostic {
    let span = src.file_span(e.span.clone());
    let mut d = Diagnostic::error(e.code, e.message, src.file, span);
    if !src.is_exact() {
        d.labels[0].message = "in this script".into();
    }
    // A sure replacement of the span is the editor's quick fix, where the span is exact.
    if let Some(fix) = e.fix.filter(|_| src.is_exact()) {
        d.fix = Some(Box::new(fix));
    }
    d.with_help_opt(e.help)
}

/// `syntax_diag`, for a script of a game whose names are `env`: where the word before
/// the error is a reserved word the game also gave something as a name (a zone called
/// `table`, an error where it is declared), the parser read it as the language's word
/// and failed after it, so the help names it rather than the word the parser met.
pub fn syntax_diag_in(env: &Env, src: &ScriptSrc, e: SyntaxError) -> Diagnostic {
    let before = src.text.get(..e.span.start).unwrap_or_default().trim_end();
    let word = before.rsplit(|c: char| !(c.is_alphanumeric() || c == '_')).next().unwrap_or_default();
    let declared = match env.lookup(word) {
        Some(Sym::Builtin(_) | Sym::Local(_)) | None => None,
        Some(sym) => Some(sym.describe()),
    };
    let d = syntax_diag(src, e);
    let Some(what) = declared.filter(|_| !word.is_empty() && crate::syntax::grammar_reserved(word)) else {
        return d;
    };
    // `a zone`, `a game variable`: the kind without its article.
    let kind = what.split_once(' ').map_or(what, |(_, k)| k);
    let short = kind.rsplit(' ').next().unwrap_or(kind);
    d.with_help_opt(Some(format!(
        "`{word}` is a reserved word: the script reads it as the language's own, not as the {kind} the game \
         names `{word}`. Rename the {kind} (see the error where it is declared), e.g. `{word}_{short}`"
    )))
}

/// Local names visible to a script: parameters, `it`, scenario players.
pub type Locals<'a> = &'a [(&'a str, Ty)];

/// What a script sees: its local names, and the type of `this` (`Ty::Any` where the
/// script's kind does not tell).
#[derive(Clone, Copy)]
pub struct Scope<'a> {
    /// Parameters, `it`, scenario players.
    pub locals: Locals<'a>,
    /// The type of `this`.
    pub this: Ty,
}

/// How many parsed fields a `Parses` holds before it starts afresh (a few MB of syntax
/// trees at most, however many distinct scripts a library has).
const MAX_HELD: usize = 1024;

/// Parsed fields by their text. One ability is often printed on many cards (a library's
/// keywords, `draw 1`), and parsing is most of the cost of checking a field, so each
/// checking worker parses a given text once. A parse depends on the text alone (spans are
/// relative to it) and on its game's names (`regroup`), and a table serves one game, so a
/// reused parse gives the very diagnostics a fresh one would.
#[derive(Default)]
pub struct Parses {
    /// One table per `Entry` (the same text parses differently as a script or a condition).
    by_entry: [FxHashMap<Box<str>, Result<Parsed, SyntaxError>>; 4],
    held: usize,
    limits: crate::limits::Limits,
}

impl Parses {
    /// An empty table whose parses keep to `limits`.
    pub fn new(limits: crate::limits::Limits) -> Self {
        Parses { limits, ..Parses::default() }
    }

    /// The parse of `text` as `entry`, parsing it on first sight.
    fn get(&mut self, env: &Env, text: &str, entry: Entry) -> &Result<Parsed, SyntaxError> {
        let i = entry as usize;
        if !self.by_entry[i].contains_key(text) {
            if self.held >= MAX_HELD {
                self.by_entry.iter_mut().for_each(FxHashMap::clear);
                self.held = 0;
            }
            self.held += 1;
            // A copy's label (`b9#2`) reads as the card's id and a comment: wherever the
            // parse stops, or even when it does not, the label is the mistake.
            let is_thing = |w: &str| env.is_card(w) || matches!(env.lookup(w), Some(Sym::Piece));
            let mut parsed = match crate::syntax::label_in_script(text, is_thing) {
                Some(e) => Err(e),
                None => parse_text(text, entry, &self.limits),
            };
            match &mut parsed {
                Ok(Parsed::Script(b)) => super::regroup::block(env, b),
                Ok(Parsed::Expr(e, _)) => super::regroup::expr(env, e),
                _ => {}
            }
            self.by_entry[i].insert(text.into(), parsed);
        }
        &self.by_entry[i][text]
    }
}

/// Parses and checks one script field.
pub fn check_field(env: &Env, src: &ScriptSrc, entry: Entry, scope: Scope, ps: &mut Parses, out: &mut Vec<Diagnostic>) {
    check_sequence(env, &[(src, entry)], None, scope, ps, out);
}

/// A checker for `src`'s file with `scope`'s `this` and locals bound.
fn scoped<'e>(env: &'e Env, src: &'e ScriptSrc, scope: Scope) -> Checker<'e> {
    let mut ck = Checker::new(env, src.file, Box::new(|s| src.file_span(s)));
    ck.this = scope.this;
    for (name, ty) in scope.locals {
        match *name {
            "it" => ck.outer_it = Some(*ty),
            _ => ck.bind(name, *ty, 0..0),
        }
    }
    ck
}

/// Checks an expression field whose value must be of type `want` (a variable's `start:`,
/// a result's `scores:`): what `check_field` checks, and a `type-mismatch` where the
/// expression's type cannot be `want`, as `set` judges a value assigned.
pub fn check_typed_field(
    env: &Env,
    src: &ScriptSrc,
    (want, what): (Ty, &str),
    scope: Scope,
    ps: &mut Parses,
    out: &mut Vec<Diagnostic>,
) {
    let mut ck = scoped(env, src, scope);
    // A result or a variable's start is read as the game ends or begins: nobody is asked.
    ck.unasked = true;
    match ps.get(env, &src.text, Entry::Expr) {
        Ok(Parsed::Expr(e, _)) => {
            let got = ck.expr(e);
            ck.expect_ty_as(&format!("{what} is"), got, want, &e.span);
        }
        Ok(p) => run(&mut ck, p),
        Err(e) => out.push(syntax_diag_in(env, src, e.clone())),
    }
    out.append(&mut ck.diags);
}

/// `you` read in `result:` (`what`), directly or by a value procedure: the game has ended,
/// so `you` is the first seat, and `most(players, vp_of_you())` keys every player by the
/// first seat's counters.
pub fn you_in_result(env: &Env, src: &ScriptSrc, what: &str, ps: &mut Parses, out: &mut Vec<Diagnostic>) {
    let Ok(Parsed::Expr(e, _)) = ps.get(env, &src.text, Entry::Expr) else { return };
    let Some((span, via)) = super::script::you_read(env, e) else { return };
    let read = match &via {
        Some(p) => format!("`{p}` reads `you`"),
        None => "`you`".to_string(),
    };
    let msg = format!("{read} in {what}: as the game ends, `you` is the first seat, not each player");
    let help = match via {
        Some(p) => format!("give `{p}` a parameter (`params: [\"p: player\"]`), read it for `you`, and pass `it`"),
        None => "the player a score or a key is read of is `it` (`most(players, vp of it)`)".to_string(),
    };
    out.push(Diagnostic::warning("you-in-result", msg, src.file, src.file_span(span)).with_help(help));
}

/// A value procedure that takes a player (`p`) and reads a counter kept on players bare
/// (`gold`, not `gold of p`): the bare name is the acting player's counter, whoever `p` is.
/// Names read of something (`gold of x`), inside a selection's filters (read of `it`) and
/// in the key of `sum`, `sort`, `most` or `highest` are not bare.
pub fn bare_counter_in(
    env: &Env,
    src: &ScriptSrc,
    (proc, param, params): (&str, &str, &[&str]),
    ps: &mut Parses,
    out: &mut Vec<Diagnostic>,
) {
    use ast::ExprKind;
    let Ok(Parsed::Expr(e, _)) = ps.get(env, &src.text, Entry::Expr) else { return };
    let mut e = e.clone();
    let mut read_of = vec![];
    crate::syntax::visit::expr_mut(&mut e, &mut |x| match &x.kind {
        ExprKind::Of(a, _) if matches!(a.kind, ExprKind::Name(..)) => read_of.push(a.span.clone()),
        ExprKind::Select { filters, .. } => read_of.extend(filters.iter().map(|f| f.span.clone())),
        ExprKind::Call(c) if matches!(&*c.name.name, "sum" | "sort" | "most" | "highest") => {
            read_of.extend(c.args.get(1).map(|k| k.span.clone()));
        }
        _ => {}
    });
    let inside = |s: &ast::Span| read_of.iter().any(|r| r.start <= s.start && s.end <= r.end);
    let mut found = None;
    crate::syntax::visit::expr_mut(&mut e, &mut |x| {
        let ExprKind::Name(n, _) = &x.kind else { return };
        let on_players = matches!(env.lookup(n), Some(Sym::Counter { on: Some(crate::load::CounterOn::Player), .. }));
        // A parameter of the counter's name hides the counter.
        if found.is_none() && on_players && !inside(&x.span) && !params.contains(&&**n) {
            found = Some((n.to_string(), x.span.clone()));
        }
    });
    let Some((name, span)) = found else { return };
    let msg = format!("`{name}` alone is the acting player's counter, though `{proc}` takes the player `{param}`");
    let help =
        format!("write `{name} of {param}` to read {param}'s, or `{name} of you` if the acting player's is meant");
    out.push(Diagnostic::warning("bare-counter", msg, src.file, src.file_span(span)).with_help(help));
}

/// Parses and checks a trigger pattern (like `check_field` with `Entry::Event`) and returns
/// the parameters of the procedure a `uses PROCEDURE` pattern names, which the ability's
/// other fields may use.
pub fn check_event<'e>(env: &'e Env, src: &ScriptSrc, ps: &mut Parses, out: &mut Vec<Diagnostic>) -> Vec<&'e str> {
    let mut ck = Checker::new(env, src.file, Box::new(|s| src.file_span(s)));
    let params = match ps.get(env, &src.text, Entry::Event) {
        Ok(Parsed::Event(ev)) => {
            ck.check_event(ev);
            used_procedure_params(env, ev)
        }
        Ok(_) => vec![],
        Err(e) => {
            out.push(syntax_diag_in(env, src, e.clone()));
            vec![]
        }
    };
    out.append(&mut ck.diags);
    params
}

/// The parameters of the procedure a `uses PROCEDURE` trigger pattern names; of a name
/// that is nothing (reported as an unknown procedure), those of the procedure it likely
/// meant: the ability's scripts read them, and are not to be told of each again.
fn used_procedure_params<'e>(env: &'e Env, p: &ast::EventPat) -> Vec<&'e str> {
    use ast::{EventKind, ExprKind};
    let EventKind::Action { verb, object: Some(o), .. } = &p.kind else { return vec![] };
    let ExprKind::Name(n, _) = &o.kind else { return vec![] };
    if !matches!(&*verb.name, "use" | "uses") {
        return vec![];
    }
    let procs = || env.names().filter(|m| matches!(env.lookup(m), Some(Sym::Procedure { .. })));
    let meant = || crate::diag::did_you_mean(n, procs()).and_then(|m| env.lookup(m));
    match env.lookup(n).or_else(meant) {
        Some(Sym::Procedure { params, .. }) => params.iter().map(String::as_str).collect(),
        _ => vec![],
    }
}

/// Like `check_parts`; the part at index `cost` is also checked for being payable at all.
pub fn check_sequence(
    env: &Env,
    parts: &[(&ScriptSrc, Entry)],
    cost: Option<usize>,
    scope: Scope,
    ps: &mut Parses,
    out: &mut Vec<Diagnostic>,
) {
    let Some((first, _)) = parts.first() else { return };
    let mut ck = scoped(env, first, scope);
    for (i, (src, entry)) in parts.iter().enumerate() {
        ck.retarget(src.file, Box::new(move |s| src.file_span(s)));
        match ps.get(env, &src.text, *entry) {
            Ok(p) => {
                run(&mut ck, p);
                if let (Some(c), Parsed::Script(b)) = (cost, p) {
                    if c == i {
                        ck.check_cost_payable(b);
                    }
                }
            }
            Err(e) => out.push(syntax_diag_in(env, src, e.clone())),
        }
    }
    out.append(&mut ck.diags);
}

/// A parsed field.
pub enum Parsed {
    /// Statements.
    Script(ast::Block),
    /// An expression.
    Expr(ast::Expr, bool),
    /// A trigger pattern.
    Event(ast::EventPat),
}

pub(crate) fn parse_text(text: &str, entry: Entry, limits: &crate::limits::Limits) -> Result<Parsed, SyntaxError> {
    Ok(match entry {
        Entry::Script => Parsed::Script(syntax::parse_script_with(text, limits)?),
        Entry::Condition => Parsed::Expr(syntax::parse_condition_with(text, limits)?, true),
        Entry::Expr => Parsed::Expr(syntax::parse_condition_with(text, limits)?, false),
        Entry::Event => Parsed::Event(syntax::parse_event_with(text, limits)?),
    })
}

fn run(ck: &mut Checker, p: &Parsed) {
    match p {
        Parsed::Script(b) => ck.check_script(b),
        Parsed::Expr(e, true) => {
            ck.unasked = true;
            ck.check_condition(e);
            ck.unasked = false;
        }
        Parsed::Expr(e, false) => {
            ck.expr(e);
        }
        Parsed::Event(ev) => ck.check_event(ev),
    }
}

/// Renders a field's parsed form for `explain`, or the syntax error.
pub fn explain_field(src: &ScriptSrc, entry: Entry) -> String {
    match parse_text(&src.text, entry, &crate::limits::Limits::DEFAULT) {
        Ok(Parsed::Script(b)) => b.to_string(),
        Ok(Parsed::Expr(e, _)) => e.to_string(),
        Ok(Parsed::Event(e)) => e.to_string(),
        Err(e) => format!("<syntax error: {}>", e.message),
    }
}

/// The innermost expression of a field's text around byte `at` (relative to the text) and
/// its static type, as the checker infers it with no local names bound (a local's type is
/// unknown: `None` is given for a type the checker cannot tell). For editors' hovers.
pub fn type_at(env: &Env, text: &str, entry: Entry, at: usize) -> Option<(std::ops::Range<usize>, Ty)> {
    let limits = crate::limits::Limits::DEFAULT;
    let mut best: Option<ast::Expr> = None;
    let mut pick = |e: &mut ast::Expr| {
        let inside = e.span.start <= at && at <= e.span.end;
        let smaller = best.as_ref().is_none_or(|b| e.span.len() < b.span.len());
        if inside && smaller {
            best = Some(e.clone());
        }
    };
    match parse_text(text, entry, &limits).ok()? {
        Parsed::Script(mut b) => {
            super::regroup::block(env, &mut b);
            syntax::visit::block_exprs_mut(&mut b, &mut pick);
        }
        Parsed::Expr(mut e, _) => {
            super::regroup::expr(env, &mut e);
            syntax::visit::expr_mut(&mut e, &mut pick);
        }
        Parsed::Event(_) => return None,
    }
    let e = best?;
    let ty = Checker::new(env, crate::diag::FileId(0), Box::new(|s| s)).expr(&e);
    (ty != Ty::Any).then_some((e.span.clone(), ty))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::SourceMap;
    use crate::load::{load_bundle, Library};

    /// Checks a game whose cards all have the ability `effect`, one card per `- id:`.
    fn check(cards: usize, effect: impl Fn(usize) -> String) -> (String, Vec<Diagnostic>) {
        let game = "game: g\nname: G\nplayers: { min: 2, max: 2 }\ncounters:\n  tokens: { on: game }\n";
        let mut text = String::new();
        for i in 0..cards {
            text +=
                &format!("- id: c{i}\n  name: C{i}\n  abilities:\n    - action: any\n      effect: {}\n", effect(i));
        }
        let mut sources = SourceMap::default();
        let (bundle, diags) =
            load_bundle(std::path::Path::new("g"), &[("game.yaml", game), ("cards.yaml", &text)], &mut sources);
        assert!(diags.is_empty(), "{diags:#?}");
        (text, crate::check::check_library(&Library { games: vec![bundle] }).diags)
    }

    #[test]
    fn a_reused_parse_reports_at_each_field() {
        // The same broken and the same misspelt script on three cards: one parse each, three
        // reports each, every one at its own card.
        let (text, diags) = check(6, |i| if i % 2 == 0 { "add 1 tokens (".into() } else { "add 1 tokenz".into() });
        let at: Vec<(&str, &str)> = diags.iter().map(|d| (d.code.as_str(), &text[d.labels[0].span.clone()])).collect();
        assert_eq!(at.len(), 6, "{diags:#?}");
        let starts: Vec<usize> = diags.iter().map(|d| d.labels[0].span.start).collect();
        assert!(starts.windows(2).all(|w| w[0] < w[1]), "{starts:?}");
        assert_eq!(at.iter().filter(|(c, s)| *c == "twilit::unclosed" && *s == "(").count(), 3, "{at:?}");
        assert_eq!(at.iter().filter(|(_, s)| *s == "tokenz").count(), 3, "{at:?}");
    }

    #[test]
    fn more_distinct_scripts_than_are_held_are_all_checked() {
        let n = MAX_HELD + 10;
        let (text, diags) = check(n, |i| format!("add {i} tokenz"));
        assert_eq!(diags.len(), n);
        assert!(diags.iter().all(|d| &text[d.labels[0].span.clone()] == "tokenz"));
    }
}
