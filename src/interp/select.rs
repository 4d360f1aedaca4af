//! Selectors: what a noun selects, quantities and filters (`choice` asks the players).

use crate::engine::{EntId, List, Loc, PlayerId, Value, ZoneId};
use crate::syntax::ast::*;

use super::count_at::{whose_keeps, Whose};
use super::eval::Mode;
use super::located::{Selected, Zones};
use super::noun_info::NounInfo;
use super::{Ctx, Interp, R};

impl<'r> Interp<'r> {
    /// Every card (or piece) in the game, in table order: zone by zone, top first, then
    /// attached ones. Things out of the game are not selected.
    pub fn all_ents(&self, cards: bool) -> Vec<EntId> {
        let s = &self.w.state;
        let mut out = s.table_where(|_, _| true, |_| true);
        out.retain(|&e| s.is_card(e) == cards);
        out
    }

    /// Every board space.
    pub fn spaces(&self) -> &[ZoneId] {
        self.w.state.spaces()
    }

    /// A value as the things it selects: a zone's contents, a noun's instances, a list.
    pub fn things(&mut self, v: &Value) -> R<List> {
        match v {
            Value::List(l) => {
                let mut out = List::with_capacity(l.len());
                for x in l {
                    match x {
                        // A thing or a player is itself (no list is built for each).
                        Value::Ent(_) | Value::Player(_) => out.push(x.clone()),
                        x => out.extend(self.things(x)?),
                    }
                }
                Ok(out)
            }
            Value::Null => Ok(List::new()),
            Value::Zone(z) if self.w.state.zones[*z].attrs.is_none() => {
                Ok(self.w.state.zones[*z].items.iter().map(|&e| Value::Ent(e)).collect())
            }
            Value::Sym(noun) => match self.rules.noun_if(noun) {
                Some(noun) => self.noun_things(&noun),
                None => Ok(thin_vec::thin_vec![v.clone()]),
            },
            v => Ok(thin_vec::thin_vec![v.clone()]),
        }
    }

    /// `things` of `v`, the value of `e`: a noun `e` names found by its index.
    pub(super) fn things_at(&mut self, e: &Expr, v: &Value) -> R<List> {
        match self.noun_of(e, v) {
            Some(noun) => self.noun_things(&noun),
            None => self.things(v),
        }
    }

    /// `things` of a value that is no longer needed: a list of things and players is
    /// returned as it is, not copied.
    pub(super) fn things_owned(&mut self, v: Value) -> R<List> {
        match v {
            Value::List(l) if l.iter().all(|x| matches!(x, Value::Ent(_) | Value::Player(_))) => Ok(l),
            v => self.things(&v),
        }
    }

    /// The cards, then the pieces, in play that are `noun`s, in table order (what
    /// `things` would give, less what no one controls).
    fn things_in_play(&mut self, noun: &NounInfo) -> R<List> {
        if let Some((n, _, nouns)) = self.in_play_by_bits(noun, None) {
            #[cfg(debug_assertions)]
            {
                let mark = self.steps.mark();
                let listed = self.in_play_listed(noun);
                self.steps.rewind(mark);
                // Where the budget runs out the listed path stops first: nothing to compare.
                if let Ok(listed) = listed {
                    debug_assert_eq!(listed, nouns, "`{}` in play: the bits disagree", noun.name);
                }
            }
            self.tick_n(n)?;
            return Ok(nouns);
        }
        self.in_play_listed(noun)
    }

    /// `things_in_play` read from the nouns' bits, when the game has no pieces and every
    /// thing in play is a card whose bits settle whether it is a `noun` (see
    /// `nouns_among`): how many things are in play, how many are nouns, and those nouns
    /// (only those one of `by` controls, if given), with no list of the table made first.
    /// `None` otherwise.
    fn in_play_by_bits(&self, noun: &NounInfo, by: Option<&[PlayerId]>) -> Option<(usize, usize, List)> {
        let (s, rules) = (&self.w.state, self.rules);
        if s.has_pieces() {
            return None;
        }
        let bit = noun.settled(self.w.mods.iter().map(|m| m.prop.as_str()))?;
        let (mut n, mut nouns, mut out) = (0, 0, List::new());
        // A thing in an in-play zone is controlled by the zone's owner, else its own.
        let mut test = |e: EntId, zone_owner: Option<Option<PlayerId>>| {
            n += 1;
            let ent = &s.ents[e];
            let crate::engine::Kind::Card(card) = ent.kind else { return None };
            if !ent.props.is_empty() {
                return None;
            }
            if rules.nouns.card_has(card, bit).unwrap_or(false) {
                nouns += 1;
                let controller = || zone_owner.map_or_else(|| s.controller(e), |z| z.or(ent.owner));
                if by.is_none_or(|by| controller().is_some_and(|c| by.contains(&c))) {
                    out.push(Value::Ent(e));
                }
            }
            Some(())
        };
        for z in s.zones.iter().filter(|z| z.holds_in_play()) {
            z.items.iter().try_for_each(|&e| test(e, Some(z.owner)))?;
        }
        s.borne().filter(|&e| s.in_play(e)).try_for_each(|e| test(e, None))?;
        Some((n, nouns, out))
    }

    /// `things_in_play` by listing the table's things in play and testing each.
    fn in_play_listed(&mut self, noun: &NounInfo) -> R<List> {
        let s = &self.w.state;
        let zone = |_, z: &crate::engine::Zone| z.holds_in_play();
        let borne = |e| s.in_play(e);
        let ents = if s.has_pieces() {
            let mut ents = s.table_keep(zone, borne, |e| s.is_card(e));
            ents.extend(s.table_keep(zone, borne, |e| !s.is_card(e)));
            ents
        } else {
            s.table_where(zone, borne)
        };
        self.tick_n(ents.len())?;
        self.nouns_among(noun, ents.into_iter().map(Value::Ent))
    }

    /// `NOUN you control` (or `controlled by P`), the control filter `f` first: the
    /// nouns in play that player controls, with the steps `candidates` counts for the
    /// selection and that filter (one a noun for each), kept in the list they came in.
    pub(super) fn controlled(&mut self, noun: &NounInfo, f: &Filter, cx: &mut Ctx) -> R<List> {
        if let (FilterKind::YouControl, Some(you)) = (&f.kind, cx.you) {
            // The acting player is known before the things are: one pass keeps theirs.
            if let Some((n, nouns, yours)) = self.in_play_by_bits(noun, Some(&[you])) {
                #[cfg(debug_assertions)]
                {
                    let mark = self.steps.mark();
                    let listed = self.controlled_listed(noun, f, cx);
                    self.steps.rewind(mark);
                    if let Ok(listed) = listed {
                        debug_assert_eq!(listed, yours, "`{} you control`: the bits disagree", noun.name);
                    }
                }
                self.tick_n(n)?;
                self.tick_n(nouns)?;
                self.tick_n(nouns)?;
                return Ok(yours);
            }
        }
        self.controlled_listed(noun, f, cx)
    }

    /// `controlled` of the nouns in play listed first, then kept by their controller.
    fn controlled_listed(&mut self, noun: &NounInfo, f: &Filter, cx: &mut Ctx) -> R<List> {
        let mut cands = self.things_in_play(noun)?;
        self.tick_n(cands.len())?;
        let arg = self.filter_arg(f, cx)?;
        self.tick_n(cands.len())?;
        let s = &self.w.state;
        let by = match &f.kind {
            FilterKind::YouControl => cx.you.into_iter().collect(),
            _ => arg.map(|a| self.players(&a)).transpose()?.unwrap_or_default(),
        };
        cands.retain(|c| matches!(c, Value::Ent(e) if s.controller(*e).is_some_and(|p| by.contains(&p))));
        Ok(cands)
    }

    /// The candidates filter `f` keeps, in their order: its argument read once, a step
    /// for each candidate tested.
    #[inline]
    pub(super) fn kept_by(&mut self, f: &Filter, cands: List, cx: &mut Ctx) -> R<List> {
        let arg = self.filter_arg(f, cx)?;
        self.tick_n(cands.len())?;
        let mut kept = List::new();
        for c in cands {
            if self.keeps(f, &c, arg.as_ref(), cx)? {
                kept.push(c);
            }
        }
        Ok(kept)
    }

    /// `noun of x`: the noun's things owned by players, held in zones, or borne by cards.
    pub fn things_of(&mut self, noun: &Value, of: &Value) -> R<Value> {
        let cands = self.things(noun)?;
        let owners = of.items();
        let mut out = List::new();
        for c in cands {
            let Value::Ent(e) = c else { continue };
            let ent = &self.w.state.ents[e];
            let keep = owners.iter().any(|o| match o {
                Value::Player(p) => ent.owner == Some(*p),
                Value::Zone(z) => self.w.state.zone_of(e) == Some(*z) && ent.loc == Loc::Zone(*z),
                Value::Ent(b) => ent.loc == Loc::On(*b),
                _ => false,
            });
            if keep {
                out.push(c);
            }
        }
        Ok(Value::List(out))
    }

    /// Whether `obj` names `name` rather than selecting things: the word itself or another
    /// spelling of it, alone or counted (`coins`, `2 coins`, `battle`).
    pub fn names(&self, obj: &Expr, name: &str) -> bool {
        let base = match &obj.kind {
            ExprKind::Select { base, .. } => base,
            _ => obj,
        };
        let ExprKind::Name(n, res) = &base.kind else { return false };
        self.rules.env.resolve_res(n, *res).map_or(n.as_str() == name, |(c, _)| c == name)
    }

    /// A selector: its candidates, filtered, then counted out by its quantity.
    pub fn select(
        &mut self,
        q: Option<&Quantity>,
        base: &Expr,
        filters: &[Filter],
        cx: &mut Ctx,
        mode: Mode,
    ) -> R<Value> {
        if let (Some(q), [], ExprKind::Of(a, b)) = (q, filters, &base.kind) {
            if let (QuantityKind::Top(k) | QuantityKind::Bottom(k), Some(cards)) = (&q.kind, self.all_of_kind(a, cx)) {
                let bottom = matches!(q.kind, QuantityKind::Bottom(_));
                return self.end_of(cards, a, b, k.as_deref(), bottom, cx, mode);
            }
        }
        let cands = match self.in_one_zone(base, filters, cx) {
            Some(cands) => cands?,
            None => self.candidates(base, filters, cx)?,
        };
        let Some(q) = q else { return Ok(Value::List(cands)) };
        match &q.kind {
            QuantityKind::All | QuantityKind::Each => Ok(Value::List(cands)),
            QuantityKind::Top(k) | QuantityKind::Bottom(k) => {
                let k = match k {
                    Some(e) => self.count(e, cx)?,
                    None => 1,
                };
                let mut c = cands;
                if matches!(q.kind, QuantityKind::Bottom(_)) {
                    c.reverse();
                }
                c.truncate(k);
                Ok(Value::List(c))
            }
            QuantityKind::One | QuantityKind::Exactly(_) | QuantityKind::UpTo(_) | QuantityKind::AnyNumber => {
                let (min, max) = self.bounds(q, cands.len(), cx)?;
                let exact = cands.len() == min && min == max;
                if mode == Mode::Query || exact {
                    let mut c = cands;
                    c.truncate(max);
                    return Ok(Value::List(c));
                }
                let end = filters.last().map(|f| f.span.end).unwrap_or(base.span.end);
                let prompt = super::choice::Prompt::Words(q.span.start..end);
                self.pick(prompt, cands, min, max, cx)
            }
        }
    }

    /// `top K cards of X` (or `bottom`): what `select` gives for it, reading only the K
    /// things at that end of X's zones instead of listing them all (a deck may hold the
    /// whole library). Counts and evaluates as `select` of the `of` would.
    #[allow(clippy::too_many_arguments)]
    fn end_of(
        &mut self,
        cards: bool,
        a: &Expr,
        b: &Expr,
        k: Option<&Expr>,
        bottom: bool,
        cx: &mut Ctx,
        mode: Mode,
    ) -> R<Value> {
        self.tick()?; // the step of the `of` that `eval` would count
        let (right, zones) = match self.zone_ref(b, cx) {
            Some(z) => (Value::Null, Some(Zones::One([z?]))),
            None => {
                let right = self.eval_in(b, cx, mode)?;
                let zones = self.zones_in(&right);
                (right, zones)
            }
        };
        let k = match k {
            Some(e) => self.count(e, cx)?,
            None => 1,
        };
        let Some(zones) = zones else {
            // Not zones: as `of` does, the noun's things owned by, or borne by, `right`.
            let ExprKind::Name(n, _) = &a.kind else { return Ok(Value::List(List::new())) };
            let noun = self.name(n, cx)?;
            let mut all = self.things_of(&noun, &right)?.into_items();
            if bottom {
                all.reverse();
            }
            all.truncate(k);
            return Ok(Value::List(all));
        };
        let mut items = List::new();
        self.each_at_end(&zones, cards, k, bottom, |e| items.push(Value::Ent(e)));
        Ok(Value::List(items))
    }

    /// The first `k` cards (or pieces) of `zones` from the top (or the `bottom`), given to
    /// `f` in that order: what `top K cards of Z` selects.
    pub(super) fn each_at_end(&self, zones: &[ZoneId], cards: bool, k: usize, bottom: bool, f: impl FnMut(EntId)) {
        let s = &self.w.state;
        let kind = |e: &EntId| s.is_card(*e) == cards;
        if bottom {
            let all = zones.iter().rev().flat_map(|&z| s.zones[z].items.iter().rev().copied());
            all.filter(kind).take(k).for_each(f);
        } else {
            let all = zones.iter().flat_map(|&z| s.zones[z].items.iter().copied());
            all.filter(kind).take(k).for_each(f);
        }
    }

    /// The candidates of a selector before its quantity.
    pub(super) fn candidates(&mut self, base: &Expr, filters: &[Filter], cx: &mut Ctx) -> R<List> {
        // The place filter goes first when only tests of ownership or control come before
        // it (`pieces owned by p at c`): the same things, without listing the whole table.
        let place = first_place(filters).filter(|&i| i == 0 || !self.in_order);
        let lead = place.map(|i| &filters[i]);
        // Which filter the candidates were found by, if any (it is not applied again).
        let mut applied = None;
        // Whether the candidates' steps were counted where they were found.
        let mut counted = false;
        // `armies of p at t`: only what stands at `t` is looked at (`located.rs`).
        let of_at = match (place, lead) {
            (Some(0), Some(f)) => self.of_players_at(base, f, cx),
            _ => None,
        };
        let mut cands = if let Some(found) = of_at {
            applied = place;
            found?
        } else {
            match (self.all_of_kind(base, cx), lead) {
                // `cards in X`: only the things in X's zones are looked at, in table order.
                (Some(cards), Some(f)) => {
                    applied = place;
                    match self.located_in(f, cards, cx)? {
                        Selected::Zones(zones, cards) => self.in_zones(&zones, cards),
                        Selected::Things(things) => things,
                    }
                }
                (_, None)
                    if matches!(
                        filters.first().map(|f| &f.kind),
                        Some(FilterKind::YouControl | FilterKind::ControlledBy(_))
                    ) =>
                {
                    // `X you control`: only things in play can be controlled.
                    let b = self.eval(base, cx)?;
                    match self.noun_of(base, &b) {
                        Some(noun) => {
                            applied = Some(0);
                            counted = true;
                            self.controlled(&noun, &filters[0], cx)?
                        }
                        None => self.things(&b)?,
                    }
                }
                _ => {
                    let b = self.eval(base, cx)?;
                    match (self.noun_of(base, &b), lead) {
                        // `NOUN at X`: only the things in X's zones are looked at.
                        (Some(noun), Some(f)) => {
                            applied = place;
                            self.noun_located(&noun, f, cx)?
                        }
                        (Some(noun), None) => self.noun_things(&noun)?,
                        (None, _) => self.things_owned(b)?,
                    }
                }
            }
        };
        if !counted {
            self.tick_n(cands.len())?;
        }
        for (_, f) in filters.iter().enumerate().filter(|(i, _)| Some(*i) != applied) {
            cands = self.kept_by(f, cands, cx)?;
        }
        #[cfg(debug_assertions)]
        if applied.is_some_and(|i| i > 0) {
            // The filters in their written order give the same things, in the same order.
            let budgets = self.steps;
            self.in_order = true;
            let written = self.candidates(base, filters, cx);
            self.in_order = false;
            self.steps = budgets;
            // The written order looks at more things: it may run out of steps where the
            // place first did not, and then there is nothing to compare.
            if !matches!(written, Err(super::Halt::Budget(_))) {
                debug_assert_eq!(written.ok().as_ref(), Some(&cands), "the place filter taken first selects otherwise");
            }
        }
        Ok(cands)
    }

    /// `NOUN in X` (or `from`, `at`): the noun's things located in X, in the order
    /// `things` gives them (cards, then pieces, then spaces, each in table order). When X
    /// is made of zones only their contents are tested, not every thing of the game.
    pub(super) fn noun_located(&mut self, noun: &NounInfo, f: &Filter, cx: &mut Ctx) -> R<List> {
        let place = self.filter_arg(f, cx)?.unwrap_or(Value::Null);
        let Some(zones) = self.zones_in(&place) else {
            let all = self.noun_things(noun)?;
            return Ok(all.into_iter().filter(|c| self.located(c, &place)).collect());
        };
        if let Some(found) = self.pieces_named(noun, &zones) {
            #[cfg(debug_assertions)]
            {
                let here = self.all_in(&zones);
                debug_assert_eq!(Ok(&found), self.nouns_among(noun, here).as_ref(), "`{}` located", noun.name);
            }
            return Ok(found);
        }
        let here = self.all_in(&zones);
        self.nouns_among(noun, here)
    }

    /// Everything `zones` hold, cards then pieces, zone by zone, then those of `zones`
    /// that are spaces (`zones` is sorted: they come in zone order).
    fn all_in(&self, zones: &[ZoneId]) -> List {
        let mut here = self.in_zones(zones, true);
        here.extend(self.in_zones(zones, false));
        let s = &self.w.state;
        here.extend(zones.iter().filter(|&&z| s.zones[z].is_space()).map(|&z| Value::Zone(z)));
        here
    }

    /// The fewest and most things a quantity takes out of `avail`.
    pub(super) fn bounds(&mut self, q: &Quantity, avail: usize, cx: &mut Ctx) -> R<(usize, usize)> {
        Ok(match &q.kind {
            QuantityKind::One => (1, 1),
            QuantityKind::Exactly(e) => {
                let k = self.count(e, cx)?;
                (k, k)
            }
            QuantityKind::UpTo(e) => (0, self.count(e, cx)?),
            _ => (0, avail),
        })
    }

    /// Whether a filter keeps candidate `c`.
    /// `it` is the candidate inside `where` and `with`; the arguments of the other filters
    /// (`in hand of it`, `x on it`, `at (choose 1 space)`) are computed once, in the
    /// enclosing scope, where `it` is whatever it was around the selector.
    pub(super) fn filter_arg(&mut self, f: &Filter, cx: &mut Ctx) -> R<Option<Value>> {
        Ok(match &f.kind {
            FilterKind::ControlledBy(p) | FilterKind::OwnedBy(p) => match self.eval(p, cx)? {
                // One player is read as the list of one (`keeps`, `players`): none is made.
                v @ Value::Player(_) => Some(v),
                v => Some(Value::List(self.players(&v)?.into_iter().map(Value::Player).collect())),
            },
            FilterKind::In(z) | FilterKind::From(z) | FilterKind::At(z) => match self.zone_ref(z, cx) {
                Some(found) => Some(Value::Zone(found?)),
                None => match self.eval(z, cx)? {
                    v @ Value::Sym(_) => Some(Value::List(self.things_at(z, &v)?)),
                    v => Some(v),
                },
            },
            FilterKind::On(b) => Some(self.eval(b, cx)?),
            _ => None,
        })
    }

    pub(super) fn keeps(&mut self, f: &Filter, c: &Value, arg: Option<&Value>, cx: &mut Ctx) -> R<bool> {
        let you = cx.you;
        let ent = match c {
            Value::Ent(e) => Some(*e),
            _ => None,
        };
        let s = &self.w.state;
        Ok(match &f.kind {
            FilterKind::Where(_) | FilterKind::With(_) => {
                let saved = cx.it.replace(c.clone());
                let out = self.keeps_candidate(f, c, cx);
                cx.it = saved;
                out?
            }
            FilterKind::YouControl => ent.is_some_and(|e| whose_keeps(s, Whose::Yours, e, arg, you)),
            FilterKind::ControlledBy(_) => ent.is_some_and(|e| whose_keeps(s, Whose::Controlled, e, arg, you)),
            FilterKind::OwnedBy(_) => ent.is_some_and(|e| whose_keeps(s, Whose::Owned, e, arg, you)),
            FilterKind::In(_) | FilterKind::From(_) | FilterKind::At(_) => arg.is_some_and(|p| self.located(c, p)),
            FilterKind::On(_) => ent.is_some_and(|e| {
                arg.is_some_and(|b| {
                    b.as_slice().iter().any(|x| matches!(x, Value::Ent(b) if s.ents[e].loc == Loc::On(*b)))
                })
            }),
        })
    }

    /// `where COND` and `with X`, with `it` bound to the candidate.
    fn keeps_candidate(&mut self, f: &Filter, c: &Value, cx: &mut Ctx) -> R<bool> {
        match &f.kind {
            FilterKind::Where(e) => {
                let v = self.eval(e, cx)?;
                self.truth(&v, e, cx)
            }
            FilterKind::With(e) => {
                // Asked once per candidate: the expression is copied only if it has a quantity.
                let v = if quantified(e) { self.eval(&unquantified(e), cx)? } else { self.eval(e, cx)? };
                if let Value::Bool(b) = v {
                    return Ok(b);
                }
                let here = self.things(&v)?;
                let s = &self.w.state;
                Ok(here.iter().any(|h| match (h, c) {
                    (Value::Ent(x), Value::Zone(z)) => s.zone_of(*x) == Some(*z),
                    (Value::Ent(x), Value::Ent(b)) => s.ents[*x].loc == Loc::On(*b),
                    _ => false,
                }))
            }
            _ => Ok(false),
        }
    }
}

/// The `in`/`from`/`at` filter a selection can start from: the first one, when the filters
/// before it only test ownership or control of a player named plainly (`owned by p`,
/// `you control`). Those keep what they keep in any order, and their players are read
/// in the enclosing scope either way, asking nothing; a `where`, `with` or `on` before
/// it keeps its place.
pub(super) fn first_place(filters: &[Filter]) -> Option<usize> {
    for (i, f) in filters.iter().enumerate() {
        match &f.kind {
            FilterKind::In(_) | FilterKind::From(_) | FilterKind::At(_) => return Some(i),
            FilterKind::YouControl => {}
            FilterKind::OwnedBy(p) | FilterKind::ControlledBy(p)
                if matches!(p.kind, ExprKind::Name(..) | ExprKind::You | ExprKind::This) => {}
            _ => return None,
        }
    }
    None
}

/// Whether a value is the enum value `noun` or a list holding it.
pub(super) fn names(v: &Value, noun: &str) -> bool {
    v.as_slice().iter().any(|x| matches!(x, Value::Sym(s) if &**s == noun))
}

/// A one-element list as its element.
pub fn first(v: Value) -> Value {
    match v {
        Value::List(mut l) if l.len() == 1 => l.remove(0),
        v => v,
    }
}

/// Whether `unquantified` would change `e`.
fn quantified(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Select { quantity: Some(_), .. } => true,
        ExprKind::Select { base, .. } => quantified(base),
        ExprKind::Of(a, b) | ExprKind::Binary(BinOp::Or, a, b) => quantified(a) || quantified(b),
        _ => false,
    }
}

/// A selector without its quantity: in a pattern or after `with`, `a pawn` means any pawn.
pub fn unquantified(e: &Expr) -> Expr {
    match &e.kind {
        // `a pawn`, and `(a gem or a pawn) where ...`: the selection without its quantity,
        // and its base without theirs.
        ExprKind::Select { base, filters, .. } if quantified(e) => Expr {
            kind: ExprKind::Select { quantity: None, base: Box::new(unquantified(base)), filters: filters.clone() },
            span: e.span.clone(),
        },
        ExprKind::Of(a, b) => {
            Expr { kind: ExprKind::Of(Box::new(unquantified(a)), Box::new(unquantified(b))), span: e.span.clone() }
        }
        // `a gem or a pawn`: each side any, as alone (kept, `a gem` was the first gem).
        ExprKind::Binary(BinOp::Or, a, b) => Expr {
            kind: ExprKind::Binary(BinOp::Or, Box::new(unquantified(a)), Box::new(unquantified(b))),
            span: e.span.clone(),
        },
        _ => e.clone(),
    }
}
