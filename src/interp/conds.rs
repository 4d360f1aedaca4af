//! Where compiled conditions are kept: each condition of the rules that only reads (the
//! game's `end:`, `order:` and `result:`, phases' `can_pass:`, value procedures,
//! abilities' `requires:` and `used_by:`) and the guards of every `play:` script, compiled
//! once as the rules are built (`fast.rs` compiles one; this places them).

use std::sync::Arc;

use crate::syntax::ast::*;

use super::fast::{compile, node, Fx};
use super::rules::{Body, Cond, Rules};

/// Compiles the conditions of `rules` (each at most once, as the rules are built), and
/// the guards of every `play:` script (`Script::guards`).
pub(super) fn compile_conds(rules: &mut Rules) {
    let game = rules.play.as_ref().map(|s| guards(rules, &s.block));
    if let (Some(s), Some(g)) = (&mut rules.play, game) {
        s.set_guards(g);
    }
    let cards: Vec<Option<Arc<[Fx]>>> =
        rules.cards.iter().map(|c| c.play.as_ref().map(|s| guards(rules, &s.block))).collect();
    for (c, g) in rules.cards.iter_mut().zip(cards) {
        if let (Some(s), Some(g)) = (&mut c.play, g) {
            s.set_guards(g);
        }
    }
    let one = |rules: &Rules, c: &Option<Cond>| c.as_ref().and_then(|c| compile(rules, &c.expr)).map(Arc::new);
    let (end, winners, scores) = (one(rules, &rules.end), one(rules, &rules.winners), one(rules, &rules.scores));
    let (order, losers) = (one(rules, &rules.order), one(rules, &rules.losers));
    let conds = [
        (&mut rules.end, end),
        (&mut rules.winners, winners),
        (&mut rules.losers, losers),
        (&mut rules.scores, scores),
        (&mut rules.order, order),
    ];
    for (c, fx) in conds {
        if let Some(c) = c {
            c.fx = fx;
        }
    }
    let passes: Vec<Option<Arc<Fx>>> = rules.phases.iter().map(|p| one(rules, &p.can_pass)).collect();
    for (p, fx) in rules.phases.iter_mut().zip(passes) {
        if let Some(c) = &mut p.can_pass {
            c.fx = fx;
        }
    }
    let procs: Vec<Option<Arc<Fx>>> = (rules.proc_list.iter())
        .map(|p| match p.as_ref().map(|d| &d.body) {
            Some(Body::Value(v)) => compile(rules, &v.expr).map(Arc::new),
            _ => None,
        })
        .collect();
    for (p, fx) in rules.proc_list.iter_mut().zip(procs) {
        if let Some(super::rules::ProcDef { body: Body::Value(v), .. }) = p {
            v.fx = fx;
        }
    }
    let requires = |rules: &Rules, list: &[super::rules::AbilityDef]| -> Vec<(Compiled, Compiled)> {
        list.iter().map(|a| (one(rules, &a.requires), one(rules, &a.used_by))).collect()
    };
    let game = requires(rules, &rules.abilities);
    set_requires(&mut rules.abilities, game);
    for i in 0..rules.factions.len() {
        let fxs = requires(rules, &rules.factions[i].abilities);
        set_requires(&mut rules.factions[i].abilities, fxs);
    }
    for i in 0..rules.cards.len() {
        if rules.cards[i].abilities.iter().any(|a| a.requires.is_some() || a.used_by.is_some()) {
            let fxs = requires(rules, &rules.cards[i].abilities);
            set_requires(&mut rules.cards[i].abilities, fxs);
        }
    }
}

/// The conditions of `b`'s first statements that are `require`s of conditions that only
/// read, compiled (a guard none of which compiles is still one: `eval` evaluates it).
fn guards(rules: &Rules, b: &Block) -> Arc<[Fx]> {
    let guard = |s: &Stmt| match &s.kind {
        StmtKind::Require { cond, .. } => super::pure::reads_only(rules, cond).then(|| node(rules, cond)),
        _ => None,
    };
    b.stmts.iter().map_while(guard).collect()
}

/// A condition's compiled form, if it has one.
type Compiled = Option<Arc<Fx>>;

/// Sets the compiled `requires:` and `used_by:` of each ability.
fn set_requires(abilities: &mut [super::rules::AbilityDef], fxs: Vec<(Compiled, Compiled)>) {
    for (a, (requires, used_by)) in abilities.iter_mut().zip(fxs) {
        if let Some(r) = &mut a.requires {
            r.fx = requires;
        }
        if let Some(u) = &mut a.used_by {
            u.fx = used_by;
        }
    }
}
