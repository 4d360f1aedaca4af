//! Walking a loaded game bundle: every script field of the game, its factions, cards and
//! scenarios is checked, and card properties are validated against the game's types.

use crate::diag::{did_you_mean, Diagnostic};
use crate::load::Text;
use crate::load::{
    Ability, AbilityKind, Card, Game, Procedure, PropSpec, PropType, React, Sp, Turn, Value, CARD_FIELDS,
};

use super::build::prop_ty;
use super::env::{param_ty, Env, Ty};
use super::scripts::{check_event, check_field, check_sequence, Entry, Parses, Scope};

/// The counter `scoring:` names and the pieces of `holds:`.
mod board;
mod held;
/// Scenarios' fields outside their scripts.
mod scenario;
/// Names given twice in one list.
mod twice;

/// Timings an `action:` may name besides the game's phases: `any` (any action window),
/// `turn` (any time in the user's own turn), `game` (any time at all).
pub(crate) const ACTION_TIMINGS: &[&str] = &["any", "turn", "game"];

/// Checks everything in one game bundle against `env`.
pub struct FileChecker<'a> {
    /// The game's names.
    pub env: &'a Env,
    /// Problems found.
    pub diags: &'a mut Vec<Diagnostic>,
    /// The fields parsed so far.
    ps: Parses,
    /// What `this` is in the scripts being checked (a card while its card is).
    pub this: Ty,
}

impl<'a> FileChecker<'a> {
    /// A checker against `env` that adds its problems to `diags`.
    pub fn new(env: &'a Env, diags: &'a mut Vec<Diagnostic>) -> Self {
        FileChecker { env, diags, ps: Parses::new(env.limits), this: Ty::Any }
    }

    fn script(&mut self, src: &Option<crate::load::ScriptSrc>, entry: Entry, locals: &[(&str, Ty)]) {
        if let Some(s) = src {
            self.field(s, entry, locals);
        }
    }

    /// An expression field whose value must be of a type.
    fn typed(&mut self, src: &Option<crate::load::ScriptSrc>, want: (Ty, &str), locals: &[(&str, Ty)]) {
        if let Some(s) = src {
            let scope = Scope { locals, this: self.this };
            super::scripts::check_typed_field(self.env, s, want, scope, &mut self.ps, self.diags);
        }
    }

    /// One script field.
    pub fn field(&mut self, src: &crate::load::ScriptSrc, entry: Entry, locals: &[(&str, Ty)]) {
        check_field(self.env, src, entry, Scope { locals, this: self.this }, &mut self.ps, self.diags);
    }

    /// The game file's own scripts.
    pub fn game(&mut self, g: &Game) {
        for (k, params) in g.keywords.iter().zip(&self.env.keyword_params) {
            let locals: Vec<(&str, Ty)> = params.iter().map(|(n, t)| (n.as_str(), *t)).collect();
            self.field(&k.body, Entry::Script, &locals);
        }
        self.procedures(&g.procedures);
        self.turn(&g.turn);
        self.phases_once(&g.turn);
        self.abilities_once(&g.abilities);
        self.script(&g.play, Entry::Script, &[]);
        self.script(&g.setup, Entry::Script, &[]);
        self.script(&g.end, Entry::Condition, &[]);
        self.result(g);
        if let Some(m) = &g.matches {
            self.script(&m.after, Entry::Script, &[]);
            self.script(&m.until, Entry::Condition, &[]);
            for k in &m.keep {
                let on = g.counters.iter().find(|c| c.name.value == k.value).map(|c| c.on);
                if matches!(on, Some(crate::load::CounterOn::Card | crate::load::CounterOn::Space)) {
                    let d = Diagnostic::error(
                        "wrong-type",
                        format!("`{}` is kept on cards or spaces, which a new game deals afresh", k.value),
                        k.file,
                        k.span,
                    )
                    .with_label("not carried into the next game")
                    .with_help("keep counters of the game or of players (`on: game`, `on: player`)");
                    self.diags.push(d);
                } else {
                    let help = "`keep:` lists counters to carry into the next game";
                    self.known_or(k, "counter", super::env::Sym::Counter { max: None, on: None }, Some(help));
                }
            }
        }
        for v in &g.variables {
            let want = match self.env.lookup(&v.name.value) {
                Some(super::env::Sym::Variable(t)) => *t,
                _ => Ty::Any,
            };
            let what = format!("`{}`'s start", v.name.value);
            self.typed(&v.start, (want, &what), &[]);
        }
        self.scoring(g);
        self.zones_hold(&g.zones);
        for d in &g.decks {
            self.deck(d);
        }
        let d = &g.defaults;
        let refills = g.zones.iter().filter_map(|z| z.refill.as_ref());
        for z in [&d.draw_from, &d.draw_into, &d.discard_into].into_iter().flatten().chain(refills) {
            self.zone_name(z);
        }
        for a in &g.abilities {
            self.ability(a);
            if let AbilityKind::Static(src) | AbilityKind::React(_, src) = &a.kind {
                if matches!(a.kind, AbilityKind::React(React::Response, _)) {
                    continue;
                }
                let msg = "a game ability is used by a player (`action:`, `response:`) or triggered (`when:`)";
                let d = Diagnostic::error("wrong-type", msg, src.file, src.span)
                    .with_label("a static or replacing ability of the game itself")
                    .with_help("give the rule to a card or a faction, or write it in a phase's `start:`/`end:` script");
                self.diags.push(d);
            }
        }
        for p in &g.properties {
            self.default_value(p);
        }
        if let Some(b) = &g.board {
            self.board(b);
        }
    }

    /// `result:` and its scripts; a game that can end must say who wins.
    fn result(&mut self, g: &Game) {
        if let Some(r) = &g.result {
            self.typed(&r.winners, (Ty::Players, "`winners:`"), &[]);
            self.typed(&r.losers, (Ty::Players, "`losers:`"), &[]);
            self.typed(&r.scores, (Ty::Num, "a score"), &[("it", Ty::Player)]);
            let scripts = [
                (&r.winners, "`result: winners:`"),
                (&r.losers, "`result: losers:`"),
                (&r.scores, "`result: scores:`"),
            ];
            for (src, what) in scripts {
                if let Some(s) = src {
                    super::scripts::you_in_result(self.env, s, what, &mut self.ps, self.diags);
                }
            }
            return;
        }
        if let Some(end) = &g.end {
            let d = Diagnostic::error("missing-result", "the game can end but has no `result:`", end.file, end.span)
                .with_label("the game ends here, but nothing says who wins")
                .with_help("add `result:` next to `end:`, with e.g. `winners: most(players, vp of it)` under it");
            self.diags.push(d);
        }
    }

    /// Pieces' printed values must be properties of the game, of its type.
    pub fn pieces(&mut self, pieces: &[crate::load::PieceSpec], props: &[PropSpec]) {
        for piece in pieces {
            self.props(piece.printed.iter(), props, &[], "property");
        }
    }

    /// A zone named in game.yaml outside a script must be declared.
    fn zone_name(&mut self, z: &Sp<String>) {
        self.known_or(z, "zone", super::env::Sym::Zone, Some("declare it under `zones:`"));
    }

    /// One entry of `decks:`: a declared zone and known card ids.
    fn deck(&mut self, d: &crate::load::DeckSpec) {
        self.zone_name(&d.zone);
        match &d.cards {
            crate::load::DeckCards::Ids(ids) => {
                for id in ids {
                    self.card_id(id);
                }
            }
            crate::load::DeckCards::Counted(ids) => {
                for (id, _) in ids {
                    self.card_id(id);
                }
            }
            crate::load::DeckCards::All => {}
        }
    }

    /// A property's `default:` must be of its type.
    pub fn default_value(&mut self, p: &PropSpec) {
        if let Some(d) = &p.default {
            self.value(p, d);
        }
    }

    /// Procedures with their parameters bound.
    pub fn procedures(&mut self, procs: &[Procedure]) {
        for p in procs {
            let locals: Vec<(&str, Ty)> = p
                .params
                .iter()
                .map(|a| (a.name.as_str(), a.ty.as_ref().and_then(|t| param_ty(t.as_str())).unwrap_or(Ty::Any)))
                .collect();
            self.script(&p.script, Entry::Script, &locals);
            let player =
                p.params.iter().find(|a| a.ty.as_ref().is_some_and(|t| param_ty(t.as_str()) == Some(Ty::Player)));
            if let (Some(v), Some(param)) = (&p.value, player) {
                let params: Vec<&str> = p.params.iter().map(|a| a.name.as_str()).collect();
                let names = (p.name.as_str(), param.name.as_str(), params.as_slice());
                super::scripts::bare_counter_in(self.env, v, names, &mut self.ps, self.diags);
            }
            self.script(&p.value, Entry::Expr, &locals);
        }
    }

    /// Turn order and phase scripts.
    pub fn turn(&mut self, t: &Option<Turn>) {
        let Some(t) = t else { return };
        self.script(&t.order, Entry::Expr, &[]);
        for ph in &t.phases {
            self.script(&ph.start, Entry::Script, &[]);
            self.script(&ph.can_pass, Entry::Condition, &[]);
            self.script(&ph.end, Entry::Script, &[]);
        }
    }

    /// A faction's `turn: phases:` add their scripts to the game's phases of the same
    /// names (`game`): a name the game has not is a phase that never comes, and its
    /// scripts never run.
    pub fn faction_phases(&mut self, t: &Option<Turn>, game: &[&str]) {
        for ph in t.iter().flat_map(|t| &t.phases) {
            let name = ph.name.as_str();
            if ph.name.is_missing() || game.contains(&name) {
                continue;
            }
            let msg = format!("`{name}` is no phase of the game, so this faction's scripts for it never run");
            let help = match game {
                [] => "the game has no `turn: phases:`: a faction's phases add to the game's".to_string(),
                _ => format!("a faction's phase adds to the game's phase of that name: {}", game.join(", ")),
            };
            let d = Diagnostic::error("unknown-phase", msg, ph.name.file, ph.name.span)
                .with_label("not a phase of the game")
                .with_help(help)
                .with_suggestion(did_you_mean(name, game.iter().copied()));
            self.diags.push(d);
        }
    }

    /// One ability: requirement, cost and effect share bindings.
    pub fn ability(&mut self, a: &Ability) {
        let mut locals: Vec<(&str, Ty)> = vec![];
        match &a.kind {
            AbilityKind::Action(phase) => self.phase_name(phase),
            AbilityKind::When(ev) | AbilityKind::React(_, ev) => {
                let params = check_event(self.env, ev, &mut self.ps, self.diags);
                locals.push(("it", Ty::Any));
                // `uses PROCEDURE`: the procedure's parameters are bound to its arguments.
                locals.extend(params.into_iter().map(|p| (p, Ty::Any)));
            }
            AbilityKind::Static(s) => self.field(s, Entry::Script, &[]),
        }
        for z in a.from() {
            self.zone_name(z);
        }
        // A static ability works while its card is in play, wherever `from:` says.
        if let (AbilityKind::Static(_), Some(z)) = (&a.kind, a.from().first()) {
            let d = Diagnostic::warning("not-carried-out", "a `static:` ability works in play only: `from:` is not read", z.file, z.span)
                .with_label("not read")
                .with_help("to forbid or allow something while a card is held, write it in the scripts that do it (a `require` in the `play:` it limits)");
            self.diags.push(d);
        }
        self.script(&a.used_by, Entry::Expr, &[]);
        let used = matches!(
            a.kind,
            AbilityKind::Action(_) | AbilityKind::React(React::Instead | React::Prevent | React::Response, _)
        );
        if let (Some(l), false) = (a.limit(), used) {
            let d = Diagnostic::error("misplaced-limit", "this kind of ability has no use limit", l.file, l.span)
                .with_label("a limit on a `when:`, `before:` or `static:` ability")
                .with_help("`limit:` counts uses of `action:`, `response:`, `instead:` and `prevent:` abilities");
            self.diags.push(d);
        }
        let mut parts = vec![];
        let mut cost = None;
        if let Some(r) = &a.requires {
            parts.push((r, Entry::Condition));
        }
        if let Some(c) = &a.cost {
            cost = Some(parts.len());
            parts.push((c, Entry::Script));
        }
        if let Some(e) = &a.effect {
            parts.push((e, Entry::Script));
        }
        let scope = Scope { locals: &locals, this: self.this };
        check_sequence(self.env, &parts, cost, scope, &mut self.ps, self.diags);
    }

    fn phase_name(&mut self, phase: &Sp<impl AsRef<str>>) {
        let name = phase.value.as_ref();
        if ACTION_TIMINGS.contains(&name) || self.env.is_phase(name) {
            return;
        }
        let fallback = match self.env.phases.is_empty() {
            true => "the game declares no phases (`turn: { phases: [...] }`): `any`, `turn` or `game`".to_string(),
            false => format!("phases: {}, or `any`, `turn`, `game`", self.env.phases.join(", ")),
        };
        let phases: Vec<&str> = self.env.phases.iter().map(String::as_str).collect();
        self.unknown(phase, "phase", phases, Some(fallback));
    }

    /// A scenario's `phase:` or `advance:`: a phase or step of the game (a timing of
    /// abilities, `any`, `turn` or `game`, is none).
    fn scenario_phase(&mut self, phase: &Sp<impl AsRef<str>>) {
        let name = phase.value.as_ref();
        if self.env.is_phase(name) {
            return;
        }
        let listed = match self.env.phases.is_empty() {
            true => "the game declares no phases (`turn: { phases: [...] }`)".to_string(),
            false => format!("the game's phases and steps: {}", self.env.phases.join(", ")),
        };
        let fallback = match ACTION_TIMINGS.contains(&name) {
            true => format!("`{name}` is when an ability may be used, not a phase; {listed}"),
            false => listed,
        };
        let phases: Vec<&str> = self.env.phases.iter().map(String::as_str).collect();
        self.unknown(phase, "phase", phases, Some(fallback));
    }

    /// A card: its properties and abilities.
    pub fn card(&mut self, c: &Card, props: &[PropSpec]) {
        // `limit:` counts uses of an ability: on the card itself it is a misplaced field,
        // not a property to declare.
        // (Filtered in place, never cloned: the keys are shared between the checking workers,
        // and cloning them would make the workers write to the same reference counts.)
        let misplaced = |k: &Sp<Text>| k.value == "limit" && !props.iter().any(|p| p.name.value == "limit");
        for (k, _) in c.props.iter().filter(|(k, _)| misplaced(k)) {
            let d = Diagnostic::error("misplaced-limit", "a card has no use limit; its abilities do", k.file, k.span)
                .with_label("`limit:` on the card")
                .with_help("move it into the ability it limits, e.g. `- action: main` ... `limit: once per turn`");
            self.diags.push(d);
        }
        self.props(c.props.iter().filter(|(k, _)| !misplaced(k)), props, CARD_FIELDS, "property");
        // In its own scripts `this` is the card: `add 1 vp to this` is a card holding a
        // player's counter, as `add 1 vp to ID` is.
        let outer = std::mem::replace(&mut self.this, Ty::Things);
        self.script(&c.play, Entry::Script, &[]);
        for a in &c.abilities {
            self.ability(a);
        }
        self.this = outer;
    }

    fn props<'p>(
        &mut self,
        given: impl IntoIterator<Item = &'p (Sp<Text>, Sp<Value>)>,
        specs: &[PropSpec],
        fixed: &[&str],
        what: &str,
    ) {
        for (k, v) in given {
            match specs.iter().find(|p| k.value == p.name.value) {
                Some(spec) => self.value(spec, v),
                None => {
                    let names = specs.iter().map(|p| p.name.as_str()).chain(fixed.iter().copied());
                    let section = if what == "attribute" { "board: attributes:" } else { "properties:" };
                    let fallback = if k.value == "<<" {
                        // YAML 1.1's merge key is not part of YAML 1.2, which Twilit reads.
                        "YAML merge keys (`<<: *base`) are not supported: write the fields out".to_string()
                    } else {
                        format!("declare `{}` under `{section}` in game.yaml", k.value)
                    };
                    let k = Sp::new(k.value.to_string(), k.file, k.span);
                    self.unknown(&k, what, names, Some(fallback));
                }
            }
        }
    }

    /// A property value must have the property's type (and be one of its values).
    fn value(&mut self, spec: &PropSpec, v: &Sp<Value>) {
        let ok = match (&spec.ty.value, &v.value) {
            (_, Value::Null) => true,
            (PropType::Number, Value::Int(_)) => true,
            (PropType::Bool, Value::Bool(_)) => true,
            (PropType::Text, _) => !matches!(v.value, Value::List(_) | Value::Map(_)),
            (PropType::Enum, Value::Str(s)) => return self.enum_value(spec, s, v),
            (PropType::List, Value::List(items)) => {
                for i in items.iter() {
                    match &i.value {
                        Value::Str(s) if !spec.values.is_empty() => self.enum_value(spec, s, i),
                        Value::Str(_) => {}
                        _ => self.wrong_type(spec, i),
                    }
                }
                true
            }
            (PropType::List, Value::Str(s)) if !spec.values.is_empty() => return self.enum_value(spec, s, v),
            (PropType::List, Value::Str(_)) => true,
            _ => false,
        };
        if !ok {
            self.wrong_type(spec, v);
        }
    }

    fn wrong_type(&mut self, spec: &PropSpec, v: &Sp<Value>) {
        let want = match prop_ty(spec) {
            Ty::Num => "a number",
            Ty::Bool => "true or false",
            Ty::Str => "text",
            _ if spec.ty.value == PropType::List => "a list of values",
            _ => "one of its values",
        };
        let mut d = Diagnostic::error("wrong-type", format!("`{}` must be {want}", spec.name.value), v.file, v.span);
        if !spec.values.is_empty() {
            let vals: Vec<&str> = spec.values.iter().map(|x| x.as_str()).collect();
            d = d.with_help(format!("values: {}", vals.join(", ")));
        } else if prop_ty(spec) == Ty::Num {
            d = d.with_help("write a whole number, e.g. `3`");
        } else if prop_ty(spec) == Ty::Bool {
            d = d.with_help("write `true` or `false`");
        }
        self.diags.push(d);
    }

    fn enum_value(&mut self, spec: &PropSpec, s: &str, at: &Sp<Value>) {
        if spec.values.iter().any(|x| x.value == s) {
            return;
        }
        let vals: Vec<&str> = spec.values.iter().map(|x| x.as_str()).collect();
        let hint = did_you_mean(s, vals.iter().copied());
        self.diags.push(
            Diagnostic::error(
                "unknown-value",
                format!("`{s}` is not a value of `{}`", spec.name.value),
                at.file,
                at.span,
            )
            .with_help(format!("values: {}", vals.join(", ")))
            .with_suggestion(hint),
        );
    }

    /// Reports `n` as an unknown `what`, suggesting the closest of `candidates` (else `fallback`).
    fn unknown<'c>(
        &mut self,
        n: &Sp<impl AsRef<str>>,
        what: &str,
        candidates: impl IntoIterator<Item = &'c str>,
        fallback: Option<String>,
    ) {
        self.unknown_as(n, what, what, candidates, fallback);
    }

    /// `unknown`, with the code's kind (`unknown-card`) apart from what the message says
    /// the name may be (`card or piece`).
    pub(super) fn unknown_as<'c>(
        &mut self,
        n: &Sp<impl AsRef<str>>,
        code: &str,
        what: &str,
        candidates: impl IntoIterator<Item = &'c str>,
        fallback: Option<String>,
    ) {
        let name = n.value.as_ref();
        let hint = did_you_mean(name, candidates);
        let mut d = Diagnostic::error(&format!("unknown-{code}"), format!("unknown {what} `{name}`"), n.file, n.span)
            .with_help_opt(fallback)
            .with_suggestion(hint);
        // A name that looks right but is not: say which character is not what it seems.
        if let Some(retype) = crate::diag::chars::retype_help(name) {
            d.help = Some(retype);
        }
        self.diags.push(d);
    }

    /// A name that must be one of `known` (a scenario player's role or faction).
    fn one_of(&mut self, n: &Sp<String>, what: &str, known: &[String]) {
        if n.is_missing() || known.contains(&n.value) {
            return;
        }
        let fallback = match known {
            [] => format!("this game declares no {what}s"),
            _ => format!("{what}s: {}", known.join(", ")),
        };
        self.unknown(n, what, known.iter().map(String::as_str), Some(fallback));
    }

    /// The player a step acts or looks as: a scenario player, or a name the game gives
    /// a player when the step runs (`active_player`, a variable of `type: player`), so a
    /// seeded game's scenario can say `player: leader` without reading who it is.
    fn step_player(&mut self, p: &Sp<String>, players: &[&str]) {
        let names_one = p.as_str() == "active_player"
            || matches!(self.env.lookup(p.as_str()), Some(super::env::Sym::Variable(Ty::Player)));
        if !names_one || players.contains(&p.as_str()) {
            self.player(p, players);
        }
    }

    fn player(&mut self, p: &Sp<String>, players: &[&str]) {
        // No players at all was reported where they are listed.
        if players.contains(&p.as_str()) || p.is_missing() || players.is_empty() {
            return;
        }
        let hint = did_you_mean(p.as_str(), players.iter().copied());
        self.diags.push(
            Diagnostic::error("unknown-player", format!("no player `{}` in this scenario", p.value), p.file, p.span)
                .with_help(format!("the scenario's players are: {}", players.join(", ")))
                .with_suggestion(hint),
        );
    }

    /// A name that must be a card id (a label's copy number aside), whatever else the name
    /// means to scripts.
    fn card_id(&mut self, id: &Sp<String>) {
        if id.is_missing() || self.env.is_card(id.as_str()) {
            return;
        }
        let ids: Vec<&str> = self.env.card_ids().collect();
        self.unknown(id, "card", ids, None);
    }

    /// A name that must be defined as a given kind (`card`, `zone`, `counter`).
    fn known(&mut self, n: &Sp<String>, what: &str, kind: super::env::Sym) {
        self.known_or(n, what, kind, None);
    }

    /// Like `known`, with a help for when no name of that kind is close.
    pub(super) fn known_or(&mut self, n: &Sp<String>, what: &str, kind: super::env::Sym, fallback: Option<&str>) {
        if n.is_missing() {
            return;
        }
        let same_kind = |s: &super::env::Sym| std::mem::discriminant(s) == std::mem::discriminant(&kind);
        // A field is read by the name as declared: the plurals scripts accept (`cards in
        // hands`) are not looked for at run time, so `zone: decks` would fail in play.
        let plural = match self.env.resolve(n.as_str()) {
            Some((declared, sym)) if same_kind(sym) => {
                if declared == n.value {
                    return;
                }
                Some(declared)
            }
            _ => None,
        };
        let cands: Vec<&str> = self.env.names().filter(|c| self.env.lookup(c).is_some_and(same_kind)).collect();
        let help = match &plural {
            Some(declared) => {
                Some(format!("write the {what} as declared, `{declared}`: a plural is read in scripts only"))
            }
            None => fallback.map(str::to_string),
        };
        self.unknown(n, what, cands, help);
    }
}
