//! Property values under modifiers, continuous (static) abilities, and prohibitions.
//! A modifier's target is a selector evaluated when the property is read, so
//! "each condition +2 until end of turn" reaches conditions played later in the turn.
//! Targets are matched against printed values, so a modifier can never feed on itself.

use std::rc::Rc;
use std::sync::Arc;

use crate::engine::{CounterId, EntId, Holder, Kind, PlayerId, Value, ZoneId};
use crate::load::Modified;
use crate::syntax::ast::{Exception, Expr, StmtKind};

use super::actions::Source;
use super::compile::Listening;
use super::rules::{Head, Script};
use super::{Ban, Change, Ctx, Halt, Interp, Modifier, Until, R};

impl<'r> Interp<'r> {
    /// The value of property `prop` of a card, piece or space, with modifiers applied.
    pub fn prop_of(&mut self, prop: &str, v: &Value) -> R<Value> {
        let id = self.rules.prop_ids.get(prop).copied();
        self.prop_at(prop, id, self.rules.static_props.contains(prop), v)
    }

    /// `prop_of` for a property whose id (`Rules::prop_ids`) and whether a static ability
    /// may modify it are known (a compiled name: `compile::Global::Property`).
    pub fn prop_at(&mut self, prop: &str, id: Option<u32>, statics: bool, v: &Value) -> R<Value> {
        let e = match v {
            Value::Ent(e) => *e,
            // A board space has its own attributes.
            Value::Zone(z) if self.w.state.zones[*z].is_space() => {
                let attrs = self.w.state.zones[*z].attrs.as_ref();
                return Ok(attrs.and_then(|a| a.get(prop)).cloned().unwrap_or(Value::Null));
            }
            // Another zone is the selection of what it holds (as `sum` and `where` read it):
            // `rank of hand` is its one card's rank, as `rank of cards in hand` is.
            Value::Zone(z) => {
                let held = self.zone_as_selection(*z);
                return self.prop_at(prop, id, statics, &held);
            }
            Value::List(l) if l.len() == 1 => return self.prop_at(prop, id, statics, &l[0]),
            Value::Null => return Ok(Value::Null),
            Value::List(l) if l.len() > 1 => {
                let help = format!("read it of one (`first(...)`), or add them up: `sum(..., {prop})`");
                return Err(Halt::error(format!(
                    "`{prop} of` reads one thing, found {}: {} ({help})",
                    l.len(),
                    self.show(v)
                )));
            }
            v => return Err(Halt::error(format!("`{prop}` of {} means nothing", self.show(v)))),
        };
        let printed = self.printed_at(prop, id, e).cloned().unwrap_or(Value::Null);
        // Unmodified, raw (a modifier's target is matched against printed values) or not
        // yet in play (`while_played`), a property is its printed value.
        if self.raw || !self.may_be_modified(prop, statics) {
            return Ok(printed);
        }
        let info = self.rules.props.get(prop);
        let while_played = info.is_some_and(|i| i.modified == Modified::WhilePlayed);
        if while_played && !self.w.playing.contains(&e) {
            return Ok(printed);
        }
        let mut value = printed.clone();
        let mut by = vec![];
        for m in self.modifiers()? {
            if m.prop != prop || !self.applies(&m, &Value::Ent(e))? {
                continue;
            }
            value = match (&m.change, value) {
                (Change::Add(n), Value::Int(x)) => Value::Int(x.saturating_add(*n)),
                (Change::Set(v), _) => v.clone(),
                (_, other) => other,
            };
            by.push(m.source.clone().unwrap_or_else(|| "a script".into()));
        }
        // "To a minimum of 0": modifiers never take a value past the property's bounds.
        if let (Some((lo, hi)), Value::Int(x)) = (info.map(|i| i.bounds), &value) {
            value = Value::Int((*x).max(lo.unwrap_or(i64::MIN)).min(hi.unwrap_or(i64::MAX)));
        }
        if while_played && value != printed {
            self.note_played_value(prop, e, &printed, &value, &by);
        }
        Ok(value)
    }

    /// Logs once per play what a `while_played` property came to, and why, so that a
    /// transcript shows "cost of x: printed 1, 3 while it comes into play (by y)".
    fn note_played_value(&mut self, prop: &str, e: EntId, printed: &Value, value: &Value, by: &[String]) {
        let key = format!("{prop} of {}", self.w.state.ents[e].label);
        if self.w.noted.contains(&key) {
            return;
        }
        let text = |me: &Self| {
            let (printed, value) = (me.show(printed), me.show(value));
            format!("{key}: printed {printed}, {value} while it comes into play (by {})", by.join(", "))
        };
        self.note(None, false, text);
        Rc::make_mut(&mut self.w.noted).push(key);
    }

    /// The printed (or assigned) value of a property, uncopied.
    fn printed_ref(&self, prop: &str, e: EntId) -> Option<&Value> {
        self.printed_at(prop, self.rules.prop_ids.get(prop).copied(), e)
    }

    /// `printed_ref` of a property whose id is known.
    pub(super) fn printed_at(&self, prop: &str, id: Option<u32>, e: EntId) -> Option<&Value> {
        let ent = &self.w.state.ents[e];
        if !ent.props.is_empty() {
            if let Some(v) = ent.props.get(prop) {
                return Some(v);
            }
        }
        match &ent.kind {
            Kind::Card(c) => Some(&self.rules.cards[*c].printed[id? as usize]),
            Kind::Piece(name) => self
                .rules
                .piece_props
                .get(&**self.w.state.piece_name(*name))
                .and_then(|m| m.get(prop))
                .or_else(|| self.rules.props.get(prop).map(|i| &i.default)),
        }
    }

    /// A property's value when nothing can modify it (no modifier or static ability names
    /// it), uncopied; `None` when it may be modified.
    pub(super) fn unmodified(&self, prop: &str, e: EntId) -> Option<&Value> {
        const NULL: &Value = &Value::Null;
        let statics = self.rules.static_props.contains(prop);
        (!self.may_be_modified(prop, statics)).then(|| self.printed_ref(prop, e).unwrap_or(NULL))
    }

    /// A counter's value with modifiers (`modify charge of x by +2`) applied; the counter
    /// itself keeps its unmodified count. The counter is compiled (`compile::Global::Counter`):
    /// its id, and whether a static ability may modify it, are known.
    #[inline]
    pub fn counter_at(&mut self, name: &str, id: CounterId, statics: bool, h: Holder) -> R<i64> {
        debug_assert_eq!(self.w.state.counters.name(id), name, "counter ids follow `lay_out`");
        // The game's counters, the commonest (nothing modifies a count the game keeps):
        // read inline.
        match h {
            Holder::Game => Ok(self.w.state.counter_at(id, h)),
            h => self.counter_held(name, id, statics, h),
        }
    }

    /// `counter_at` of a counter kept on a player, a thing or a space.
    #[inline(never)]
    fn counter_held(&mut self, name: &str, id: CounterId, statics: bool, h: Holder) -> R<i64> {
        let base = self.w.state.counter_at(id, h);
        let target = match h {
            Holder::Ent(e) => Value::Ent(e),
            Holder::Player(p) => Value::Player(p),
            Holder::Zone(z) => Value::Zone(z),
            Holder::Game => return Ok(base),
        };
        if self.raw || !self.may_be_modified(name, statics) {
            return Ok(base);
        }
        let mut n = base;
        for m in self.modifiers()? {
            if m.prop == name && self.applies(&m, &target)? {
                if let Change::Add(d) = m.change {
                    n = n.saturating_add(d);
                }
            }
        }
        Ok(n)
    }

    /// Whether any modifier could touch `prop`: one a script made, or a static ability's.
    /// `statics`: whether a static ability modifies it (`Rules::static_props`).
    pub(super) fn may_be_modified(&self, prop: &str, statics: bool) -> bool {
        statics || self.w.mods.iter().any(|m| m.prop == prop)
    }

    /// Whether modifier `m` reaches `t` now.
    fn applies(&mut self, m: &Modifier, t: &Value) -> R<bool> {
        let was = std::mem::replace(&mut self.raw, true);
        let out = self.applies_raw(m, t);
        self.raw = was;
        out
    }

    fn applies_raw(&mut self, m: &Modifier, t: &Value) -> R<bool> {
        let mut cx = m.cx.clone();
        if let Until::While(c) = &m.until {
            let v = self.eval(c, &mut cx)?;
            if !self.truth(&v, c, &cx)? {
                return Ok(false);
            }
        }
        let v = self.eval(&m.target, &mut cx)?;
        let applies = self.things(&v)?.contains(t);
        if applies && self.coverage.is_some() {
            self.hit(&m.target.span, m.cx.origin(), super::coverage::Hit::Ran);
        }
        Ok(applies)
    }

    /// Every modifier in effect: those scripts made, and those of static abilities in play.
    pub fn modifiers(&mut self) -> R<Vec<Modifier>> {
        let mut out = Vec::clone(&self.w.mods);
        for (script, cx, source) in self.statics()? {
            for st in &script.block.stmts {
                if let StmtKind::Modify { prop, target, by, duration } = &st.kind {
                    let mut c = cx.clone();
                    let was = std::mem::replace(&mut self.raw, true);
                    let by = self.eval(by, &mut c);
                    self.raw = was;
                    let n = self.int(&by?, target, &c)?;
                    let until = match duration {
                        Some(crate::syntax::ast::Duration::While(w)) => Until::While(Arc::new(w.clone())),
                        _ => Until::Forever,
                    };
                    out.push(Modifier {
                        prop: prop.name.to_string(),
                        target: Arc::new(target.clone()),
                        change: Change::Add(n),
                        until,
                        cx: c,
                        source: Some(source.clone()),
                        text: String::new(),
                    });
                }
            }
        }
        Ok(out)
    }

    /// The static abilities in effect: of cards in play and of factions, whose
    /// requirements hold, with the context they run in.
    pub fn statics(&mut self) -> R<Vec<(&'r Script, Ctx<'static>, String)>> {
        self.statics_where(|_| true)
    }

    /// Those of `statics` whose script `keep` selects. Every requirement is read all the
    /// same (its steps counted, its errors raised), in the same order; only the contexts
    /// and names of the others are not made.
    fn statics_where(&mut self, keep: impl Fn(&Script) -> bool) -> R<Vec<(&'r Script, Ctx<'static>, String)>> {
        let rules: &'r super::Rules = self.rules;
        let held = self.static_cards();
        let s = &self.w.state;
        let mut sources: Vec<(Source, Option<PlayerId>)> = vec![];
        for &e in held.iter() {
            sources.push((Source::Card(e), s.controller_or_owner(e)));
        }
        for p in 0..s.players.len() {
            if self.faction_of(p).is_some_and(|f| f.abilities.iter().any(|a| matches!(a.head, Head::Static(_)))) {
                sources.push((Source::Faction(p), Some(p)));
            }
        }
        let mut out = vec![];
        for (src, you) in sources {
            let (abilities, this): (&[super::rules::AbilityDef], Value) = match src {
                Source::Card(e) => {
                    let Kind::Card(c) = self.w.state.ents[e].kind else { continue };
                    (&rules.cards[c].abilities, Value::Ent(e))
                }
                Source::Faction(p) => {
                    let Some(def) = self.faction_of(p) else { continue };
                    (&def.abilities, Value::Player(p))
                }
                Source::Game(_) => continue,
            };
            for a in abilities {
                let Head::Static(script) = &a.head else { continue };
                if let Some(r) = &a.requires {
                    if self.coverage.is_some() {
                        self.hit(&r.expr.span, Some(&r.origin), super::coverage::Hit::Ran);
                    }
                    let mut rc = Ctx::placed(you, Some(this.clone()), &r.text, &r.origin);
                    let was = std::mem::replace(&mut self.raw, true);
                    let v = self.eval(&r.expr, &mut rc);
                    self.raw = was;
                    if !self.truth(&v?, &r.expr, &rc)? {
                        continue;
                    }
                }
                if !keep(script) {
                    continue;
                }
                let label = match src {
                    Source::Card(e) => self.w.state.ents[e].label.as_str().to_owned(),
                    Source::Faction(p) | Source::Game(p) => {
                        self.faction_of(p).map(|d| d.id.clone()).unwrap_or_default()
                    }
                };
                out.push((script, Ctx::shared(you, Some(this.clone()), &script.text, &script.origin), label));
            }
        }
        Ok(out)
    }

    /// The cards in play that have a static ability, in table order. They depend only on
    /// where things are, so they are kept with the `State::card_layout` they were found at
    /// (debug builds search again beside each kept list and compare).
    fn static_cards(&mut self) -> Rc<[EntId]> {
        self.by_layout(super::memo::Listed::Statics, Self::scan_static_cards)
    }

    fn scan_static_cards(&self) -> Vec<EntId> {
        // What `State::table_keep` keeps, in its order (the in-play zones' things, then the
        // attached things in play), with the test of each thing a byte read first: a
        // table of many pieces holds few cards with a static ability.
        let (rules, s) = (self.rules, &self.w.state);
        let has_static = |e: EntId| {
            s.is_card(e) && matches!(s.ents[e].kind, Kind::Card(c) if rules.listening[c] & Listening::STATIC != 0)
        };
        let mut out = vec![];
        for z in s.zones.iter().filter(|z| z.holds_in_play()) {
            out.extend(z.items.iter().copied().filter(|&e| has_static(e)));
        }
        out.extend(s.borne().filter(|&e| has_static(e) && s.in_play(e)));
        debug_assert_eq!(
            out,
            s.table_keep(
                |_, z| z.holds_in_play(),
                |e| s.in_play(e),
                |e| match s.ents[e].kind {
                    Kind::Card(c) => rules.cards[c].abilities.iter().any(|a| matches!(a.head, Head::Static(_))),
                    Kind::Piece(_) => false,
                }
            ),
            "the static cards in play"
        );
        out
    }

    /// Whether any prohibition could be in effect (else `allowed` says yes at once, and its
    /// caller need not build what it would look at).
    pub fn may_forbid(&self) -> bool {
        self.rules.static_bans() || !self.w.bans.is_empty()
    }

    /// Whether a prohibition check of `verb` (`allowed`) may read anything: once any
    /// prohibition is in force, a static ability that may forbid the verb or whose
    /// requirement every check reads (it may raise an error); and a prohibition a script
    /// made that names the verb.
    pub(super) fn may_forbid_verb(&self, verb: &str) -> bool {
        (self.may_forbid() && self.rules.statics_may_forbid(verb))
            || self.w.bans.iter().any(|b| names_verb(&b.rule, verb))
    }

    /// Refuses `verb` by the acting player on `thing` (at `place`) when a prohibition covers it.
    /// Asked at every move and call: the common answer (nothing can forbid) is inline.
    #[inline]
    pub fn allowed(
        &mut self,
        verb: &str,
        you: Option<PlayerId>,
        thing: Option<&Value>,
        place: Option<ZoneId>,
    ) -> R<()> {
        match you {
            Some(you) if self.may_forbid() => self.allowed_by_bans(verb, you, thing, place),
            _ => Ok(()),
        }
    }

    /// `allowed` when some prohibition may be in force: the prohibitions scripts made so
    /// far, then those of the static abilities in effect, each asked only if it names the
    /// verb.
    fn allowed_by_bans(&mut self, verb: &str, you: PlayerId, thing: Option<&Value>, place: Option<ZoneId>) -> R<()> {
        // The script-made prohibitions as they are before anything is read: a static
        // ability's requirement, or a prohibition's `except if`, may call a procedure that
        // makes one, which applies only from the next check on. Shared, not copied.
        let made = Rc::clone(&self.w.bans);
        // Every static ability's requirement is read (and its steps counted) first; only
        // those that forbid the verb are kept.
        let forbids = |script: &Script| {
            (script.block.stmts.iter()).any(|st| matches!(&st.kind, StmtKind::Forbid(f) if names_verb(f, verb)))
        };
        // With no static ability to read (none forbids the verb, none has a requirement),
        // the search would read nothing and keep nothing.
        let statics = if self.rules.statics_may_forbid(verb) { self.statics_where(forbids)? } else { vec![] };
        for ban in made.iter().filter(|b| names_verb(&b.rule, verb)) {
            self.refuse_if(ban, verb, you, thing, place)?;
        }
        for (script, cx, source) in statics {
            for st in &script.block.stmts {
                if let StmtKind::Forbid(f) = &st.kind {
                    if names_verb(f, verb) {
                        // The rule is shared with the script, not copied.
                        let ban = Ban { rule: Arc::clone(f), cx: cx.clone(), source: source.clone() };
                        self.refuse_if(&ban, verb, you, thing, place)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// Refuses the action if prohibition `ban`, which names its verb, covers it.
    fn refuse_if(
        &mut self,
        ban: &Ban,
        verb: &str,
        you: PlayerId,
        thing: Option<&Value>,
        place: Option<ZoneId>,
    ) -> R<()> {
        if !self.forbids(ban, you, thing, place)? {
            return Ok(());
        }
        if self.coverage.is_some() {
            self.hit(&ban.rule.who.span, ban.cx.origin(), super::coverage::Hit::Ran);
        }
        if let Some(reason) = &ban.rule.reason {
            return Err(Halt::refused(reason.clone()));
        }
        let what = thing.map(|t| format!(" {}", self.show(t))).unwrap_or_default();
        let who = self.pname(you);
        Err(Halt::refused(format!("{who} may not {verb}{what}: forbidden by {}", ban.source)))
    }

    /// Whether a prohibition naming the verb covers this player, thing and place now.
    fn forbids(&mut self, ban: &Ban, you: PlayerId, thing: Option<&Value>, place: Option<ZoneId>) -> R<bool> {
        let mut cx = ban.cx.clone();
        let who = self.eval(&ban.rule.who, &mut cx)?;
        if !self.players(&who)?.contains(&you) {
            return Ok(false);
        }
        // `pieces at X` reads as the object with a place: the place is where the action
        // happens (where the thing is, or where it goes), like `at X` of the prohibition.
        let (object, mut places) = match &ban.rule.object {
            Some(o) => split_places(o),
            None => (None, vec![]),
        };
        places.extend(ban.rule.at.clone());
        if let Some(obj) = &object {
            // A prohibition about things does not cover actions on nothing.
            let Some(t) = thing else { return Ok(false) };
            if !self.covers(obj, t, &mut cx)? {
                return Ok(false);
            }
        }
        let here = thing.and_then(|t| match t {
            Value::Ent(e) => self.w.state.zone_of(*e),
            _ => None,
        });
        for at in &places {
            // Where the action happens is looked up in the place, not the place listed.
            let mut hit = false;
            for z in [here, place].into_iter().flatten() {
                hit = hit || self.among(at, &Value::Zone(z), &mut cx)?;
            }
            if !hit {
                return Ok(false);
            }
        }
        Ok(match &ban.rule.except {
            Some(Exception::During(p)) => !self.running_names().contains(&&*p.name),
            Some(Exception::If(c)) => {
                let v = self.eval(c, &mut cx)?;
                !self.truth(&v, c, &cx)?
            }
            None => true,
        })
    }

    fn covers(&mut self, obj: &Expr, t: &Value, cx: &mut Ctx) -> R<bool> {
        if let Value::Sym(counter) = t {
            // An action on a counter: covered when the object names that counter.
            return Ok(self.names(obj, counter));
        }
        self.among(obj, t, cx)
    }

    /// Whether `t` is among the things `e` selects: decided by `member` when it can be
    /// (debug builds list the things beside it and compare), else by listing them.
    fn among(&mut self, e: &Expr, t: &Value, cx: &mut Ctx) -> R<bool> {
        let listed = |me: &mut Self, cx: &mut Ctx| me.eval(e, cx).and_then(|v| me.things(&v)).map(|l| l.contains(t));
        let Some(is) = self.member(e, t, cx)? else { return listed(self, cx) };
        #[cfg(debug_assertions)]
        {
            let budgets = self.steps;
            let fresh = listed(self, cx);
            self.steps = budgets;
            // Listing may run out of the steps `member` did not need: nothing to compare.
            if !matches!(fresh, Err(super::Halt::Budget(_))) {
                debug_assert_eq!(fresh.ok(), Some(is), "`member` disagrees with the listed things");
            }
        }
        Ok(is)
    }

    /// Drops (and logs) modifiers that end when `period` (`turn`, `phase`, or a phase's
    /// name) starts or ends.
    #[inline]
    pub fn expire(&mut self, start: bool, period: &str, name: &str) {
        // Most games have no modifier in force when a period starts or ends.
        if !self.w.mods.is_empty() {
            self.expire_some(start, period, name);
        }
    }

    /// `expire` when some modifier is in force.
    #[inline(never)]
    fn expire_some(&mut self, start: bool, period: &str, name: &str) {
        let ends = |m: &Modifier| match &m.until {
            Until::EndOf(p) if !start => p == period || p == name,
            Until::StartOf(p) if start => p == period || p == name,
            _ => false,
        };
        // Most periods end nothing: the modifiers are only taken apart when one ends.
        if !self.w.mods.iter().any(ends) {
            return;
        }
        let (gone, kept): (Vec<Modifier>, Vec<Modifier>) =
            std::mem::take(Rc::make_mut(&mut self.w.mods)).into_iter().partition(ends);
        self.w.mods = Rc::new(kept);
        for m in gone {
            self.note(None, false, |_| format!("ends: {}", m.text));
        }
    }
}

/// Splits `at PLACE` filters off a prohibition's object: the rest says what, they say where.
fn split_places(o: &Expr) -> (Option<Expr>, Vec<Expr>) {
    use crate::syntax::ast::{ExprKind, FilterKind};
    let ExprKind::Select { quantity, base, filters } = &o.kind else { return (Some(o.clone()), vec![]) };
    let places: Vec<Expr> =
        filters.iter().filter_map(|f| if let FilterKind::At(x) = &f.kind { Some(x.clone()) } else { None }).collect();
    let rest = filters.iter().filter(|f| !matches!(f.kind, FilterKind::At(_))).cloned().collect();
    let kind = ExprKind::Select { quantity: quantity.clone(), base: base.clone(), filters: rest };
    (Some(Expr { kind, span: o.span.clone() }), places)
}

/// Whether a prohibition names `verb` among the actions it forbids.
fn names_verb(rule: &crate::syntax::ast::Forbid, verb: &str) -> bool {
    rule.actions.iter().any(|a| &*a.name == verb)
}
