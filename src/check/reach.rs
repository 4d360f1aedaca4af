//! Whether a game can end at all: an `end:` that is `false`, or that reads only counters
//! no script ever mentions (so they keep their start values), can never hold.

use crate::diag::Diagnostic;
use crate::load::{Ability, GameBundle, ScriptSrc, Turn};

use super::env::{Env, Sym};

/// Reports a game whose `end:` can never become true.
pub fn unreachable_end(bundle: &GameBundle, env: &Env, diags: &mut Vec<Diagnostic>) {
    let Some(g) = &bundle.game else { return };
    let Some(end) = &g.end else { return };
    // A game that says when it ends is meant to be played whole, which takes turns.
    let phases = |t: &Option<Turn>| t.as_ref().is_some_and(|t| !t.phases.is_empty());
    if !phases(&g.turn) && !bundle.factions.iter().any(|f| phases(&f.turn)) {
        let d = Diagnostic::warning("no-phases", "the game has an `end:` but no turn phases", end.file, end.span)
            .with_label("`play` and `simulate` cannot play a game without turns")
            .with_help("add the turn's phases: `turn: { phases: [{ name: main }] }`");
        diags.push(d);
    }
    let words = words(&end.text);
    let never = if end.text.trim() == "false" {
        Some("`end:` is `false`".to_string())
    } else {
        let mut counters = vec![];
        for w in &words {
            match env.resolve(w) {
                Some((name, Sym::Counter { .. })) => counters.push(name),
                Some((_, Sym::Builtin(_) | Sym::Local(_))) | None => {}
                // A zone, card, property or procedure can change through moves: no verdict.
                Some(_) => return,
            }
        }
        let texts = scripts(bundle);
        let scored =
            |c: &str| g.scoring.as_ref().is_some_and(|s| s.value == c) && texts.iter().any(|t| mentions(t, "score"));
        let frozen: Vec<&String> =
            counters.iter().filter(|c| !texts.iter().any(|t| mentions(t, c)) && !scored(c)).collect();
        if counters.is_empty() {
            return;
        }
        if frozen.len() < counters.len() {
            // Changed, but perhaps never to a value the condition asks for.
            let parsed = crate::syntax::parse_condition(&end.text).ok();
            let Some(why) = parsed.and_then(|e| beyond(&e, &end.text, bundle)) else {
                return;
            };
            let help = "compare with a value the counter can reach, or widen its `min:`/`max:`";
            return push_never(diags, end, why, help);
        }
        let names: Vec<String> = frozen.iter().map(|c| format!("`{c}`")).collect();
        Some(format!("no script changes {}", names.join(" or ")))
    };
    if let Some(why) = never {
        let help = "make a rule change what `end:` reads (e.g. `score 1` or `add 1 vp to you`), or fix the condition";
        push_never(diags, end, why, help);
    }
}

fn push_never(diags: &mut Vec<Diagnostic>, end: &ScriptSrc, why: String, help: &str) {
    let d = Diagnostic::error("unreachable-end", "the game can never end", end.file, end.span)
        .with_label(why)
        .with_help(help);
    diags.push(d);
}

/// Why condition `e` can never hold by its counters' bounds, if it cannot: a comparison
/// of a counter with a number no value between its `min:` and `max:` meets (`rounds == 4`
/// of a counter `max: 3`), in every branch of an `or` or in one side of an `and`.
fn beyond(e: &crate::syntax::ast::Expr, text: &str, bundle: &GameBundle) -> Option<String> {
    use crate::syntax::ast::{BinOp, ExprKind};
    match &e.kind {
        ExprKind::Binary(BinOp::And, a, b) => beyond(a, text, bundle).or_else(|| beyond(b, text, bundle)),
        ExprKind::Binary(BinOp::Or, a, b) => {
            Some(format!("{}, and {}", beyond(a, text, bundle)?, beyond(b, text, bundle)?))
        }
        ExprKind::Binary(op, a, b) => {
            let (name, n, op) = match (counter_read(a), &b.kind, counter_read(b), &a.kind) {
                (Some(c), ExprKind::Int(n), _, _) => (c, *n, *op),
                (_, _, Some(c), ExprKind::Int(n)) => (c, *n, flipped(*op)?),
                _ => return None,
            };
            let spec =
                bundle.game.iter().flat_map(|g| &g.counters).chain(bundle.factions.iter().flat_map(|f| &f.counters));
            let spec = spec.filter(|c| c.name.value == name).collect::<Vec<_>>();
            let [spec] = spec[..] else { return None };
            let (lo, hi) =
                (spec.min.as_ref().map_or(i64::MIN, |m| m.value), spec.max.as_ref().map_or(i64::MAX, |m| m.value));
            let can = match op {
                BinOp::Eq => (lo..=hi).contains(&n),
                BinOp::Ne => lo != hi || lo != n,
                BinOp::Lt => lo < n,
                BinOp::Le => lo <= n,
                BinOp::Gt => hi > n,
                BinOp::Ge => hi >= n,
                _ => return None,
            };
            let range = match (spec.min.is_some(), spec.max.is_some()) {
                (true, true) => format!("from {lo} to {hi}"),
                (true, false) => format!("at least {lo}"),
                (false, true) => format!("at most {hi}"),
                (false, false) => return None,
            };
            let written =
                text.get(e.span.clone()).map_or_else(|| format!("{name} {} {n}", op.as_str()), str::to_string);
            (!can).then(|| format!("`{written}` never holds: `{name}` is {range}"))
        }
        _ => None,
    }
}

/// The counter a comparison side reads by name: `rounds`, `vp of p`.
fn counter_read(e: &crate::syntax::ast::Expr) -> Option<&str> {
    use crate::syntax::ast::ExprKind;
    match &e.kind {
        ExprKind::Name(n, _) => Some(n),
        ExprKind::Of(a, _) => match &a.kind {
            ExprKind::Name(n, _) => Some(n),
            _ => None,
        },
        _ => None,
    }
}

/// `N op C` read as `C op' N`.
fn flipped(op: crate::syntax::ast::BinOp) -> Option<crate::syntax::ast::BinOp> {
    use crate::syntax::ast::BinOp::*;
    Some(match op {
        Eq => Eq,
        Ne => Ne,
        Lt => Gt,
        Le => Ge,
        Gt => Lt,
        Ge => Le,
        _ => return None,
    })
}

/// The identifiers of a script.
fn words(text: &str) -> Vec<&str> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| w.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_'))
        .collect()
}

fn mentions(text: &str, name: &str) -> bool {
    words(text).contains(&name)
}

fn turn(t: &Option<Turn>) -> Vec<&ScriptSrc> {
    t.iter().flat_map(|t| &t.phases).flat_map(|p| [&p.start, &p.end, &p.can_pass]).flatten().collect()
}

fn abilities(a: &[Ability]) -> Vec<&ScriptSrc> {
    a.iter().flat_map(|a| [&a.requires, &a.cost, &a.effect]).flatten().collect()
}

/// The words every script of the bundle reads, `end:` and `result:` included: the names its
/// rules use (`text-numbers` asks which printed values are read).
pub fn words_read(b: &GameBundle) -> Vec<&str> {
    let g = b.game.as_ref();
    let result =
        g.and_then(|g| g.result.as_ref()).into_iter().flat_map(|r| [&r.winners, &r.losers, &r.scores]).flatten();
    let more = g.and_then(|g| g.end.as_ref()).into_iter().chain(result).map(|s| s.text.as_str());
    let mut out: Vec<&str> = scripts(b).into_iter().chain(more).flat_map(words).collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// Every script of the bundle except `end:` itself.
fn scripts(b: &GameBundle) -> Vec<&str> {
    let mut out: Vec<&ScriptSrc> = vec![];
    if let Some(g) = &b.game {
        out.extend(g.keywords.iter().map(|k| &k.body));
        out.extend(g.procedures.iter().flat_map(|p| [&p.script, &p.value]).flatten());
        out.extend(turn(&g.turn));
        out.extend([&g.play, &g.setup].into_iter().flatten());
        out.extend(abilities(&g.abilities));
    }
    for f in &b.factions {
        out.extend(f.procedures.iter().flat_map(|p| [&p.script, &p.value]).flatten());
        out.extend(turn(&f.turn));
        out.extend(f.setup.iter());
        out.extend(abilities(&f.abilities));
        out.extend(f.cards.iter().flat_map(|c| c.play.iter().chain(abilities(&c.abilities))));
    }
    for c in &b.cards {
        out.extend(c.play.iter());
        out.extend(abilities(&c.abilities));
    }
    out.into_iter().map(|s| s.text.as_str()).collect()
}
