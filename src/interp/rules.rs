//! The ruleset in run-time form: every script of a game bundle parsed once, card
//! definitions with their property values, abilities, procedures, keywords, phases,
//! zones, pieces, counters, dice and board. Built only from a bundle that checks clean.

use std::collections::BTreeMap;

use crate::fxhash::FxHashMap as HashMap;
use std::sync::Arc;

use super::fields::Compiler;
use crate::check::env::Env;
use crate::diag::Diagnostic;
use crate::engine::{List, Value};
use crate::limits::Limits;
use crate::load::{self, GameBundle, Per, PropType};
use crate::syntax::{self, ast};

pub use super::defs::*;

/// The whole ruleset.
#[derive(Debug)]
pub struct Rules {
    /// The game's id.
    pub game: String,
    /// The bounds it was loaded under; every game played from it starts with them.
    pub limits: Limits,
    /// Names, as the checker resolves them; a compiled name is an index into it.
    pub env: Env,
    /// Each name of `env` by index as a shared string (the value of an enum value, a phase...).
    pub symbols: Vec<crate::text::Text>,
    /// What each of the game's names (and of the symbols its scripts read) means as a
    /// noun, by name and by index (`noun_info`): playing reads a noun's tables there.
    pub(super) noun_table: super::noun_info::NounTable,
    /// The names the events of using an ability carry, made once (`use_ability`).
    pub(super) use_names: super::actions::UseNames,
    /// The names of piece kinds, then of their sides, in declaration order: every state
    /// of these rules starts from this table (`engine::names`).
    pub piece_names: std::sync::Arc<crate::engine::PieceNames>,
    /// Each name of `env` by index: what it stands for at run time.
    pub globals: Vec<super::compile::Global>,
    /// Each name of `env` by index: the built-in relation `NAME of x` reads, when the name
    /// is one and no noun (`relation.rs`).
    pub relations: Vec<Option<super::relation::Rel>>,
    /// Card definitions (faction cards included).
    pub cards: Vec<CardDef>,
    /// For each card (by index), the kinds of listening abilities it has
    /// (`Listening::WHEN | Listening::REACT`), so that an event's search for listeners
    /// skips the cards that have none; `Listening::ACTIVATED` if it has an activated
    /// ability, `Listening::STATIC` if a static one.
    pub listening: Vec<u8>,
    /// Whether some card has an activated ability (`listening` has `ACTIVATED`): when none
    /// has, a player's candidate actions are the plays of their held cards alone.
    pub cards_activate: bool,
    /// Whether some card has a `play:` script of its own (else each plays by the game's).
    pub cards_play: bool,
    /// Whether some faction's (then the game's) ability is asked about by a script (a
    /// response's pattern, a `used_by:`): when none is, a reaction window asks nothing
    /// of their abilities (`Interp::candidates_by`).
    pub(super) scripted_uses: (bool, bool),
    /// Card index by id.
    pub card_ids: HashMap<String, usize>,
    /// Properties by name.
    pub props: HashMap<String, PropInfo>,
    /// An id for each property name a card or the game declares: the index of its value
    /// in every card's `printed`.
    pub prop_ids: HashMap<String, u32>,
    /// The names (`Value::Sym`) cards print, each one text in memory: a printed name is
    /// a given one of them exactly when it is the same pointer (`Other::Name`).
    pub(super) printed_names: crate::text::Texts,
    /// Board attributes by name (the properties of spaces).
    pub attrs: HashMap<String, PropInfo>,
    /// For each enum value, the card properties that have it (board values map to none).
    pub values: HashMap<String, Vec<String>>,
    /// For each enum value the board's spaces hold, which spaces hold it (in board order,
    /// the order `lay_out` makes them in). A space's attributes never change in play, so
    /// whether it "is a" noun is read here rather than searched in its attributes.
    pub space_nouns: HashMap<String, Vec<bool>>,
    /// Which cards print each enum value (`is_a` reads these bits).
    pub nouns: super::compile::Nouns,
    /// Procedures (the factions' too), by the index a compiled call holds
    /// (`ast::Callee::Proc`).
    pub proc_list: Vec<Option<ProcDef>>,
    /// The index in `proc_list` of each procedure's name (a call that was not compiled).
    pub procs: HashMap<String, u32>,
    /// Keywords, by the index a compiled call holds (`ast::Callee::Keyword`): their index
    /// in the checker's keyword table, which also finds them by name.
    pub keyword_list: Vec<Option<ProcDef>>,
    /// Factions.
    pub factions: Vec<FactionDef>,
    /// Phases in order.
    pub phases: Vec<PhaseDef>,
    /// `turn: order:`.
    pub order: Option<Cond>,
    /// Game `play:`.
    pub play: Option<Script>,
    /// Game `setup:`.
    pub setup: Option<Script>,
    /// Fewest and most players.
    pub players: (usize, usize),
    /// Game `end:`.
    pub end: Option<Cond>,
    /// `result: winners:`.
    pub winners: Option<Cond>,
    /// `result: losers:` (absent: everyone but the winners, if any).
    pub losers: Option<Cond>,
    /// `result: scores:` (read with `it` = each player).
    pub scores: Option<Cond>,
    /// `decks:` where a whole game's cards start.
    pub decks: Vec<load::DeckSpec>,
    /// `variables:` with their start values and kinds.
    pub variables: Vec<super::defs::VarDef>,
    /// Game abilities every player may use.
    pub abilities: Vec<AbilityDef>,
    /// Whether some game ability is a triggered one (`when:`), heard with the active
    /// player as `you`.
    pub game_listens: bool,
    /// `match: after:`.
    pub match_after: Option<Script>,
    /// `match: until:` (none: one game is the match).
    pub match_until: Option<Cond>,
    /// `match: keep:` counters carried from game to game.
    pub match_keep: Vec<String>,
    /// The scoring counter.
    pub scoring: Option<String>,
    /// Zones (game and faction).
    pub zones: Vec<load::ZoneSpec>,
    /// Pieces by name: sides.
    pub pieces: HashMap<String, Vec<String>>,
    /// Printed property values of pieces, by piece name.
    pub piece_props: HashMap<String, BTreeMap<String, Value>>,
    /// Piece declarations (game and factions), for the supplies of whole games.
    pub piece_specs: Vec<load::PieceSpec>,
    /// Counters (game and faction).
    pub counters: Vec<load::CounterSpec>,
    /// Dice faces by name.
    pub dice: HashMap<String, Vec<i64>>,
    /// The board.
    pub board: Option<load::Board>,
    /// Properties and counters some static ability modifies (others skip the search).
    pub static_props: crate::fxhash::FxHashSet<String>,
    /// The verbs and procedures some static ability forbids (none: prohibitions are only
    /// script-made), and whether some static ability has a requirement (read at every
    /// prohibition check, forbidding or not): a check of another verb, when none has one,
    /// has no static ability to read.
    static_verbs: Vec<std::sync::Arc<str>>,
    /// The signatures of `static_verbs` (`heard::sig`), or-ed.
    static_verb_sigs: u64,
    static_requires: bool,
    /// The events some ability answers before, instead of or right after them (others
    /// skip the search).
    pub reacts: super::heard::Heard,
    /// The events some ability triggers on (`when:`); others are offered to nobody.
    pub triggers: super::heard::Heard,
    /// The zones named by some ability's `from:` (cards there may listen out of play).
    pub from_zones: std::collections::BTreeSet<String>,
    /// What the statements of the scripts compile to, by statement number (`stmts.rs`):
    /// the expressions that only read, the typed numbers effects count, the moves,
    /// reveals, draws and counter changes compiled once.
    pub(super) stmts: super::stmts::Compiled,
    /// The key of each `defaults:` zone's name, where it finds that zone alone
    /// (`places.rs` `DefaultZone::keys`), by `DefaultZone`.
    pub(super) default_keys: [Option<u32>; 3],
}

/// Converts a YAML value to a run-time value.
pub fn value_of(v: &load::Value) -> Value {
    match v {
        load::Value::Null => Value::Null,
        load::Value::Bool(b) => Value::Bool(*b),
        load::Value::Int(i) => Value::Int(*i),
        load::Value::Float(f) => Value::Int(*f as i64),
        load::Value::Str(s) => Value::Sym(s.clone()),
        load::Value::List(l) => Value::List(l.iter().map(|x| value_of(&x.value)).collect()),
        load::Value::Map(_) => Value::Null,
    }
}

/// A board space's attributes: the board's defaults, then the space's own values.
pub(super) fn space_attrs(attrs: &HashMap<String, PropInfo>, sp: &load::Space) -> BTreeMap<String, Value> {
    let mut out: BTreeMap<String, Value> = attrs.iter().map(|(k, a)| (k.clone(), a.default.clone())).collect();
    out.extend(sp.attrs.iter().map(|(k, v)| (k.value.to_string(), value_of(&v.value))));
    out
}

/// `Rules::space_nouns`: the enum values each space's attributes hold (`select::names`).
fn space_nouns(attrs: &HashMap<String, PropInfo>, board: Option<&load::Board>) -> HashMap<String, Vec<bool>> {
    let spaces = board.map_or(&[][..], |b| &b.spaces[..]);
    let mut out: HashMap<String, Vec<bool>> = HashMap::default();
    for (k, sp) in spaces.iter().enumerate() {
        for v in space_attrs(attrs, sp).values() {
            for x in v.as_slice() {
                if let Value::Sym(s) = x {
                    out.entry(s.to_string()).or_insert_with(|| vec![false; spaces.len()])[k] = true;
                }
            }
        }
    }
    out
}

/// `players: { min, max }` as counts (1 to 64, the most the views can tell apart).
fn players_of(g: &load::Game, limits: &Limits) -> (usize, usize) {
    let get = |f: fn(&load::Players) -> &Option<load::Sp<i64>>| {
        g.players.as_ref().and_then(|p| f(p).as_ref()).map(|n| n.value.clamp(1, limits.players as i64) as usize)
    };
    let min = get(|p| &p.min).unwrap_or(2);
    (min, get(|p| &p.max).unwrap_or(min).max(min))
}

/// A value written for a property (`props`: the declared ones): `value_of`, except that a
/// number or truth written for a `type: text` property is its text (`motto: 7` is `"7"`),
/// as the checker types it.
pub(super) fn prop_value_of(props: &HashMap<String, PropInfo>, prop: &str, v: &load::Value) -> Value {
    typed_value_of(v, props.get(prop).is_some_and(|p| p.text))
}

/// `value_of`, reading a number or truth as text when `text`.
fn typed_value_of(v: &load::Value, text: bool) -> Value {
    match (v, text) {
        (load::Value::Int(n), true) => Value::Sym(n.to_string().into()),
        (load::Value::Bool(b), true) => Value::Sym(b.to_string().into()),
        _ => value_of(v),
    }
}

/// A piece's name with its printed property values.
fn printed(p: &load::PieceSpec, props: &HashMap<String, PropInfo>) -> (String, BTreeMap<String, Value>) {
    let values = p.printed.iter().map(|(k, v)| (k.value.to_string(), prop_value_of(props, &k.value, &v.value)));
    (p.name.value.clone(), values.collect())
}

fn prop_info(p: &load::PropSpec) -> PropInfo {
    let text = p.ty.value == PropType::Text;
    let default = match &p.default {
        Some(d) => typed_value_of(&d.value, text),
        None => match p.ty.value {
            PropType::Number => Value::Int(0),
            PropType::Bool => Value::Bool(false),
            PropType::List => Value::List(List::new()),
            _ => Value::Null,
        },
    };
    PropInfo {
        default,
        text,
        modified: p.modified,
        bounds: (p.min.as_ref().map(|m| m.value), p.max.as_ref().map(|m| m.value)),
    }
}

impl Rules {
    /// Whether the name at index `i` is the built-in `players` (the seated players).
    pub(super) fn names_players(&self, i: u32) -> bool {
        self.globals.get(i as usize) == Some(&super::compile::Global::Builtin(super::compile::Builtin::Players))
    }

    /// Compiles a bundle. Fails with diagnostics when it has no game or a script does not parse.
    pub fn compile(bundle: &GameBundle) -> Result<Rules, Vec<Diagnostic>> {
        let mut diags = vec![];
        let env = crate::check::build_env(bundle, &mut diags);
        diags.retain(|d| d.severity == crate::diag::Severity::Error);
        let Some(g) = &bundle.game else {
            return Err(diags);
        };
        // Calls name procedures by index: the distinct names, the game's then the factions'.
        let mut procs: HashMap<String, u32> = HashMap::default();
        for p in g.procedures.iter().chain(bundle.factions.iter().flat_map(|f| &f.procedures)) {
            let next = procs.len() as u32;
            procs.entry(p.name.value.clone()).or_insert(next);
        }
        // The zones that are each player's wherever declared (the game's, the factions').
        let zones = || g.zones.iter().chain(bundle.factions.iter().flat_map(|f| &f.zones));
        let shared: crate::fxhash::FxHashSet<&str> =
            zones().filter(|z| z.per == Per::Game).map(|z| z.name.value.as_str()).collect();
        let player_zones = zones()
            .filter(|z| z.per == Per::Player && !shared.contains(z.name.value.as_str()))
            .map(|z| z.name.value.clone())
            .collect();
        let names = super::compile::Resolver::new(&env, &procs, player_zones);
        let mut cx = Compiler {
            diags: &mut diags,
            names: &names,
            blocks: HashMap::default(),
            exprs: HashMap::default(),
            limits: bundle.limits,
        };
        let mut rules = Rules::base(g, &mut cx);
        rules.add_scripts(g, bundle, (&env, &procs), &mut cx);
        let faction_cards =
            bundle.factions.iter().flat_map(|f| f.cards.iter().map(move |c| (c, Some(&f.faction.value))));
        for (c, faction) in bundle.cards.iter().map(|c| (c, None)).chain(faction_cards) {
            let mut def = cx.card(c, &rules.props);
            def.faction = faction.cloned();
            rules.card_ids.insert(def.id.clone(), rules.cards.len());
            rules.cards.push(def);
        }
        for f in &bundle.factions {
            rules.add_faction(f, &mut cx);
        }
        rules.procs = procs;
        rules.number_props();
        rules.symbols = super::compile::symbols(&env);
        rules.env = env;
        rules.find_statics();
        rules.globals = super::compile::globals(&rules);
        rules.relations = super::eval::relations(&rules.env);
        rules.nouns = super::compile::Nouns::of(&rules);
        let all = rules.cards.iter().flat_map(|c| &c.abilities).chain(rules.factions.iter().flat_map(|f| &f.abilities));
        let all: Vec<&AbilityDef> = all.chain(&rules.abilities).collect();
        for a in &all {
            match &a.head {
                Head::React(_, p) => rules.reacts.add(p, &rules.env),
                Head::When(p) => rules.triggers.add(p, &rules.env),
                _ => {}
            }
        }
        rules.from_zones = all.iter().flat_map(|a| a.from.iter().cloned()).collect();
        rules.game_listens = rules.abilities.iter().any(|a| matches!(a.head, Head::When(_)));
        rules.resolve_timings();
        rules.space_nouns = space_nouns(&rules.attrs, rules.board.as_ref());
        // Before the conditions: their nodes keep the ids of the nouns they count.
        let kinds = rules.piece_specs.iter().map(|p| p.name.value.as_str());
        let sides = rules.piece_specs.iter().flat_map(|p| p.sides.iter().map(|s| s.value.as_str()));
        rules.piece_names = std::sync::Arc::new(crate::engine::PieceNames::of(kinds.chain(sides)));
        rules.make_noun_table();
        super::conds::compile_conds(&mut rules);
        rules.stmts = super::stmts::compile(&rules);
        rules.default_keys = super::places::DefaultZone::keys(&rules);
        rules.index_abilities();
        rules.use_names = super::actions::UseNames::of(&rules);
        if diags.is_empty() {
            Ok(rules)
        } else {
            Err(diags)
        }
    }

    /// The kinds of each card's abilities, as bits per card (`listening`), and whether any
    /// card has an activated ability.
    fn index_abilities(&mut self) {
        let of = |c: &CardDef| c.abilities.iter().map(super::compile::Listening::of).fold(0, |a, b| a | b);
        self.listening = self.cards.iter().map(of).collect();
        self.cards_activate = self.listening.iter().any(|l| l & super::compile::Listening::ACTIVATED != 0);
        self.cards_play = self.cards.iter().any(|c| c.play.is_some());
        let scripted = |a: &AbilityDef| a.asked_by_script();
        let factions = self.factions.iter().any(|f| f.abilities.iter().any(scripted));
        self.scripted_uses = (factions, self.abilities.iter().any(scripted));
    }

    /// Resolves every activated ability's timing against the phases (`Timing`).
    fn resolve_timings(&mut self) {
        let phases = &self.phases;
        let cards = self.cards.iter_mut().flat_map(|c| &mut c.abilities);
        let all = cards.chain(self.factions.iter_mut().flat_map(|f| &mut f.abilities)).chain(&mut self.abilities);
        for a in all {
            if let Head::Action(t) = &a.head {
                a.timing = super::defs::Timing::of(t, phases);
            }
        }
    }

    /// Gives every property name an id and each card its printed values by id.
    fn number_props(&mut self) {
        let names = self.props.keys().chain(self.cards.iter().flat_map(|c| c.props.keys()));
        for n in names {
            let next = self.prop_ids.len() as u32;
            self.prop_ids.entry(n.clone()).or_insert(next);
        }
        let mut by_id: Vec<&str> = vec![""; self.prop_ids.len()];
        for (n, &i) in &self.prop_ids {
            by_id[i as usize] = n;
        }
        let default = |n: &str| self.props.get(n).map(|p| p.default.clone()).unwrap_or(Value::Null);
        // Printed names shared: equal ones are then one pointer (`printed_names`).
        let names = &mut self.printed_names;
        let mut shared = |v: Value| match v {
            Value::Sym(t) => Value::Sym(names.get(&t)),
            v => v,
        };
        let printed: Vec<Box<[Value]>> = (self.cards.iter())
            .map(|c| by_id.iter().map(|n| shared(c.props.get(*n).cloned().unwrap_or_else(|| default(n)))).collect())
            .collect();
        for (c, p) in self.cards.iter_mut().zip(printed) {
            c.printed = p;
        }
    }

    /// The game's definitions that hold no script to speak of: properties, zones, pieces,
    /// counters, dice, board; and its `play:`, `setup:` and `end:`.
    fn base(g: &load::Game, cx: &mut Compiler) -> Rules {
        let mut props = HashMap::default();
        let mut attrs = HashMap::default();
        let mut values: HashMap<String, Vec<String>> = HashMap::default();
        for p in &g.properties {
            props.insert(p.name.value.clone(), prop_info(p));
            for v in &p.values {
                values.entry(v.value.clone()).or_default().push(p.name.value.clone());
            }
        }
        for a in g.board.iter().flat_map(|b| &b.attributes) {
            attrs.insert(a.name.value.clone(), prop_info(a));
            for v in &a.values {
                values.entry(v.value.clone()).or_default();
            }
        }
        let piece_props = g.pieces.iter().map(|p| printed(p, &props)).collect();
        Rules {
            game: g.game.value.clone(),
            env: Env::default(),
            symbols: vec![],
            noun_table: Default::default(),
            globals: vec![],
            relations: vec![],
            cards: vec![],
            listening: vec![],
            cards_activate: false,
            cards_play: false,
            scripted_uses: (false, false),
            card_ids: HashMap::default(),
            props,
            prop_ids: HashMap::default(),
            printed_names: Default::default(),
            attrs,
            values,
            space_nouns: HashMap::default(),
            use_names: Default::default(),
            piece_names: Default::default(),
            nouns: Default::default(),
            procs: HashMap::default(),
            proc_list: vec![],
            keyword_list: vec![],
            factions: vec![],
            phases: vec![],
            order: None,
            play: g.play.as_ref().and_then(|s| cx.script(s)),
            setup: g.setup.as_ref().and_then(|s| cx.script(s)),
            players: players_of(g, &cx.limits),
            limits: cx.limits,
            end: g.end.as_ref().and_then(|s| cx.cond(s)),
            winners: g.result.as_ref().and_then(|r| r.winners.as_ref()).and_then(|s| cx.cond(s)),
            losers: g.result.as_ref().and_then(|r| r.losers.as_ref()).and_then(|s| cx.cond(s)),
            scores: g.result.as_ref().and_then(|r| r.scores.as_ref()).and_then(|s| cx.cond(s)),
            decks: g.decks.clone(),
            variables: g
                .variables
                .iter()
                .map(|v| super::defs::VarDef {
                    name: v.name.value.clone(),
                    start: v.start.as_ref().and_then(|s| cx.cond(s)),
                    ty: v.ty.value.clone(),
                    kind: ParamKind::of(&v.ty.value),
                    one: super::defs::VarDef::holds_one(&v.ty.value),
                })
                .collect(),
            abilities: g.abilities.iter().filter_map(|a| cx.ability(a)).collect(),
            game_listens: false,
            match_after: g.matches.as_ref().and_then(|m| m.after.as_ref()).and_then(|s| cx.script(s)),
            match_until: g.matches.as_ref().and_then(|m| m.until.as_ref()).and_then(|s| cx.cond(s)),
            match_keep: g.matches.iter().flat_map(|m| m.keep.iter().map(|k| k.value.clone())).collect(),
            scoring: g.scoring.as_ref().map(|s| s.value.clone()),
            zones: g.zones.clone(),
            pieces: g.pieces.iter().map(|p| (p.name.value.clone(), sides(p))).collect(),
            piece_specs: g.pieces.clone(),
            piece_props,
            counters: g.counters.clone(),
            dice: g.dice.iter().map(|d| (d.name.value.clone(), d.faces.iter().map(|f| f.value).collect())).collect(),
            board: g.board.clone(),
            static_props: Default::default(),
            static_verbs: vec![],
            static_verb_sigs: 0,
            static_requires: false,
            reacts: Default::default(),
            triggers: Default::default(),
            from_zones: Default::default(),
            stmts: Default::default(),
            default_keys: Default::default(),
        }
    }

    /// Keywords, procedures (the factions' too) and the turn. Keywords are filed by their
    /// index in the checker's table, procedures by their index in `procs` (the distinct
    /// names, in order); a name defined again takes the last definition.
    fn add_scripts(
        &mut self,
        g: &load::Game,
        bundle: &GameBundle,
        names: (&Env, &HashMap<String, u32>),
        cx: &mut Compiler,
    ) {
        let (env, procs) = names;
        self.keyword_list = (0..env.keywords.len()).map(|_| None).collect();
        for k in &g.keywords {
            let Ok(sig) = syntax::parse_keyword_sig(&k.sig.text) else { continue };
            let params: Vec<Arc<str>> = sig.params.iter().map(|p| p.name.name.clone()).collect();
            let kinds = super::defs::ParamKind::of_all(sig.params.iter().map(|p| p.ty.as_ref().map(|t| &*t.name)));
            let (Some(i), Some(body)) = (env.keywords.get_index_of(&*sig.name.name), cx.body_script(&k.body, &params))
            else {
                continue;
            };
            self.keyword_list[i] =
                Some(ProcDef { name: sig.name.name.clone(), params, kinds, body: Body::Script(body) });
        }
        self.proc_list = (0..procs.len()).map(|_| None).collect();
        for p in g.procedures.iter().chain(bundle.factions.iter().flat_map(|f| &f.procedures)) {
            let (Some(&i), Some(def)) = (procs.get(&p.name.value), cx.procedure(p)) else { continue };
            self.proc_list[i as usize] = Some(def);
        }
        if let Some(t) = &g.turn {
            self.order = t.order.as_ref().and_then(|s| cx.cond(s));
            for ph in &t.phases {
                self.phases.push(PhaseDef {
                    name: ph.name.value.as_str().into(),
                    steps: ph.steps.iter().map(|s| s.value.as_str().into()).collect(),
                    start: ph.start.as_ref().and_then(|s| cx.script(s)),
                    actions: ph.actions,
                    can_pass: ph.can_pass.as_ref().and_then(|s| cx.cond(s)),
                    end: ph.end.as_ref().and_then(|s| cx.script(s)),
                });
            }
        }
    }

    /// A faction's properties, zones, counters, pieces, phase scripts, abilities and setup.
    fn add_faction(&mut self, f: &load::Faction, cx: &mut Compiler) {
        for p in &f.properties {
            self.props.insert(p.name.value.clone(), prop_info(p));
            for v in &p.values {
                self.values.entry(v.value.clone()).or_default().push(p.name.value.clone());
            }
        }
        self.zones.extend(f.zones.iter().cloned());
        self.counters.extend(f.counters.iter().cloned());
        self.pieces.extend(f.pieces.iter().map(|p| (p.name.value.clone(), sides(p))));
        self.piece_specs.extend(f.pieces.iter().cloned());
        let props = &self.props;
        self.piece_props.extend(f.pieces.iter().map(|p| printed(p, props)));
        let (mut phases, mut starts) = (HashMap::default(), HashMap::default());
        for ph in f.turn.iter().flat_map(|t| &t.phases) {
            if let Some(s) = ph.end.as_ref().and_then(|s| cx.script(s)) {
                phases.insert(ph.name.value.clone(), s);
            }
            if let Some(s) = ph.start.as_ref().and_then(|s| cx.script(s)) {
                starts.insert(ph.name.value.clone(), s);
            }
        }
        self.factions.push(FactionDef {
            id: f.faction.value.clone(),
            abilities: f.abilities.iter().filter_map(|a| cx.ability(a)).collect(),
            phases,
            starts,
            setup: f.setup.as_ref().and_then(|s| cx.script(s)),
        });
    }

    /// What static abilities can modify or forbid, so reads can skip the search otherwise.
    fn find_statics(&mut self) {
        let statics =
            self.cards.iter().flat_map(|c| &c.abilities).chain(self.factions.iter().flat_map(|f| &f.abilities));
        for a in statics {
            let Head::Static(s) = &a.head else { continue };
            self.static_requires |= a.requires.is_some();
            for st in &s.block.stmts {
                match &st.kind {
                    ast::StmtKind::Modify { prop, .. } => {
                        self.static_props.insert(prop.name.to_string());
                    }
                    ast::StmtKind::Forbid(f) => {
                        for verb in &f.actions {
                            if !self.static_verbs.contains(&verb.name) {
                                self.static_verbs.push(verb.name.clone());
                                self.static_verb_sigs |= super::heard::sig(&verb.name);
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
    }

    /// Whether some static ability forbids something (else prohibitions are only
    /// script-made).
    pub fn static_bans(&self) -> bool {
        !self.static_verbs.is_empty()
    }

    /// Whether a prohibition check of `verb` must read the static abilities in effect:
    /// one may forbid it, or has a requirement that every check reads.
    pub(super) fn statics_may_forbid(&self, verb: &str) -> bool {
        // A verb whose signature none of them has is none of them: asked at every effect
        // of a game with such abilities, mostly of verbs they do not forbid.
        self.static_requires
            || (self.static_verb_sigs & super::heard::sig(verb) != 0 && self.static_verbs.iter().any(|v| &**v == verb))
    }

    /// The phase index of a phase or step name, and the step index if it is a step.
    pub fn phase_index(&self, name: &str) -> Option<(usize, Option<usize>)> {
        self.phases.iter().enumerate().find_map(|(i, p)| {
            if &*p.name == name {
                Some((i, None))
            } else {
                p.steps.iter().position(|s| &**s == name).map(|s| (i, Some(s)))
            }
        })
    }

    /// The script that plays card `c`: its own `play:`, else the game's.
    pub fn play_script(&self, c: usize) -> Option<&Script> {
        if !self.cards_play {
            // No card's definition need be read (a large stride: most often a cache miss).
            return self.play.as_ref();
        }
        self.cards[c].play.as_ref().or(self.play.as_ref())
    }

    /// The keyword or procedure a `Running` names.
    pub fn callee(&self, id: super::Running) -> Option<&ProcDef> {
        let list = if id.keyword { &self.keyword_list } else { &self.proc_list };
        list.get(id.index as usize)?.as_ref()
    }

    /// Where ability `i` of the game (`faction: None`) or of faction `f` stands in the
    /// list `Interp::ability_uses` counts: the game's abilities, then each faction's in
    /// file order.
    pub fn ability_slot(&self, faction: Option<usize>, i: usize) -> usize {
        match faction {
            None => i,
            Some(f) => self.abilities.len() + self.factions[..f].iter().map(|d| d.abilities.len()).sum::<usize>() + i,
        }
    }

    /// The faction definition with this id.
    pub fn faction(&self, id: &str) -> Option<&FactionDef> {
        self.factions.iter().find(|f| f.id == id)
    }
}

fn sides(p: &load::PieceSpec) -> Vec<String> {
    p.sides.iter().map(|s| s.value.clone()).collect()
}
