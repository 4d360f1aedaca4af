//! The two sides of a compiled `==` or `!=`, compared where they are. A literal is read
//! from the condition and a property that nothing can modify from the card's printed
//! values, without copying either: comparing an enum property with an enum value (the
//! commonest test of a card's `play:` guard) then copies no shared name, which costs two
//! atomic counts per side and moves a value through memory at every node.
//!
//! Invariant (`fast.rs`'s): an operand is what `fast` gives for its node, read with the
//! same steps; where a node gives up, its steps are taken back and `eval` gives it.

use std::sync::OnceLock;

use crate::engine::{EntId, Kind, Value};

use super::eval::same_values;
use super::fast::Fx;
use super::{Ctx, Interp};

/// One side of a comparison.
pub(super) enum Operand<'f> {
    /// A literal of the condition.
    Lit(&'f Value),
    /// A property (its name index and id) of a thing, when nothing can modify it: its
    /// printed value, read in place.
    Printed(u32, Option<u32>, EntId),
    /// Any other value, made.
    Made(Value),
}

const NULL: &Value = &Value::Null;

/// What a `Tb::PropIs` node knows of its property's printed values, per card definition:
/// made the first time the node reads a card that has its printed value (a library's
/// cards do not each pay a table for every node; a game reads few of its nodes).
#[derive(Debug, Default)]
pub(super) struct Printed(OnceLock<Table>);

#[derive(Debug)]
enum Table {
    /// `same` of each definition's printed value and the node's literal (in its order).
    Lit(Box<[bool]>),
    /// Each definition's printed value as a number (`None`: it is not one).
    Ints(Box<[Option<i64>]>),
}

impl Printed {
    fn table(&self, rules: &super::Rules, id: usize, (other, other_left): (&Other, bool)) -> &Table {
        self.0.get_or_init(|| {
            let printed = rules.cards.iter().map(|c| c.printed.get(id).unwrap_or(NULL));
            match other {
                Other::Lit(v) if other_left => Table::Lit(printed.map(|p| same_values(v, p)).collect()),
                Other::Lit(v) => Table::Lit(printed.map(|p| same_values(p, v)).collect()),
                Other::Typed(_) => {
                    Table::Ints(printed.map(|p| if let Value::Int(n) = p { Some(*n) } else { None }).collect())
                }
            }
        })
    }
}

/// What `Tb::PropIs` compares a card's property with: a literal of the condition, or
/// an operand read typed.
#[derive(Debug)]
pub(super) enum Other {
    Lit(Value),
    Typed(Box<super::typed::Tv>),
}

impl Interp<'_> {
    /// The operand node `fx` gives, `None` when that is an error (as `fast`).
    pub(super) fn operand<'f>(&mut self, fx: &'f Fx, cx: &mut Ctx) -> Option<Operand<'f>> {
        use super::fast::Kind;
        match &fx.kind {
            // `fast_node`'s step for the node.
            Kind::Lit(v) => self.tick().ok().map(|()| Operand::Lit(v)),
            Kind::Prop(i, id, statics, b) => {
                let mark = self.steps.mark();
                let thing = match self.tick() {
                    Ok(()) => self.fast(b, cx),
                    Err(_) => None,
                };
                let rules: &super::Rules = self.rules;
                let canon = rules.env.entry(*i)?.0;
                match thing {
                    Some(Value::Ent(e)) if self.raw || !self.may_be_modified(canon, *statics) => {
                        Some(Operand::Printed(*i, *id, e))
                    }
                    Some(v @ Value::Ent(_)) => match self.prop_at(canon, *id, *statics, &v) {
                        Ok(v) => Some(Operand::Made(v)),
                        Err(_) => self.given_up(fx, mark, cx),
                    },
                    _ => self.given_up(fx, mark, cx),
                }
            }
            _ => self.fast(fx, cx).map(Operand::Made),
        }
    }

    /// Whether property `prop` (name index, id, statics) of thing `e` is the same as
    /// `other` (on the left when `other_left`), as `Tb::Same` of the property's operand
    /// and `other`'s finds it, with the same steps: the property's and the thing's, then
    /// a literal's one or what a typed operand counts (the comparison's own step was
    /// counted by `typed`; a property read through modifiers counts its own after).
    /// `None` where that gives up (`e`: the thing, if `this` or `it` is one).
    /// A card whose property has its printed value is read from the node's table
    /// (`printed`): no name looked up, no value compared.
    pub(super) fn prop_is(
        &mut self,
        (prop, id, statics): (u32, Option<u32>, bool),
        e: Option<EntId>,
        (other, other_left): (&Other, bool),
        printed: &Printed,
        cx: &mut Ctx,
    ) -> Option<bool> {
        let o = match other {
            Other::Lit(v) => {
                self.tick_n(3).ok()?;
                if let Some((card, id)) = e.and_then(|e| self.printed_card(e, statics)).zip(id) {
                    if let Table::Lit(same) = printed.table(self.rules, id as usize, (other, other_left)) {
                        return same.get(card).copied();
                    }
                }
                Operand::Lit(v)
            }
            Other::Typed(t) => {
                self.tick_n(2).ok()?;
                e?;
                let o = self.typed_operand(t, cx)?;
                if let (Operand::Made(Value::Int(n)), Some(id)) = (&o, id) {
                    if let Some(card) = e.and_then(|e| self.printed_card(e, statics)) {
                        if let Table::Ints(ints) = printed.table(self.rules, id as usize, (other, other_left)) {
                            if let Some(Some(x)) = ints.get(card) {
                                return Some(x == n);
                            }
                        }
                    }
                }
                o
            }
        };
        let e = e?;
        // The property read in place (what `prop_operand` and `operand_value` give,
        // without looking its name up twice).
        let rules: &super::Rules = self.rules;
        let canon = rules.env.entry(prop)?.0;
        let made;
        let p = if self.raw || !self.may_be_modified(canon, statics) {
            self.printed_at(canon, id, e).unwrap_or(NULL)
        } else {
            made = self.prop_at(canon, id, statics, &Value::Ent(e)).ok()?;
            &made
        };
        let o = self.operand_value(&o);
        Some(if other_left { self.same(o, p) } else { self.same(p, o) })
    }

    /// The definition of card `e` when its property (whose statics are `statics`) is
    /// surely its printed value, as `prop_is` would read it: nothing assigned to the card
    /// itself and no modifier in force (`None`: read it the general way).
    pub(super) fn printed_card(&self, e: EntId, statics: bool) -> Option<usize> {
        let ent = &self.w.state.ents[e];
        let unmodified = self.raw || (!statics && self.w.mods.is_empty());
        match ent.kind {
            Kind::Card(c) if unmodified && ent.props.is_empty() => Some(c),
            _ => None,
        }
    }

    /// What `fast` does when a node gives up: its steps taken back, `eval` of it.
    fn given_up<'f>(&mut self, fx: &Fx, mark: i64, cx: &mut Ctx) -> Option<Operand<'f>> {
        self.steps.rewind(mark);
        self.eval(fx.expr(), cx).ok().map(Operand::Made)
    }

    /// The value an operand stands for, where it is.
    pub(super) fn operand_value<'a>(&'a self, o: &'a Operand) -> &'a Value {
        match o {
            Operand::Lit(v) => v,
            Operand::Made(v) => v,
            Operand::Printed(i, id, e) => {
                let canon = self.rules.env.entry(*i).map_or("", |(c, _)| c);
                self.printed_at(canon, *id, *e).unwrap_or(NULL)
            }
        }
    }
}
