//! Building a game's `Env` from its loaded definitions: every name the game, its
//! factions and its cards define, with reserved-word and keyword-signature checks.

use std::collections::HashMap;

use crate::diag::{Diagnostic, FileId, Span};
use crate::load::{CounterSpec, GameBundle, PieceSpec, PropSpec, PropType, Sp, ZoneSpec};
use crate::syntax;

use super::env::{param_ty, unknown_type, Env, KeywordInfo, Sym, ThingKind, Ty};
use super::scripts::syntax_diag;

/// The type of a property's values.
pub fn prop_ty(p: &PropSpec) -> Ty {
    match p.ty.value {
        PropType::Number => Ty::Num,
        PropType::Bool => Ty::Bool,
        PropType::Text => Ty::Str,
        PropType::Enum | PropType::List => Ty::Value,
    }
}

/// Collects the names of one game and reports names that scripts could never use.
pub struct Builder<'a> {
    /// The environment being built.
    pub env: Env,
    /// Problems with the definitions themselves.
    pub diags: &'a mut Vec<Diagnostic>,
    /// Where each name was first defined, and as what.
    first: HashMap<String, (String, FileId, Span)>,
}

/// The kinds of definition a name may have only once in a game (its files and factions
/// together); enum values and sides are shared between properties and pieces.
const DEFINED_ONCE: [&str; 5] = ["zone", "piece", "counter", "procedure", "property"];

/// Two definitions of one name that mean the same kind of thing do not clash: a property
/// declared for cards and for board spaces, a role that is also a side's value.
fn compatible(a: &str, b: &str) -> bool {
    a == b
        || matches!(
            (a, b),
            ("role", "value") | ("value", "role") | ("attribute", "property") | ("property", "attribute")
        )
}

impl Builder<'_> {
    fn name(&mut self, n: &Sp<String>, what: &str, sym: Sym) {
        if n.is_missing() {
            return;
        }
        self.reserved(n, what);
        if sym != Sym::Phase {
            self.clash(n, what);
            self.over_builtin(n, what);
        }
        let procedure = matches!(sym, Sym::Procedure { .. });
        if self.env.define(&n.value, sym).is_some() && procedure {
            self.env.hidden_procedures.push(n.value.as_str().into());
        }
    }

    /// Card ids are names too; duplicates among them are the loader's `duplicate-id`. An id
    /// that another definition already gives a meaning is still a card where only cards are
    /// named (`decks:`, `put:`), but scripts read the other meaning: a `name-clash`. A
    /// faction's card is recorded as a first definition, since later factions define more
    /// names; the library's cards come last, and are not (there are many).
    fn card_id(&mut self, id: &Sp<String>, faction: bool) {
        if id.is_missing() {
            return;
        }
        self.reserved(id, "card id");
        let role = self.env.lookup(&id.value) == Some(&Sym::Role);
        let Some(prev) = self.env.define(&id.value, Sym::Card).map(Sym::describe) else {
            if role {
                self.card_over_role(id);
            }
            if faction {
                self.first.entry(id.value.clone()).or_insert_with(|| ("card".into(), id.file, id.span.range()));
            }
            return;
        };
        if prev == Sym::Card.describe() {
            return;
        }
        self.env.shadowed_cards.push(id.value.as_str().into());
        // The kind as the first definition recorded it (`value`, `counter`), as other clashes say.
        let (kind, first) = match self.first.get(&id.value) {
            Some((what, file, span)) => (what.clone(), Some((*file, span.clone()))),
            None => (prev.split_once(' ').map_or(prev, |(_, k)| k).to_string(), None),
        };
        let n = &id.value;
        let msg = format!("card id `{n}` is already defined as a {kind}; scripts will read `{n}` as that {kind}");
        let help = format!(
            "rename one of them, e.g. `{n}_card`: only `decks:` and a scenario's card fields find the card by this id"
        );
        let other = first.map(|(file, span)| (file, span, format!("first defined as a {kind} here")));
        self.warn_clash((id.file, id.span.range()), msg, ("defined again as a card id".into(), help), other);
    }

    /// A card id spelled like a role takes the name over: scripts read the card, where
    /// `for each p in NAME` meant the players of the role.
    fn card_over_role(&mut self, id: &Sp<String>) {
        let n = &id.value;
        let msg = format!("card id `{n}` is also a role; scripts will read `{n}` as the card, not the role");
        let words = ("a card id spelled like a role".into(), format!("rename the card, e.g. `{n}_card`, or the role"));
        let other = self.first.get(n).map(|(_, file, span)| (*file, span.clone(), "the role is declared here".into()));
        self.warn_clash((id.file, id.span.range()), msg, words, other);
    }

    /// A definition named like a built-in (`round`, `none`, `players`) takes the name over
    /// in every script: `end: round > 3` then reads the definition, far from here.
    fn over_builtin(&mut self, n: &Sp<String>, what: &str) {
        if !matches!(self.env.lookup(&n.value), Some(Sym::Builtin(_))) {
            return;
        }
        // A property read of a thing (`side of x`) is the game's word for its things: the
        // built-in relation of that name has nothing else to say of them.
        if matches!(what, "property" | "attribute") && crate::check::env::THING_RELATIONS.contains(&n.value.as_str()) {
            return;
        }
        let what = what.split(' ').next_back().unwrap_or(what);
        let msg = format!(
            "{what} `{}` hides the built-in `{}`: every script will read `{}` as this {what}",
            n.value, n.value, n.value
        );
        let words = ("named like a built-in".into(), format!("rename it, e.g. `{}_{what}`", n.value));
        self.warn_clash((n.file, n.span.range()), msg, words, None);
    }

    /// A definition named with a reserved word, or with what is no name at all (`Silver
    /// Coin`, `egg-roll`, `3rd`), can never be referred to by a script.
    fn reserved(&mut self, n: &Sp<String>, what: &str) {
        // An enum value, a phase or a step may be compared as text (`rank == "10"`,
        // `step == "first step"`): it need not be a name.
        let as_text = matches!(what, "value" | "phase" | "step");
        if let Some(d) = not_a_name(n, what).filter(|_| !as_text) {
            self.diags.push(d);
            return;
        }
        if syntax::grammar_reserved(&n.value) {
            let suffix = what.split(' ').next().unwrap_or("x");
            let d = Diagnostic::error(
                "reserved-name",
                format!("{what} `{}` is named with a reserved word, so no script can refer to it", n.value),
                n.file,
                n.span,
            )
            .with_help(format!("rename it, e.g. `{}_{suffix}`", n.value));
            self.diags.push(d);
        }
    }

    /// A `name-clash` warning at `at`: `msg`, its `label` and `help`, and where the other
    /// meaning is defined when that is known (`other`: its file, span and label).
    fn warn_clash(
        &mut self,
        at: (FileId, Span),
        msg: String,
        (label, help): (String, String),
        other: Option<(FileId, Span, String)>,
    ) {
        let mut d = Diagnostic::warning("name-clash", msg, at.0, at.1).with_label(label).with_help(help);
        if let Some((file, span, said)) = other {
            d = d.with_secondary(file, span, said);
        }
        self.diags.push(d);
    }

    /// Warns when one name is given two different meanings: scripts see only the first.
    fn clash(&mut self, n: &Sp<String>, what: &str) {
        let what = what.split(' ').next_back().unwrap_or(what).to_string();
        match self.first.get(&n.value) {
            Some((prev, file, span)) if !compatible(prev, &what) => {
                let msg = format!("`{}` is already defined as a {prev}; scripts will read it as that {prev}", n.value);
                let other = Some((*file, span.clone(), format!("first defined as a {prev} here")));
                let words =
                    (format!("defined again as a {what}"), format!("rename one of them, e.g. `{}_{what}`", n.value));
                self.warn_clash((n.file, n.span.range()), msg, words, other);
            }
            // A faction's names are added to the game's: a second zone, piece, counter,
            // procedure or property of one name would silently win or lose, by kind.
            Some((prev, file, span)) if prev == &what && DEFINED_ONCE.contains(&what.as_str()) => {
                let name = &n.value;
                let msg = format!(
                    "{what} `{name}` is defined twice: a faction's {} are added to the game's",
                    crate::syntax::plural(&what)
                );
                let words = (format!("{what} `{name}` defined again"), "first defined here");
                let help = format!("rename one of them, e.g. `{name}_2`, or keep only one definition");
                self.duplicate(n, msg, words, (*file, span.clone()), help);
            }
            Some(_) => {}
            None => {
                self.first.insert(n.value.clone(), (what, n.file, n.span.range()));
            }
        }
    }

    /// A `duplicate-name` error at `n`, with its label and the first one's (`words`).
    fn duplicate(&mut self, n: &Sp<String>, msg: String, words: (String, &str), first: (FileId, Span), help: String) {
        let d = Diagnostic::error("duplicate-name", msg, n.file, n.span)
            .with_label(words.0)
            .with_secondary(first.0, first.1, words.1)
            .with_help(help);
        self.diags.push(d);
    }

    /// A definition spelled like another noun's plural (a property `drones` beside a piece
    /// `drone`) takes that spelling over: scripts that meant the pieces read the other.
    fn hidden_plurals(&mut self) {
        let mut found: Vec<_> = (self.first.iter())
            .filter_map(|(n, (what, file, span))| {
                let noun = self.env.plural_of_other(n)?;
                // A value's or a card's plural is hidden only where it reads as a selection
                // too, by a zone (a counter beside them is a number: `check` tells them apart).
                if !matches!(self.env.lookup(noun), Some(Sym::Piece)) && what != "zone" {
                    return None;
                }
                let at = self.first.get(noun).map(|(_, f, s)| (*f, s.clone()));
                Some((*file, span.clone(), n.clone(), what.clone(), noun.to_string(), at))
            })
            .collect();
        found.sort_by_key(|(file, span, ..)| (*file, span.start));
        for (file, span, n, what, noun, at) in found {
            let (kind, them) = match self.env.lookup(&noun) {
                Some(Sym::EnumValue(prop)) => (format!("`{prop}` value"), "the things that are one".to_string()),
                Some(Sym::Card) => ("card".to_string(), "its copies".to_string()),
                _ => ("piece".to_string(), "the pieces".to_string()),
            };
            let msg = format!(
                "`{n}` is defined as a {what}, and is also the plural of {kind} `{noun}`; scripts will read `{n}` as the {what}"
            );
            let words = (
                format!("a {what} spelled like a plural"),
                format!("rename the {what}, e.g. `{n}_{what}`, so `{n}` names {them}"),
            );
            let other = at.map(|(f, s)| (f, s, format!("the {kind} `{noun}` is declared here")));
            self.warn_clash((file, span), msg, words, other);
        }
    }

    fn props(&mut self, props: &[PropSpec], what: &str) {
        for p in props {
            self.name(&p.name, what, Sym::Property(prop_ty(p)));
            for (i, v) in p.values.iter().enumerate() {
                if let Some(first) = p.values[..i].iter().find(|w| w.value == v.value) {
                    let msg = format!("value `{}` is listed twice in `{}`", v.value, p.name.value);
                    let words = ("listed again".into(), "first listed here");
                    self.duplicate(v, msg, words, (first.file, first.span.range()), "list each value once".into());
                }
                self.name(v, "value", Sym::EnumValue(p.name.value.clone()));
            }
            if p.name.is_missing() {
                continue;
            }
            if p.values.is_empty() {
                self.env.open_values.insert(p.name.value.clone());
            } else {
                let known = self.env.values_of.entry(p.name.value.clone()).or_default();
                known.extend(p.values.iter().map(|v| v.value.clone()));
            }
        }
    }

    fn zones(&mut self, zones: &[ZoneSpec]) {
        for z in zones {
            self.name(&z.name, "zone", Sym::Zone);
        }
    }

    fn pieces(&mut self, pieces: &[PieceSpec]) {
        for p in pieces {
            self.name(&p.name, "piece", Sym::Piece);
            if let Some(pl) = &p.plural {
                self.env.plurals.insert(pl.value.clone(), p.name.value.clone());
            }
            for s in &p.sides {
                self.name(s, "side", Sym::Side);
            }
        }
    }

    fn counters(&mut self, counters: &[CounterSpec]) {
        for c in counters {
            // A clamped counter takes any removal (it stops at its bound): no cost is unpayable.
            let max = c.max.as_ref().map(|m| m.value).filter(|_| !c.clamp);
            self.name(&c.name, "counter", Sym::Counter { max, on: Some(c.on) });
        }
    }

    fn procedures(&mut self, procs: &[crate::load::Procedure]) {
        for p in procs {
            for t in p.params.iter().filter_map(|a| a.ty.as_ref()) {
                if param_ty(t.as_str()).is_none() {
                    self.diags.push(unknown_type(t.as_str(), t.file, t.span.range()));
                }
            }
            for a in &p.params {
                self.reserved(&a.name, "parameter");
                self.built_in_param(&a.name.value, a.name.file, a.name.span.range());
            }
            let params = p.params.iter().map(|a| a.name.value.clone()).collect();
            let tys =
                p.params.iter().map(|a| a.ty.as_ref().and_then(|t| param_ty(t.as_str())).unwrap_or(Ty::Any)).collect();
            let things = p.params.iter().map(|a| a.ty.as_ref().and_then(|t| ThingKind::of(t.as_str()))).collect();
            let (arity, value) = (p.params.len(), p.value.is_some());
            let sym = Sym::Procedure { arity, value, params, tys, things, ret: Ty::Any };
            self.name(&p.name, "procedure", sym);
        }
    }

    fn phases(&mut self, turn: &Option<crate::load::Turn>) {
        for ph in turn.iter().flat_map(|t| &t.phases) {
            self.name(&ph.name, "phase", Sym::Phase);
            for s in &ph.steps {
                self.name(s, "step", Sym::Phase);
            }
        }
    }

    /// `it` is what a filter tests and a key reads: a parameter of that name (or `you`,
    /// `this`) would hide it inside every `where` of the body.
    fn built_in_param(&mut self, name: &str, file: FileId, span: Span) {
        if matches!(name, "it" | "you" | "this") {
            let msg = format!("parameter `{name}` is named with a built-in name, which it would hide");
            let d = Diagnostic::error("reserved-name", msg, file, span)
                .with_help(format!("rename it, e.g. `{name}_param`"));
            self.diags.push(d);
        }
    }

    fn keywords(&mut self, kws: &[crate::load::Keyword]) {
        for k in kws {
            let params: Vec<(String, Ty)> = match syntax::parse_keyword_sig(&k.sig.text) {
                Ok(sig) => {
                    for p in &sig.params {
                        self.built_in_param(&p.name.name, k.sig.file, k.sig.file_span(p.name.span.clone()));
                    }
                    let params: Vec<(String, Ty)> = sig
                        .params
                        .iter()
                        .map(|p| (p.name.name.to_string(), self.param_type(p.ty.as_ref(), &k.sig)))
                        .collect();
                    self.env.keywords.insert(sig.name.name.to_string(), KeywordInfo { params: params.clone() });
                    params
                }
                Err(e) => {
                    self.diags.push(syntax_diag(&k.sig, e).with_help_opt(Some(
                        "a keyword is written `Name[param, param: type]` with a capital first letter".into(),
                    )));
                    vec![]
                }
            };
            self.env.keyword_params.push(params);
        }
    }

    fn param_type(&mut self, ty: Option<&syntax::ast::Ident>, src: &crate::load::ScriptSrc) -> Ty {
        let Some(t) = ty else { return Ty::Any };
        param_ty(&t.name).unwrap_or_else(|| {
            self.diags.push(unknown_type(&t.name, src.file, src.file_span(t.span.clone())));
            Ty::Any
        })
    }
}

/// The names of a game bundle: game definitions, factions, board, cards.
pub fn build_env(bundle: &GameBundle, diags: &mut Vec<Diagnostic>) -> Env {
    let mut b = Builder { env: Env::new(), diags, first: HashMap::new() };
    b.env.limits = bundle.limits;
    if let Some(g) = &bundle.game {
        b.props(&g.properties, "property");
        b.zones(&g.zones);
        b.pieces(&g.pieces);
        b.counters(&g.counters);
        for d in &g.dice {
            b.name(&d.name, "die", Sym::Die);
        }
        if let Some(board) = &g.board {
            b.props(&board.attributes, "attribute");
            for s in &board.spaces {
                b.name(&s.id, "space", Sym::Space);
            }
        }
        for r in &g.roles {
            b.name(r, "role", Sym::Role);
            b.env.roles.push(r.value.clone());
        }
        // A variable's `type:` is one of the parameter types (`player`, `number`, ...).
        for v in &g.variables {
            let ty = param_ty(v.ty.as_str()).unwrap_or_else(|| {
                if !v.ty.is_missing() {
                    b.diags.push(unknown_type(v.ty.as_str(), v.ty.file, v.ty.span.range()));
                }
                Ty::Any
            });
            b.name(&v.name, "variable", Sym::Variable(ty));
        }
        if let Some(board) = &g.board {
            let props = || g.properties.iter().chain(bundle.factions.iter().flat_map(|f| &f.properties));
            let number = |n: &str| board.attributes.iter().any(|a| a.name.value == n && a.ty.value == PropType::Number);
            b.env.placed_spaces = number("col") && number("row");
            for a in &board.attributes {
                if !props().any(|p| p.name.value == a.name.value) {
                    b.env.fixed_attributes.push(a.name.value.clone());
                }
            }
        }
        b.env.defaults = g.defaults.clone();
        b.env.unscored = g.scoring.is_none();
        b.env.game_actions = g.abilities.iter().filter_map(|a| a.name().map(|n| n.value.clone())).collect();
        b.procedures(&g.procedures);
        b.phases(&g.turn);
        b.keywords(&g.keywords);
    }
    for f in &bundle.factions {
        b.name(&f.faction, "faction", Sym::Faction);
        b.env.factions.push(f.faction.value.clone());
        b.props(&f.properties, "property");
        b.zones(&f.zones);
        b.pieces(&f.pieces);
        b.counters(&f.counters);
        b.procedures(&f.procedures);
        b.phases(&f.turn);
        for c in &f.cards {
            b.card_id(&c.id, true);
        }
    }
    b.hidden_plurals();
    b.env.reserve(bundle.cards.len());
    for c in &bundle.cards {
        b.card_id(&c.id, false);
    }
    value_kinds(&mut b.env, bundle);
    b.env
}

/// What each value procedure gives, read off its `value:` expression (regrouped as every
/// checked parse is) with its parameters of their declared kinds: a call of it is then of
/// that kind (`pot_value()` a number, so `simultaneously as pot_value()` is a mistake
/// `check` sees). Read again while some kind changes, so a procedure calling another
/// declared after it gets its kind too; a recursion stays of any kind. Only kinds the
/// expression is sure of are kept: a list and a selection share a kind (a number list's
/// items are no things), and an operator over operands of any kind guesses (`x or y` of
/// two untyped parameters reads as a condition, but unites two selections).
fn value_kinds(env: &mut Env, bundle: &GameBundle) {
    let procs: Vec<&crate::load::Procedure> = bundle
        .game
        .iter()
        .flat_map(|g| &g.procedures)
        .chain(bundle.factions.iter().flat_map(|f| &f.procedures))
        .collect();
    let mut parsed: Vec<(&crate::load::Procedure, &crate::load::ScriptSrc, syntax::ast::Expr)> = vec![];
    for p in &procs {
        let Some(src) = &p.value else { continue };
        let Ok(mut e) = syntax::parse_condition_with(&src.text, &env.limits) else { continue };
        super::regroup::expr(env, &mut e);
        parsed.push((p, src, e));
    }
    for _ in 0..=parsed.len() {
        let mut changed = false;
        for (p, src, e) in &parsed {
            let mut ck = super::script::Checker::new(env, src.file, Box::new(|s| src.file_span(s)));
            let typed = p.params.iter().all(|a| a.ty.is_some());
            for a in &p.params {
                ck.bind(a.name.as_str(), a.ty.as_ref().and_then(|t| param_ty(t.as_str())).unwrap_or(Ty::Any), 0..0);
            }
            let ty = ck.expr(e);
            let sure = match ty {
                Ty::Num | Ty::Numbers | Ty::Str | Ty::Player | Ty::Players | Ty::Zone => true,
                Ty::Things => ck.selects_things(e),
                Ty::Bool => typed,
                _ => false,
            };
            // (What the body's own mistakes are, `check` reports where it checks the body.)
            drop(ck);
            let ty = if sure { ty } else { Ty::Any };
            changed |= env.set_ret(&p.name.value, ty);
        }
        if !changed {
            break;
        }
    }
    calling(env, &parsed, super::script::asks, |env| &env.asking_procedures, |env, f| env.asking_procedures.extend(f));
    calling(env, &parsed, super::script::reads_you, |env| &env.you_procedures, |env, f| env.you_procedures.extend(f));
}

/// The names of value procedures, each found by a `Env` list.
type Found = Vec<Box<str>>;

/// The value procedures whose `value:` does what `does` finds, directly or by calling
/// another that does (read again until no more are found): those that ask a player, or
/// read `you`. `list` is where `does` finds the ones found so far; `add` adds to it.
fn calling(
    env: &mut Env,
    parsed: &[(&crate::load::Procedure, &crate::load::ScriptSrc, syntax::ast::Expr)],
    does: fn(&Env, &syntax::ast::Expr) -> bool,
    list: fn(&Env) -> &Found,
    add: fn(&mut Env, Found),
) {
    loop {
        let known: &Env = env;
        let found: Found = parsed
            .iter()
            .filter(|(p, ..)| !list(known).iter().any(|a| **a == *p.name.value))
            .filter(|(.., e)| does(known, e))
            .map(|(p, ..)| p.name.value.as_str().into())
            .collect();
        if found.is_empty() {
            break;
        }
        add(env, found);
    }
}

/// `twilit::not-a-name` when `n` is not a name as scripts write one (a letter or `_`, then
/// letters, digits and `_`): no script could refer to what it names. The help offers the
/// name it most likely meant (`silver_coin` for `Silver Coin`).
pub(crate) fn not_a_name(n: &Sp<String>, what: &str) -> Option<Diagnostic> {
    let v = &n.value;
    if n.is_missing() {
        return None;
    }
    let mut chars = v.chars();
    let first_ok = chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_');
    if first_ok && chars.all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    let msg = if v.is_empty() {
        format!("{what} is empty, so no script can refer to it")
    } else {
        format!("{what} `{v}` is not a name, so no script can refer to it")
    };
    let mut fixed: String =
        v.trim().chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '_' }).collect();
    while fixed.contains("__") {
        fixed = fixed.replace("__", "_");
    }
    let fixed = fixed.trim_matches('_');
    let help = match fixed.chars().next() {
        None => "a name starts with a letter or `_` and goes on with letters, digits and `_`".to_string(),
        Some(c) if c.is_ascii_digit() => format!("a name starts with a letter or `_`: write `_{fixed}`"),
        Some(_) => format!("a name has letters, digits and `_` only: write `{fixed}`"),
    };
    // A warning: the content still runs (a card of such an id is dealt, put and played),
    // and nothing but a script naming it could tell.
    Some(Diagnostic::warning("not-a-name", msg, n.file, n.span).with_help(help))
}
