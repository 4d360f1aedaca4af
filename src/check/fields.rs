//! Every script field of a game's rules, with how it parses and what it belongs to: what
//! `mutate` changes and `coverage` reports on. Scenarios' own scripts are left out: they
//! are the tests.

use crate::check::scripts::Entry;
use crate::load::{Ability, AbilityKind, Card, GameBundle, Procedure, ScriptSrc, Turn};

/// Calls `f` with each script field of the bundle's game, factions and cards (trigger
/// patterns included, as `Entry::Event`), and what it is (`effect of gandalf`).
pub fn each_script<'b>(bundle: &'b GameBundle, f: &mut dyn FnMut(&'b ScriptSrc, Entry, &str)) {
    if let Some(g) = &bundle.game {
        for k in &g.keywords {
            f(&k.body, Entry::Script, &format!("keyword {}", k.sig.text.trim()));
        }
        procedures(&g.procedures, f);
        turn(&g.turn, "", f);
        opt(&g.play, Entry::Script, "the game's `play:`", f);
        opt(&g.setup, Entry::Script, "the game's `setup:`", f);
        opt(&g.end, Entry::Condition, "the game's `end:`", f);
        if let Some(r) = &g.result {
            opt(&r.winners, Entry::Expr, "`result: winners:`", f);
            opt(&r.losers, Entry::Expr, "`result: losers:`", f);
            opt(&r.scores, Entry::Expr, "`result: scores:`", f);
        }
        if let Some(m) = &g.matches {
            opt(&m.after, Entry::Script, "`match: after:`", f);
            opt(&m.until, Entry::Condition, "`match: until:`", f);
        }
        for v in &g.variables {
            opt(&v.start, Entry::Expr, &format!("the start of variable {}", v.name.value), f);
        }
        for (i, a) in g.abilities.iter().enumerate() {
            ability(a, &format!("game ability {}", label(a, i)), f);
        }
    }
    for fac in &bundle.factions {
        let name = &fac.faction.value;
        procedures(&fac.procedures, f);
        turn(&fac.turn, &format!(" of {name}"), f);
        opt(&fac.setup, Entry::Script, &format!("the `setup:` of {name}"), f);
        for (i, a) in fac.abilities.iter().enumerate() {
            ability(a, &format!("ability {} of {name}", label(a, i)), f);
        }
        for c in &fac.cards {
            card(c, f);
        }
    }
    for c in bundle.cards.iter() {
        card(c, f);
    }
}

fn opt<'b>(s: &'b Option<ScriptSrc>, entry: Entry, what: &str, f: &mut dyn FnMut(&'b ScriptSrc, Entry, &str)) {
    if let Some(s) = s {
        f(s, entry, what);
    }
}

fn procedures<'b>(procs: &'b [Procedure], f: &mut dyn FnMut(&'b ScriptSrc, Entry, &str)) {
    for p in procs {
        let what = format!("procedure {}", p.name.value);
        opt(&p.script, Entry::Script, &what, f);
        opt(&p.value, Entry::Expr, &what, f);
    }
}

fn turn<'b>(t: &'b Option<Turn>, of: &str, f: &mut dyn FnMut(&'b ScriptSrc, Entry, &str)) {
    let Some(t) = t else { return };
    opt(&t.order, Entry::Expr, &format!("the turn order{of}"), f);
    for ph in &t.phases {
        let name = &ph.name.value;
        opt(&ph.start, Entry::Script, &format!("the `start:` of phase {name}{of}"), f);
        opt(&ph.can_pass, Entry::Condition, &format!("the `can_pass:` of phase {name}{of}"), f);
        opt(&ph.end, Entry::Script, &format!("the `end:` of phase {name}{of}"), f);
    }
}

fn card<'b>(c: &'b Card, f: &mut dyn FnMut(&'b ScriptSrc, Entry, &str)) {
    let id = &c.id.value;
    opt(&c.play, Entry::Script, &format!("the `play:` of {id}"), f);
    for (i, a) in c.abilities.iter().enumerate() {
        let what = match (a.name(), c.abilities.len()) {
            (None, 1) => format!("the ability of {id}"),
            _ => format!("ability {} of {id}", label(a, i)),
        };
        ability(a, &what, f);
    }
}

/// How an ability is called in a report: its `name:`, which the designer wrote and finds
/// in the file, else its number in its list (from 1, the `i`-th of the list).
fn label(a: &Ability, i: usize) -> String {
    a.name().map_or_else(|| (i + 1).to_string(), |n| n.value.clone())
}

fn ability<'b>(a: &'b Ability, what: &str, f: &mut dyn FnMut(&'b ScriptSrc, Entry, &str)) {
    match &a.kind {
        AbilityKind::Action(_) => {}
        AbilityKind::When(ev) | AbilityKind::React(_, ev) => f(ev, Entry::Event, &format!("the trigger of {what}")),
        AbilityKind::Static(s) => f(s, Entry::Script, &format!("the `static:` of {what}")),
    }
    opt(&a.used_by, Entry::Expr, &format!("the `used_by:` of {what}"), f);
    opt(&a.requires, Entry::Condition, &format!("the `requires:` of {what}"), f);
    opt(&a.cost, Entry::Script, &format!("the `cost:` of {what}"), f);
    opt(&a.effect, Entry::Script, &format!("the `effect:` of {what}"), f);
}
