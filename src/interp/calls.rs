//! Calls of keywords, procedures and built-in functions: finding the callee, the budget
//! of nested calls, the arguments bound as the callee's locals, and the `use` event a
//! procedure's call logs. A call where nothing may forbid it and nobody reads its event
//! runs the callee's body directly (`call_plainly`).

use std::sync::Arc;

use crate::engine::{EventKind, Value};
use crate::syntax::ast::*;

use super::coverage::Hit;
use super::rules::{Body, ParamKind};
use super::{Ctx, Halt, Interp, Running, R};
use crate::limits::Limits;

impl<'r> Interp<'r> {
    /// A keyword, procedure or built-in function call.
    pub fn call(&mut self, c: &Call, cx: &mut Ctx) -> R<Value> {
        let name: &str = &c.name.name;
        let rules: &'r super::Rules = self.rules;
        // A compiled call holds its callee's index; a script that was not compiled (a
        // scenario's) looks it up by name, in the same order.
        let id = match c.callee {
            Callee::Proc(i) => Some(Running { keyword: false, index: i }),
            Callee::Keyword(i) => Some(Running { keyword: true, index: i }),
            Callee::Builtin(f) => return self.builtin_fn(f as usize, &c.args, cx),
            Callee::Unresolved => match c.kind {
                CallKind::Keyword => rules.env.keywords.get_index_of(name).map(|i| (true, i as u32)),
                CallKind::Function => rules.procs.get(name).map(|&i| (false, i)),
            }
            .map(|(keyword, index)| Running { keyword, index }),
        };
        let def = id.and_then(|id| rules.callee(id).map(|d| (d, id)));
        let def = match (def, c.kind) {
            (Some(def), _) => def,
            (None, CallKind::Function) => match crate::check::env::FUNCTIONS.iter().position(|f| f.0 == name) {
                Some(f) => return self.builtin_fn(f, &c.args, cx),
                None => return Err(Halt::error(format!("unknown function `{name}`"))),
            },
            (None, CallKind::Keyword) => return Err(Halt::error(format!("unknown procedure `{name}`"))),
        };
        debug_assert_eq!(&*def.0.name, name, "a compiled call holds another callee's index");
        if let (Body::Script(s), [], CallKind::Function) = (&def.0.body, &c.args[..], c.kind) {
            if self.unread() && !self.may_forbid() {
                return self.call_plainly(def, s, cx).map(|()| Value::Bool(true));
            }
        }
        // A call without arguments needs no list (an empty one holds nothing).
        let mut args = if c.args.is_empty() { Vec::new() } else { self.spare_args.take() };
        for a in &c.args {
            match self.eval(a, cx) {
                Ok(v) => args.push(v),
                Err(h) => {
                    self.spare_args.give(args);
                    return Err(h);
                }
            }
        }
        self.calls += 1;
        if self.calls > self.limits.call_depth {
            self.spare_args.give(args);
            return Err(self.recursion_halt());
        }
        let out = self.run_body(c.kind, def, &mut args, cx);
        self.calls -= 1;
        self.spare_args.give(args);
        out
    }

    /// `call` of a procedure with statements and no arguments where nothing may forbid
    /// it and nobody reads or answers its `use` (`unread`: no event is made, and no
    /// triggered ability is waiting to fire): what `run_body` and `run_script` then do,
    /// without asking again what the caller answered.
    fn call_plainly(
        &mut self,
        (def, id): (&'r super::rules::ProcDef, Running),
        s: &'r super::defs::Script,
        cx: &Ctx,
    ) -> R<()> {
        self.calls += 1;
        if self.calls > self.limits.call_depth {
            return Err(self.recursion_halt());
        }
        let inner = Ctx::placed(cx.you, cx.this.clone(), &s.text, &s.origin);
        let out = self.with_spare_locals(inner, |me, inner| {
            // A procedure's effects are nested under its `use` (one level deeper).
            me.depth += 1;
            me.w.running.push(id);
            let out = me.exec_stmts(&s.block, inner);
            me.depth -= 1;
            me.w.running.pop();
            out
        });
        self.calls -= 1;
        out.map_err(|h| h.within(&def.name))
    }

    /// `call_plainly` of procedure `i` (`Code::plain_call`: its body is statements).
    pub(super) fn call_plain_at(&mut self, i: u32, _c: &Call, cx: &Ctx) -> R<()> {
        let rules: &'r super::Rules = self.rules;
        let id = Running { keyword: false, index: i };
        match rules.callee(id) {
            Some(def @ super::rules::ProcDef { body: Body::Script(s), .. }) => {
                debug_assert_eq!(def.name, _c.name.name, "a compiled call holds another callee's index");
                self.call_plainly((def, id), s, cx)
            }
            _ => Err(Halt::error("a compiled call lost its procedure")),
        }
    }

    /// `play X` inside a script: the play counted as a call (`call_depth`), so that a
    /// card whose `play:` plays it again stops at the budget rather than overflow the stack.
    pub(super) fn play_within(&mut self, e: crate::engine::EntId, you: Option<crate::engine::PlayerId>) -> R<()> {
        self.calls += 1;
        if self.calls > self.limits.call_depth {
            self.calls -= 1;
            let label = &self.w.state.ents[e].label;
            return Err(Halt::budget(format!(
                "recursion budget ({}) exceeded: playing {label} plays cards inside its own play ({} plays and \
                 calls deep; {})",
                self.limits.call_depth,
                self.calls + 1,
                Limits::advice("call_depth")
            )));
        }
        let out = self.play_entity(e, you);
        self.calls -= 1;
        out
    }

    /// The halt of a call one deeper than the recursion budget; the depth goes back to
    /// the caller's (a compiled condition that gives up evaluates again from where it
    /// began, and must find the depth it began at).
    #[cold]
    fn recursion_halt(&mut self) -> Halt {
        // The cycle: from the first call of the innermost procedure on (what called into
        // it first is not part of it).
        let running = self.running_names();
        let cycle = running.last().and_then(|last| running.iter().position(|n| n == last)).unwrap_or(0);
        let names = super::distinct(&running[cycle..]);
        // Value procedures are not recorded as running: a chain of them names nobody.
        let what = match names.as_str() {
            "" => "value procedures called inside one another".to_string(),
            n if n.contains(", ") => format!("{n} call each other"),
            n => format!("{n} calls itself"),
        };
        let message = format!(
            "recursion budget ({}) exceeded: {what} ({} calls deep; {})",
            self.limits.call_depth,
            self.calls,
            Limits::advice("call_depth")
        );
        self.calls -= 1;
        Halt::budget(message)
    }

    fn run_body(
        &mut self,
        kind: CallKind,
        (def, id): (&'r super::rules::ProcDef, Running),
        args: &mut Vec<Value>,
        cx: &Ctx,
    ) -> R<Value> {
        let s = match &def.body {
            Body::Script(s) => s,
            Body::Value(v) => return self.value_of(def, v, args, cx),
        };
        let inner = Ctx::placed(cx.you, cx.this.clone(), &s.text, &s.origin);
        self.with_spare_locals(inner, |me, inner| me.run_script(kind, (def, id), s, args, cx, inner))
    }

    /// What value procedure `def` (its body `v`) gives for `args`, called from `cx`: the
    /// answer remembered, or its body read with the parameters bound. The caller counts
    /// the call (`calls`). `call` and compiled conditions (`fast.rs`) both read it so.
    pub(super) fn value_of(
        &mut self,
        def: &'r super::rules::ProcDef,
        v: &'r super::rules::Cond,
        args: &[Value],
        cx: &Ctx,
    ) -> R<Value> {
        let value = |me: &mut Self| {
            // Checked when the answer is made: a remembered one was made of the same arguments.
            me.args_fit(def, args)?;
            let inner = Ctx::placed(cx.you, cx.this.clone(), &v.text, &v.origin);
            me.with_spare_locals(inner, |me, inner| {
                for (p, a) in def.params.iter().zip(args) {
                    inner.bind_ref(p, a.clone());
                }
                if me.coverage.is_some() {
                    me.hit(&v.expr.span, Some(&v.origin), Hit::Ran);
                }
                me.cond_value(v, inner).map_err(|h| h.within(&def.name))
            })
        };
        self.remembered(def, args, cx, super::memo::WORTH, value)
    }

    /// Refuses an argument its parameter's declared type rules out, at the call: `check`
    /// cannot tell a card from a space, and a card given for a space was put into.
    fn args_fit(&self, def: &super::rules::ProcDef, args: &[Value]) -> R<()> {
        let Some(kinds) = &def.kinds else { return Ok(()) };
        for ((p, &k), a) in def.params.iter().zip(kinds.iter()).zip(args) {
            if !self.fits_kind(k, a) {
                let (name, what) = (&def.name, k.describe());
                return Err(Halt::error(format!(
                    "argument `{p}` of `{name}` should be {what}, but is {}",
                    self.show(a)
                )));
            }
        }
        Ok(())
    }

    /// Whether `v` may be given for a parameter of kind `k` (a list by its first item: a
    /// selection is of one kind, and reading every piece of a long one at every call cost
    /// a board game of many typed calls 2 % of its play). None is an empty selection of
    /// cards or pieces, and no player (a tie's `most`, tested in the body), but no space:
    /// a name that found nothing (a misspelt space) would run the body nowhere, silently.
    pub(super) fn fits_kind(&self, k: ParamKind, v: &Value) -> bool {
        let s = &self.w.state;
        match (k, v) {
            (ParamKind::Space, Value::Null) => false,
            (ParamKind::Any, _) | (_, Value::Null) => true,
            (_, Value::List(l)) => l.first().is_none_or(|x| self.fits_kind(k, x)),
            // An enum value selects the things that are it (`space` of a board attribute's
            // value, `card` of a card kind): what it names is read where it is used.
            (ParamKind::Space | ParamKind::Card | ParamKind::Piece, Value::Sym(_)) => true,
            (ParamKind::Number, v) => matches!(v, Value::Int(_)),
            // A value is a name: a card or piece, a zone or a board space given for one
            // was read as a name that selects nothing (`cannot choose n r from bank`).
            (ParamKind::Value, v) => matches!(v, Value::Sym(_) | Value::Str(_)),
            (ParamKind::Player, v) => matches!(v, Value::Player(_)),
            // A board space is a zone with attributes; a hand is no space.
            (ParamKind::Space, Value::Zone(z)) => s.zones[*z].is_space(),
            (ParamKind::Space, _) => false,
            // A zone is a selection of what it holds (`cards` of `hand of you`).
            (ParamKind::Card | ParamKind::Piece, Value::Zone(_)) => true,
            (ParamKind::Card, Value::Ent(e)) => s.is_card(*e),
            (ParamKind::Piece, Value::Ent(e)) => !s.is_card(*e),
            (ParamKind::Card | ParamKind::Piece, _) => false,
        }
    }

    /// Runs `f` in `inner`, whose bindings (a parameter, a `let`) go into a list kept from
    /// an earlier call, given back after, instead of a list made and freed by each call.
    #[inline(always)]
    fn with_spare_locals<T>(&mut self, mut inner: Ctx<'r>, f: impl FnOnce(&mut Self, &mut Ctx<'r>) -> T) -> T {
        inner.locals = self.spare_locals.take().into();
        let out = f(self, &mut inner);
        self.spare_locals.give(inner.locals.take_list());
        out
    }

    /// `run_body` of statements, in `inner`.
    fn run_script<'s>(
        &mut self,
        kind: CallKind,
        (def, id): (&'s super::rules::ProcDef, Running),
        s: &'s super::defs::Script,
        args: &mut Vec<Value>,
        cx: &Ctx,
        inner: &mut Ctx<'s>,
    ) -> R<Value> {
        // The name it was called by (`call` checked they are the same).
        let name: &str = &def.name;
        if !args.is_empty() {
            self.args_fit(def, args)?;
            for (p, a) in def.params.iter().zip(args.drain(..)) {
                inner.bind_ref(p, a);
            }
        }
        // A procedure's `uses` triggers and its body are nested under its `use`
        // line; a keyword has no line, so its effects stay at the caller's depth.
        let nest = usize::from(kind == CallKind::Function);
        if kind == CallKind::Function {
            let place = inner.locals.iter().find_map(|(_, v)| match super::select::first(v.clone()) {
                Value::Zone(z) => Some(z),
                _ => None,
            });
            self.allowed(name, cx.you, None, place)?;
            // Nobody reads the event nor answers it (`unread`: no ability listens).
            if !self.unread() {
                // The parameters, bound first, by their shared names.
                let args: Vec<(Arc<str>, Value)> =
                    def.params.iter().zip(inner.locals.iter()).map(|(p, (_, v))| (Arc::clone(p), v.clone())).collect();
                // The event is built for the answering abilities only if one can hear it.
                let heard = self.rules.reacts.hears_named("use", name);
                if heard
                    && self
                        .about_to(cx.you, EventKind::Use { name: def.name.clone(), source: None, args: args.clone() })?
                {
                    return Ok(Value::Bool(false));
                }
                self.emit(cx.you, EventKind::Use { name: def.name.clone(), source: None, args });
            }
        }
        self.depth += nest;
        let fired = if nest == 1 { self.fire() } else { Ok(()) };
        if let Err(h) = fired {
            self.depth -= nest;
            return Err(h);
        }
        self.w.running.push(id);
        let out = self.exec_stmts(&s.block, inner);
        self.depth -= nest;
        self.w.running.pop();
        out.map(|_| Value::Bool(true)).map_err(|h| h.within(name))
    }
}
