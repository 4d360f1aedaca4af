//! Every script field of a game's rules, with how it parses: what `mutate` changes and
//! `coverage` reports on. Scenarios' own scripts are left out: they are the tests.

use crate::check::scripts::Entry;
use crate::load::{Ability, AbilityKind, Card, GameBundle, Procedure, ScriptSrc, Turn};

/// Calls `f` with each script field of the bundle's game, factions and cards (trigger
/// patterns included, as `Entry::Event`).
pub fn each_script<'b>(bundle: &'b GameBundle, f: &mut dyn FnMut(&'b ScriptSrc, Entry)) {
    if let Some(g) = &bundle.game {
        for k in &g.keywords {
            f(&k.body, Entry::Script);
        }
        procedures(&g.procedures, f);
        turn(&g.turn, f);
        opt(&g.play, Entry::Script, f);
        opt(&g.setup, Entry::Script, f);
        opt(&g.end, Entry::Condition, f);
        if let Some(r) = &g.result {
            opt(&r.winners, Entry::Expr, f);
            opt(&r.scores, Entry::Expr, f);
        }
        if let Some(m) = &g.matches {
            opt(&m.after, Entry::Script, f);
            opt(&m.until, Entry::Condition, f);
        }
        for v in &g.variables {
            opt(&v.start, Entry::Expr, f);
        }
        for a in &g.abilities {
            ability(a, f);
        }
    }
    for fac in &bundle.factions {
        procedures(&fac.procedures, f);
        turn(&fac.turn, f);
        opt(&fac.setup, Entry::Script, f);
        for a in &fac.abilities {
            ability(a, f);
        }
        for c in &fac.cards {
            card(c, f);
        }
    }
    for c in bundle.cards.iter() {
        card(c, f);
    }
}

fn opt<'b>(s: &'b Option<ScriptSrc>, entry: Entry, f: &mut dyn FnMut(&'b ScriptSrc, Entry)) {
    if let Some(s) = s {
        f(s, entry);
    }
}

fn procedures<'b>(procs: &'b [Procedure], f: &mut dyn FnMut(&'b ScriptSrc, Entry)) {
    for p in procs {
        opt(&p.script, Entry::Script, f);
        opt(&p.value, Entry::Expr, f);
    }
}

fn turn<'b>(t: &'b Option<Turn>, f: &mut dyn FnMut(&'b ScriptSrc, Entry)) {
    let Some(t) = t else { return };
    opt(&t.order, Entry::Expr, f);
    for ph in &t.phases {
        opt(&ph.start, Entry::Script, f);
        opt(&ph.can_pass, Entry::Condition, f);
        opt(&ph.end, Entry::Script, f);
    }
}

fn card<'b>(c: &'b Card, f: &mut dyn FnMut(&'b ScriptSrc, Entry)) {
    opt(&c.play, Entry::Script, f);
    for a in c.abilities.iter() {
        ability(a, f);
    }
}

fn ability<'b>(a: &'b Ability, f: &mut dyn FnMut(&'b ScriptSrc, Entry)) {
    match &a.kind {
        AbilityKind::Action(_) => {}
        AbilityKind::When(ev) | AbilityKind::React(_, ev) => f(ev, Entry::Event),
        AbilityKind::Static(s) => f(s, Entry::Script),
    }
    opt(&a.used_by, Entry::Expr, f);
    opt(&a.requires, Entry::Condition, f);
    opt(&a.cost, Entry::Script, f);
    opt(&a.effect, Entry::Script, f);
}
