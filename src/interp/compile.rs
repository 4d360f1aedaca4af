//! Compiling checked scripts: every name the checker resolved to a game's or the
//! language's definition is turned into its index in the checker's name table
//! (`ast::Res::Global`), so evaluating it neither hashes nor compares strings. The
//! checker's `Env` stays the one source of truth: the index is `Env::index_of`. Also the
//! tables the rules keep beside their scripts so that playing looks nothing up by text:
//! what each name stands for (`Global`), which cards print each enum value (`Nouns`),
//! which cards listen for events (`Listening`) and the names of rounds and turns.
//!
//! Invariant: a name is compiled as global only if nothing can bind it while the script
//! runs — no `let` or `for each` of the script binds it, no procedure or keyword has a
//! parameter of that name (a procedure's body and a `uses` trigger see those bound), and
//! it is not `it`. Debug builds assert at every evaluation that no binding hides it.
//! `it` itself is compiled (`Res::It`: read from `Ctx::it`, no binding searched) when the
//! script binds no local of that name.

use crate::check::env::{Env, Sym, FUNCTIONS};
use crate::engine::CounterId;
use crate::fxhash::FxHashSet;
use crate::load::CounterOn;
use crate::syntax::ast::{
    Block, Call, CallKind, Callee, ClauseKind, Expr, ExprKind, FilterKind, QuantityKind, Res, StmtKind, Verb,
};
use crate::syntax::visit;

/// Resolves the names of one game's scripts.
pub(super) struct Resolver<'e> {
    env: &'e Env,
    /// Names some procedure or keyword binds as a parameter.
    params: FxHashSet<&'e str>,
    /// The game's procedures (the factions' too), by name: their index in `Rules::proc_list`
    /// (the map that becomes `Rules::procs`).
    procs: &'e crate::fxhash::FxHashMap<String, u32>,
    /// The zones every declaration of which is `per: player` (`private_body`).
    player_zones: FxHashSet<String>,
}

impl<'e> Resolver<'e> {
    /// A resolver over a game's names and procedures (`procs`: each name's index in
    /// `Rules::proc_list`).
    pub(super) fn new(
        env: &'e Env,
        procs: &'e crate::fxhash::FxHashMap<String, u32>,
        player_zones: FxHashSet<String>,
    ) -> Self {
        Resolver { env, params: env.param_names().collect(), procs, player_zones }
    }

    /// Resolves the names and calls of a procedure's (or keyword's) body, whose
    /// parameters `params` its call binds first.
    pub(super) fn body(&self, b: &mut Block, params: &[std::sync::Arc<str>]) {
        crate::check::regroup::block(self.env, b);
        let mut bound = vec![];
        visit::bound_names(b, &mut bound);
        visit::block_exprs_mut(b, &mut |e| self.expr_node(e, &bound));
        // What is left unresolved and the script binds itself is read from its slot.
        super::slots::block(b, params);
        visit::block_stmts_mut(b, &mut |s| match &mut s.kind {
            StmtKind::Call(c) => self.call(c),
            // What `set` names is a game's name: no local can be set.
            StmtKind::Set { prop, res, .. } => {
                if let Some(i) = self.env.index_of(&prop.name) {
                    *res = Res::Global(i);
                }
            }
            _ => {}
        });
        // After the names: the analysis reads what they resolved to.
        visit::block_stmts_mut(b, &mut |s| {
            if let StmtKind::As { body, simultaneous: true, private, .. } = &mut s.kind {
                *private = self.private_body(body);
            }
        });
    }

    /// Whether a simultaneous block only moves the acting player's things between the
    /// acting player's zones: each statement a `move` of cards or pieces `in`/`from` one
    /// of your zones (maybe chosen) `to`/`into` one of your zones, counted by plain
    /// numbers, maybe `face up`/`down`; or an `if` on `exists`/`count` of such things.
    /// Then no player's block reads what another's writes, and `secret` may run each
    /// once (when nothing listens, forbids or watches; see there). Anything else (a
    /// property, a roll, a call, a variable) is not analysed: `false`.
    fn private_body(&self, b: &Block) -> bool {
        !b.stmts.is_empty() && b.stmts.iter().all(|s| self.private_stmt(&s.kind))
    }

    fn private_stmt(&self, s: &StmtKind) -> bool {
        match s {
            StmtKind::Effect(e) => {
                let dest =
                    |k: &ClauseKind| matches!(k, ClauseKind::To(_) | ClauseKind::Into(_) | ClauseKind::ToEnd(..));
                e.verb == Verb::Move
                    && !e.objects.is_empty()
                    && e.objects.iter().all(|o| self.own_things(o))
                    && e.clauses.iter().any(|c| dest(&c.kind))
                    && e.clauses.iter().all(|c| match &c.kind {
                        ClauseKind::To(z) | ClauseKind::Into(z) | ClauseKind::ToEnd(_, z) => self.own_zone(z),
                        ClauseKind::Face(_) => true,
                        _ => false,
                    })
            }
            StmtKind::If { cond, then, otherwise } => {
                self.own_cond(cond)
                    && self.private_body(then)
                    && otherwise.as_ref().is_none_or(|b| self.private_body(b))
            }
            _ => false,
        }
    }

    /// A condition on how many of your things there are: `exists`/`count` of them,
    /// numbers, comparisons, `and`, `or`, `not`.
    fn own_cond(&self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Int(_) | ExprKind::Bool(_) => true,
            ExprKind::Unary(_, x) => self.own_cond(x),
            ExprKind::Binary(_, a, b) => self.own_cond(a) && self.own_cond(b),
            ExprKind::Call(c) => {
                matches!(c.callee, Callee::Builtin(i) if matches!(FUNCTIONS[i as usize].0, "exists" | "count"))
                    && matches!(&c.args[..], [x] if self.own_things(x))
            }
            _ => false,
        }
    }

    /// Cards or pieces in one of your zones, counted by a plain number, or chosen so.
    fn own_things(&self, e: &Expr) -> bool {
        let number = |e: &Expr| matches!(e.kind, ExprKind::Int(_));
        let ExprKind::Select { quantity, base, filters } = &e.kind else {
            return matches!(&e.kind, ExprKind::Choose(x, _) if self.own_things(x));
        };
        let counted = match quantity.as_ref().map(|q| &q.kind) {
            None | Some(QuantityKind::All | QuantityKind::One | QuantityKind::AnyNumber) => true,
            Some(QuantityKind::Exactly(n) | QuantityKind::UpTo(n)) => number(n),
            Some(QuantityKind::Top(n) | QuantityKind::Bottom(n)) => n.as_deref().is_none_or(number),
            Some(QuantityKind::Each) => false,
        };
        // Every card or every piece: the built-in nouns, read as `globals` reads them.
        let kind = |e: &Expr| match &e.kind {
            ExprKind::Name(_, Res::Global(i)) => self.env.entry(*i).is_some_and(|(c, s)| {
                matches!(s, Sym::Builtin(_)) && matches!(Builtin::of(c), Builtin::Cards | Builtin::Pieces)
            }),
            _ => false,
        };
        let place = |k: &FilterKind| matches!(k, FilterKind::In(z) | FilterKind::From(z) if self.own_zone(z));
        let from = match (&base.kind, &filters[..]) {
            // `top card of hand`
            (ExprKind::Of(k, z), []) => kind(k) && self.own_zone(z),
            // `1 card from hand`
            (_, [f]) => kind(base) && place(&f.kind),
            _ => false,
        };
        counted && from
    }

    /// One of your zones: a player's zone named alone (the acting player's) or `of you`.
    fn own_zone(&self, e: &Expr) -> bool {
        let zone = |e: &Expr| match &e.kind {
            ExprKind::Name(_, Res::Global(i)) => {
                self.env.entry(*i).is_some_and(|(c, s)| matches!(s, Sym::Zone) && self.player_zones.contains(c))
            }
            _ => false,
        };
        match &e.kind {
            ExprKind::Of(z, p) => zone(z) && matches!(p.kind, ExprKind::You),
            _ => zone(e),
        }
    }

    /// Resolves the names and calls of an expression (a condition or a value).
    pub(super) fn expr(&self, e: &mut Expr) {
        crate::check::regroup::expr(self.env, e);
        visit::expr_mut(e, &mut |x| self.expr_node(x, &[]));
    }

    /// Resolves a value procedure's body, whose parameters `params` its call binds.
    pub(super) fn value_body(&self, e: &mut Expr, params: &[std::sync::Arc<str>]) {
        self.expr(e);
        super::slots::expr(e, params);
    }

    /// One expression node: a name, or a call.
    fn expr_node(&self, e: &mut Expr, bound: &[String]) {
        match &mut e.kind {
            ExprKind::Call(c) => self.call(c),
            _ => self.name(e, bound),
        }
    }

    /// A call's callee: a keyword, else a procedure, else a built-in function (the
    /// order `Interp::call` looks them up in by name).
    fn call(&self, c: &mut Call) {
        let name = &*c.name.name;
        c.callee = match c.kind {
            CallKind::Keyword => match self.env.keywords.get_index_of(name) {
                Some(i) => Callee::Keyword(i as u32),
                None => Callee::Unresolved,
            },
            CallKind::Function => match (self.procs.get(name), FUNCTIONS.iter().position(|f| f.0 == name)) {
                (Some(&i), _) => Callee::Proc(i),
                (None, Some(i)) => Callee::Builtin(i as u32),
                (None, None) => Callee::Unresolved,
            },
        };
    }

    fn name(&self, e: &mut Expr, bound: &[String]) {
        let ExprKind::Name(n, res) = &mut e.kind else { return };
        if self.params.contains(n.as_str()) || bound.iter().any(|b| b == n) {
            return;
        }
        if n == "it" {
            *res = Res::It;
            return;
        }
        if let Some(i) = self.env.index_of(n) {
            *res = Res::Global(i);
        }
    }
}

/// Every canonical name of a game as a shared string, by index, so a name that stands
/// for itself (an enum value, a phase, a side) evaluates to a copy of a pointer.
pub(super) fn symbols(env: &Env) -> Vec<crate::text::Text> {
    (0..env.len() as u32).filter_map(|i| env.entry(i)).map(|(k, _)| k.into()).collect()
}

/// What a game's name stands for when a script reads it, resolved once when the rules
/// compile (`Rules::globals`, by the name's index), so reading it looks nothing up by
/// string: a zone by its key in the state's zone index, a counter by its id, a property
/// by its id, a built-in by its variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Global {
    /// A zone: the name's index is its key in every state's zone index (`lay_out`).
    Zone,
    /// A board space (a shared zone), keyed the same way.
    Space,
    /// A counter: its id in every state laid out from the rules, what it is kept on, and
    /// whether a static ability may modify it.
    Counter(CounterId, CounterOn, bool),
    /// A property: its id in the cards' printed values, if cards print it, and whether a
    /// static ability may modify it.
    Property(Option<u32>, bool),
    /// A game variable: its id in every state laid out from the rules (`lay_out`
    /// declares them first, in the order of `variables:`).
    Variable(crate::engine::VarId),
    /// A built-in name.
    Builtin(Builtin),
    /// Any other name (read through the name table).
    Other,
}

/// The built-in names a script reads as values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Builtin {
    /// `opponents` (`opponent`, `enemy`, `enemies`): the other players, clockwise.
    Opponents,
    /// `players` (`player`): the seated players.
    Players,
    /// `yours`: the acting player.
    Yours,
    /// `none`.
    Nothing,
    /// `active_player`.
    ActivePlayer,
    /// `cards` (`card`): every card.
    Cards,
    /// `pieces` (`piece`): every piece.
    Pieces,
    /// `spaces` (`space`): the board's spaces, or the candidate's space.
    Spaces,
    /// A relation of the candidate: `owner`, `zone`, `exhausted`, ...
    Relation,
    /// `turn`, the turn number.
    Turn,
    /// `round`, the round number.
    Round,
    /// `phase`, the current phase.
    Phase,
    /// `step`, the current step.
    Step,
    /// Any other built-in (a period name, or one that needs `of`).
    Other,
}

impl Builtin {
    fn of(name: &str) -> Builtin {
        match name {
            "opponent" | "opponents" | "enemy" | "enemies" => Builtin::Opponents,
            "player" | "players" => Builtin::Players,
            "yours" => Builtin::Yours,
            "none" => Builtin::Nothing,
            "active_player" => Builtin::ActivePlayer,
            "card" | "cards" => Builtin::Cards,
            "piece" | "pieces" => Builtin::Pieces,
            "space" | "spaces" => Builtin::Spaces,
            n if crate::check::env::is_thing_relation(n) => Builtin::Relation,
            "turn" => Builtin::Turn,
            "round" => Builtin::Round,
            "phase" => Builtin::Phase,
            "step" => Builtin::Step,
            _ => Builtin::Other,
        }
    }
}

/// The run-time meaning of every name of `env`, by index. Counter ids follow the order
/// `lay_out` declares the rules' counters in (first of each name), which is the order of
/// ids in every state laid out from these rules.
pub(super) fn globals(rules: &super::Rules) -> Vec<Global> {
    let mut counters: Vec<(&str, CounterOn)> = vec![];
    for c in &rules.counters {
        if !counters.iter().any(|(n, _)| *n == c.name.value) {
            counters.push((&c.name.value, c.on));
        }
    }
    // The variables' ids, as `lay_out` declares them (first of each name).
    let mut variables: Vec<&str> = vec![];
    for v in &rules.variables {
        if !variables.contains(&v.name.as_str()) {
            variables.push(&v.name);
        }
    }
    let env = &rules.env;
    let global = |(name, sym): (&str, &Sym)| match sym {
        Sym::Zone => Global::Zone,
        Sym::Space => Global::Space,
        Sym::Counter { .. } => match counters.iter().position(|(n, _)| *n == name) {
            Some(id) => Global::Counter(id as CounterId, counters[id].1, rules.static_props.contains(name)),
            None => Global::Other,
        },
        Sym::Property(_) => Global::Property(rules.prop_ids.get(name).copied(), rules.static_props.contains(name)),
        Sym::Builtin(_) => Global::Builtin(Builtin::of(name)),
        Sym::Variable(_) => match variables.iter().position(|v| *v == name) {
            Some(id) => Global::Variable(id as crate::engine::VarId),
            None => Global::Other,
        },
        _ => Global::Other,
    };
    (0..env.len() as u32).map(|i| env.entry(i).map_or(Global::Other, global)).collect()
}

/// Enum membership of cards, precomputed: for each enum value (a noun such as `dwarf`),
/// which cards print it in one of the properties that can hold it. `is_a` answers from
/// these bits while nothing could change those properties (no static ability modifies
/// them, no modifier in effect, no value assigned to the card).
#[derive(Debug, Default)]
pub struct Nouns {
    /// Each enum value: its bit, the properties that can hold it, whether a static ability
    /// modifies one of them.
    ids: crate::fxhash::FxHashMap<String, (u32, Vec<String>, bool)>,
    /// Each card's bits, by card index.
    cards: Vec<Vec<u64>>,
}

impl Nouns {
    /// The memberships of the rules' cards (after their printed values and statics).
    pub(super) fn of(rules: &super::Rules) -> Nouns {
        let mut ids = crate::fxhash::FxHashMap::default();
        for (noun, props) in &rules.values {
            let statics = props.iter().any(|p| rules.static_props.contains(p));
            let id = ids.len() as u32;
            ids.insert(noun.clone(), (id, props.clone(), statics));
        }
        let words = ids.len().div_ceil(64);
        let cards = (rules.cards.iter())
            .map(|c| {
                let mut bits = vec![0u64; words];
                for (noun, (id, props, _)) in &ids {
                    let printed = |p: &String| rules.prop_ids.get(p).map(|&i| &c.printed[i as usize]);
                    if props.iter().filter_map(printed).any(|v| super::select::names(v, noun)) {
                        bits[*id as usize / 64] |= 1 << (id % 64);
                    }
                }
                bits
            })
            .collect();
        Nouns { ids, cards }
    }

    /// The bit of `noun`, and whether a static ability modifies one of the properties
    /// that hold it (`NounInfo::bit`, found once per noun).
    pub(super) fn bit(&self, noun: &str) -> Option<(u32, bool)> {
        self.ids.get(noun).map(|(id, _, statics)| (*id, *statics))
    }

    /// Whether card `card` prints the noun whose bit is `id` (`NounInfo::settled`).
    pub(super) fn card_has(&self, card: usize, id: u32) -> Option<bool> {
        Some(self.cards.get(card)?[id as usize / 64] & (1 << (id % 64)) != 0)
    }
}

/// The kinds of abilities that listen for events, as bits (`Rules::listening`).
pub struct Listening;

impl Listening {
    /// A triggered ability (`when:`).
    pub const WHEN: u8 = 1;
    /// An ability that answers an event (`before:`, `instead:`, `prevent:`, `response:`).
    pub const REACT: u8 = 2;
    /// An activated ability (no listener, but kept in the same bits: the search for a
    /// player's actions skips the cards that have none).
    pub const ACTIVATED: u8 = 4;
    /// A static ability (no listener either: the search for the static abilities in play
    /// skips the cards that have none).
    pub const STATIC: u8 = 8;
    /// An activated ability a search must ask about even where it cannot offer it
    /// (`AbilityDef::asked_by_script`): a reaction window's search skips the cards with
    /// none.
    pub const BY_SCRIPT: u8 = 16;

    pub(super) fn of(a: &super::rules::AbilityDef) -> u8 {
        let used = if a.is_activated() { Listening::ACTIVATED } else { 0 };
        let by_script = if a.asked_by_script() { Listening::BY_SCRIPT } else { 0 };
        used | by_script
            | match a.head {
                super::rules::Head::When(_) => Listening::WHEN,
                super::rules::Head::React(..) => Listening::REACT,
                super::rules::Head::Static(_) => Listening::STATIC,
                _ => 0,
            }
    }
}
