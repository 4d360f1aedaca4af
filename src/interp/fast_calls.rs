//! Procedure calls in compiled conditions (`fast.rs`): a value procedure called with or
//! without arguments, as `call` and `run_body` run it (one call deeper, the memo, the
//! parameters bound), giving up where `call` would raise an error.

use super::fast::Fx;
use super::rules::{Body, Rules};
use super::{Ctx, Interp};
use crate::engine::Value;

impl<'r> Interp<'r> {
    /// A value procedure without arguments, as `call` and `run_body` run it.
    pub(super) fn fast_proc(&mut self, i: u32, cx: &mut Ctx) -> Option<Value> {
        let rules: &'r Rules = self.rules;
        let def = rules.proc_list.get(i as usize)?.as_ref()?;
        let Body::Value(v) = &def.body else { return None };
        self.one_call_deeper(|me| me.value_of(def, v, &[], cx).ok())
    }

    /// Value procedure `i` called with `args`, as `call` reads it: the arguments in
    /// order, then one call deeper, `value_of`. `None` where that gives up or raises an
    /// error (`eval` then raises it, placed and named as `call` names it).
    pub(super) fn fast_call(&mut self, i: u32, args: &[Fx], cx: &mut Ctx) -> Option<Value> {
        let rules: &'r Rules = self.rules;
        let def = rules.proc_list.get(i as usize)?.as_ref()?;
        let Body::Value(v) = &def.body else { return None };
        if self.coverage.is_some() {
            return None;
        }
        let mut values = self.spare_args.take();
        for a in args {
            match self.fast(a, cx) {
                Some(x) => values.push(x),
                None => {
                    self.spare_args.give(values);
                    return None;
                }
            }
        }
        let out = self.one_call_deeper(|me| me.value_of(def, v, &values, cx).ok());
        self.spare_args.give(values);
        out
    }

    /// `f` one procedure call deeper, as `call` counts it (`call_depth`); `None` past the
    /// limit, where `eval` raises the error.
    pub(super) fn one_call_deeper<T>(&mut self, f: impl FnOnce(&mut Self) -> Option<T>) -> Option<T> {
        self.calls += 1;
        let out = if self.calls > self.limits.call_depth { None } else { f(self) };
        self.calls -= 1;
        out
    }
}
