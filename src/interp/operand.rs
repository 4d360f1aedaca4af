//! The two sides of a compiled `==` or `!=`, compared where they are. A literal is read
//! from the condition and a property that nothing can modify from the card's printed
//! values, without copying either: comparing an enum property with an enum value (the
//! commonest test of a card's `play:` guard) then copies no shared name, which costs two
//! atomic counts per side and moves a value through memory at every node.
//!
//! Invariant (`fast.rs`'s): an operand is what `fast` gives for its node, read with the
//! same steps; where a node gives up, its steps are taken back and `eval` gives it.

use crate::engine::{EntId, Holder, Kind, Value};
use crate::load::CounterOn;

use super::eval::same_values;
use super::fast::{Fun, Fx};
use super::typed::{Tv, Tx};
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

/// What `Tb::PropIs` compares a card's property with: a literal of the condition, or
/// an operand read typed.
#[derive(Debug)]
pub(super) enum Other {
    Lit(Value),
    /// A name literal that cards print (`Value::Sym`), shared with their printed names
    /// (`Rules::printed_names`): a printed name is it exactly when it is the same text
    /// in memory, so no text is compared.
    Name(Value),
    Typed(Box<super::typed::Tv>),
}

impl<'r> Interp<'r> {
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
    /// A card whose property surely has its printed value reads it from its definition
    /// (`printed_value`): no name looked up, no operand made.
    pub(super) fn prop_is(
        &mut self,
        (prop, id, statics): (u32, Option<u32>, bool),
        e: Option<EntId>,
        (other, other_left): (&Other, bool),
        cx: &mut Ctx,
    ) -> Option<bool> {
        let o = match other {
            Other::Lit(v) | Other::Name(v) => {
                self.tick_n(3).ok()?;
                if let Some(p) = e.and_then(|e| self.printed_value(e, id, statics)) {
                    if let (Other::Name(Value::Sym(n)), Value::Sym(q)) = (other, p) {
                        return Some(crate::text::Text::ptr_eq(n, q));
                    }
                    return Some(if other_left { same_values(v, p) } else { same_values(p, v) });
                }
                Operand::Lit(v)
            }
            Other::Typed(t) => {
                self.tick_n(2).ok()?;
                e?;
                if let &Tv::Prop(i2, id2, statics2, ref x) = &**t {
                    // A property of another card (`rank of this == rank of top_card()`):
                    // when both are surely printed, the two printed values compared in
                    // place, with `typed_operand`'s steps for the node and its thing.
                    self.tick().ok()?;
                    let e2 = self.typed_ent(x, cx)?;
                    let pair =
                        e.and_then(|e| self.printed_value(e, id, statics)).zip(self.printed_value(e2, id2, statics2));
                    return match pair {
                        // Printed names are shared: the same name is the same pointer.
                        Some((Value::Sym(p), Value::Sym(q))) => Some(crate::text::Text::ptr_eq(p, q)),
                        Some((p, q)) => Some(if other_left { same_values(q, p) } else { same_values(p, q) }),
                        None => {
                            let o = self.prop_operand(i2, id2, statics2, e2)?;
                            self.prop_is_other((prop, id, statics), e?, o, other_left)
                        }
                    };
                }
                let o = match **t {
                    // A count the game keeps (`suit_index of this == suit_to_follow`), read
                    // as `typed_int` reads it, with `typed_operand`'s step but not its frame.
                    Tv::Counter(_, c, CounterOn::Game, _) => {
                        self.tick().ok()?;
                        Operand::Made(Value::Int(self.w.state.counter_at(c, Holder::Game)))
                    }
                    _ => self.typed_operand(t, cx)?,
                };
                if let Operand::Made(Value::Int(n)) = &o {
                    if let Some(Value::Int(x)) = e.and_then(|e| self.printed_value(e, id, statics)) {
                        return Some(x == n);
                    }
                }
                o
            }
        };
        self.prop_is_other((prop, id, statics), e?, o, other_left)
    }

    /// A typed operand that gives one thing (`top_card()`, the other side of a card's
    /// property compared), as its id and with `typed_operand`'s steps: the commonest
    /// shapes read with no `Operand` or `Value` made. `None` where it gives up or gives
    /// anything but a thing.
    pub(super) fn typed_ent(&mut self, t: &Tv, cx: &mut Ctx) -> Option<EntId> {
        match t {
            &Tv::InZone { fun: Fun::First, cards, key, of } => {
                // `typed_operand`'s step for the node, then `fast_in_zone`'s.
                self.tick().ok()?;
                self.first_in_zone(cards, key, of, cx)?
            }
            Tv::Inline(body) => match &**body {
                Tx::Value(v) => {
                    self.tick().ok()?;
                    self.one_call_deeper(|me| me.typed_ent(v, cx))
                }
                Tx::Cond(_) => None,
            },
            _ => {
                let o = self.typed_operand(t, cx)?;
                match *self.operand_value(&o) {
                    Value::Ent(e) => Some(e),
                    _ => None,
                }
            }
        }
    }

    /// The end of `prop_is`: property `prop` of `e` compared with operand `o`.
    fn prop_is_other(
        &mut self,
        (prop, id, statics): (u32, Option<u32>, bool),
        e: EntId,
        o: Operand,
        other_left: bool,
    ) -> Option<bool> {
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

    /// The printed number property `id` of card `e` has (`None`: it is not a card whose
    /// property is surely printed, or the value is not a number).
    pub(super) fn printed_int(&self, e: EntId, id: Option<u32>, statics: bool) -> Option<i64> {
        match self.printed_value(e, id, statics)? {
            Value::Int(n) => Some(*n),
            _ => None,
        }
    }

    /// Property `i` of thing `e` as an operand: its printed value in place when nothing
    /// can modify it.
    pub(super) fn prop_operand<'f>(&mut self, i: u32, id: Option<u32>, statics: bool, e: EntId) -> Option<Operand<'f>> {
        let rules: &super::Rules = self.rules;
        let canon = rules.env.entry(i)?.0;
        if self.raw || !self.may_be_modified(canon, statics) {
            Some(Operand::Printed(i, id, e))
        } else {
            Some(Operand::Made(self.prop_at(canon, id, statics, &Value::Ent(e)).ok()?))
        }
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

    /// Property `id` of card `e` from its definition, when that is surely its value
    /// (`printed_card`), borrowed from the rules.
    pub(super) fn printed_value(&self, e: EntId, id: Option<u32>, statics: bool) -> Option<&'r Value> {
        let card = self.printed_card(e, statics)?;
        let rules: &'r super::Rules = self.rules;
        rules.cards[card].printed.get(id? as usize)
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
