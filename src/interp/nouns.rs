//! Nouns: whether a thing "is a" `noun` (a piece kind, a side, an enum value of a
//! property), and which of many things are, with what depends only on the noun worked out
//! once (its `NounInfo`, the `compile::Nouns` bits).

use crate::engine::{EntId, Entity, Kind, List, Loc, Value, ZoneId};
use crate::syntax::ast::{BinOp, CallKind, Callee, Expr, ExprKind};

use super::noun_info::NounInfo;
use super::rules::Body;
use super::select::names;
use super::{Ctx, Interp, R};

/// How deep `member` follows value procedures into one another.
const MEMBER_DEPTH: u8 = 4;

impl<'r> Interp<'r> {
    /// Whether a thing "is a" `noun`: a piece kind, a side, an enum value of a property
    /// (the noun found by its text: `is_a_noun` is the same with its info at hand).
    pub fn is_a(&mut self, v: &Value, noun: &str) -> R<bool> {
        let rules: &'r super::Rules = self.rules;
        self.is_a_noun(v, &rules.noun_named(noun))
    }

    /// `is_a` of the noun of `noun`.
    pub(super) fn is_a_noun(&mut self, v: &Value, noun: &NounInfo) -> R<bool> {
        match v {
            Value::Ent(e) => {
                let ent = &self.w.state.ents[*e];
                // A card is no piece: its noun is not looked up among the piece names.
                if matches!(ent.kind, Kind::Piece(_)) && piece_named(ent, self.piece_of(noun)) {
                    return Ok(true);
                }
                let e = *e;
                if let (Kind::Card(c), true) = (&ent.kind, ent.props.is_empty()) {
                    let modified = self.w.mods.iter().map(|m| m.prop.as_str());
                    if let Some(is) = noun.settled(modified).and_then(|b| self.rules.nouns.card_has(*c, b)) {
                        // Nothing can modify the properties read: the values' search would
                        // read printed values only, and say the same.
                        debug_assert_eq!(Ok(is), self.is_a_by_values(e, noun), "`{}`: the bits disagree", noun.name);
                        return Ok(is);
                    }
                }
                self.is_a_by_values(e, noun)
            }
            Value::Zone(z) => Ok(self.space_is(*z, noun)),
            _ => Ok(false),
        }
    }

    /// Whether zone `z` is a board space that holds `noun` (read from its
    /// `Rules::space_nouns`, found once with the rules).
    pub(super) fn space_is(&self, z: ZoneId, noun: &NounInfo) -> bool {
        let s = &self.w.state;
        let holding = noun.holding.as_ref();
        let is = s.spaces().binary_search(&z).is_ok_and(|k| holding.is_some_and(|h| h[k]));
        let attrs = s.zones[z].attrs.as_ref();
        debug_assert_eq!(
            is,
            attrs.is_some_and(|a| a.values().any(|x| names(x, &noun.name))),
            "`{}`: the board's table",
            noun.name
        );
        is
    }

    /// `noun_located` of a noun that no property holds as a value (a piece kind, a side,
    /// a board value), in `zones`: no card is one, a piece is one by its kind or side, a
    /// space by its attributes. So its things are the pieces of `zones` of that kind or
    /// side, zone by zone, then the spaces among `zones` that hold it: what `nouns_among`
    /// keeps of all the things of `zones`, found in one pass with no list made first.
    /// `None` for a noun a property holds.
    pub(super) fn pieces_named(&self, noun: &NounInfo, zones: &[ZoneId]) -> Option<List> {
        if noun.by_value() {
            return None;
        }
        let mut out = List::new();
        self.each_named(noun, zones, |v| out.push(v));
        Some(out)
    }

    /// The things of `zones` that are `noun`s, for a noun no property holds as a value
    /// (`pieces_named`): the pieces of that kind or side, zone by zone, then the spaces
    /// among `zones` that hold it.
    #[inline]
    pub(super) fn each_named(&self, noun: &NounInfo, zones: &[ZoneId], mut f: impl FnMut(Value)) {
        let s = &self.w.state;
        let id = self.piece_of(noun);
        for &z in zones {
            for &e in &s.zones[z].items {
                if piece_named(&s.ents[e], id) {
                    f(Value::Ent(e));
                }
            }
        }
        zones.iter().filter(|&&z| self.space_is(z, noun)).for_each(|&z| f(Value::Zone(z)));
    }

    /// `things` of a noun: its things on the table (and spaces).
    pub(super) fn noun_things(&mut self, noun: &NounInfo) -> R<List> {
        if let Some((n, found)) = self.pieces_on_table_kept(noun) {
            #[cfg(debug_assertions)]
            {
                let mark = self.steps.mark();
                let listed = self.noun_listed(noun);
                self.steps.rewind(mark);
                // Where the budget runs out the listing stops: nothing to compare.
                if let Ok(listed) = listed {
                    debug_assert_eq!(listed, found, "`{}` on the table", noun.name);
                }
            }
            self.tick_n(n)?;
            return Ok(found);
        }
        self.noun_listed(noun)
    }

    /// Whether some card, and some piece, can be a `noun` (see `is_a`): a card only
    /// through a property's value; a piece also through its kind or side.
    pub(super) fn may_be(&self, noun: &NounInfo) -> (bool, bool) {
        let by_value = noun.by_value();
        // Every piece kind and side is among the rules' piece names.
        let by_piece = noun.piece.is_some();
        let n = noun.name.as_str();
        debug_assert_eq!(by_piece, self.rules.pieces.iter().any(|(k, sides)| k == n || sides.iter().any(|s| s == n)));
        (by_value, by_value || by_piece)
    }

    /// `things` of a noun: the things of the table that may be one (a step each) tested
    /// one by one. Only the kinds of thing that can be a `noun` are tested: a board value
    /// names no card, a piece kind no card. The cards come first, then the pieces, each
    /// in table order, then the spaces (one scan of the table).
    pub(super) fn noun_listed(&mut self, noun: &NounInfo) -> R<List> {
        let (cards, pieces) = self.may_be(noun);
        let s = &self.w.state;
        let is_card = |e: &EntId| s.is_card(*e);
        let mut ents = if cards || pieces { s.table_where(|_, _| true, |_| true) } else { vec![] };
        match (cards, pieces) {
            (true, true) => {
                let (c, p): (Vec<EntId>, Vec<EntId>) = ents.into_iter().partition(is_card);
                ents = c;
                ents.extend(p);
            }
            (cards, _) => ents.retain(|e| is_card(e) == cards),
        }
        self.tick_n(ents.len())?;
        let spaces = self.w.state.spaces().to_vec();
        let cands = ents.into_iter().map(Value::Ent).chain(spaces.into_iter().map(Value::Zone));
        self.nouns_among(noun, cands)
    }

    /// `pieces_on_table`, kept while the state stays the same (`Kept::on_table`): what
    /// it reads (where things are, their sides) is all recorded by the journal. A noun
    /// only spaces can be is kept for the game (`Kept::spaces_only`). Kept by the noun's
    /// key: one made at run time (none) is found again each time.
    pub(super) fn pieces_on_table_kept(&mut self, noun: &NounInfo) -> Option<(usize, List)> {
        let Some(key) = noun.key else { return self.pieces_on_table(noun) };
        let s = &self.w.state;
        let (at, spaces) = ((s.version(), s.game), s.spaces().len());
        let kept = &mut self.kept;
        let hit = match kept.spaces_only.iter().find(|(x, k, _)| *k == spaces && *x == key) {
            Some((_, _, found)) => Some((0, found.clone())),
            None => kept.on_table.get(at).iter().find(|(x, ..)| *x == key).map(|(_, n, found)| (*n, found.clone())),
        };
        if let Some(hit) = hit {
            debug_assert_eq!(Some(&hit), self.pieces_on_table(noun).as_ref(), "`{}`: a stale list", noun.name);
            return Some(hit);
        }
        let (n, found) = self.pieces_on_table(noun)?;
        // A noun no piece (nor card) can be is held by spaces only: `pieces_on_table`
        // counted no piece for it (asked only then).
        if n == 0 && !self.may_be(noun).1 {
            self.kept.spaces_only.push((key, spaces, found.clone()));
        } else {
            self.kept.on_table.push(at, (key, n, found.clone()));
        }
        Some((n, found))
    }

    /// `things` of a noun that no property holds as a value (`pieces_named`'s): the
    /// pieces on the table of that kind or side, in table order, then the spaces that
    /// hold it, found in one pass; with how many pieces are on the table (the steps
    /// `things` counts, one for each thing that may be the noun). `None` for a noun a
    /// property holds.
    pub(super) fn pieces_on_table(&self, noun: &NounInfo) -> Option<(usize, List)> {
        let s = &self.w.state;
        if noun.by_value() {
            return None;
        }
        let (mut n, mut out) = (0, List::new());
        if self.may_be(noun).1 {
            let id = self.piece_of(noun);
            let mut test = |e: EntId| {
                let ent = &s.ents[e];
                if matches!(ent.kind, Kind::Piece(_)) {
                    n += 1;
                    if piece_named(ent, id) {
                        out.push(Value::Ent(e));
                    }
                }
            };
            s.zones.iter().flat_map(|z| z.items.iter().copied()).for_each(&mut test);
            s.borne().for_each(test);
        }
        out.extend(s.spaces().iter().filter(|&&z| self.space_is(z, noun)).map(|&z| Value::Zone(z)));
        Some((n, out))
    }

    /// The `noun`s among `cands`, in order: `is_a` of each, with what depends only on the
    /// noun worked out once (its bit, while nothing can modify the properties that hold
    /// it) and, for a piece with no assigned value, what depends only on its kind once
    /// per kind. A selection over the whole table asks this of every thing.
    pub(super) fn nouns_among(&mut self, noun: &NounInfo, cands: impl IntoIterator<Item = Value>) -> R<List> {
        let rules: &'r super::Rules = self.rules;
        let bit = noun.settled(self.w.mods.iter().map(|m| m.prop.as_str()));
        if noun.by_value() && bit.is_none() {
            let mut out = List::new();
            for c in cands {
                if self.is_a_noun(&c, noun)? {
                    out.push(c);
                }
            }
            return Ok(out);
        }
        // The noun's printed membership of each piece kind met so far.
        let mut kinds: Vec<(crate::engine::NameId, bool)> = vec![];
        let id = self.piece_of(noun);
        let mut out = List::new();
        for c in cands {
            let fast = match &c {
                Value::Zone(z) => Some(self.space_is(*z, noun)),
                Value::Ent(e) if self.w.state.ents[*e].props.is_empty() => {
                    let ent = &self.w.state.ents[*e];
                    match &ent.kind {
                        Kind::Card(card) => Some(bit.and_then(|b| rules.nouns.card_has(*card, b)).unwrap_or(false)),
                        Kind::Piece(_) if piece_named(ent, id) => Some(true),
                        Kind::Piece(_) if !noun.by_value() => Some(false),
                        Kind::Piece(k) => match kinds.iter().find(|(x, _)| x == k) {
                            Some((_, is)) => Some(*is),
                            None => {
                                let k = *k;
                                let is = self.is_a_by_values(*e, noun)?;
                                kinds.push((k, is));
                                Some(is)
                            }
                        },
                    }
                }
                _ => None,
            };
            let is = match fast {
                Some(is) => {
                    debug_assert_eq!(Ok(is), self.is_a(&c, &noun.name), "`{}`: the prepared test disagrees", noun.name);
                    is
                }
                None => self.is_a_noun(&c, noun)?,
            };
            if is {
                out.push(c);
            }
        }
        Ok(out)
    }

    /// Whether entity `e` has the enum value `noun` in one of the properties that can hold
    /// it, modifiers applied.
    pub(super) fn is_a_by_values(&mut self, e: EntId, noun: &NounInfo) -> R<bool> {
        for prop in &noun.props {
            if let Some(v) = self.unmodified(prop, e) {
                if names(v, &noun.name) {
                    return Ok(true);
                }
                continue;
            }
            let pv = self.prop_of(prop, &Value::Ent(e))?;
            if names(&pv, &noun.name) {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Whether `t` is among the things `e` selects, decided without listing them all when
    /// `e` is a noun, a union (`or`) of such, a value procedure without parameters that
    /// gives one, or a selection of one without quantity (its filters asked of `t` alone,
    /// their places and players read in this scope as a selection reads them). `None`
    /// when `e` is of another shape: the caller lists what it selects.
    pub(super) fn member(&mut self, e: &Expr, t: &Value, cx: &mut Ctx) -> R<Option<bool>> {
        self.member_in(e, t, cx, MEMBER_DEPTH)
    }

    fn member_in(&mut self, e: &Expr, t: &Value, cx: &mut Ctx, depth: u8) -> R<Option<bool>> {
        if depth == 0 || !member_shape(e) {
            return Ok(None);
        }
        match &e.kind {
            ExprKind::Name(..) => {
                let v = self.eval(e, cx)?;
                if let Some(noun) = self.noun_of(e, &v) {
                    // What `things` would list: things on the table (and spaces) that are one.
                    let listed = match t {
                        Value::Ent(x) => self.w.state.ents[*x].loc != Loc::Gone,
                        Value::Zone(z) => self.w.state.zones[*z].is_space(),
                        _ => false,
                    };
                    return Ok(Some(listed && self.is_a_noun(t, &noun)?));
                }
                match &v {
                    // A condition makes `or` logic, not a union: listed as written.
                    Value::Bool(_) => Ok(None),
                    Value::List(l) if matches!(l.as_slice(), [Value::Bool(_)]) => Ok(None),
                    _ => Ok(Some(self.things(&v)?.contains(t))),
                }
            }
            ExprKind::Binary(BinOp::Or, a, b) => match self.member_in(a, t, cx, depth)? {
                Some(true) => Ok(Some(true)),
                Some(false) => self.member_in(b, t, cx, depth),
                None => Ok(None),
            },
            ExprKind::Call(c) => {
                let Callee::Proc(i) = c.callee else { return Ok(None) };
                let Some(Some(def)) = self.rules.proc_list.get(i as usize) else { return Ok(None) };
                let Body::Value(v) = &def.body else { return Ok(None) };
                if !def.params.is_empty() {
                    return Ok(None);
                }
                let mut inner = Ctx::placed(cx.you, cx.this.clone(), &v.text, &v.origin);
                self.member_in(&v.expr, t, &mut inner, depth - 1)
            }
            ExprKind::Select { quantity: None, base, filters } => {
                match self.member_in(base, t, cx, depth)? {
                    Some(true) => {}
                    out => return Ok(out),
                }
                for f in filters {
                    let arg = self.filter_arg(f, cx)?;
                    if !self.keeps(f, t, arg.as_ref(), cx)? {
                        return Ok(Some(false));
                    }
                }
                Ok(Some(true))
            }
            _ => Ok(None),
        }
    }
}

/// Whether `member` can decide membership in what `e` selects (checked before anything
/// is evaluated, so an undecidable shape costs nothing twice).
fn member_shape(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Name(..) => true,
        ExprKind::Binary(BinOp::Or, a, b) => member_shape(a) && member_shape(b),
        ExprKind::Call(c) => c.kind == CallKind::Function && c.args.is_empty() && matches!(c.callee, Callee::Proc(_)),
        ExprKind::Select { quantity: None, base, .. } => member_shape(base),
        _ => false,
    }
}

/// Whether `ent` is a piece of kind `noun`, or one showing the side `noun` (the noun's
/// id among piece names, `State::piece_name_id`: `None`, no piece is one).
#[inline]
pub(super) fn piece_named(ent: &Entity, noun: Option<crate::engine::NameId>) -> bool {
    match (ent.kind, noun) {
        (Kind::Piece(k), Some(n)) => k == n || ent.side == Some(n),
        _ => false,
    }
}
