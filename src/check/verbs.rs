//! What each effect verb accepts: which clauses it takes, which it needs, and what the
//! values of its clauses must be (a side for `flip ... to`, players for `reveal ... to`).

use crate::syntax::ast::*;

use super::env::{Sym, Ty};
use super::script::Checker;

/// The clause kinds, by name, as designers write them.
fn clause_name(c: &ClauseKind) -> &'static str {
    match c {
        ClauseKind::To(_) => "to",
        ClauseKind::ToEnd(End::Top, _) => "to top of",
        ClauseKind::ToEnd(End::Bottom, _) => "to bottom of",
        ClauseKind::Into(_) => "into",
        ClauseKind::From(_) => "from",
        ClauseKind::Onto(_) => "onto",
        ClauseKind::For(_) => "for",
        ClauseKind::By(_) => "by",
        ClauseKind::Face(_) => "face",
        ClauseKind::Simultaneously => "simultaneously",
    }
}

/// The clauses a verb takes (by `clause_name`; `to` also admits `to top of`/`to bottom of`).
fn allowed(v: Verb) -> &'static [&'static str] {
    match v {
        Verb::Add | Verb::Gain => &["to", "for", "from"],
        Verb::Remove | Verb::Spend | Verb::Lose => &["from", "for", "to"],
        Verb::Move | Verb::Return => &["to", "into", "onto", "face", "from", "by"],
        Verb::Draw => &["from", "for", "into", "to", "face"],
        Verb::Deal => &["to", "into", "face", "from"],
        Verb::Discard | Verb::Destroy | Verb::Take => &["from", "for", "to", "into"],
        Verb::Shuffle => &["into", "to"],
        Verb::Reveal => &["to", "simultaneously", "from"],
        Verb::Flip => &["to", "face"],
        Verb::Exhaust | Verb::Ready | Verb::Seat => &[],
        Verb::Place | Verb::Create => &["to", "into", "onto", "for", "face", "from"],
        Verb::Score => &["for", "by"],
        Verb::Play => &["from", "for", "to", "into", "onto", "face"],
    }
}

fn destination(c: &ClauseKind) -> bool {
    matches!(c, ClauseKind::To(_) | ClauseKind::ToEnd(..) | ClauseKind::Into(_) | ClauseKind::Onto(_))
}

impl Checker<'_> {
    /// Checks the clauses of an effect against its verb.
    pub(crate) fn verb_clauses(&mut self, e: &Effect) {
        let ok = allowed(e.verb);
        for c in &e.clauses {
            let name = clause_name(&c.kind);
            let base = if name.starts_with("to ") { "to" } else { name };
            if !ok.contains(&base) {
                let takes = if ok.is_empty() { "no clauses".to_string() } else { format!("`{}`", ok.join("`, `")) };
                self.error("invalid-clause", format!("`{}` takes no `{name}` clause", e.verb.as_str()), &c.span).help =
                    Some(format!("`{}` takes {takes}", e.verb.as_str()));
            }
        }
        self.needed_destination(e);
        for c in &e.clauses {
            match (&c.kind, e.verb) {
                (ClauseKind::To(x), Verb::Flip) => self.side_value(x),
                (ClauseKind::To(x), Verb::Reveal) | (ClauseKind::For(x), _) => {
                    let t = self.clause_ty(x);
                    self.expect_ty(t, Ty::Players, &x.span);
                }
                _ => {}
            }
        }
    }

    /// `place armies at t` places one army (a count is a number before the piece), where
    /// `remove armies at t` removes them all: the plural reads as a count forgotten.
    fn uncounted_place(&mut self, e: &Effect) {
        if !matches!(e.verb, Verb::Place | Verb::Create) {
            return;
        }
        let [obj] = &e.objects[..] else { return };
        let base = match &obj.kind {
            ExprKind::Select { quantity: None, base, .. } => base,
            ExprKind::Name(..) => obj,
            _ => return,
        };
        let ExprKind::Name(written, _) = &base.kind else { return };
        let Some((one, _)) = self.env.resolve(written) else { return };
        if one == *written {
            return;
        }
        let verb = e.verb.as_str();
        let msg = format!("`{verb} {written}` with no number {verb}s one {one}");
        self.warning("uncounted", msg, &base.span).help =
            Some(format!("say how many: `{verb} 1 {one}`, `{verb} 3 {written}`, or `{verb} (n) {written}`"));
    }

    /// `move` and `deal` must say where; `place` and `create` where, in a clause or a filter.
    fn needed_destination(&mut self, e: &Effect) {
        let has_dest = e.clauses.iter().any(|c| destination(&c.kind));
        let missing = match e.verb {
            Verb::Move | Verb::Deal => !has_dest,
            Verb::Place | Verb::Create => !has_dest && !e.objects.iter().any(has_location),
            // `add 3 pawns` of a piece is `place`: it needs a place as much.
            Verb::Add | Verb::Gain => {
                !has_dest
                    && e.objects.first().is_some_and(|o| self.names_piece(o))
                    && !e.objects.iter().any(has_location)
            }
            _ => false,
        };
        self.needed_default(e, has_dest);
        self.needed_scoring(e);
        self.uncounted_place(e);
        if missing && !e.objects.is_empty() {
            let verb = e.verb.as_str();
            self.error("missing-clause", format!("`{verb}` needs a destination"), &e.verb_span).help =
                Some(match e.verb {
                    Verb::Deal => "say where the cards go, e.g. `deal 3 cards from deck to hand of each player`".into(),
                    Verb::Move => "say where it goes, e.g. `move x to hand` or `move x to bottom of deck`".into(),
                    Verb::Add | Verb::Gain => format!(
                        "`{verb} N PIECE` places pieces from the player's supply: say where, e.g. `{verb} 3 pawns to supply` or `{verb} 1 pawn at c`"
                    ),
                    _ => format!("say where, e.g. `{verb} 1 soldier in reserve` or `{verb} 1 soldier at c`"),
                });
        }
    }

    /// A `draw`, `discard` or bare `shuffle` that names no zone uses the game's `defaults:`,
    /// which must then say which zone.
    fn needed_default(&mut self, e: &Effect, has_dest: bool) {
        let d = &self.env.defaults;
        let has_from = e.clauses.iter().any(|c| matches!(c.kind, ClauseKind::From(_)));
        let lacking = match e.verb {
            Verb::Draw if !has_from && d.draw_from.is_none() => Some(("from", "draw_from", "deck")),
            Verb::Draw if !has_dest && d.draw_into.is_none() => Some(("into", "draw_into", "hand")),
            Verb::Discard if !has_dest && d.discard_into.is_none() => Some(("to", "discard_into", "discard_pile")),
            Verb::Shuffle if e.objects.is_empty() && d.draw_from.is_none() => Some(("", "draw_from", "deck")),
            _ => None,
        };
        let Some((clause, field, zone)) = lacking else { return };
        let verb = e.verb.as_str();
        let msg = if clause.is_empty() {
            format!("`{verb}` names no zone, and the game has no `defaults: {field}:`")
        } else {
            format!("`{verb}` without `{clause}`, and the game has no `defaults: {field}:`")
        };
        self.error("missing-clause", msg, &e.verb_span).help = Some(format!(
            "name the zone (`{verb} ... {clause} {zone}`), or declare `defaults: {{ {field}: {zone} }}` in game.yaml"
        ));
    }

    /// `score` adds to the game's `scoring:` counter: without one it fails whenever it runs.
    fn needed_scoring(&mut self, e: &Effect) {
        if e.verb != Verb::Score || !self.env.unscored {
            return;
        }
        let on_players = |n: &&str| {
            matches!(self.env.lookup(n), Some(Sym::Counter { on: Some(crate::load::CounterOn::Player), .. }))
        };
        // Which player counter keeps the scores is the designer's to say: naming the first
        // one (a cure threshold) would change the rules. They are listed.
        let counters: Vec<&str> = self.env.names().filter(on_players).collect();
        let n = match e.objects.first().map(|o| &o.kind) {
            Some(ExprKind::Int(n)) => n.to_string(),
            _ => "N".into(),
        };
        let among = match counters.as_slice() {
            [] => "a player counter to declare".to_string(),
            cs => format!("one of the player counters: {}", cs.join(", ")),
        };
        let msg = "`score` adds to the game's `scoring:` counter, and the game declares none";
        self.error("no-scoring", msg, &e.verb_span).help = Some(format!(
            "declare the counter that keeps the players' scores, `scoring: COUNTER` in game.yaml ({among}), or \
             add to a counter instead: `add {n} COUNTER`"
        ));
    }

    /// The type of a clause value, without reporting twice (`clause` already checked it).
    pub(super) fn clause_ty(&mut self, x: &Expr) -> Ty {
        match &x.kind {
            ExprKind::Name(n, _) => self.env.lookup(n).map_or(Ty::Any, Sym::ty),
            ExprKind::You => Ty::Player,
            ExprKind::Int(_) => Ty::Num,
            ExprKind::Str(_) => Ty::Str,
            _ => Ty::Any,
        }
    }

    /// `flip x to governing`: the value must be a side of some piece.
    fn side_value(&mut self, x: &Expr) {
        let ExprKind::Name(n, _) = &x.kind else { return };
        match self.env.lookup(n) {
            Some(Sym::Side) | None => {}
            Some(other) => {
                let what = other.describe();
                let sides: Vec<&str> = self.env.names().filter(|c| self.env.lookup(c) == Some(&Sym::Side)).collect();
                let help = match sides.as_slice() {
                    [] => "declare the sides of a two-sided piece with `sides: [a, b]` in game.yaml".to_string(),
                    s => format!("sides: {}", s.join(", ")),
                };
                self.error("type-mismatch", format!("`flip ... to` needs a side, found `{n}`, {what}"), &x.span).help =
                    Some(help);
            }
        }
    }

    /// The amounts of an effect: a number where the verb counts (`draw 2`, not `draw 2
    /// cards`), never written negative, and a counter or things after a removal's number.
    pub(crate) fn amounts(&mut self, e: &Effect, tys: &[Ty]) {
        let (Some(o), Some(&t)) = (e.objects.first(), tys.first()) else { return };
        let verb = e.verb.as_str();
        if let ExprKind::Unary(UnOp::Neg, _) = &o.kind {
            if e.verb.counts() {
                let help = match opposite(e.verb) {
                    Some(other) => format!("to change it the other way, write `{other}` with a positive amount"),
                    None => format!("write a number of 0 or more: `{verb}` never takes away"),
                };
                self.error(
                    "negative-amount",
                    format!("`{verb}` takes an amount of 0 or more, not a negative one"),
                    &o.span,
                )
                .help = Some(help);
                return;
            }
        }
        match e.verb {
            Verb::Draw | Verb::Score if !matches!(t, Ty::Num | Ty::Any) => {
                let found = t.describe();
                let err = self.error("type-mismatch", format!("`{verb}` needs a number, found {found}"), &o.span);
                err.help = match &o.kind {
                    ExprKind::Select { quantity: Some(q), .. } if e.verb == Verb::Draw => {
                        let n = match &q.kind {
                            QuantityKind::Exactly(n) => crate::syntax::print::expr(n),
                            _ => "N".into(),
                        };
                        Some(format!("`draw` counts cards itself: write `draw {n}`"))
                    }
                    _ if e.verb == Verb::Score => Some("`score` adds points: write how many".into()),
                    _ => None,
                };
            }
            Verb::Add | Verb::Gain | Verb::Remove | Verb::Spend | Verb::Lose
                if self.miscounted(e.verb, o).is_some() =>
            {
                let Some((n, what, code, at)) = self.miscounted(e.verb, o) else { return };
                let near =
                    self.env.names().filter(|c| matches!(self.env.lookup(c), Some(Sym::Counter { .. } | Sym::Piece)));
                let close = crate::diag::did_you_mean(&n, near);
                let msg = format!("`{n}` is {what}, not a counter or a piece: `{verb}` has nothing to count");
                let err = self.error(code, msg, &at);
                err.labels[0].message = what.clone();
                err.help = Some(match (what.as_str(), e.verb) {
                    ("a zone", _) => format!(
                        "to put things in it, `move ... to {n}`; a count of its own is a counter, declared under `counters:`"
                    ),
                    (_, Verb::Add | Verb::Gain) => {
                        format!("`{verb} N COUNTER` changes a counter; `{verb} N PIECE` places pieces")
                    }
                    _ => format!("`{verb} N COUNTER` changes a counter; `remove N PIECE from ...` takes pieces back"),
                });
                err.suggest_opt(close);
            }
            // `add 1 vp` with `+1 tokens` on the next line: the verb's own amount is right, and
            // `amount-in-arithmetic` has said what is wrong, of the continued line.
            Verb::Add | Verb::Gain | Verb::Remove | Verb::Spend | Verb::Lose
                if matches!(&o.kind, ExprKind::Binary(BinOp::Add | BinOp::Sub, a, _)
                    if matches!(a.kind, ExprKind::Select { quantity: Some(_), .. }) && t == Ty::Num) =>
            {
                if let ExprKind::Binary(_, a, _) = &o.kind {
                    self.withdraw_within(&a.span);
                }
            }
            Verb::Add | Verb::Gain | Verb::Remove | Verb::Spend | Verb::Lose
                if t == Ty::Num && !self.names_counter(o) =>
            {
                let example = self.env.names().find(|n| matches!(self.env.lookup(n), Some(Sym::Counter { .. })));
                let worked_out = self.worked_out_amount(o);
                if worked_out.is_some() {
                    // Said here, of the whole amount: what its misread last part gave is not
                    // reported again (`cost of (bought vp)` is no number, `bought vp` no card).
                    if let ExprKind::Binary(_, _, last) | ExprKind::Of(_, last) = &o.kind {
                        self.withdraw_within(&last.span);
                    }
                }
                let err = self.error(
                    "type-mismatch",
                    format!("`{verb}` needs a counter after its number, or the things to {verb}; found a number"),
                    &o.span,
                );
                err.help = Some(match (worked_out, example) {
                    (Some((amount, c)), _) => {
                        format!("an amount that is worked out goes in parentheses: write `{verb} ({amount}) {c}`")
                    }
                    (None, Some(c)) => format!("name the counter: `{verb} 1 {c}`"),
                    (None, None) => "name the counter after the number".into(),
                });
            }
            _ => {}
        }
    }
}

impl Checker<'_> {
    /// A counter changed where its `on:` does not keep it: `add 1 coins to gizmo` (coins on
    /// players), `add 1 pool to bob` (the game's), `add 1 charge` (on cards: whose?).
    pub(crate) fn counter_holder(&mut self, e: &Effect, target: Option<Ty>) {
        use crate::load::CounterOn;
        if !matches!(e.verb, Verb::Add | Verb::Gain | Verb::Remove | Verb::Spend | Verb::Lose) {
            return;
        }
        let Some(o) = e.objects.first() else { return };
        let Some((name, _)) = super::script::head_name(o) else { return };
        if self.local(name).is_some() {
            return;
        }
        let Some(Sym::Counter { on: Some(on), .. }) = self.env.lookup(name).cloned() else { return };
        let at = e.clauses.iter().find_map(|c| match &c.kind {
            ClauseKind::To(x) | ClauseKind::From(x) | ClauseKind::For(x) => Some(x.span.clone()),
            _ => None,
        });
        let has_filter_place = matches!(&o.kind, ExprKind::Select { filters, .. } if !filters.is_empty());
        let verb = e.verb.as_str();
        let (Some(t), Some(at)) = (target, at) else {
            if matches!(on, CounterOn::Card | CounterOn::Space) && !has_filter_place {
                let what = if on == CounterOn::Card { "cards" } else { "board spaces" };
                self.error(
                    "wrong-holder",
                    format!("`{name}` is kept on {what}: this does not say on which"),
                    &o.span,
                )
                .help = Some(format!("name the holder: `{verb} N {name} to ...`"));
            }
            return;
        };
        // A game's counter has no holder to name at all.
        if on == CounterOn::Game || !holder_fits(on, t) {
            let kept = kept_on(on);
            let help = if on == CounterOn::Game {
                format!("leave out whose it is: `{verb} N {name}`")
            } else {
                format!("change it on one of the {}", &kept[..kept.find(' ').unwrap_or(kept.len())])
            };
            let msg = if on == CounterOn::Game {
                format!("`{name}` is kept on {kept}: it has no holder to name")
            } else {
                format!("`{name}` is kept on {kept}, not on {}", t.describe())
            };
            self.error("wrong-holder", msg, &at).help = Some(help);
        }
    }

    /// `n * 2 coins`, `cost of b wood`: an amount worked out and written bare, which reads
    /// as `n * (2 coins)`, `cost of (b wood)`. The amount as it was meant, and the counter.
    fn worked_out_amount(&self, o: &Expr) -> Option<(String, String)> {
        let (last, whole): (&Expr, &dyn Fn(Expr) -> ExprKind) = match &o.kind {
            // `1 vp + 1 tokens` is two amounts (`+1 tokens` on a line of its own), not one
            // worked out: `amount-in-arithmetic` says so.
            ExprKind::Binary(_, a, _) if matches!(&a.kind, ExprKind::Select { quantity: Some(_), .. }) => return None,
            ExprKind::Binary(op, a, b) => (b, &|n| ExprKind::Binary(*op, a.clone(), Box::new(n))),
            ExprKind::Of(a, b) => (b, &|n| ExprKind::Of(a.clone(), Box::new(n))),
            _ => return None,
        };
        let ExprKind::Select { quantity: Some(q), base, filters } = &last.kind else { return None };
        let (QuantityKind::Exactly(n), ExprKind::Name(c, _), true) = (&q.kind, &base.kind, filters.is_empty()) else {
            return None;
        };
        if self.local(c).is_some() || !matches!(self.env.lookup(c), Some(Sym::Counter { .. })) {
            return None;
        }
        let amount = Expr { kind: whole((**n).clone()), span: o.span.clone() };
        Some((crate::syntax::print::expr(&amount), c.clone()))
    }

    /// Whether an effect's object is counted pieces (`3 pawns`), which `add` places.
    fn names_piece(&self, o: &Expr) -> bool {
        let Some((n, _)) = super::script::head_name(o) else { return false };
        self.local(n).is_none() && matches!(self.env.lookup(n), Some(Sym::Piece))
    }

    /// What `verb` counts (`2 gems`, or `action` with its number left out after `add`) where
    /// it names neither a counter nor a piece: its name, what it is, the code to report it
    /// with and where it is written. An enum value, a card or a zone is a selection that
    /// `remove` takes back (`remove 1 gem from hand`): only `add`/`gain` cannot count one.
    fn miscounted(&self, verb: Verb, o: &Expr) -> Option<(String, String, &'static str, crate::syntax::ast::Span)> {
        let adds = matches!(verb, Verb::Add | Verb::Gain);
        let base = match &o.kind {
            ExprKind::Select { quantity: Some(_), base, .. } => base,
            ExprKind::Name(..) if adds => o,
            _ => return None,
        };
        let ExprKind::Name(n, _) = &base.kind else { return None };
        if self.local(n).is_some() {
            return None;
        }
        let (what, code) = match self.env.lookup(n)? {
            Sym::EnumValue(prop) if adds => (format!("a value of `{prop}`"), "type-mismatch"),
            Sym::Zone if adds => ("a zone".into(), "unknown-counter"),
            Sym::Card if adds => ("a card".into(), "unknown-counter"),
            Sym::Phase => ("a phase".into(), "unknown-counter"),
            Sym::Property(_) => ("a property".into(), "unknown-counter"),
            Sym::Space => ("a board space".into(), "unknown-counter"),
            Sym::Die => ("a die".into(), "unknown-counter"),
            Sym::Faction => ("a faction".into(), "unknown-counter"),
            Sym::Role => ("a role".into(), "unknown-counter"),
            _ => return None,
        };
        Some((n.clone(), what, code, base.span.clone()))
    }

    /// Whether an effect's object names a counter or a piece (`2 coins`, `tokens`), rather
    /// than being a bare number.
    fn names_counter(&self, o: &Expr) -> bool {
        let Some((n, _)) = super::script::head_name(o) else { return false };
        self.local(n).is_none() && matches!(self.env.lookup(n), Some(Sym::Counter { .. } | Sym::Piece | Sym::Side))
    }
}

/// Whether a holder of type `t` (a player, things) can keep a counter kept `on`.
pub(crate) fn holder_fits(on: crate::load::CounterOn, t: Ty) -> bool {
    use crate::load::CounterOn;
    match on {
        CounterOn::Game => !matches!(t, Ty::Player | Ty::Players | Ty::Things | Ty::Zone),
        // A zone is no player; a card's counter of a zone reads its one card.
        CounterOn::Player => !matches!(t, Ty::Things | Ty::Zone),
        CounterOn::Card | CounterOn::Space => !matches!(t, Ty::Player | Ty::Players),
    }
}

/// What a counter is kept on, in messages: `players (`on: player`)`.
pub(crate) fn kept_on(on: crate::load::CounterOn) -> &'static str {
    use crate::load::CounterOn;
    match on {
        CounterOn::Game => "the game (`on: game`)",
        CounterOn::Player => "players (`on: player`)",
        CounterOn::Card => "cards (`on: card`)",
        CounterOn::Space => "board spaces (`on: space`)",
    }
}

/// The verb that changes a counter the other way.
fn opposite(v: Verb) -> Option<&'static str> {
    match v {
        Verb::Add => Some("remove"),
        Verb::Remove | Verb::Spend => Some("add"),
        Verb::Gain => Some("lose"),
        Verb::Lose => Some("gain"),
        _ => None,
    }
}
