//! Signatures: what the built-in functions, the verbs that act on things, their clauses
//! and `X of Y` accept, so that `check` rejects what cannot run instead of the run
//! failing (or, worse, `count(3)` quietly being 1). A type the checker cannot pin down
//! (`Any`: an untyped parameter, `it`) is accepted everywhere; only what is surely wrong
//! is reported.

use crate::syntax::ast::*;

use super::env::{is_thing_relation, Sym, Ty};
use super::script::Checker;

/// Whether `e` of type `t` is surely one plain value (a number, a truth, a text, a die
/// or a period), never a list. `cost of cards` is typed a number but is a list of them,
/// so anything that reads `of` is not surely plain.
fn plain(e: &Expr, t: Ty) -> bool {
    let reads_of = match &e.kind {
        ExprKind::Of(..) => true,
        ExprKind::Select { base, .. } => matches!(base.kind, ExprKind::Of(..)),
        _ => false,
    };
    matches!(t, Ty::Num | Ty::Bool | Ty::Str | Ty::Die | Ty::Period) && !reads_of
}

impl Checker<'_> {
    /// The arguments of a built-in function against its signature.
    pub(crate) fn function_args(&mut self, c: &Call, tys: &[Ty]) {
        let name = &*c.name.name;
        if name == "space_at" && !self.env.placed_spaces {
            let msg =
                "`space_at` finds a board space by its `col` and `row`, and this game's spaces have no such numbers";
            let err = self.error("no-grid", msg, &c.name.span);
            err.help = Some(
                "lay the board out as a grid (`board: { grid: { columns: 7, rows: 6 } }`), or give every space \
                 number attributes `col` and `row`"
                    .into(),
            );
        }
        for (i, (a, &t)) in c.args.iter().zip(tys).enumerate() {
            let wrong = match (name, i) {
                ("count" | "exists" | "first" | "random" | "sum" | "sort" | "most" | "highest" | "distinct", 0) => {
                    plain(a, t)
                }
                ("neighbors" | "adjacent", _) | ("reachable", 0 | 1) => {
                    plain(a, t) || matches!(t, Ty::Player | Ty::Players)
                }
                ("reachable", _) => !t.fits(Ty::Num),
                ("min" | "max", _) => !t.fits(Ty::Num) && t != Ty::Numbers,
                ("sum" | "sort" | "most" | "highest", 1) | ("numbers" | "space_at", _) => !t.fits(Ty::Num),
                ("sees", 0) => !t.fits(Ty::Players),
                ("sees", 1) => plain(a, t) || matches!(t, Ty::Player | Ty::Players),
                _ => false,
            };
            if !wrong {
                continue;
            }
            let want = match (name, i) {
                ("min" | "max", _) => "numbers",
                ("numbers", 0) => "a number: the first of the list",
                ("numbers", _) => "a number: the last of the list",
                ("space_at", 0) => "a number: the column, from 1",
                ("space_at", _) => "a number: the row, from 1",
                ("sum" | "sort" | "most" | "highest", 1) => "a number for each (read from `it`)",
                ("sees", 0) => "players",
                ("neighbors" | "adjacent", _) | ("reachable", 0 | 1) => "board spaces",
                ("reachable", _) => "a number: the most steps",
                ("sees", 1) => "cards or pieces",
                _ => "a selection (cards, pieces, players or spaces)",
            };
            let err = self.error(
                "type-mismatch",
                format!("argument {} of `{name}` must be {want}, found {}", i + 1, t.describe()),
                &a.span,
            );
            err.help = match (name, t) {
                ("count" | "exists", Ty::Num | Ty::Bool) => {
                    Some(format!("`{name}` looks at what a selection holds; {} is one value", t.describe()))
                }
                ("min" | "max", Ty::Zone | Ty::Things | Ty::Value) => {
                    Some(format!("read a number of each: `{name}(cost of cards in ...)`"))
                }
                _ => None,
            };
        }
    }

    /// `shuffle ... to top of Z` needs things to put there, and no second place: both
    /// were read as something else at run time (the deck shuffled, the `into` dropped).
    fn shuffle_to_end(&mut self, e: &Effect) {
        if !e.clauses.iter().any(|c| matches!(c.kind, ClauseKind::ToEnd(..))) {
            return;
        }
        if e.objects.is_empty() {
            self.error("missing-clause", "`shuffle ... to top of Z` needs the things to shuffle there", &e.verb_span)
                .help = Some("name them: `shuffle all cards in discard_pile to top of deck`".into());
        }
        if let Some(c) = e.clauses.iter().find(|c| matches!(c.kind, ClauseKind::Into(_) | ClauseKind::To(_))) {
            self.error(
                "type-mismatch",
                "a `shuffle` goes into one place: `into`/`to` a zone, or `to top of`/`to bottom of` it",
                &c.span,
            )
            .help = Some("keep one: `into Z` shuffles the whole zone, `to top of Z` only the things put there".into());
        }
    }

    /// The objects of a verb that acts on cards or pieces (`move`, `discard`, `exhaust`,
    /// ...) must be things, and where they go must be a place.
    pub(crate) fn thing_verb(&mut self, e: &Effect, tys: &[Ty]) {
        if e.verb == Verb::Shuffle {
            self.shuffle_to_end(e);
        }
        let acts_on_things = matches!(
            e.verb,
            Verb::Move
                | Verb::Return
                | Verb::Take
                | Verb::Discard
                | Verb::Destroy
                | Verb::Exhaust
                | Verb::Ready
                | Verb::Flip
                | Verb::Reveal
                | Verb::Play
                | Verb::Shuffle
        );
        let verb = e.verb.as_str();
        if acts_on_things {
            for (o, &t) in e.objects.iter().zip(tys) {
                if plain(o, t) || matches!(t, Ty::Player | Ty::Players) {
                    self.error(
                        "type-mismatch",
                        format!("`{verb}` acts on cards or pieces, found {}", t.describe()),
                        &o.span,
                    )
                    .help = Some(if e.verb == Verb::Shuffle {
                        "name the zone to shuffle, or the cards to shuffle into one".to_string()
                    } else {
                        format!("select what to {verb}, e.g. `{verb} choose 1 card in hand`")
                    });
                }
            }
        }
        for c in &e.clauses {
            let (ClauseKind::To(x) | ClauseKind::ToEnd(_, x) | ClauseKind::Into(x) | ClauseKind::Onto(x)) = &c.kind
            else {
                continue;
            };
            // `flip x to SIDE` names a side, `reveal x to P` players (see `verb_clauses`).
            if matches!(e.verb, Verb::Flip | Verb::Reveal) {
                continue;
            }
            let t = self.clause_ty(x);
            if plain(x, t) {
                self.error("type-mismatch", format!("`{verb}` cannot go to {}", t.describe()), &x.span).help =
                    Some("name a zone, a board space, a player or a card".into());
            }
        }
    }

    /// `X of Y` where `X` reads a property or a relation of cards and pieces: `Y` must be
    /// something that has it.
    pub(crate) fn of_operand(&mut self, name: &str, sym: Option<&Sym>, rhs: &Expr, t: Ty) {
        let of_things = match sym {
            Some(Sym::Property(_)) => true,
            // `owner`, `controller` and `name` are read of players too (below).
            Some(Sym::Builtin(_)) => {
                name == "space" || (is_thing_relation(name) && !matches!(name, "owner" | "controller" | "name"))
            }
            _ => false,
        };
        // `left of` and `right of` are checked for a player where they are read.
        let of_anything =
            (matches!(sym, Some(Sym::Builtin(Ty::Relation))) && !matches!(name, "left" | "right")) || name == "name";
        let wrong =
            (of_things && (plain(rhs, t) || matches!(t, Ty::Player | Ty::Players))) || (of_anything && plain(rhs, t));
        if wrong {
            let what = match sym {
                Some(Sym::Property(_)) => "cards and pieces (and board spaces)",
                _ if of_things => "cards and pieces",
                _ => "players, cards and pieces",
            };
            self.error("type-mismatch", format!("`{name} of ...` reads {what}, found {}", t.describe()), &rhs.span)
                .help = match (sym, t) {
                (Some(Sym::Property(_)), Ty::Player | Ty::Players) => {
                    Some(format!("a player has no `{name}`: read it of their cards, e.g. `{name} of cards in hand`"))
                }
                // A copy's label as logs and options show it (`"c5#2"`): text, not the card.
                (_, Ty::Str) => match &rhs.kind {
                    ExprKind::Str(label) => {
                        let base = label.split_once('#').map_or(&**label, |(base, _)| base);
                        let kind = match self.env.lookup(base) {
                            Some(Sym::Card) => Some("cards"),
                            Some(Sym::Piece) => Some("pieces"),
                            _ => None,
                        };
                        match (kind, label.contains('#')) {
                            (None, _) => None,
                            (Some(kind), true) => Some(format!(
                                "text names no card or piece: select the copy by its label, `{name} of first({kind} where id of it == \"{label}\")`"
                            )),
                            (Some(_), false) => Some(format!(
                                "text names no card or piece: write the id without quotes, `{name} of {label}`"
                            )),
                        }
                    }
                    _ => None,
                },
                _ => None,
            };
        }
    }
}
