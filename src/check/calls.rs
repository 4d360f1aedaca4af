//! Checking calls: game keywords (`Add[1]`), procedures and built-in functions, their
//! arity and the types of their arguments.

use crate::diag::did_you_mean;
use crate::syntax::ast::*;

use super::env::{Env, Sym, ThingKind, Ty};
use super::script::Checker;

/// "1 argument", "2 arguments".
fn args(n: usize) -> String {
    if n == 1 {
        "1 argument".into()
    } else {
        format!("{n} arguments")
    }
}

impl Checker<'_> {
    /// A call statement or expression; returns its result type.
    pub(crate) fn call(&mut self, c: &Call) -> Ty {
        // The key of `sum`, `sort` and `most` is read of each thing, as `it`.
        let keyed = c.kind == CallKind::Function && matches!(&*c.name.name, "sum" | "sort" | "most" | "highest");
        let mut arg_tys = Vec::with_capacity(c.args.len());
        for (i, a) in c.args.iter().enumerate() {
            let it = keyed && i == 1;
            self.it_scope += u32::from(it);
            arg_tys.push(self.expr(a));
            self.it_scope -= u32::from(it);
        }
        match c.kind {
            CallKind::Keyword => self.keyword_call(c, &arg_tys),
            CallKind::Function => {
                let t = self.function_call(c, &arg_tys);
                if self.builtin(&c.name.name).is_some() {
                    self.function_args(c, &arg_tys);
                }
                // One of a list of numbers is a number; `most` gives one of what it
                // is given (a card of cards, a player of players).
                match (&*c.name.name, arg_tys.first()) {
                    ("first" | "random" | "most", Some(Ty::Numbers)) => Ty::Num,
                    ("most", Some(Ty::Players | Ty::Player)) => Ty::Player,
                    ("most", Some(Ty::Things)) => Ty::Things,
                    ("most", _) => Ty::Any,
                    // `highest` keeps what it is given, ties and all.
                    ("highest", Some(Ty::Players | Ty::Player)) => Ty::Players,
                    ("highest", Some(t @ Ty::Things)) => *t,
                    _ => t,
                }
            }
        }
    }

    fn keyword_call(&mut self, c: &Call, arg_tys: &[Ty]) -> Ty {
        let Some(info) = self.env.keywords.get(&*c.name.name).cloned() else {
            let hint = did_you_mean(&c.name.name, self.env.keywords.keys().map(String::as_str));
            let d = self.error("unknown-keyword", format!("unknown keyword `{}`", c.name.name), &c.name.span);
            d.help = Some("keywords are defined under `keywords:` in game.yaml".into());
            d.suggest_opt(hint);
            return Ty::Any;
        };
        if info.params.len() != c.args.len() {
            let sig: Vec<&str> = info.params.iter().map(|p| p.0.as_str()).collect();
            self.error(
                "wrong-arity",
                format!("`{}` takes {}, found {}", c.name.name, args(info.params.len()), c.args.len()),
                &c.span,
            )
            .help = Some(arguments_help(&sig));
            return Ty::Any;
        }
        self.argument_types(c, info.params.iter().map(|(p, t)| (p.as_str(), *t)), arg_tys);
        Ty::Any
    }

    /// Each argument of `c` against its parameter's type (a keyword's or a procedure's).
    fn argument_types<'p>(&mut self, c: &Call, params: impl Iterator<Item = (&'p str, Ty)>, arg_tys: &[Ty]) {
        for ((p, want), (a, got)) in params.zip(c.args.iter().zip(arg_tys)) {
            if want == Ty::Value && self.thing_for_a_value(a, *got) {
                let name = &c.name.name;
                let d = self.error(
                    "type-mismatch",
                    format!("argument `{p}` of `{name}` expects a value (a name such as an enum value), found things"),
                    &a.span,
                );
                d.labels[0].message = "this selects cards, pieces or spaces".into();
                d.help = Some(format!(
                    "give it a name (an enum value, a side, a kind of piece), or declare `{p}` as `card`, `piece` or `space` to pass things"
                ));
                continue;
            }
            if !got.fits(want) {
                let (name, want, got) = (&c.name.name, want.describe(), got.describe());
                self.error(
                    "type-mismatch",
                    format!("argument `{p}` of `{name}` expects {want}, found {got}"),
                    &a.span,
                )
                .labels[0]
                    .message = format!("this is {got}");
            }
        }
    }

    /// Whether `a` (of type `t`), given for a `value` parameter, is things rather than a
    /// name: a card's id or a board space written bare, or a selection (`first(cards in
    /// pile)`); an enum value, a side or a kind of piece is a name.
    fn thing_for_a_value(&self, a: &Expr, t: Ty) -> bool {
        match &a.kind {
            ExprKind::Name(n, _) if self.local(n).is_none() => {
                matches!(self.env.lookup(n), Some(Sym::Card | Sym::Space))
            }
            ExprKind::Name(..) => t == Ty::Things,
            _ => t == Ty::Things,
        }
    }

    /// A card's, piece's or space's name given where a parameter takes another of the
    /// three (`open_space(hut)` for `s: space`): one type to the checker, refused in play.
    fn argument_things(&mut self, c: &Call, params: &[String], things: &[Option<ThingKind>]) {
        for ((p, want), a) in params.iter().zip(things).zip(&c.args) {
            let (Some(want), ExprKind::Name(n, _)) = (want, &a.kind) else { continue };
            let Some(got) = self.env.lookup(n).and_then(ThingKind::named) else { continue };
            if got != *want {
                let (name, want, got) = (&c.name.name, want.describe(), got.describe());
                let d = self.error(
                    "type-mismatch",
                    format!("argument `{p}` of `{name}` expects {want}, found `{n}`, {got}"),
                    &a.span,
                );
                d.labels[0].message = format!("this is {got}");
                d.help = Some(format!("`{name}` declares `{p}` as {want} in its `params:`; give it {want}"));
            }
        }
    }

    /// The built-in function a call names, unless a procedure of the game has that name:
    /// the procedure is what runs (`interp::compile`), as a game written before the
    /// built-in was added meant.
    fn builtin(&self, name: &str) -> Option<(usize, usize, Ty)> {
        let procedure = matches!(self.env.lookup(name), Some(Sym::Procedure { .. }));
        Env::function(name).filter(|_| !procedure)
    }

    fn function_call(&mut self, c: &Call, arg_tys: &[Ty]) -> Ty {
        let n = c.args.len();
        if let Some((lo, hi, ret)) = self.builtin(&c.name.name) {
            if n < lo || n > hi {
                let want = match hi - lo {
                    0 => args(lo),
                    1 => format!("{lo} or {hi} arguments"),
                    _ => format!("{lo} to {hi} arguments"),
                };
                self.error("wrong-arity", format!("`{}` takes {want}, found {n}", c.name.name), &c.span);
            }
            return ret;
        }
        match self.env.lookup(&c.name.name).cloned() {
            Some(Sym::Procedure { arity, value, params, tys, things, ret }) => {
                if value && self.env.asking_procedures.iter().any(|a| **a == *c.name.name) {
                    self.asked_here(&format!("`{}` asks a question (its `value:` chooses)", c.name.name), &c.span);
                }
                if arity != n {
                    self.error(
                        "wrong-arity",
                        format!("procedure `{}` takes {}, found {n}", c.name.name, args(arity)),
                        &c.span,
                    )
                    .help = Some(arguments_help(&params.iter().map(String::as_str).collect::<Vec<_>>()));
                } else {
                    self.argument_types(c, params.iter().map(String::as_str).zip(tys.iter().copied()), arg_tys);
                    self.argument_things(c, &params, &things);
                }
                if value {
                    ret
                } else {
                    Ty::Bool
                }
            }
            _ if self.env.keywords.contains_key(&*c.name.name) => {
                // `Remove(2)`: a keyword written like a procedure call.
                let args: Vec<String> = c.args.iter().map(crate::syntax::print::expr).collect();
                let call = format!("{}[{}]", c.name.name, args.join(", "));
                let d = self.error(
                    "unknown-procedure",
                    format!("`{}` is a keyword, not a procedure", c.name.name),
                    &c.span,
                );
                d.help = Some(format!("a keyword takes square brackets: `{call}`"));
                d.fix = Some(Box::new(call));
                Ty::Any
            }
            // A procedure named like an earlier definition (an enum value) is hidden by it:
            // `name-clash` warned where it is defined; the call says which name won.
            Some(other) if self.env.hidden_procedures.iter().any(|h| **h == *c.name.name) => {
                let n = &c.name.name;
                let what = other.describe();
                let d = self.error("unknown-procedure", format!("`{n}` is {what} here, not a procedure"), &c.name.span);
                d.help = Some(format!(
                    "a procedure named `{n}` is hidden by {what} of that name (see the `name-clash` warning): rename one of them"
                ));
                Ty::Any
            }
            _ => {
                let hint = self.suggest_procedure(&c.name.name);
                self.error(
                    "unknown-procedure",
                    format!("unknown procedure or function `{}`", c.name.name),
                    &c.name.span,
                )
                .suggest_opt(hint);
                Ty::Any
            }
        }
    }
}

/// What a call with the wrong number of arguments needs: its parameters' names, not a
/// call written with them (a local of the same name would make it check clean and mean
/// another thing).
fn arguments_help(params: &[&str]) -> String {
    match params {
        [] => "it takes no arguments: write its brackets empty".into(),
        ps => format!(
            "give one argument for each of its parameters: {}",
            ps.iter().map(|p| format!("`{p}`")).collect::<Vec<_>>().join(", ")
        ),
    }
}
