//! Triggered abilities. Every logged event is offered, in log order, to the `when:`
//! abilities of the cards in play (and of the event's own card, and of factions).
//! Matching abilities resolve in seat order from the active player, then in table
//! order; each resolves like an activated one, and a refused trigger is undone alone.

use crate::engine::{Dest, Event, EventKind, PlayerId, Value};
use crate::syntax::ast::*;

use super::actions::Source;
use super::rules::{AbilityDef, Head};
use super::{Ctx, Halt, Interp, R};

/// A triggered ability ready to resolve.
struct Pending<'r> {
    /// Borrowed from the rules, which outlive the game.
    ability: &'r AbilityDef,
    src: Source,
    this: Value,
    controller: Option<PlayerId>,
    label: String,
}

/// The log events past `World::fired` already offered to the triggered abilities, in
/// order. It holds a few at most, and each event goes in and out of it as it is offered:
/// a sorted list keeps its room, where a tree set allocated a node for every event.
#[derive(Debug, Clone, Default)]
pub struct Offered(Vec<usize>);

impl Offered {
    /// Adds event `i`; whether it was not there.
    pub fn insert(&mut self, i: usize) -> bool {
        match self.0.binary_search(&i) {
            Ok(_) => false,
            Err(k) => {
                self.0.insert(k, i);
                true
            }
        }
    }

    /// Takes event `i` out; whether it was there.
    pub fn remove(&mut self, i: &usize) -> bool {
        match self.0.binary_search(i) {
            Ok(k) => {
                self.0.remove(k);
                true
            }
            Err(_) => false,
        }
    }

    /// Whether no event is kept.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Keeps the events `keep` accepts.
    pub fn retain(&mut self, keep: impl FnMut(&usize) -> bool) {
        self.0.retain(keep);
    }

    /// Forgets every event.
    pub fn clear(&mut self) {
        self.0.clear();
    }
}

impl<'r> Interp<'r> {
    /// Offers every event not yet offered to the triggered abilities.
    /// A triggered ability's own events are offered first (from `floor`); events that were
    /// already waiting stay for the level that was offering them.
    #[inline]
    pub fn fire(&mut self) -> R<()> {
        if self.rules.triggers.any() {
            return self.offer_events();
        }
        // Nobody listens: nothing is offered, and nothing need be kept of what was
        // (`fired` and `done` are read only when some ability listens, which the rules
        // settle once). Called after every statement, so this path is kept small.
        Ok(())
    }

    /// `fire` when some ability listens.
    #[inline(never)]
    fn offer_events(&mut self) -> R<()> {
        // After `end game` nothing more is triggered (`turn.rs` `game_ends` moves past
        // what was not offered).
        if self.w.state.ending {
            return Ok(());
        }
        let mut i = self.w.fired.max(self.floor);
        while i < self.w.state.log.len() {
            if i < self.w.fired {
                // A nested level offered these already and moved the cursor past them.
                i = self.w.fired;
                continue;
            }
            if self.w.done.insert(i) && self.rules.triggers.hears(&self.w.state.log[i].kind) {
                let ev = self.w.state.log[i].clone();
                for p in self.triggered_by(&ev)? {
                    self.resolve_trigger(p, &ev)?;
                }
            }
            i += 1;
        }
        while self.w.done.remove(&self.w.fired) {
            self.w.fired += 1;
        }
        Ok(())
    }

    fn triggered_by(&mut self, ev: &Event) -> R<Vec<Pending<'r>>> {
        let subject = subject(&ev.kind);
        let mut sources: Vec<Source> = vec![];
        for &e in self.listeners(&subject, super::compile::Listening::WHEN).iter() {
            sources.push(Source::Card(e));
        }
        let s = &self.w.state;
        // The event's own card listens wherever it now is, even out of the game.
        for v in &subject {
            if let Value::Ent(e) = v {
                if s.ents[*e].loc == crate::engine::Loc::Gone && s.is_card(*e) {
                    sources.push(Source::Card(*e));
                }
            }
        }
        sources.extend((0..s.players.len()).filter(|&p| s.players[p].faction.is_some()).map(Source::Faction));
        // The game's own triggered abilities, with `you` the active player (the first
        // seat while nobody is).
        if let Some(p) = s.active().or(s.seats.first().copied()).filter(|_| self.rules.game_listens) {
            sources.push(Source::Game(p));
        }
        let mut out = vec![];
        for src in sources {
            if !self.abilities_of_ref(src).iter().any(|a| matches!(a.head, Head::When(_))) {
                continue;
            }
            let (abilities, this, label) = self.abilities_of(src);
            let controller = self.controller_of(src);
            for a in abilities {
                let Head::When(pat) = &a.head else { continue };
                // Out of play, only an ability whose `from:` names the card's zone listens
                // (and any ability of the card the event is about).
                if let Source::Card(e) = src {
                    if !self.works_from(e, a) && !subject.contains(&Value::Ent(e)) {
                        continue;
                    }
                }
                let named = || format!("the triggered ability of {label}");
                if self.heard(a, pat, (ev, &subject), (controller, this.clone()), named)? {
                    out.push(Pending { ability: a, src, this: this.clone(), controller, label: label.clone() });
                }
            }
        }
        if out.len() > 1 {
            let s = &self.w.state;
            let order = match s.active() {
                Some(a) => s.seat_order(a, true),
                None => s.seats.clone(),
            };
            // The game's own abilities after every player's: its `you` is the active
            // player, whose seat must not place the game's rule among theirs.
            out.sort_by_key(|p| {
                let seat = p.controller.and_then(|c| order.iter().position(|&x| x == c)).unwrap_or(usize::MAX);
                (matches!(p.src, Source::Game(_)), seat)
            });
        }
        Ok(out)
    }

    /// Whether ability `a`'s pattern `pat` matches `ev`, tested as its `controller` with
    /// `this`, placed at the pattern: an error there is reported at it, naming the ability.
    pub(super) fn heard(
        &mut self,
        a: &AbilityDef,
        pat: &EventPat,
        (ev, subject): (&Event, &[Value]),
        (controller, this): (Option<PlayerId>, Value),
        named: impl FnOnce() -> String,
    ) -> R<bool> {
        let mut cx = a.pattern_ctx(controller, this);
        self.matches(pat, ev, subject, &mut cx).map_err(|h| h.within_lazily(named))
    }

    pub(super) fn matches(&mut self, pat: &EventPat, ev: &Event, subject: &[Value], cx: &mut Ctx) -> R<bool> {
        match (&pat.kind, &ev.kind) {
            (EventKind_::Start(p), EventKind::Period { start: true, period, name })
            | (EventKind_::End(p), EventKind::Period { start: false, period, name }) => {
                Ok(name.is(&p.name) || &*p.name == *period)
            }
            (EventKind_::Action { actor, verb, object, clauses }, k) => {
                // The verb is in base form (`fields.rs` `pattern`).
                if k.verb() != Some(&*verb.name) {
                    return Ok(false);
                }
                if let Some(a) = actor {
                    let Some(who) = ev.actor() else { return Ok(false) };
                    if matches!(a.kind, ExprKind::You) && cx.you.is_none() {
                        let mut h = Halt::error(
                            "`you` is nobody here: nobody controls this card where it lies (nobody owns it, nor the \
                             zone it lies in); `a player` matches whoever did it",
                        );
                        h.place(&a.span, cx);
                        return Err(h);
                    }
                    let v = self.eval(a, cx)?;
                    if !self.players(&v)?.contains(&who) {
                        return Ok(false);
                    }
                }
                if let Some(o) = object {
                    // A procedure or counter event is about a name: `uses battle`, `gains coins`.
                    if let [Value::Sym(name)] = subject {
                        if !self.names(o, name) {
                            return Ok(false);
                        }
                    } else {
                        // A thing that left the game matches as it was, where it last was.
                        let lent = match k {
                            EventKind::Move { ent, from: Some(z), to: Dest::Gone, .. }
                                if self.w.state.ents[*ent].loc == crate::engine::Loc::Gone =>
                            {
                                Some((*ent, *z))
                            }
                            _ => None,
                        };
                        if let Some((e, z)) = lent {
                            self.w.state.lend(e, z);
                        }
                        let things = self.eval(o, cx).and_then(|v| self.things(&v));
                        if let Some((e, z)) = lent {
                            self.w.state.unlend(e, z);
                        }
                        let things = things?;
                        if !subject.iter().any(|s| things.contains(s)) && !self.at_other_end(o, k, subject, cx)? {
                            return Ok(false);
                        }
                    }
                }
                for c in clauses {
                    if !self.clause_matches(c, k, cx)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    /// Whether a move's object that says where (`a pawn at north`) matches with the thing
    /// at the move's other end: where it goes, for a pattern heard before the move
    /// (`prevent: an opponent places a pawn at north`), or where it came from, after it
    /// (`when: a player returns a pawn at south`). Read where it lies, the place was the
    /// wrong end of the move, and the pattern never matched.
    fn at_other_end(&mut self, o: &Expr, k: &EventKind, subject: &[Value], cx: &mut Ctx) -> R<bool> {
        let EventKind::Move { ent, from: Some(from), to: Dest::Zone(to, _), .. } = *k else { return Ok(false) };
        if !crate::syntax::ast::has_location(o) {
            return Ok(false);
        }
        let other = match self.w.state.ents[ent].loc {
            crate::engine::Loc::Zone(z) if z == from => to,
            crate::engine::Loc::Zone(z) if z == to => from,
            _ => return Ok(false),
        };
        let Some(was) = self.w.state.show_in(ent, other) else { return Ok(false) };
        let things = self.eval(o, cx).and_then(|v| self.things(&v));
        self.w.state.unshow(ent, other, was);
        let things = things?;
        Ok(subject.iter().any(|s| things.contains(s)))
    }

    fn clause_matches(&mut self, c: &Clause, k: &EventKind, cx: &mut Ctx) -> R<bool> {
        let (x, at) = match (&c.kind, k) {
            (ClauseKind::To(x) | ClauseKind::Into(x), EventKind::Move { to: Dest::Zone(z, _), .. }) => {
                (x, Value::Zone(*z))
            }
            (ClauseKind::Onto(x), EventKind::Move { to: Dest::On(b), .. }) => (x, Value::Ent(*b)),
            (ClauseKind::From(x), EventKind::Move { from: Some(z), .. }) => (x, Value::Zone(*z)),
            (
                ClauseKind::To(x) | ClauseKind::For(x),
                EventKind::Counter { holder: crate::engine::Holder::Player(p), .. },
            ) => (x, Value::Player(*p)),
            (
                ClauseKind::To(x) | ClauseKind::From(x),
                EventKind::Counter { holder: crate::engine::Holder::Ent(e), .. },
            ) => (x, Value::Ent(*e)),
            (ClauseKind::Face(_) | ClauseKind::Simultaneously | ClauseKind::By(_), _) => return Ok(true),
            _ => return Ok(false),
        };
        if self.nobodys_own_zone(x, cx) {
            return Ok(false);
        }
        let v = self.eval(x, cx)?;
        Ok(v.as_slice().contains(&at) || self.things(&v)?.contains(&at))
    }

    /// Whether `x` is a zone each player has, named alone where `you` is nobody (a card
    /// nobody controls, listening as it moves): no place is that zone, so the clause does
    /// not match (`when: a player moves this to won` heard as the card goes from a shared
    /// deck to a shared box). Elsewhere that name is an error (`no_zone`).
    fn nobodys_own_zone(&self, x: &Expr, cx: &Ctx) -> bool {
        let ExprKind::Name(name, _) = &x.kind else { return false };
        cx.you.is_none() && self.each_players_zone(name)
    }

    fn resolve_trigger(&mut self, p: Pending<'r>, ev: &Event) -> R<()> {
        if self.chain.len() >= self.limits.trigger_depth {
            let mut cards: Vec<String> = vec![];
            for c in self.chain.iter().chain(std::iter::once(&chain_name(&p))) {
                if !cards.contains(c) {
                    cards.push(c.clone());
                }
            }
            let how = if cards.len() == 1 { "keeps triggering itself" } else { "keep triggering each other" };
            return Err(Halt::budget(format!(
                "trigger budget ({}) exceeded: {} {how} ({} triggers deep; {})",
                self.limits.trigger_depth,
                cards.join(", "),
                self.chain.len() + 1,
                crate::limits::Limits::advice("trigger_depth")
            )));
        }
        let it = subject(&ev.kind).into_iter().next();
        // A `uses PROCEDURE` trigger sees the procedure's parameters, bound to its arguments.
        let bound = match &ev.kind {
            EventKind::Use { args, .. } => args.clone(),
            _ => vec![],
        };
        if let Some(r) = &p.ability.requires {
            let mut cx = Ctx::placed(p.controller, Some(p.this.clone()), &r.text, &r.origin);
            cx.it = it.clone();
            cx.bind_shared(bound.iter().cloned());
            if self.coverage.is_some() {
                self.hit(&r.expr.span, Some(&r.origin), super::coverage::Hit::Ran);
            }
            let v = self.eval(&r.expr, &mut cx)?;
            if !self.truth(&v, &r.expr, &cx)? {
                return Ok(());
            }
        }
        // An optional ability whose cost cannot be paid is not offered.
        if p.ability.optional && !self.cost_payable(p.ability, p.controller, &p.this, it.clone(), &bound)? {
            return Ok(());
        }
        if p.ability.optional {
            let cx = Ctx::new(p.controller, None, "");
            if !self.yes(format!("use the triggered ability of {} ({})", p.label, p.ability.head_text), &cx)? {
                return Ok(());
            }
        }
        let saved = self.snapshot();
        let floor = std::mem::replace(&mut self.floor, self.w.state.log.len());
        self.chain.push(chain_name(&p));
        self.note(p.controller, false, |_| format!("{} triggers ({})", p.label, p.ability.head_text));
        self.depth += 1;
        let out = self
            .resolve(p.ability, p.controller, p.this, it, p.src, &bound)
            .map_err(|h| h.within_lazily(|| format!("the triggered ability of {}", p.label)));
        self.depth -= 1;
        self.chain.pop();
        self.floor = floor;
        match out {
            Err(Halt::Refused(reason)) => {
                self.restore(saved);
                self.note(p.controller, false, |_| format!("{} does not resolve: {reason}", p.label));
                self.w.done.insert(self.w.state.log.len() - 1);
                Ok(())
            }
            Ok(()) => {
                self.commit(saved);
                Ok(())
            }
            other => other,
        }
    }
}

use crate::syntax::ast::EventKind as EventKind_;

/// The things an event is about (what `it` is in a triggered ability).
pub(super) fn subject(k: &EventKind) -> Vec<Value> {
    match k {
        EventKind::Move { ent, .. }
        | EventKind::Play { ent }
        | EventKind::Flip { ent, .. }
        | EventKind::Exhaust { ent, .. } => {
            vec![Value::Ent(*ent)]
        }
        EventKind::Reveal { ents, .. } => ents.iter().map(|e| Value::Ent(*e)).collect(),
        EventKind::Counter { name, .. } | EventKind::Use { name, .. } => vec![Value::Sym(name.into())],
        _ => vec![],
    }
}

/// How a budget's message names a triggered ability: its card's label, or, for the game's
/// own abilities (which share the label `game`), the ability by its name or its head.
fn chain_name(p: &Pending) -> String {
    match (p.src, &p.ability.name) {
        (Source::Game(_), Some(name)) => format!("the game's ability `{name}` ({})", p.ability.head_text),
        (Source::Game(_), None) => format!("the game's ability ({})", p.ability.head_text),
        _ => p.label.clone(),
    }
}
