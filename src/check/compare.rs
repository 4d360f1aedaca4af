//! Comparisons that can never hold (`twilit::never-equal`, a warning): `==` or `!=`
//! between kinds of values that never meet, and a text that is none of an enum property's
//! values. Equality at run time (`Interp::same`) reads text as a name and nothing else
//! across kinds, so these are always false (or, with `!=`, always true).

use crate::diag::did_you_mean;
use crate::syntax::ast::*;
use crate::syntax::print;

use super::env::{is_thing_relation, Sym, Ty};
use super::script::Checker;

/// How many of a property's values a message lists before it says how many there are.
const SHOWN_VALUES: usize = 10;

impl<'a> Checker<'a> {
    /// Warns when `a op b` (`==` or `!=`, operands of types `ta` and `tb`) can never hold
    /// or never fail.
    pub(crate) fn comparison(&mut self, op: BinOp, (a, ta): (&Expr, Ty), (b, tb): (&Expr, Ty)) {
        if self.value_took_a_filter(op, a, b) || self.value_took_a_filter(op, b, a) {
            return;
        }
        if self.id_beside_a_card(op, a, b) || self.id_beside_a_card(op, b, a) {
            return;
        }
        if self.enum_beside_it(op, a, b) || self.enum_beside_it(op, b, a) {
            return;
        }
        if never_equal(ta, tb) {
            self.kinds_never_meet(op, (a, ta), (b, tb));
        } else if !self.text_not_a_value(op, a, b) {
            self.text_not_a_value(op, b, a);
        }
    }

    /// Warns when `prop`, an enum property's value, is compared with `it` where it is a
    /// card or piece (`colour == it` in a `where` of cards nested in another `where`): a
    /// value of the property is a name, never a thing; whether it warned. Only `it` is
    /// known to be a thing: a single card is typed as anything, and a list, a choice among
    /// values or a binding of one as things.
    fn enum_beside_it(&mut self, op: BinOp, prop: &Expr, thing: &Expr) -> bool {
        // `it` inside the `where` of a selection of cards or pieces is one of them.
        let it_a_thing = matches!(&thing.kind, ExprKind::Name(n, _) if n == "it" && self.local(n).is_none())
            && self.it_scope > 0
            && self.it_things.last() == Some(&true);
        if !it_a_thing {
            return false;
        }
        let Some((name, _)) = self.enum_of(prop) else { return false };
        let sp = print::expr(prop);
        let msg = format!(
            "`{sp} {} it` compares a value of `{name}` with a card or piece: they are never equal, so this is always {}",
            op.as_str(),
            always(op)
        );
        let span = prop.span.start.min(thing.span.start)..prop.span.end.max(thing.span.end);
        let w = self.warning("never-equal", msg, &span);
        w.help = Some(format!(
            "inside this `where`, `it` is the thing it filters; to compare with an outer selection's `it`, \
             pass that one to a value procedure (`params: [\"v: value\"]`, `value: exists(... where {name} == v)`)"
        ));
        true
    }

    /// Warns when `sel` is one of `prop`'s values that took the filters after it
    /// (`choice == stay in torches` reads `choice == (stay in torches)`: a selection of
    /// the things named `stay` in `torches`, never a value); whether it warned. A designer's
    /// `move torch where choice == stay in torches to ...` moved nothing, unwarned.
    fn value_took_a_filter(&mut self, op: BinOp, prop: &Expr, sel: &Expr) -> bool {
        let ExprKind::Select { quantity: None, base, filters } = &sel.kind else { return false };
        let (ExprKind::Name(v, _), Some(first)) = (&base.kind, filters.first()) else { return false };
        let Some((name, values)) = self.enum_of(prop) else { return false };
        if !values.iter().any(|x| x == v) {
            return false;
        }
        let cmp = format!("{} {} {v}", print::expr(prop), op.as_str());
        let rest = print::expr(sel);
        let rest = rest.strip_prefix(v.as_str()).unwrap_or(&rest).trim();
        let msg = format!(
            "`{}` reads as one selection (the things named `{v}` {rest}), never a value of `{name}`, so `{} {} {}` is always {}",
            print::expr(sel),
            print::expr(prop),
            op.as_str(),
            print::expr(sel),
            always(op)
        );
        let w = self.warning("never-equal", msg, &(first.span.start..sel.span.end));
        w.labels[0].message = format!("read as part of `{v}`, not of the selection");
        w.help = Some(format!(
            "write the filter before the condition, `X {rest} where {cmp}`, or bracket the condition: `X where ({cmp}) {rest}`"
        ));
        true
    }

    /// Warns when `id` reads a thing's id or name as text (`card_id of x`, `id of x`,
    /// `name of x`) and `card` is a card id written bare: the card id is the selection of
    /// that card's copies, never a text, so they are never equal; whether it warned. A
    /// walkthrough's `card_id of guess == gem` was always false, unwarned.
    fn id_beside_a_card(&mut self, op: BinOp, id: &Expr, card: &Expr) -> bool {
        let ExprKind::Of(rel, thing) = &id.kind else { return false };
        let ExprKind::Name(r, _) = &rel.kind else { return false };
        let ExprKind::Name(c, _) = &card.kind else { return false };
        if !matches!(r.as_str(), "card_id" | "id" | "name") || self.local(r).is_some() || self.local(c).is_some() {
            return false;
        }
        if !matches!(self.env.lookup(c), Some(Sym::Card)) || !matches!(self.env.lookup(r), Some(Sym::Builtin(_))) {
            return false;
        }
        let msg = format!(
            "`{}` is a text and `{c}` the copies of card `{c}`: they are never equal, so this is always {}",
            print::expr(id),
            always(op)
        );
        let w = self.warning("never-equal", msg, &(id.span.start.min(card.span.start)..id.span.end.max(card.span.end)));
        w.help = Some(match r.as_str() {
            "name" => format!(
                "compare the name with the card's `name:` in quotes, or its id: `card_id of {} {} \"{c}\"`",
                print::expr(thing),
                op.as_str()
            ),
            _ => format!("compare the id with its text: `{} {} \"{c}\"`", print::expr(id), op.as_str()),
        });
        true
    }

    fn kinds_never_meet(&mut self, op: BinOp, (a, ta): (&Expr, Ty), (b, tb): (&Expr, Ty)) {
        let (sa, sb) = (print::expr(a), print::expr(b));
        let help = self.kinds_help(op, (a, ta), (b, tb));
        let w = self.warning(
            "never-equal",
            format!(
                "`{sa}` is {} and `{sb}` {}: they are never equal, so this is always {}",
                ta.describe(),
                tb.describe(),
                always(op)
            ),
            &(a.span.start..b.span.end),
        );
        w.help = Some(help);
    }

    /// What to compare instead, judged by the operand that is not a number.
    fn kinds_help(&self, op: BinOp, (a, ta): (&Expr, Ty), (b, tb): (&Expr, Ty)) -> String {
        let (num, (other, to)) = match (ta, tb) {
            (Ty::Num, _) => (a, (b, tb)),
            (_, Ty::Num) => (b, (a, ta)),
            _ => return "compare things of one kind: a player with a player, cards with cards".into(),
        };
        if let ExprKind::Str(s) = &other.kind {
            if let Ok(n) = s.trim().parse::<i64>() {
                let (l, r) = if num.span.start < other.span.start {
                    (print::expr(num), n.to_string())
                } else {
                    (n.to_string(), print::expr(num))
                };
                return format!("a number is written without quotes: `{l} {} {r}`", op.as_str());
            }
        }
        if let ExprKind::Name(n, _) = &other.kind {
            if self.local(n).is_none() && matches!(self.env.lookup(n), Some(Sym::Variable(_))) {
                let holds = to.describe();
                return format!(
                    "`{n}` is a game variable holding {holds} (its `type:`), never a number: compare it with {holds}, or declare it `type: number`"
                );
            }
        }
        match (to, self.enum_of(other)) {
            (Ty::Value, Some((prop, values))) => format!(
                "`{prop}` holds one of its values ({}), never a number: compare it with one of them, e.g. `{} == {}`",
                listed(values),
                print::expr(other),
                values[0]
            ),
            (Ty::Value, None) => "a value is a name, never a number: compare it with a name".into(),
            (Ty::Bool, _) => {
                "a condition is true or false, never a number: write it alone (`if exhausted of x`), or with `not`"
                    .into()
            }
            _ => "compare a number with a number: `count(...)`, or `PROPERTY of ...`".into(),
        }
    }

    /// Warns when `text` is a text literal that is none of the values of the enum or list
    /// property `prop` reads (`hue of x == "blu"`); whether it warned.
    fn text_not_a_value(&mut self, op: BinOp, prop: &Expr, text: &Expr) -> bool {
        let ExprKind::Str(s) = &text.kind else { return false };
        let Some((name, values)) = self.enum_of(prop) else { return false };
        if values.iter().any(|v| v == s) {
            return false;
        }
        let (lit, hint) = (print::expr(text), did_you_mean(s, values.iter().map(String::as_str)));
        let example = format!("{} {} {}", print::expr(prop), op.as_str(), hint.unwrap_or(&values[0]));
        let cmp = if prop.span.start < text.span.start {
            format!("{} {} {lit}", print::expr(prop), op.as_str())
        } else {
            format!("{lit} {} {}", op.as_str(), print::expr(prop))
        };
        let msg =
            format!("`{lit}` is not a value of `{name}` ({}), so `{cmp}` is always {}", listed(values), always(op));
        let help = format!("compare with one of its values, e.g. `{example}`");
        // The fix replaces the literal: only where the file holds it as written (no YAML
        // escapes between), else the help alone says it.
        let exact = self.mapped_len(&text.span) == text.span.len();
        let w = self.warning("never-equal", msg, &text.span);
        w.labels[0].message = format!("not a value of `{name}`");
        w.help = Some(help);
        if let Some(h) = hint {
            let quoted = format!("\"{h}\"");
            if exact {
                w.suggest(&quoted);
            } else {
                w.help = Some(format!("did you mean `{quoted}`?"));
            }
        }
        true
    }

    /// The enum or list property with declared values that `e` reads, as `hue of x` or,
    /// in a filter, `hue`: its name and values. (Not a thing's built-in relation such as
    /// `side`, which also reads pieces' sides.)
    fn enum_of(&self, e: &Expr) -> Option<(&'a str, &'a [String])> {
        let n = match &e.kind {
            ExprKind::Of(a, _) => match &a.kind {
                ExprKind::Name(n, _) => n,
                _ => return None,
            },
            ExprKind::Name(n, _) => n,
            _ => return None,
        };
        if self.local(n).is_some() || is_thing_relation(n) || !matches!(self.env.lookup(n), Some(Sym::Property(_))) {
            return None;
        }
        let env: &'a super::env::Env = self.env;
        if env.open_values.contains(n.as_str()) {
            return None;
        }
        let (name, values) = env.values_of.get_key_value(n.as_str()).filter(|(_, v)| !v.is_empty())?;
        Some((name.as_str(), values.as_slice()))
    }
}

/// What a comparison that never holds always is.
fn always(op: BinOp) -> &'static str {
    if op == BinOp::Eq {
        "false"
    } else {
        "true"
    }
}

/// A property's values for a message: all of them, or the first few and how many.
fn listed(values: &[String]) -> String {
    if values.len() <= SHOWN_VALUES {
        return values.join(", ");
    }
    format!("{}, ... ({} values)", values[..SHOWN_VALUES].join(", "), values.len())
}

/// Whether values of these two types can never be equal: a number and a player, card,
/// zone, text, value or condition; a player and a card or zone. (`Any` and the rest are not
/// judged; nor is a value beside a card or text, which may name it.)
fn never_equal(a: Ty, b: Ty) -> bool {
    let kind = |t: Ty| match t {
        Ty::Num => Some(0),
        Ty::Player | Ty::Players => Some(1),
        Ty::Things => Some(2),
        Ty::Zone => Some(3),
        Ty::Str => Some(4),
        Ty::Value => Some(5),
        Ty::Bool => Some(6),
        Ty::Numbers => Some(7),
        _ => None,
    };
    match (kind(a), kind(b)) {
        // A list of one number is that number.
        (Some(0), Some(7)) | (Some(7), Some(0)) => false,
        // A value and a condition are judged only beside a number: a value may name a
        // card, a player's role or a text.
        (Some(x @ (5 | 6)), Some(y)) | (Some(y), Some(x @ (5 | 6))) => x != y && y == 0,
        // Text and a thing may meet: `id of x == "lamp"` reads the id as text.
        (Some(x), Some(y)) => x != y && !matches!((x, y), (2, 4) | (4, 2) | (1, 4) | (4, 1)),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use crate::diag::{Diagnostic, SourceMap};
    use crate::load::{load_bundle, Library};

    const GAME: &str = "game: g\nname: G\nplayers: { min: 2, max: 2 }\n\
        properties:\n  hue: { type: enum, values: [amber, teal] }\n  notes: { type: list }\n\
        counters:\n  points: { on: game }\nvariables:\n  led: { type: value }\n";

    /// The never-equal warnings of a card whose `play:` is `play` (a YAML value as written),
    /// with the text each covers.
    fn warnings(play: &str) -> Vec<(String, Diagnostic)> {
        let cards = format!("- id: r1\n  name: R1\n  hue: amber\n  play: {play}\n");
        let mut sources = SourceMap::default();
        let files = [("game.yaml", GAME), ("cards.yaml", cards.as_str())];
        let (bundle, load) = load_bundle(std::path::Path::new("g"), &files, &mut sources);
        assert!(load.is_empty(), "{load:#?}");
        let diags = crate::check::check_library(&Library { games: vec![bundle] }).diags;
        assert!(diags.iter().all(|d| d.code == "twilit::never-equal"), "{diags:#?}");
        diags.into_iter().map(|d| (cards[d.labels[0].span.clone()].to_string(), d)).collect()
    }

    #[test]
    fn a_text_that_is_no_value_is_labelled_and_fixed() {
        let w = warnings("if hue of r1 == \"teel\" { add 1 points }");
        assert_eq!(w.len(), 1);
        let (at, d) = &w[0];
        assert_eq!(at, "\"teel\"");
        assert_eq!(
            d.message,
            "`\"teel\"` is not a value of `hue` (amber, teal), so `hue of r1 == \"teel\"` is always false"
        );
        assert_eq!(d.help.as_deref(), Some("did you mean `\"teal\"`?"));
        assert_eq!(d.fix.as_deref().map(String::as_str), Some("\"teal\""));
    }

    #[test]
    fn an_escaped_script_gets_the_help_but_no_fix() {
        // YAML escapes: the label is the whole value, which the fix must not replace.
        let w = warnings("\"if \\\"teel\\\" != hue of r1 { add 1 points }\"");
        assert_eq!(w.len(), 1, "{w:#?}");
        assert!(w[0].1.message.ends_with("is always true"), "{}", w[0].1.message);
        assert_eq!(w[0].1.help.as_deref(), Some("did you mean `\"teal\"`?"));
        assert_eq!(w[0].1.fix, None);
    }

    /// A name declared twice, once with values and once without (a board attribute of
    /// any text), may hold any text: nothing is warned of.
    #[test]
    fn a_property_declared_open_anywhere_is_not_judged() {
        let game = "game: g\nname: G\nplayers: { min: 2, max: 2 }\n\
            properties:\n  ground: { type: enum, values: [hill, marsh] }\n\
            counters:\n  points: { on: game }\n\
            board:\n  attributes:\n    ground: { type: text }\n  spaces:\n    - { id: s1, ground: forest }\n";
        let cards = "- id: r1\n  name: R1\n  ground: hill\n  play: if ground of s1 == \"forest\" { add 1 points }\n";
        let mut sources = SourceMap::default();
        let (bundle, load) =
            load_bundle(std::path::Path::new("g"), &[("game.yaml", game), ("cards.yaml", cards)], &mut sources);
        assert!(load.is_empty(), "{load:#?}");
        let diags = crate::check::check_library(&Library { games: vec![bundle] }).diags;
        assert!(diags.is_empty(), "{diags:#?}");
    }

    #[test]
    fn comparisons_that_may_hold_are_not_judged() {
        let fine = [
            "if hue of r1 == \"teal\" or teal == hue of r1 { add 1 points }",
            "if notes of r1 == \"anything\" or led == \"x\" or led != amber { add 1 points }",
            "if exists(cards where hue != amber) { add 1 points }",
            // A local of the property's name is not the property.
            "let hue = \"blu\"\n    if hue == \"blu\" { add 1 points }",
        ];
        for play in fine {
            let w = warnings(&format!("|\n    {play}"));
            assert!(w.is_empty(), "{play}: {w:#?}");
        }
    }

    #[test]
    fn a_value_beside_a_number_says_what_it_holds() {
        let w = warnings("if led == 3 or hue of r1 != 1 { add 1 points }");
        let found: Vec<&str> = w.iter().map(|(at, _)| at.as_str()).collect();
        assert_eq!(found, ["led == 3", "hue of r1 != 1"]);
        assert!(w[1].1.message.ends_with("so this is always true"));
        assert!(w[1].1.help.as_deref().is_some_and(|h| h.contains("(amber, teal)")), "{:?}", w[1].1.help);
    }
}
