//! The two sides of a compiled `==` or `!=`, compared where they are. A literal is read
//! from the condition and a property that nothing can modify from the card's printed
//! values, without copying either: comparing an enum property with an enum value (the
//! commonest test of a card's `play:` guard) then copies no shared name, which costs two
//! atomic counts per side and moves a value through memory at every node.
//!
//! Invariant (`fast.rs`'s): an operand is what `fast` gives for its node, read with the
//! same steps; where a node gives up, its steps are taken back and `eval` gives it.

use crate::engine::{EntId, Value};

use super::fast::{Fx, Kind};
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

impl Interp<'_> {
    /// The operand node `fx` gives, `None` when that is an error (as `fast`).
    pub(super) fn operand<'f>(&mut self, fx: &'f Fx, cx: &mut Ctx) -> Option<Operand<'f>> {
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
