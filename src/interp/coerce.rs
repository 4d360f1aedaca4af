//! Values read as what an expression's place needs: a number, a truth, one player or
//! players, with the error (placed at the expression) when a value is not that.

use crate::engine::{PlayerId, Value};
use crate::syntax::ast::Expr;

use super::eval::{first_of, int_of, same_values, truth_of};
use super::{Ctx, Halt, Interp, R};

impl Interp<'_> {
    /// Equality that sees a one-element selection as its element and text as a name.
    #[inline]
    pub fn same(&self, l: &Value, r: &Value) -> bool {
        same_values(l, r)
    }

    /// A value as a number.
    #[inline]
    pub fn int(&self, v: &Value, e: &Expr, cx: &Ctx) -> R<i64> {
        // A number itself, the commonest answer: no call, no error made.
        match v {
            Value::Int(i) => Ok(*i),
            v => self.int_other(v, e, cx),
        }
    }

    /// `int` of anything but a number: a list of one, nothing (0), else an error.
    #[inline(never)]
    fn int_other(&self, v: &Value, e: &Expr, cx: &Ctx) -> R<i64> {
        int_of(v).ok_or_else(|| self.should_be("a number", first_of(v), e, cx))
    }

    /// An expression as a count: a number, negatives counting as none.
    pub fn count(&mut self, e: &Expr, cx: &mut Ctx) -> R<usize> {
        let v = self.eval(e, cx)?;
        Ok(self.int(&v, e, cx)?.max(0) as usize)
    }

    /// A value as a truth value.
    #[inline]
    pub fn truth(&self, v: &Value, e: &Expr, cx: &Ctx) -> R<bool> {
        // A truth itself, what every condition gives: no call, no error made.
        match v {
            Value::Bool(b) => Ok(*b),
            v => self.truth_other(v, e, cx),
        }
    }

    /// `truth` of anything but a truth.
    #[inline(never)]
    fn truth_other(&self, v: &Value, e: &Expr, cx: &Ctx) -> R<bool> {
        truth_of(v).ok_or_else(|| self.should_be("a condition", first_of(v), e, cx))
    }

    /// A value as one player.
    pub fn player(&self, v: &Value, e: &Expr, cx: &Ctx) -> R<PlayerId> {
        match v {
            Value::Player(p) => Ok(*p),
            Value::List(l) if l.len() == 1 => self.player(&l[0], e, cx),
            v => Err(self.should_be("one player", v, e, cx)),
        }
    }

    /// The error of expression `e`, whose value `v` is not `what` its place needs.
    #[cold]
    fn should_be(&self, what: &str, v: &Value, e: &Expr, cx: &Ctx) -> Halt {
        Halt::error(format!("`{}` should be {what}, but is {}", cx.snippet(&e.span), self.show(v)))
    }

    /// A value as players.
    pub fn players(&self, v: &Value) -> R<Vec<PlayerId>> {
        let mut out = Vec::with_capacity(v.as_slice().len());
        self.players_into(v, &mut out)?;
        Ok(out)
    }

    /// `players` of `v`, added to `out` (read in place: nothing is copied).
    fn players_into(&self, v: &Value, out: &mut Vec<PlayerId>) -> R<()> {
        for x in v.as_slice() {
            match x {
                Value::Player(p) => out.push(*p),
                Value::List(_) => self.players_into(x, out)?,
                Value::Null => {}
                v => return Err(Halt::error(format!("expected players, found {}", self.show(v)))),
            }
        }
        Ok(())
    }
}
