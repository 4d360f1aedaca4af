//! The engine verbs. Each effect returns what it acted on (what `let x = EFFECT` binds).
//! A verb whose script names no zone uses the game's `defaults:` (`places.rs`); `remove`
//! and `return` send things back where they were created. Every move and counter change
//! is first offered to replacements and `before:` abilities (`respond.rs`).

use crate::check::env::Sym;
use crate::engine::{CounterId, Dest, EntId, EventKind, Holder, Kind, List, Loc, PlayerId, Value};
use crate::load::CounterOn;
use crate::syntax::ast::*;

use super::eval::Mode;
use super::{Ctx, Halt, Interp, R};

/// A counted noun: `2 coins`, `a pawn`, `pawns in supply`.
pub(super) struct Counted<'a> {
    pub(super) n: Option<&'a Expr>,
    pub(super) noun: &'a str,
    pub(super) sym: Option<&'a Sym>,
    /// A compiled counter's id and what it is kept on (`compile::Global::Counter`).
    pub(super) counter: Option<(CounterId, CounterOn)>,
    pub(super) filters: &'a [Filter],
}

/// `e` as a counted noun, if it is one (`2 coins`, `a pawn`, `coins`), its name
/// resolved by the rules (read when the rules are compiled too: `tallies.rs`).
pub(super) fn counted<'a>(rules: &'a super::Rules, e: &'a Expr) -> Option<Counted<'a>> {
    let (n, base, filters) = match &e.kind {
        ExprKind::Select { quantity, base, filters } => {
            let n = match quantity.as_ref().map(|q| &q.kind) {
                None | Some(QuantityKind::One) => None,
                Some(QuantityKind::Exactly(n)) => Some(&**n),
                _ => return None,
            };
            (n, &**base, filters.as_slice())
        }
        ExprKind::Name(_, _) => (None, e, &[][..]),
        _ => return None,
    };
    let ExprKind::Name(noun, res) = &base.kind else { return None };
    let (canon, sym) = match rules.env.resolve_res(noun, *res) {
        Some((c, s)) => (c, Some(s)),
        None => (noun.as_str(), None),
    };
    Some(Counted { n, noun: canon, sym, counter: compiled_counter(rules, *res), filters })
}

/// The id of a counter a compiled name stands for, and what it is kept on.
pub(super) fn compiled_counter(rules: &super::Rules, res: Res) -> Option<(CounterId, CounterOn)> {
    match res {
        Res::Global(i) => match rules.globals.get(i as usize) {
            Some(&super::compile::Global::Counter(id, on, _)) => Some((id, on)),
            _ => None,
        },
        Res::Unresolved | Res::It | Res::Local(_) => None,
    }
}

impl<'r> Interp<'r> {
    /// `counted` by these rules.
    pub(super) fn counted<'a>(&self, e: &'a Expr) -> Option<Counted<'a>>
    where
        'r: 'a,
    {
        counted(self.rules, e)
    }

    /// `compiled_counter` by these rules.
    pub(super) fn compiled_counter(&self, res: Res) -> Option<(CounterId, CounterOn)> {
        compiled_counter(self.rules, res)
    }

    /// What counter `name` is kept on: compiled (`compiled_counter`), or looked up.
    pub(super) fn kept_on(&self, name: &str, compiled: Option<(CounterId, CounterOn)>) -> CounterOn {
        compiled.map_or_else(|| self.counter_on(name), |(_, on)| on)
    }

    /// The id of counter `name`: compiled, or by name (a counter a script names without
    /// declaring it is declared unbounded, once).
    pub(super) fn counter_id_of(&mut self, name: &str, compiled: Option<(CounterId, CounterOn)>) -> CounterId {
        let id = compiled.map_or_else(|| self.w.state.counter_id(name), |(id, _)| id);
        debug_assert_eq!(self.w.state.counters.name(id), name, "counter ids follow `lay_out`");
        id
    }

    /// Runs an effect; returns what it acted on. A `face up`/`face down` clause turns
    /// what it moves as it arrives, so that its move is logged as seen from there.
    pub fn effect(&mut self, e: &Effect, cx: &mut Ctx) -> R<Value> {
        let face = match self.clause(e, |k| matches!(k, ClauseKind::Face(_))) {
            Some(ClauseKind::Face(f)) => Some(*f == Face::Up),
            _ => None,
        };
        let saved = std::mem::replace(&mut self.arriving_face, face);
        let out = self.effect_now(e, cx);
        self.arriving_face = saved;
        out
    }

    fn effect_now(&mut self, e: &Effect, cx: &mut Ctx) -> R<Value> {
        let obj = || e.objects.first().ok_or_else(|| Halt::error(format!("`{}` what?", e.verb.as_str())));
        match e.verb {
            Verb::Add | Verb::Gain | Verb::Remove | Verb::Spend | Verb::Lose => self.add_or_remove(e, cx),
            Verb::Move | Verb::Return | Verb::Take | Verb::Discard | Verb::Destroy => self.move_like(e, cx),
            Verb::Draw => self.draw(e, cx),
            Verb::Deal => self.deal(e, cx),
            Verb::Shuffle => self.shuffle(e, cx),
            Verb::Place => self.place(e, obj()?, cx, "place"),
            Verb::Create => self.create(e, cx),
            Verb::Score => self.score(e, cx),
            Verb::Seat => self.seat(obj()?, cx),
            Verb::Reveal | Verb::Flip | Verb::Exhaust | Verb::Ready | Verb::Play => {
                let things = self.targets(obj()?, cx)?;
                if e.verb == Verb::Reveal {
                    self.reveal(e, &things, cx)?;
                }
                for t in things.as_slice() {
                    match e.verb {
                        Verb::Flip => self.flip(e, t, cx)?,
                        Verb::Exhaust | Verb::Ready => self.exhaust(e.verb == Verb::Exhaust, t, cx)?,
                        Verb::Play => self.play_within(self.ent(t)?, cx.you)?,
                        _ => {}
                    }
                }
                Ok(things)
            }
        }
    }

    fn exhaust(&mut self, exhausted: bool, t: &Value, cx: &Ctx) -> R<()> {
        self.tick()?;
        let ent = self.ent(t)?;
        let verb = if exhausted { "exhaust" } else { "ready" };
        self.allowed(verb, cx.you, Some(t), None)?;
        if self.paying && self.w.state.ents[ent].exhausted == exhausted {
            let label = &self.w.state.ents[ent].label;
            let already = if exhausted { "exhausted" } else { "ready" };
            return Err(Halt::refused(format!("cannot {verb} {label}: it is already {already}")));
        }
        self.w.state.set_exhausted(ent, exhausted);
        self.emit(cx.you, EventKind::Exhaust { ent, exhausted });
        Ok(())
    }

    fn score(&mut self, e: &Effect, cx: &mut Ctx) -> R<Value> {
        let n = self.amount(e.objects.first(), cx)?;
        let rules: &'r super::Rules = self.rules;
        let counter = rules.scoring.as_deref().ok_or_else(|| Halt::error("the game has no `scoring:` counter"))?;
        self.allowed("score", cx.you, None, None)?;
        for p in self.beneficiaries(e, cx)? {
            let id = self.w.state.counter_id(counter);
            let now = self.w.state.counter_at(id, Holder::Player(p)).saturating_add(n);
            self.change_counter("score", id, Holder::Player(p), now, n, cx)?;
        }
        Ok(Value::List(List::new()))
    }

    fn seat(&mut self, o: &Expr, cx: &mut Ctx) -> R<Value> {
        let v = self.eval(o, cx)?;
        let mut order = self.players(&v)?;
        // Players who left the game may be left out: they keep the last seats.
        for &p in &self.w.state.eliminated {
            if !order.contains(&p) {
                order.push(p);
            }
        }
        let mut sorted = order.clone();
        sorted.sort_unstable();
        sorted.dedup();
        if order.len() != self.w.state.players.len() || sorted.len() != order.len() {
            let names: Vec<&str> = order.iter().map(|&p| self.pname(p)).collect();
            return Err(Halt::error(format!("`seat` needs every player exactly once, got [{}]", names.join(", "))));
        }
        self.w.state.set_seats(order.clone());
        self.emit(cx.you, EventKind::Seat { order });
        Ok(v)
    }

    /// `add`, `gain`, `remove`, `spend`, `lose`: of a counter, or of pieces (`add` places
    /// them, `remove` sends things back where they were created).
    fn add_or_remove(&mut self, e: &Effect, cx: &mut Ctx) -> R<Value> {
        let o = e.objects.first().ok_or_else(|| Halt::error("nothing to add or remove"))?;
        let adding = matches!(e.verb, Verb::Add | Verb::Gain);
        match self.counted(o) {
            Some(c) if matches!(c.sym, Some(Sym::Counter { .. })) => self.counter_effect(e, &c, cx),
            Some(c) if adding && matches!(c.sym, Some(Sym::Piece)) => self.place(e, o, cx, "add"),
            _ if adding => Err(Halt::error(format!("`{}` is not a counter", cx.snippet(&o.span)))),
            _ => {
                let all = self.all_targets(e, cx)?;
                for t in &all {
                    if let Some(home) = self.home(t)? {
                        self.relocate("remove", t, home, cx)?;
                    }
                }
                Ok(Value::List(all))
            }
        }
    }

    /// The things all of an effect's objects select, in order (most effects have one: its
    /// list is taken as it is, not copied into another).
    fn all_targets(&mut self, e: &Effect, cx: &mut Ctx) -> R<List> {
        match &e.objects[..] {
            [o] => Ok(self.targets(o, cx)?.into_items()),
            objects => {
                let mut all = List::new();
                for o in objects {
                    all.extend(self.targets(o, cx)?.into_items());
                }
                Ok(all)
            }
        }
    }

    /// The things an effect acts on (quantities may ask the acting player). Board spaces
    /// a noun selected with the cards (a value that cards and spaces both have) are left out: the
    /// verbs act on cards and pieces.
    pub(super) fn targets(&mut self, o: &Expr, cx: &mut Ctx) -> R<Value> {
        if let Some(things) = self.targets_in_one_zone(o, cx) {
            return things.map(Value::List);
        }
        let v = self.eval_in(o, cx, Mode::Act)?;
        let mut things = self.things_owned(v)?;
        if things.iter().any(|t| matches!(t, Value::Zone(_))) {
            let s = &self.w.state;
            things.retain(|t| !matches!(t, Value::Zone(z) if s.zones[*z].is_space()));
        }
        Ok(Value::List(things))
    }

    /// `cards in Z` (or pieces), the commonest thing a verb acts on: its things read
    /// straight from the zone, as `eval` of the selection reads them (`in_one_zone`), with
    /// the selection's own step first and an error placed where `eval` places it. Only
    /// cards or pieces, so nothing for `targets` to take out. `None`, having counted
    /// nothing, for any other object.
    fn targets_in_one_zone(&mut self, o: &Expr, cx: &mut Ctx) -> Option<R<List>> {
        let ExprKind::Select { quantity: None, base, filters } = &o.kind else { return None };
        let out = self.selected_place(base, filters, cx)?.and_then(|(zones, cards)| self.zone_cands(&zones, cards));
        Some(out.map_err(|mut h| {
            h.place(&o.span, cx);
            h
        }))
    }

    /// A value as one card or piece.
    #[inline]
    pub fn ent(&self, v: &Value) -> R<EntId> {
        // A thing itself, what every verb's loop reads: no call, no error made.
        match v {
            Value::Ent(e) => Ok(*e),
            v => self.ent_of(v),
        }
    }

    /// `ent` of anything but a thing: a list of one, else an error.
    #[inline(never)]
    fn ent_of(&self, v: &Value) -> R<EntId> {
        match v {
            Value::Ent(e) => Ok(*e),
            Value::List(l) if l.len() == 1 => self.ent(&l[0]),
            v => Err(Halt::error(format!("expected a card or piece, found {}", self.show(v)))),
        }
    }

    pub(super) fn clause<'e>(&self, e: &'e Effect, f: impl Fn(&ClauseKind) -> bool) -> Option<&'e ClauseKind> {
        e.clauses.iter().map(|c| &c.kind).find(|k| f(k))
    }

    /// Players named by `for` (or the acting player).
    pub(super) fn beneficiaries(&mut self, e: &Effect, cx: &mut Ctx) -> R<Vec<PlayerId>> {
        match self.clause(e, |k| matches!(k, ClauseKind::For(_))) {
            Some(ClauseKind::For(p)) => {
                let v = self.stmt_value(p, cx)?;
                self.players(&v)
            }
            _ => Ok(cx.you.into_iter().collect()),
        }
    }

    /// Where `to`/`into`/`onto`/`to top of`/`to bottom of` sends things.
    pub(super) fn destination(&mut self, e: &Effect, cx: &mut Ctx) -> R<Option<Dest>> {
        for c in &e.clauses {
            let (x, top, onto) = match &c.kind {
                ClauseKind::To(x) | ClauseKind::Into(x) => (x, true, false),
                ClauseKind::ToEnd(end, x) => (x, *end == End::Top, false),
                ClauseKind::Onto(x) => (x, true, true),
                _ => continue,
            };
            if !onto {
                if let Some(z) = self.zone_ref(x, cx) {
                    return Ok(Some(Dest::Zone(z?, top)));
                }
            }
            let v = super::select::first(self.eval(x, cx)?);
            return Ok(Some(match v {
                Value::Zone(z) if !onto => Dest::Zone(z, top),
                Value::Ent(b) => Dest::On(b),
                Value::Player(p) if e.verb == Verb::Take || e.verb == Verb::Return => {
                    Dest::Zone(self.same_zone_of(p, None)?, top)
                }
                v => return Err(Halt::error(format!("cannot put things into {}", self.show(&v)))),
            }));
        }
        Ok(None)
    }

    /// Where a thing was created (`remove` and `return` send it back there).
    /// `None` when it is there already; out of the game when it has no home.
    fn home(&self, t: &Value) -> R<Option<Dest>> {
        let e = self.ent(t)?;
        Ok(match self.w.state.ents[e].home {
            Some(h) if self.w.state.ents[e].loc == Loc::Zone(h) => None,
            Some(h) => Some(Dest::Zone(h, true)),
            None => Some(Dest::Gone),
        })
    }

    /// Moves one thing, consulting prohibitions, and logs it with `verb`.
    pub fn relocate(&mut self, verb: &'static str, t: &Value, to: Dest, cx: &Ctx) -> R<()> {
        // Each thing moved is a step: a bulk verb counts what it does, not one statement.
        self.tick()?;
        let e = self.ent(t)?;
        let place = match to {
            Dest::Zone(z, _) => Some(z),
            _ => None,
        };
        self.allowed(verb, cx.you, Some(t), place)?;
        if let Some(z) = place {
            let zone = &self.w.state.zones[z];
            if zone.capacity.is_some_and(|c| zone.items.len() >= c) && !zone.items.contains(&e) {
                return Err(Halt::refused(format!(
                    "{} is full ({} at most)",
                    self.w.state.zone_name(z),
                    zone.capacity.unwrap_or(0)
                )));
            }
        }
        if let Dest::On(b) = to {
            // Nothing may bear itself, directly or through what it bears.
            let mut cur = Some(b);
            while let Some(c) = cur {
                if c == e {
                    return Err(Halt::refused(format!("{} cannot go onto itself", self.w.state.ents[e].label)));
                }
                cur = match self.w.state.ents[c].loc {
                    crate::engine::Loc::On(x) => Some(x),
                    _ => None,
                };
            }
        }
        let from = self.w.state.zone_of(e);
        // A replacement may take the move's place; a `before:` ability may move the thing
        // first, and then this move no longer happens. Where no ability answers events,
        // neither can: no event is made (dropping it cost a call at every move).
        let reacts = self.rules.reacts.any();
        if reacts
            && (self.about_to(cx.you, EventKind::Move { verb, ent: e, from, to })? || self.w.state.zone_of(e) != from)
        {
            return Ok(());
        }
        let unread = self.unread();
        let before = if unread { 0 } else { self.w.state.seen_by(e) };
        match to {
            Dest::Zone(z, top) => self.w.state.put(e, z, top),
            Dest::On(b) => self.w.state.attach(e, b),
            Dest::Gone => self.w.state.detach(e),
        }
        if let Some(up) = self.arriving_face {
            self.w.state.set_face(e, up);
        }
        if unread {
            return Ok(());
        }
        // Who saw it leave or arrive knows what moved; the others see "a card".
        let seen = before | self.w.state.seen_by(e);
        self.emit_seen(cx.you, EventKind::Move { verb, ent: e, from, to }, seen);
        Ok(())
    }

    fn counter_effect(&mut self, e: &Effect, c: &Counted, cx: &mut Ctx) -> R<Value> {
        let n = self.amount(c.n, cx)?;
        let add = matches!(e.verb, Verb::Add | Verb::Gain);
        let target = self.clause(e, |k| matches!(k, ClauseKind::To(_) | ClauseKind::From(_) | ClauseKind::For(_)));
        // Most changes have one holder, the default one: no list is made for it.
        let (one, many);
        let holders: &[Holder] = match target {
            Some(ClauseKind::To(x) | ClauseKind::From(x) | ClauseKind::For(x)) => {
                let v = self.stmt_value(x, cx)?;
                let kept = c.counter.map(|(_, on)| on);
                if let Value::Player(_) | Value::Ent(_) = v {
                    // One player or thing (`to winner`): its holder, no list.
                    one = [self.holder_kept(&v, c.noun, kept)?];
                    &one
                } else {
                    let mut hs = vec![];
                    for t in self.things(&v)? {
                        hs.push(self.holder_kept(&t, c.noun, kept)?);
                    }
                    many = hs;
                    &many
                }
            }
            _ if c.filters.iter().any(|f| {
                matches!(f.kind, FilterKind::From(_) | FilterKind::In(_) | FilterKind::On(_) | FilterKind::At(_))
            }) =>
            {
                // `remove 2 coins from bob`: after a counted noun, `from` reads as a filter.
                let mut hs = vec![];
                for f in c.filters {
                    if let FilterKind::From(x) | FilterKind::In(x) | FilterKind::On(x) | FilterKind::At(x) = &f.kind {
                        let v = self.eval(x, cx)?;
                        for t in self.things(&v)? {
                            hs.push(self.holder_kept(&t, c.noun, c.counter.map(|(_, on)| on))?);
                        }
                    }
                }
                many = hs;
                &many
            }
            _ => match self.kept_on(c.noun, c.counter) {
                CounterOn::Game => {
                    one = [Holder::Game];
                    &one
                }
                CounterOn::Player => {
                    one = [Holder::Player(cx.you.ok_or_else(|| Halt::error(format!("whose {}?", c.noun)))?)];
                    &one
                }
                on => {
                    return Err(Halt::error(format!(
                        "`{}` is kept on {}: say which, `{} N {} to ...`",
                        c.noun,
                        super::holders::kept_on_text(on),
                        e.verb.as_str(),
                        c.noun
                    )))
                }
            },
        };
        let verb: &'static str = e.verb.as_str();
        if self.may_forbid() {
            self.allowed(verb, cx.you, Some(&Value::Sym(c.noun.into())), None)?;
        }
        if holders.is_empty() {
            return Ok(Value::List(List::new()));
        }
        let id = self.counter_id_of(c.noun, c.counter);
        for &h in holders {
            let cur = self.w.state.counter_at(id, h);
            let now = if add { cur.saturating_add(n) } else { cur.saturating_sub(n) };
            self.change_counter(verb, id, h, now, if add { n } else { n.saturating_neg() }, cx)?;
        }
        Ok(Value::List(List::new()))
    }

    /// Changes a counter to `now`, refusing with a reason when it would leave its bounds.
    pub(super) fn change_counter(
        &mut self,
        verb: &'static str,
        id: CounterId,
        h: Holder,
        now: i64,
        asked: i64,
        cx: &Ctx,
    ) -> R<()> {
        let s = &self.w.state;
        let name = s.counters.name(id);
        let (b, cur) = (s.counters.bounds(id), s.counter_at(id, h));
        // A change is by what the counter really moved: as far as the bounds of one that
        // clamps let it, and no further than the largest (or least) number (a counter
        // already there moves not at all: a change of nothing). `asked` is `now`
        // (saturated) less `cur`, so the two differ only there.
        let now = b.clamped(now);
        let delta = now.saturating_sub(cur);
        debug_assert!(b.clamp || delta == asked || now == i64::MAX || now == i64::MIN);
        // Only a refusal says what the holder has: a change that fits formats nothing.
        if let Some(m) = b.min.filter(|&m| now < m) {
            let holds = self.holds_for_all(id, h, || format!("less than {}", m.saturating_sub(delta)));
            return Err(Halt::refused(format!("cannot {verb} {} {name}: {holds}", delta.unsigned_abs())));
        }
        if let Some(m) = b.max.filter(|&m| now > m) {
            let holds = self.holds_for_all(id, h, || format!("more than {}", m.saturating_sub(delta)));
            return Err(Halt::refused(format!("cannot {verb} {} {name}: {holds}, at most {m}", delta.unsigned_abs())));
        }
        // The event is made only for an ability that may answer it, or a log that is read.
        let (mut now, mut delta) = (now, delta);
        if delta != 0 && self.rules.reacts.any() {
            let name = s.counters.shared_name(id);
            if self.about_to(cx.you, EventKind::Counter { verb, name, holder: h, delta, now, asked })? {
                return Ok(());
            }
            // A `before:` ability may have changed the counter: the change asked applies on
            // top (as far as a counter that clamps lets it, by what it then really moves).
            let after = self.w.state.counter_at(id, h);
            if after != cur && verb != "set" {
                now = b.clamped(after.saturating_add(asked));
                if b.clamp {
                    delta = now - after;
                }
            }
        }
        self.w.state.set_counter_at(id, h, now).map_err(Halt::refused)?;
        // Nothing changed, nothing happened: no event, no trigger.
        if delta != 0 && !self.unread() {
            let name = self.w.state.counters.shared_name(id);
            self.emit_counter(cx.you, EventKind::Counter { verb, name, holder: h, delta, now, asked });
        } else if delta == 0 {
            self.unchanged_in_secret(verb, id, h, asked, cx);
        }
        Ok(())
    }

    /// What a refusal of a change of counter `id` of `h` says its holder has (`the pool
    /// holds 10`, `alice has 3`): the amount only where every player knows it, else
    /// `vague`, what the refusal itself tells (`the pool holds less than 20`): the refusal
    /// is told to the whole table.
    fn holds_for_all(&self, id: CounterId, h: Holder, vague: impl Fn() -> String) -> String {
        let s = &self.w.state;
        let amount = if self.unknown_to_some(id, h) { vague() } else { s.counter_at(id, h).to_string() };
        match h {
            Holder::Game => format!("the pool holds {amount}"),
            h => format!("{} has {amount}", s.holder_name(h)),
        }
    }

    fn move_like(&mut self, e: &Effect, cx: &mut Ctx) -> R<Value> {
        let all = self.all_targets(e, cx)?;
        let dest = self.destination(e, cx)?;
        let verb: &'static str = e.verb.as_str();
        for t in &all {
            let ent = self.ent(t)?;
            let to = match (e.verb, dest) {
                (Verb::Destroy, _) => Dest::Gone,
                (_, Some(d)) => d,
                (Verb::Move, None) => return Err(Halt::error("`move` needs `to`, `into` or `onto`")),
                (Verb::Return, None) => match self.home(t)? {
                    Some(d) => d,
                    None => continue,
                },
                (Verb::Discard, None) => {
                    let owner = self.w.state.ents[ent].owner;
                    use super::places::DefaultZone;
                    let zone = self.default_zone(DefaultZone::DiscardInto, owner);
                    // A thing nobody owns has no owner's discard pile (a card of a shared supply).
                    let zone =
                        zone.map_err(|h| match (owner, DefaultZone::DiscardInto.name(&self.rules.env.defaults)) {
                            (None, Some(pile)) => Halt::error(format!(
                                "{} is nobody's, so it has no owner's `{pile}` to be discarded to: say where \
                             (`discard x to {pile} of you`), or `take` it first",
                                self.w.state.ents[ent].label,
                                pile = pile.value
                            )),
                            _ => h,
                        })?;
                    Dest::Zone(zone, true)
                }
                (Verb::Take, None) => match self.w.state.zone_of(ent) {
                    Some(z) if self.w.state.zones[z].owner.is_some() && self.w.state.zones[z].owner != cx.you => {
                        Dest::Zone(
                            self.same_zone_of(cx.you.ok_or_else(|| Halt::error("`take` by nobody"))?, Some(z))?,
                            true,
                        )
                    }
                    Some(z) => Dest::Zone(z, true),
                    None => Dest::Gone,
                },
                _ => Dest::Gone,
            };
            self.relocate(verb, t, to, cx)?;
            if e.verb == Verb::Take {
                self.w.state.set_owner(ent, cx.you);
            }
            self.face(e, ent);
        }
        Ok(Value::List(all))
    }

    fn flip(&mut self, e: &Effect, t: &Value, cx: &mut Ctx) -> R<()> {
        self.tick()?;
        let ent = self.ent(t)?;
        self.allowed("flip", cx.you, Some(t), None)?;
        match self.clause(e, |k| matches!(k, ClauseKind::To(_) | ClauseKind::Face(_))) {
            Some(ClauseKind::To(x)) => {
                let side = super::select::first(self.eval(x, cx)?);
                let side = self.show(&side);
                self.flip_to(ent, &side, cx)
            }
            // Facing as asked already: nothing happens, as for a side (`flip_to`).
            Some(ClauseKind::Face(f)) if self.w.state.ents[ent].face_up == (*f == Face::Up) => Ok(()),
            Some(ClauseKind::Face(f)) => {
                let before = self.seen_before(ent);
                self.w.state.set_face(ent, *f == Face::Up);
                let to = if *f == Face::Up { "face up" } else { "face down" };
                self.emit_flip(cx.you, ent, to.into(), before);
                Ok(())
            }
            _ => {
                let sides = match self.w.state.ents[ent].kind {
                    Kind::Piece(k) => self.rules.pieces.get(&**self.w.state.piece_name(k)).map_or(&[][..], |s| &s[..]),
                    Kind::Card(_) => &[],
                };
                if let [a, b] = sides {
                    let cur = self.w.state.ents[ent].side.map(|i| self.w.state.piece_name(i));
                    let other = if cur.is_some_and(|c| **c == **a) { b } else { a };
                    return self.flip_to(ent, other, cx);
                }
                let up = !self.w.state.ents[ent].face_up;
                let before = self.seen_before(ent);
                self.w.state.set_face(ent, up);
                self.emit_flip(cx.you, ent, if up { "face up".into() } else { "face down".into() }, before);
                Ok(())
            }
        }
    }

    /// Turns a two-sided piece to `side`.
    pub fn flip_to(&mut self, ent: EntId, side: &str, cx: &Ctx) -> R<()> {
        if let Kind::Piece(k) = self.w.state.ents[ent].kind {
            let k = self.w.state.piece_name(k);
            let sides = self.rules.pieces.get(&**k).map_or(&[][..], |s| &s[..]);
            if !sides.iter().any(|s| s == side) {
                return Err(Halt::error(format!("{k} has no side `{side}` (sides: {})", sides.join(", "))));
            }
        }
        let id = self.w.state.piece_id(side);
        // Showing that side already: nothing happens, so nothing is logged and no trigger
        // hears a flip (as a counter changed by 0).
        if self.w.state.ents[ent].side == Some(id) {
            return Ok(());
        }
        let before = self.seen_before(ent);
        self.w.state.set_side(ent, Some(id));
        self.emit_flip(cx.you, ent, side.into(), before);
        Ok(())
    }

    /// Who sees `ent` before a change, where the log is read (else nobody is told).
    fn seen_before(&self, ent: EntId) -> u64 {
        if self.unread() {
            0
        } else {
            self.w.state.seen_by(ent)
        }
    }

    /// Logs a flip of `ent` for who saw it before (`before`) or sees it now: a face-down
    /// token flipped where others cannot see it is not named to them, as a move is not,
    /// nor to who flips it without seeing it.
    fn emit_flip(&mut self, you: Option<PlayerId>, ent: EntId, to: String, before: u64) {
        let seen = if self.unread() { crate::engine::view::EVERYONE } else { before | self.w.state.seen_by(ent) };
        self.emit_seen(you, EventKind::Flip { ent, to }, seen);
    }
}
