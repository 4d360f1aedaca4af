//! Static validation: resolves and type-checks every script of a loaded library
//! against its game, and validates card properties. Collects all problems.

mod actions;
mod build;
mod calls;
mod compare;
mod decks;
pub mod env;
mod expr;
pub mod fields;
mod files;
pub mod prose;
pub mod reach;
pub mod regroup;
pub mod script;
pub mod scripts;
mod sigs;
mod verbs;

use std::fmt::Write;

use crate::diag::Diagnostic;
use crate::load::{Ability, AbilityKind, Card, Cards, Library};

pub use build::build_env;
use files::FileChecker;
pub(crate) use files::ACTION_TIMINGS;
use scripts::{explain_field, Entry};

/// The result of checking a library.
#[derive(Debug, Default)]
pub struct Report {
    /// Every problem found.
    pub diags: Vec<Diagnostic>,
    /// How many cards were checked (faction cards included).
    pub cards: usize,
}

/// Checks every game bundle of a loaded library.
pub fn check_library(lib: &Library) -> Report {
    let mut report = Report::default();
    for bundle in &lib.games {
        let own = report.diags.len();
        let env = build::build_env(bundle, &mut report.diags);
        // A faction's properties are the game's too (its cards and the others' may use them).
        let mut all_props: Vec<crate::load::PropSpec> =
            bundle.game.as_ref().map(|g| g.properties.clone()).unwrap_or_default();
        all_props.extend(bundle.factions.iter().flat_map(|f| f.properties.iter().cloned()));
        let props = all_props.as_slice();
        let mut fc = FileChecker::new(&env, &mut report.diags);
        if let Some(g) = &bundle.game {
            fc.game(g);
            fc.pieces(&g.pieces, props);
        }
        let from = fc.diags.len();
        reach::unreachable_end(bundle, &env, fc.diags);
        // A game that can never end is not also one that "can end but has no `result:`".
        if fc.diags[from..].iter().any(|d| d.code == "twilit::unreachable-end") {
            let mut i = 0;
            fc.diags.retain(|d| {
                i += 1;
                i <= own || d.code != "twilit::missing-result"
            });
        }
        decks::unread_copies(bundle, fc.diags);
        let game_phases = bundle.game.iter().flat_map(|g| g.turn.iter().flat_map(|t| &t.phases));
        let game_phases: Vec<&str> = game_phases.map(|p| p.name.as_str()).collect();
        for f in &bundle.factions {
            fc.procedures(&f.procedures);
            fc.turn(&f.turn);
            fc.faction_phases(&f.turn, &game_phases);
            fc.abilities_once(&f.abilities);
            fc.zones_hold(&f.zones);
            fc.pieces(&f.pieces, props);
            for p in &f.properties {
                fc.default_value(p);
            }
            if let Some(s) = &f.setup {
                fc.field(s, Entry::Script, &[]);
            }
            // A faction's own abilities run with `this` = its player.
            fc.this = env::Ty::Player;
            for a in &f.abilities {
                fc.ability(a);
            }
            fc.this = env::Ty::Any;
            for c in &f.cards {
                fc.card(c, props);
            }
            report.cards += f.cards.len();
        }
        report.diags.extend(check_cards(&env, &bundle.cards, props));
        report.cards += bundle.cards.len();
        let mut fc = FileChecker::new(&env, &mut report.diags);
        for s in &bundle.scenarios {
            fc.scenario(s, bundle);
        }
    }
    report
}

/// Cards are independent of each other: check them on all cores, in order-stable chunks
/// (of references: the cards are kept as each file's list, see `load::Cards`).
fn check_cards(env: &env::Env, cards: &Cards, props: &[crate::load::PropSpec]) -> Vec<Diagnostic> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(8);
    if threads < 2 || cards.len() < 256 {
        return cards_sequential(env, cards.iter(), props);
    }
    // Each worker walks its own range of the files' lists: a list of references to every
    // card would cost 8 bytes a card at the memory peak.
    let chunk = cards.len().div_ceil(threads);
    let part = |k: usize| cards.iter().skip(k * chunk).take(chunk);
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|k| {
                // Checking recurses over (size-limited) scripts: give workers a large stack.
                let worker = std::thread::Builder::new().stack_size(64 << 20);
                (k, worker.spawn_scoped(s, move || cards_sequential(env, part(k), props)))
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|(k, h)| match h {
                Ok(h) => h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)),
                Err(_) => cards_sequential(env, part(k), props),
            })
            .collect()
    })
}

fn cards_sequential<'a>(
    env: &env::Env,
    cards: impl Iterator<Item = &'a Card>,
    props: &[crate::load::PropSpec],
) -> Vec<Diagnostic> {
    let mut diags = vec![];
    let mut fc = FileChecker::new(env, &mut diags);
    cards.for_each(|c| fc.card(c, props));
    diags
}

/// Every card and faction id in the library (for did-you-mean).
pub fn all_ids(lib: &Library) -> Vec<String> {
    let mut ids = vec![];
    for b in &lib.games {
        ids.extend(b.cards.iter().map(|c| c.id.value.clone()));
        for f in &b.factions {
            ids.push(f.faction.value.clone());
            ids.extend(f.cards.iter().map(|c| c.id.value.clone()));
        }
        let named = b.game.iter().flat_map(|g| &g.abilities).filter_map(|a| a.name());
        ids.extend(named.map(|n| n.value.clone()));
        ids.extend(b.game.iter().flat_map(|g| &g.procedures).map(|p| p.name.value.clone()));
    }
    ids
}

/// A card's or faction's parsed abilities as s-expressions, for `twilit explain`.
pub fn explain(lib: &Library, id: &str) -> Option<String> {
    for b in &lib.games {
        let cards = b.cards.iter().chain(b.factions.iter().flat_map(|f| &f.cards));
        if let Some(c) = cards.into_iter().find(|c| c.id.value == id) {
            return Some(explain_card(c, b.game.as_ref().and_then(|g| g.play.as_ref())));
        }
        if let Some(f) = b.factions.iter().find(|f| f.faction.value == id) {
            let mut out = format!("faction {} ({})\n", f.faction.value, f.name.value);
            if let Some(s) = &f.setup {
                let _ = writeln!(out, "  setup: {}", explain_field(s, Entry::Script));
            }
            for p in &f.procedures {
                if let Some(s) = &p.script {
                    let _ = writeln!(out, "  procedure {}: {}", p.name.value, explain_field(s, Entry::Script));
                }
                if let Some(v) = &p.value {
                    let _ = writeln!(out, "  function {}: {}", p.name.value, explain_field(v, Entry::Expr));
                }
            }
            for a in &f.abilities {
                explain_ability(&mut out, a);
            }
            return Some(out);
        }
        if let Some(a) = game_ability(b, id) {
            let mut out = format!("game ability {id}\n");
            explain_ability(&mut out, a);
            return Some(out);
        }
        if let Some(p) = game_procedure(b, id) {
            let mut out = format!("procedure {}\n", signature(p));
            if let Some(s) = &p.script {
                let _ = writeln!(out, "  script: {}", explain_field(s, Entry::Script));
            }
            if let Some(v) = &p.value {
                let _ = writeln!(out, "  value: {}", explain_field(v, Entry::Expr));
            }
            return Some(out);
        }
    }
    None
}

/// The game's procedure named `id` (`top_card`).
pub(crate) fn game_procedure<'b>(b: &'b crate::load::GameBundle, id: &str) -> Option<&'b crate::load::Procedure> {
    b.game.as_ref()?.procedures.iter().find(|p| p.name.value == id)
}

/// `name(p: player, n)`, as `params:` declares it.
pub(crate) fn signature(p: &crate::load::Procedure) -> String {
    let params: Vec<String> = (p.params.iter())
        .map(|a| match &a.ty {
            Some(t) => format!("{}: {}", a.name.value, t.value),
            None => a.name.value.clone(),
        })
        .collect();
    format!("{}({})", p.name.value, params.join(", "))
}

/// A card's printed values, `rank ace, suit club`, as its file gives them.
pub(crate) fn printed_values(c: &Card) -> String {
    fn shown(v: &crate::load::Value) -> Option<String> {
        use crate::load::Value as V;
        match v {
            V::Null => None,
            V::Bool(b) => Some(b.to_string()),
            V::Int(n) => Some(n.to_string()),
            V::Float(x) => Some(x.to_string()),
            V::Str(t) => Some(t.to_string()),
            V::List(l) => {
                Some(format!("[{}]", l.iter().filter_map(|x| shown(&x.value)).collect::<Vec<_>>().join(", ")))
            }
            _ => None,
        }
    }
    let values = c.props.iter().filter_map(|(k, v)| Some(format!("{} {}", k.value, shown(&v.value)?)));
    values.collect::<Vec<_>>().join(", ")
}

/// The game's own ability named `id` (`draw`), which no card or faction holds.
pub(crate) fn game_ability<'b>(b: &'b crate::load::GameBundle, id: &str) -> Option<&'b Ability> {
    b.game.as_ref()?.abilities.iter().find(|a| a.name().is_some_and(|n| n.value == id))
}

/// A card: its printed values and text, then what playing it does (its own `play:`, else
/// the game's) and its abilities.
fn explain_card(c: &Card, game_play: Option<&crate::load::ScriptSrc>) -> String {
    let mut out = format!("card {} ({})\n", c.id.value, c.name.value);
    let values = printed_values(c);
    if !values.is_empty() {
        let _ = writeln!(out, "  printed: {values}");
    }
    if let Some(t) = &c.text {
        let _ = writeln!(out, "  text: {}", t.value);
    }
    match (&c.play, game_play) {
        (Some(p), _) => {
            let _ = writeln!(out, "  play: {}", explain_field(p, Entry::Script));
        }
        (None, Some(p)) => {
            let _ = writeln!(out, "  play (the game's): {}", explain_field(p, Entry::Script));
        }
        (None, None) => {}
    }
    for a in &c.abilities {
        explain_ability(&mut out, a);
    }
    out
}

fn explain_ability(out: &mut String, a: &Ability) {
    match &a.kind {
        AbilityKind::Action(p) => {
            let _ = writeln!(out, "  action {}:", p.value);
        }
        AbilityKind::When(ev) => {
            let _ = writeln!(out, "  when {}:", explain_field(ev, Entry::Event));
        }
        AbilityKind::Static(s) => {
            let _ = writeln!(out, "  static: {}", explain_field(s, Entry::Script));
        }
        AbilityKind::React(r, ev) => {
            let _ = writeln!(out, "  {} {}:", r.key(), explain_field(ev, Entry::Event));
        }
    }
    // Its name, whether it asks first, who may use it, where and how often: as much the
    // rule as its scripts.
    if let Some(n) = a.name() {
        let _ = writeln!(out, "    name: {}", n.value);
    }
    if a.optional().is_some_and(|o| o.value) {
        let _ = writeln!(out, "    optional: true");
    }
    if let Some(u) = &a.used_by {
        let _ = writeln!(out, "    used_by: {}", explain_field(u, Entry::Condition));
    }
    if !a.from().is_empty() {
        let zones: Vec<&str> = a.from().iter().map(|z| z.value.as_str()).collect();
        let _ = writeln!(out, "    from: ({})", zones.join(" "));
    }
    if let Some(l) = a.limit() {
        let _ = writeln!(out, "    limit: ({} per {})", l.value.times, l.value.per);
    }
    let parts = [
        ("requires", &a.requires, Entry::Condition),
        ("cost", &a.cost, Entry::Script),
        ("effect", &a.effect, Entry::Script),
    ];
    for (label, src, entry) in parts {
        if let Some(s) = src {
            let _ = writeln!(out, "    {label}: {}", explain_field(s, entry));
        }
    }
}
