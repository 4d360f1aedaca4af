//! Abilities that answer an event other than by triggering after it: `before:` (it is
//! about to happen), `instead:` and `prevent:` (replacements: the event does not happen;
//! the replacement's cost and effect do), and `response:` (an activated ability usable
//! right after a matching event; whole games open a reaction window for it).
//!
//! A card's ability listens while the card is in play, or in a zone its `from:` names
//! (a card in hand can react). Each replacement applies at most once to an event and
//! never to the events of its own effect; when several could apply, the player the
//! event is about chooses which one does.

use crate::engine::{EntId, Event, EventKind, Holder, Kind, List, Loc, PlayerId, Value, Zone, ZoneId};
use crate::load::React;
use std::rc::Rc;

use super::actions::Source;
use super::memo::Listed;
use super::rules::{AbilityDef, Head};
use super::{Ctx, Interp, R};

/// What an answering ability resolves with: `it`, and the answered procedure's parameters.
pub(super) type Answer = (Option<Value>, Vec<(std::sync::Arc<str>, Value)>);

/// A listening ability whose pattern matches the event.
struct Reactor {
    src: Source,
    index: usize,
    ability: AbilityDef,
    this: Value,
    controller: Option<PlayerId>,
    label: String,
}

impl Interp<'_> {
    /// Whether card `e` listens for events now: in play, or in a zone one of its
    /// abilities names in `from:`.
    pub(super) fn listens(&self, e: usize) -> bool {
        let Kind::Card(c) = self.w.state.ents[e].kind else { return false };
        self.w.state.in_play(e) || self.rules.cards[c].abilities.iter().any(|a| self.works_from(e, a))
    }

    /// `scan_listeners`, kept while no card moves (`State::card_layout`): the cards that listen
    /// depend only on where things are. An event about a card that does not listen itself
    /// is searched afresh.
    pub(super) fn listeners(&mut self, subject: &[Value], kind: u8) -> Rc<[EntId]> {
        let which = if kind == super::compile::Listening::REACT { Listed::React } else { Listed::When };
        let base = self.by_layout(which, |me| me.scan_listeners(&[], kind));
        // A subject card adds itself when it could answer and is on the table but not
        // among those that listen anyway.
        let s = &self.w.state;
        let adds = |v: &Value| match v {
            Value::Ent(e) => match s.ents[*e].kind {
                Kind::Card(c) => {
                    self.rules.listening[c] & kind != 0 && s.ents[*e].loc != Loc::Gone && !base.contains(e)
                }
                Kind::Piece(_) => false,
            },
            _ => false,
        };
        if subject.iter().any(adds) {
            return self.scan_listeners(subject, kind).into();
        }
        base
    }

    /// The cards, in table order, that may answer an event about `subject`: those that
    /// listen and the subject's own. Only zones in play, zones some `from:` names and the
    /// subject's zones are looked at, so an event costs what is in play, not the library.
    ///
    /// Only cards with an ability of the `kind` sought (`Listening::WHEN` or
    /// `Listening::REACT`) are considered: the others could not answer anyway.
    fn scan_listeners(&self, subject: &[Value], kind: u8) -> Vec<EntId> {
        let s = &self.w.state;
        let subj: Vec<EntId> =
            subject.iter().filter_map(|v| if let Value::Ent(e) = v { Some(*e) } else { None }).collect();
        let heard = |e: EntId| match s.ents[e].kind {
            Kind::Card(c) => self.rules.listening[c] & kind != 0 && (subj.contains(&e) || self.listens(e)),
            Kind::Piece(_) => false,
        };
        let open = |z: ZoneId, zone: &Zone| {
            zone.holds_in_play() || self.is_from_zone(z, zone) || subj.iter().any(|&e| s.ents[e].loc == Loc::Zone(z))
        };
        s.table_keep(open, |_| true, heard)
    }

    /// Whether ability `a` of card `e` works where the card is: in play, or in a zone
    /// its own `from:` names.
    pub(super) fn works_from(&self, e: usize, a: &AbilityDef) -> bool {
        let s = &self.w.state;
        s.in_play(e) || s.zone_of(e).is_some_and(|z| a.from.iter().any(|f| *f == s.zones[z].name))
    }

    /// An event is about to happen. Returns `true` when a replacement took its place (the
    /// caller must not make it happen); otherwise its `before:` abilities have resolved.
    /// Asked before every move and counter change: in a game with no answering ability
    /// the answer is inline, and the event is not looked at.
    #[inline]
    pub(super) fn about_to(&mut self, actor: Option<PlayerId>, kind: EventKind) -> R<bool> {
        if !self.rules.reacts.any() {
            return Ok(false);
        }
        self.answered_before(actor, kind)
    }

    /// `about_to` in a game with answering abilities (out of line, so that `about_to`
    /// itself stays small enough to inline).
    #[inline(never)]
    fn answered_before(&mut self, actor: Option<PlayerId>, kind: EventKind) -> R<bool> {
        if !self.rules.reacts.hears(&kind) {
            return Ok(false);
        }
        let seen = self.seen_pending(actor, &kind);
        let ev = Event::new(actor, kind, self.depth_u32(), seen, self.w.state.game);
        let mut replacing = vec![];
        for r in self.reactors(&ev, |k| matches!(k, React::Instead | React::Prevent))? {
            if !self.replacing.contains(&(r.src, r.index)) && self.ready(&r, &ev)? {
                replacing.push(r);
            }
        }
        if !replacing.is_empty() {
            let r = self.pick_replacement(replacing, &ev)?;
            if self.replace(r, &ev)? {
                return Ok(true);
            }
        }
        for r in self.reactors(&ev, |k| k == React::Before)? {
            let key = (r.src, r.index);
            if self.replacing.contains(&key) || !self.ready(&r, &ev)? {
                continue;
            }
            self.replacing.push(key);
            let out = self.answer(r, &ev, "is about to happen");
            self.replacing.retain(|k| *k != key);
            out?;
        }
        Ok(false)
    }

    /// Who sees the details of an event about to happen: of a move, those who see the
    /// thing where it is or where it goes (as the move's own event will say), so that a
    /// question or a note naming it tells the others only "a card".
    fn seen_pending(&self, actor: Option<PlayerId>, kind: &EventKind) -> u64 {
        let s = &self.w.state;
        let seen = match kind {
            EventKind::Move { ent, to: crate::engine::Dest::Zone(z, _), .. } => {
                let face_up = self.arriving_face.unwrap_or(s.ents[*ent].face_up);
                s.seen_by(*ent) | s.seen_in(*ent, *z, face_up)
            }
            EventKind::Move { ent, .. } => s.seen_by(*ent),
            _ => crate::engine::view::EVERYONE,
        };
        seen & self.secret_mask(actor)
    }

    /// The listening abilities of one reaction kind whose pattern matches `ev`.
    fn reactors(&mut self, ev: &Event, want: impl Fn(React) -> bool) -> R<Vec<Reactor>> {
        let subject = super::triggers::subject(&ev.kind);
        let cards = self.listeners(&[], super::compile::Listening::REACT);
        let mut sources: Vec<Source> = cards.iter().copied().map(Source::Card).collect();
        let s = &self.w.state;
        sources.extend((0..s.players.len()).filter(|&p| s.players[p].faction.is_some()).map(Source::Faction));
        let mut out = vec![];
        for src in sources {
            let (abilities, this, label) = self.abilities_of(src);
            let controller = self.controller_of(src);
            for (index, a) in abilities.iter().enumerate() {
                let Head::React(k, pat) = &a.head else { continue };
                let here = match src {
                    Source::Card(e) => self.works_from(e, a),
                    _ => true,
                };
                if !want(*k) || !here {
                    continue;
                }
                let named = || format!("the ability of {label}");
                if self.heard(a, pat, (ev, &subject), (controller, this.clone()), named)? {
                    out.push(Reactor {
                        src,
                        index,
                        ability: a.clone(),
                        this: this.clone(),
                        controller,
                        label: label.clone(),
                    });
                }
            }
        }
        Ok(out)
    }

    /// Whether a matching ability may answer now: its `requires:` holds, its `limit:` is
    /// not used up, and an `optional:` one's controller says yes.
    fn ready(&mut self, r: &Reactor, ev: &Event) -> R<bool> {
        if let Some(req) = &r.ability.requires {
            let mut cx = Ctx::placed(r.controller, Some(r.this.clone()), &req.text, &req.origin);
            cx.it = subject_of(ev);
            cx.bind_shared(bound(ev));
            if self.coverage.is_some() {
                self.hit(&req.expr.span, Some(&req.origin), super::coverage::Hit::Ran);
            }
            let v = self.eval(&req.expr, &mut cx)?;
            if !self.truth(&v, &req.expr, &cx)? {
                return Ok(false);
            }
        }
        if let (Some(l), Some(p)) = (&r.ability.limit, r.controller) {
            if self.used(p, r.src, r.index) >= l.times {
                return Ok(false);
            }
        }
        if r.ability.optional {
            // An optional ability whose cost cannot be paid is not offered.
            if !self.cost_payable(&r.ability, r.controller, &r.this, subject_of(ev), &bound(ev))? {
                return Ok(false);
            }
            let cx = Ctx::new(r.controller, None, "");
            // The question is logged for the whole table: it names the event as all saw it.
            let what = format!("respond to \"{}\" with {}", ev.render_public(&self.w.state), r.label);
            return self.yes(what, &cx);
        }
        Ok(true)
    }

    /// Of several replacements, the one the player the event is about (else its actor)
    /// chooses.
    fn pick_replacement(&mut self, mut rs: Vec<Reactor>, ev: &Event) -> R<Reactor> {
        if rs.len() == 1 {
            return Ok(rs.remove(0));
        }
        let affected = match &ev.kind {
            EventKind::Move { ent, .. } => self.w.state.controller_or_owner(*ent),
            EventKind::Counter { holder: Holder::Player(p), .. } => Some(*p),
            EventKind::Counter { holder: Holder::Ent(e), .. } => self.w.state.controller_or_owner(*e),
            _ => None,
        };
        let cx = Ctx::new(affected.or(ev.actor()).or(rs[0].controller), None, "");
        let labels: List =
            rs.iter().map(|r| Value::Sym(format!("{}: {}", r.label, r.ability.head_text).into())).collect();
        let picked = super::select::first(self.ask("which replacement applies", labels.clone(), 1, 1, &cx)?);
        let k = labels.iter().position(|l| *l == picked).unwrap_or(0);
        Ok(rs.swap_remove(k))
    }

    /// Applies a replacement: the event does not happen; the ability's cost and effect do
    /// (with `it` the event's subject), and it cannot replace the events they cause.
    fn replace(&mut self, r: Reactor, ev: &Event) -> R<bool> {
        let key = (r.src, r.index);
        let limit = r.ability.limit.as_ref().map(|l| l.per).zip(r.controller);
        let label = r.label.clone();
        let saved = self.snapshot();
        self.replacing.push(key);
        let out = self.answer(r, ev, "does not happen");
        self.replacing.retain(|k| *k != key);
        match out {
            // A replacement whose cost cannot be paid does not apply: the event happens.
            Err(super::Halt::Refused(reason)) => {
                self.restore(saved);
                self.note(None, false, |_| format!("{label} cannot answer: {reason}"));
                Ok(false)
            }
            out => {
                out?;
                self.commit(saved);
                if let Some((per, p)) = limit {
                    self.count_use(p, key.0, key.1, per);
                }
                Ok(true)
            }
        }
    }

    /// Resolves an answering ability: logged, then its cost and effect.
    fn answer(&mut self, r: Reactor, ev: &Event, what: &str) -> R<()> {
        if self.chain.len() >= self.limits.trigger_depth {
            return Err(super::Halt::budget(format!(
                "trigger budget ({}) exceeded: {} answers events inside its own answers ({})",
                self.limits.trigger_depth,
                r.label,
                crate::limits::Limits::advice("trigger_depth")
            )));
        }
        let text =
            |me: &Self| format!("{} ({}): {} {what}", r.label, r.ability.head_text, ev.render_public(&me.w.state));
        self.note(r.controller, false, text);
        self.depth += 1;
        self.chain.push(r.label.clone());
        let out = self.resolve(&r.ability, r.controller, r.this, subject_of(ev), r.src, &bound(ev));
        self.chain.pop();
        self.depth -= 1;
        out.map_err(|h| h.within_lazily(|| format!("the ability of {}", r.label)))
    }

    /// Whether a `response:` ability of `src` answers what was just done: ability `index`
    /// where the step names one (a game ability), else any of the source's (a scenario's
    /// step after an action that ended the phase is then taken in that action's reaction
    /// window, before the phase closes).
    pub fn answers_now(&mut self, src: Source, index: Option<usize>) -> bool {
        let abilities = self.abilities_of_ref(src);
        abilities.iter().enumerate().filter(|(i, _)| index.is_none_or(|k| k == *i)).any(|(i, a)| {
            matches!(a.head, Head::React(React::Response, _)) && matches!(self.answered(src, i, a), Ok(Some(_)))
        })
    }

    /// The event of the last action that a `response:` ability of `src` answers (what
    /// makes it usable now): the last such event.
    pub(super) fn answered(&mut self, src: Source, index: usize, a: &AbilityDef) -> R<Option<(usize, Event)>> {
        let Head::React(React::Response, pat) = &a.head else { return Ok(None) };
        if let Source::Card(e) = src {
            if !self.works_from(e, a) {
                return Ok(None);
            }
        }
        let pat = pat.clone();
        let (_, this, label) = self.abilities_of(src);
        let controller = self.controller_of(src);
        let (from, to) = self.w.last;
        for i in (from..to.min(self.w.state.log.len())).rev() {
            if self.w.answered.contains(&(src, index, i)) {
                continue;
            }
            let ev = self.w.state.log[i].clone();
            let subject = super::triggers::subject(&ev.kind);
            let named = || format!("the ability of {label}");
            if self.heard(a, &pat, (&ev, &subject), (controller, this.clone()), named)? {
                return Ok(Some((i, ev)));
            }
        }
        Ok(None)
    }

    /// What a response ability resolves with: `it` and the parameters of the event it
    /// answers,
    /// and records that this ability answered that event (it answers each event once).
    pub(super) fn answer_bindings(&mut self, src: Source, index: usize, a: &AbilityDef) -> R<Answer> {
        Ok(match self.answered(src, index, a)? {
            Some((i, ev)) => {
                Rc::make_mut(&mut self.w.answered).push((src, index, i));
                (subject_of(&ev), bound(&ev))
            }
            None => (None, vec![]),
        })
    }
}

/// A `uses PROCEDURE` pattern sees the procedure's parameters bound to its arguments.
fn bound(ev: &Event) -> Vec<(std::sync::Arc<str>, Value)> {
    match &ev.kind {
        EventKind::Use { args, .. } => args.clone(),
        _ => vec![],
    }
}

/// What `it` is for an answering ability: the moved card, or the holder of the counter.
fn subject_of(ev: &Event) -> Option<Value> {
    match &ev.kind {
        EventKind::Move { ent, .. } => Some(Value::Ent(*ent)),
        EventKind::Counter { holder: Holder::Ent(e), .. } => Some(Value::Ent(*e)),
        EventKind::Counter { holder: Holder::Player(p), .. } => Some(Value::Player(*p)),
        EventKind::Counter { holder: Holder::Zone(z), .. } => Some(Value::Zone(*z)),
        k => super::triggers::subject(k).into_iter().next(),
    }
}
