//! Statements: control flow, bindings, choices, modifiers, assignments, prohibitions and
//! drafts (the calls they make: `calls.rs`).

use std::rc::Rc;
use std::sync::Arc;

use crate::check::env::Sym;
use crate::engine::{CounterId, EventKind, Holder, Value};
use crate::syntax::ast::*;
use crate::text::Text;

use super::choice::Prompt;
use super::coverage::Hit;
use super::{Ban, Change, Ctx, Halt, Interp, Modifier, Until, R};

impl<'r> Interp<'r> {
    /// Runs a block in its own scope; fires triggers after each statement.
    #[inline(always)]
    pub fn exec_block<'s>(&mut self, b: &'s Block, cx: &mut Ctx<'s>) -> R<()> {
        let mark = cx.locals.len();
        let out = self.exec_stmts(b, cx);
        cx.unbind(mark);
        out
    }

    /// Runs statements in the current scope (a script's top level shares it with the next part).
    #[inline(always)]
    pub fn exec_stmts<'s>(&mut self, b: &'s Block, cx: &mut Ctx<'s>) -> R<()> {
        self.exec_stmts_from(b, 0, cx)
    }

    /// `exec_stmts` from the statement at `from` on.
    #[inline(always)]
    pub(super) fn exec_stmts_from<'s>(&mut self, b: &'s Block, from: usize, cx: &mut Ctx<'s>) -> R<()> {
        for s in b.stmts.iter().skip(from) {
            self.exec(s, cx)?;
            self.fire()?;
        }
        Ok(())
    }

    /// Runs a statement; a run-time error not placed at an expression is placed at it.
    pub(super) fn exec<'s>(&mut self, s: &'s Stmt, cx: &mut Ctx<'s>) -> R<()> {
        let mut out = self.exec_node(s, cx);
        if let Err(h) = &mut out {
            h.place(&s.span, cx);
        }
        out
    }

    fn exec_node<'s>(&mut self, s: &'s Stmt, cx: &mut Ctx<'s>) -> R<()> {
        // One test for what is seldom on: coverage, or an `end game` (nothing more runs).
        if self.watch {
            if self.w.state.ending {
                return Ok(());
            }
            self.tick()?;
            if self.coverage.is_some() {
                self.hit(&s.span, cx.origin(), Hit::Ran);
            }
        } else {
            self.tick()?;
        }
        let rules: &'r super::Rules = self.rules;
        let stmts = &rules.stmts;
        match &s.kind {
            StmtKind::Let { name, value } => {
                let v = self.value_with(value, stmts.code(s).and_then(|c| c.fx.as_ref()), cx)?;
                cx.bind_ref(&name.name, v);
            }
            StmtKind::Require { cond, message } => {
                if !self.truth_with(cond, stmts.code(s).and_then(|c| c.fx.as_ref()), cx)? {
                    return Err(unmet(cond, message.as_ref(), cx));
                }
            }
            StmtKind::Pass => {}
            StmtKind::EndPhase => self.w.end_window = true,
            StmtKind::Set { prop, target, value, duration, res } => {
                let code = stmts.code(s);
                match self.compiled_set(code, value, cx) {
                    Some(out) => out?,
                    None => {
                        let value = (value, code.and_then(|c| c.fx.as_ref()));
                        self.set(prop, *res, target.as_ref(), value, duration.as_ref(), cx)?
                    }
                }
            }
            StmtKind::Effect(e) => match self.compiled_effect(stmts.code(s), e, cx) {
                Some(out) => out?,
                None => _ = self.effect(e, cx)?,
            },
            StmtKind::Call(c) => match stmts.code(s).and_then(|k| k.plain_call) {
                // What `call` does for it, without finding the callee again.
                Some(i) if self.unread() && !self.may_forbid() => self.call_plain_at(i, c, cx)?,
                _ => _ = self.call(c, cx)?,
            },
            StmtKind::If { .. }
            | StmtKind::ForEach { .. }
            | StmtKind::Repeat { .. }
            | StmtKind::AnyTimes { .. }
            | StmtKind::May { .. }
            | StmtKind::ChooseOne { .. }
            | StmtKind::As { .. } => self.control(s, cx)?,
            _ => self.rare(s, cx)?,
        }
        Ok(())
    }

    /// The statements scripts run seldom, kept out of `exec_node` so that the common
    /// ones do not pay for their frame.
    #[cold]
    #[inline(never)]
    fn rare<'s>(&mut self, s: &'s Stmt, cx: &mut Ctx<'s>) -> R<()> {
        match &s.kind {
            StmtKind::LetEffect { name, effect } => {
                let v = self.effect(effect, cx)?;
                cx.bind_ref(&name.name, v);
            }
            StmtKind::Fail { message } => return Err(Halt::Refused(message.clone())),
            // Once the game is over (an ability answering its end), there is nothing to end.
            StmtKind::EndGame if self.w.state.over => {}
            StmtKind::EndGame => {
                self.watch = true;
                self.w.state.ending = true;
                self.w.end_window = true;
                self.note(cx.you, false, |_| "the game ends".into());
            }
            StmtKind::Eliminate { who } => {
                let v = self.eval(who, cx)?;
                for p in self.players(&v)? {
                    if !self.w.state.eliminated.contains(&p) {
                        self.w.state.eliminate(p);
                        self.note(cx.you, false, |me| format!("{} leaves the game", me.pname(p)));
                    }
                }
            }
            StmtKind::Modify { prop, target, by, duration } => {
                let v = self.eval(by, cx)?;
                let n = self.int(&v, by, cx)?;
                self.add_modifier(&prop.name, target, Change::Add(n), duration.as_ref(), cx)?;
            }
            StmtKind::Forbid(f) => {
                let source = cx.this.as_ref().map(|t| self.show(t)).unwrap_or_else(|| "a script".into());
                self.note(cx.you, true, |_| format!("forbid: {}", cx.snippet(&s.span)));
                Rc::make_mut(&mut self.w.bans).push(Ban { rule: Arc::clone(f), cx: cx.kept(), source });
            }
            StmtKind::Draft(d) => self.draft(d, cx)?,
            // The others are `exec_node`'s and `control`'s.
            _ => {}
        }
        Ok(())
    }

    /// The statements that run blocks: `if`, the loops, `may`, `choose one`, `as`.
    #[inline(never)]
    fn control<'s>(&mut self, s: &'s Stmt, cx: &mut Ctx<'s>) -> R<()> {
        match &s.kind {
            StmtKind::If { cond, then, otherwise } => {
                let holds = self.truth_with(cond, self.rules.stmts.code(s).and_then(|c| c.fx.as_ref()), cx)?;
                if self.coverage.is_some() {
                    self.hit(&s.span, cx.origin(), if holds { Hit::True } else { Hit::False });
                }
                if holds {
                    self.exec_block(then, cx)?;
                } else if let Some(o) = otherwise {
                    self.exec_block(o, cx)?;
                }
            }
            StmtKind::ForEach { var, over, body } => {
                let mut seats = [0; 16];
                match self.for_each_seats(s, over, &mut seats, cx) {
                    // `for each p in players` or `in clockwise from P`: the seats read where
                    // they are, no list made.
                    Some(n) => {
                        for &p in &seats[..n?] {
                            self.each_one(&var.name, Value::Player(p), body, cx)?;
                        }
                    }
                    None if super::written::written_out(over) => {
                        for x in self.written_over(over, cx)? {
                            self.each_one(&var.name, x, body, cx)?;
                        }
                    }
                    None => {
                        let v = self.eval(over, cx)?;
                        for x in self.things(&v)? {
                            self.each_one(&var.name, x, body, cx)?;
                        }
                    }
                }
            }
            StmtKind::Repeat { count, body } => {
                let v = self.eval(count, cx)?;
                for _ in 0..self.int(&v, count, cx)?.max(0) {
                    if self.w.state.ending {
                        break;
                    }
                    self.tick()?; // an empty body must still count against the budget
                    self.exec_block(body, cx)?;
                }
            }
            StmtKind::AnyTimes { question, body } => {
                let prompt: Arc<str> = match question {
                    Some(q) => q.shared(),
                    None => format!("any number of times, now: {}", first_line(&cx.snippet(&body.span))).into(),
                };
                while !self.w.state.ending && self.again(Arc::clone(&prompt), cx)? {
                    self.exec_block(body, cx)?;
                }
            }
            StmtKind::May { who, question, body } => self.may(who.as_ref(), question.as_ref(), body, cx)?,
            StmtKind::ChooseOne { question, options } => {
                // What `ask` does first (`before_question`), done here: a trial's first
                // legal answer is silent too.
                if !options.is_empty() {
                    self.before_question(s);
                }
                if let Some(who) = cx.you.filter(|&who| !options.is_empty() && self.answers_silently(who)) {
                    // What `ask` does for an agent that answers from the number of the
                    // options alone: no label made. The first option of the picked label
                    // runs, as when the label is looked up.
                    let picked = self.silent_answer(who, options.len(), &"choose one".into(), cx)?;
                    let label = picked.as_slice().first().map(|&i| &options[i].label);
                    if let Some(o) = options.iter().find(|o| Some(&o.label) == label) {
                        self.exec_block(&o.body, cx)?;
                    }
                    return Ok(());
                }
                let labels = options.iter().map(|o| Value::Sym(o.label.as_str().into())).collect();
                let prompt = question.as_ref().map_or(Prompt::Fixed("choose one"), |q| Prompt::Text(q.shared()));
                let picked = super::select::first(self.ask(prompt, labels, 1, 1, cx)?);
                if let Some(o) = options.iter().find(|o| matches!(&picked, Value::Sym(s) if **s == *o.label)) {
                    self.exec_block(&o.body, cx)?;
                }
            }
            StmtKind::As { who, body, simultaneous, private } => {
                let (mut seats, mut listed) = ([0; 16], vec![]);
                let ps = self.players_in(who, &mut seats, &mut listed, cx)?;
                if *simultaneous {
                    return self.simultaneously(ps, body, *private, cx);
                }
                for &p in ps {
                    let saved = cx.you.replace(p);
                    let out = self.exec_block(body, cx);
                    cx.you = saved;
                    out?;
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// One pass of `for each`: its step, then the body with the name bound to `x`.
    #[inline(always)]
    fn each_one<'s>(&mut self, var: &'s str, x: Value, body: &'s Block, cx: &mut Ctx<'s>) -> R<()> {
        // After `end game` a pass runs nothing: it counts no step either.
        if self.watch && self.w.state.ending {
            return Ok(());
        }
        self.tick()?;
        let mark = cx.locals.len();
        cx.bind_ref(var, x);
        let out = self.exec_block(body, cx);
        cx.unbind(mark);
        out
    }

    fn may<'s>(&mut self, who: Option<&Expr>, question: Option<&Text>, body: &'s Block, cx: &mut Ctx<'s>) -> R<()> {
        let players = match who {
            Some(w) => {
                let v = self.eval(w, cx)?;
                self.players(&v)?
            }
            None => cx.you.into_iter().collect(),
        };
        let prompt: Arc<str> = match question {
            Some(q) => q.shared(),
            None => format!("may: {}", first_line(&cx.snippet(&body.span))).into(),
        };
        for p in players {
            let saved = cx.you.replace(p);
            let out = match self.yes(Arc::clone(&prompt), cx) {
                Ok(true) => self.exec_block(body, cx),
                Ok(false) => Ok(()),
                Err(e) => Err(e),
            };
            cx.you = saved;
            out?;
        }
        Ok(())
    }

    fn add_modifier(&mut self, prop: &str, target: &Expr, change: Change, d: Option<&Duration>, cx: &Ctx) -> R<()> {
        let until = match d {
            None => Until::Forever,
            Some(Duration::UntilEndOf(p)) => Until::EndOf(p.name.to_string()),
            Some(Duration::UntilStartOf(p)) => Until::StartOf(p.name.to_string()),
            Some(Duration::While(c)) => Until::While(Arc::new(c.clone())),
        };
        let how = d.map(|_| " ".to_string() + &duration_text(d, cx)).unwrap_or_default();
        let mut whom = cx.snippet(&target.span);
        if whom == "this" {
            whom = cx.this.as_ref().map(|t| self.show(t)).unwrap_or(whom);
        }
        let text = match &change {
            Change::Add(n) => format!("modify {prop} of {whom} by {n:+}{how}"),
            Change::Set(v) => format!("set {prop} of {whom} to {}{how}", self.show(v)),
        };
        self.emit(cx.you, EventKind::Rule { text: text.clone() });
        let source = cx.this.as_ref().map(|t| self.show(t));
        Rc::make_mut(&mut self.w.mods).push(Modifier {
            prop: prop.into(),
            target: Arc::new(target.clone()),
            change,
            until,
            cx: cx.kept(),
            source,
            text,
        });
        Ok(())
    }

    fn set(
        &mut self,
        prop: &Ident,
        res: Res,
        target: Option<&Expr>,
        (value, fx): (&Expr, Option<&super::fast::Fx>),
        d: Option<&Duration>,
        cx: &mut Ctx,
    ) -> R<()> {
        let v = self.value_with(value, fx, cx)?;
        let v = super::select::first(v);
        let rules: &'r super::Rules = self.rules;
        // What is set is a game's name (no local can be set): compiled, it is an index.
        let sym = rules.env.resolve_res(&prop.name, res);
        let Some(target) = target else {
            return match sym {
                Some((name, Sym::Counter { .. })) => {
                    let compiled = self.compiled_counter(res);
                    let holder = match self.kept_on(name, compiled) {
                        crate::load::CounterOn::Game => Holder::Game,
                        crate::load::CounterOn::Player => {
                            Holder::Player(cx.you.ok_or_else(|| Halt::error("set a counter of nobody"))?)
                        }
                        _ => {
                            return Err(Halt::error(format!(
                                "`{name}` is kept on cards or spaces: write `set {name} of X to ...`"
                            )))
                        }
                    };
                    let n = self.int(&v, value, cx)?;
                    let id = self.counter_id_of(name, compiled);
                    self.set_counter("set", id, holder, n, cx)
                }
                _ => {
                    let compiled = match res {
                        Res::Global(i) => rules.globals.get(i as usize).copied(),
                        _ => None,
                    };
                    // Declared in order, each name once (`declare_first`): the id is the index.
                    let def = match compiled {
                        Some(super::compile::Global::Variable(id)) => rules.variables.get(id as usize),
                        _ => rules.variables.iter().find(|d| *d.name == *prop.name),
                    };
                    debug_assert!(def.is_none_or(|d| *d.name == *prop.name), "a variable's id is its index");
                    let v = match def {
                        Some(def) => self.var_value(def, v)?,
                        None => v,
                    };
                    // The value is written out only for a log someone reads.
                    if !self.unread() {
                        let shown = self.show(&v);
                        self.emit(cx.you, EventKind::Set { what: prop.name.to_string(), value: shown });
                    }
                    match compiled {
                        Some(super::compile::Global::Variable(id)) => self.w.state.set_var_at(id, v),
                        _ => self.w.state.set_var(&prop.name, v),
                    }
                    Ok(())
                }
            };
        };
        if d.is_some() {
            return self.add_modifier(&prop.name, target, Change::Set(v), d, cx);
        }
        let things = self.eval(target, cx)?;
        for t in self.things(&things)? {
            match (&sym, &t) {
                (Some((name, Sym::Counter { .. })), _) => {
                    let compiled = self.compiled_counter(res);
                    let h = self.holder_kept(&t, name, compiled.map(|(_, on)| on))?;
                    let n = self.int(&v, value, cx)?;
                    let id = self.counter_id_of(name, compiled);
                    self.set_counter("set", id, h, n, cx)?;
                }
                (Some((_, Sym::Builtin(_))), Value::Ent(e)) if &*prop.name == "side" => {
                    self.allowed("flip", cx.you, Some(&t), None)?;
                    self.flip_to(*e, &self.show(&v), cx)?;
                }
                (_, Value::Ent(e)) => {
                    if !self.unread() {
                        let shown = format!("{} of {}", prop.name, self.show(&t));
                        let value = self.show(&v);
                        // The line names the card: seen by who sees it, `(secret)` to the rest.
                        let seen = self.w.state.seen_by(*e);
                        self.emit_seen(cx.you, EventKind::Set { what: shown, value }, seen);
                    }
                    self.w.state.set_prop(*e, &prop.name, v.clone());
                }
                _ => return Err(Halt::error(format!("cannot set {} of {}", prop.name, self.show(&t)))),
            }
        }
        Ok(())
    }

    /// Sets a counter, logging the change.
    pub fn set_counter(&mut self, verb: &'static str, id: CounterId, h: Holder, n: i64, cx: &Ctx) -> R<()> {
        let changed = self.w.state.set_counter_at(id, h, n).map_err(Halt::refused)?;
        if let Some(before) = changed.filter(|_| !self.unread()) {
            // What it holds now: `n`, or the bound a counter that clamps stopped at.
            let now = self.w.state.counter_at(id, h);
            if before != now {
                let name = self.w.state.counters.shared_name(id);
                self.emit_counter(
                    cx.you,
                    EventKind::Counter {
                        verb,
                        name,
                        holder: h,
                        delta: now.saturating_sub(before),
                        now,
                        asked: n.saturating_sub(before),
                    },
                );
                return Ok(());
            }
        }
        // A `set` is logged with the value it leaves, never with a change asked.
        self.unchanged_in_secret(verb, id, h, 0, cx);
        Ok(())
    }

    /// A counter change that changed nothing, inside a secret block or on a thing some
    /// players do not see: logged all the same (the others read `(secret)`, and their
    /// table hides the counter), or a missing line after a player's secret answer (or a
    /// roll for a hidden die), and the counter's old value in the table, would tell the
    /// others what the new value is.
    #[inline]
    pub(super) fn unchanged_in_secret(&mut self, verb: &'static str, id: CounterId, h: Holder, asked: i64, cx: &Ctx) {
        if self.secret.is_some() || matches!(h, Holder::Ent(_)) || !self.secret_keys.is_empty() {
            self.log_unchanged(verb, id, h, asked, cx);
        }
    }

    /// `unchanged_in_secret`'s work, out of line: the test of `secret` is all that a
    /// counter set which changes nothing pays (inlined whole, it cost Crazy Eights 0.46 %).
    #[cold]
    #[inline(never)]
    fn log_unchanged(&mut self, verb: &'static str, id: CounterId, h: Holder, asked: i64, cx: &Ctx) {
        if let Holder::Ent(x) = h {
            self.hidden_again(x, cx.you);
        }
        if self.unread() {
            return;
        }
        // Outside a secret block, only a thing somebody does not see hides its counter.
        if let (None, Holder::Ent(x)) = (&self.secret, h) {
            if self.w.state.seen_by_all(x) {
                return;
            }
        }
        // Outside a secret block, a `set` that changes nothing tells everyone the value
        // (`set pot to pot` opens a pot paid into secretly), and a change a counter that
        // clamps stopped at its bound must be logged as any other (a missing line would
        // say the value is at the bound): both logged where some player does not know
        // the value (`engine::known`).
        if let (None, Holder::Game | Holder::Player(_)) = (&self.secret, h) {
            if !self.unknown_to_some(id, h) {
                return;
            }
        }
        let name = self.w.state.counters.shared_name(id);
        // What it holds (what was asked, but for a counter that clamps: its bound).
        let now = self.w.state.counter_at(id, h);
        self.emit_counter(cx.you, EventKind::Counter { verb, name, holder: h, delta: 0, now, asked });
        if self.secret.is_none() {
            // Logged only so that no missing line tells the value: a change of nothing
            // answers no trigger (LANGUAGE.md 14), as on a thing everyone sees.
            let i = self.w.state.log.len() - 1;
            self.w.done.insert(i);
        }
    }

    /// Whether some player does not know the value of counter `id` of `h`: only a counter
    /// changed in a secret block may be one (`secret_keys`), and then as the log tells
    /// (`State::counter_known_by`).
    pub(super) fn unknown_to_some(&self, id: CounterId, h: Holder) -> bool {
        let s = &self.w.state;
        let name = s.counters.name(id);
        self.secret_keys.iter().any(|(n, k)| **n == *name && *k == h) && s.counter_known_by(name, h) != s.all_players()
    }

    /// Logs a counter's change: one kept on a card or piece is seen by who sees that
    /// thing (the others read `(secret)`: the line would name a card they do not see).
    pub(super) fn emit_counter(&mut self, actor: Option<crate::engine::PlayerId>, kind: EventKind) {
        if let (Some(_), EventKind::Counter { name, holder, .. }) = (&self.secret, &kind) {
            if !self.secret_keys.iter().any(|(n, k)| n == name && k == holder) {
                self.secret_keys.push((name.clone(), *holder));
            }
        }
        let seen = match &kind {
            EventKind::Counter { holder: Holder::Ent(x), .. } => {
                self.hidden_again(*x, actor);
                let seen = self.w.state.seen_by(*x);
                if seen != self.w.state.all_players() {
                    self.rolls_seen_as(actor, seen);
                }
                seen
            }
            _ => crate::engine::view::EVERYONE,
        };
        self.emit_seen(actor, kind, seen);
    }

    /// A counter of `x` changed inside a secret block: what was revealed of `x` to the
    /// players who do not see that change ends (a die shown, then rolled again under its
    /// cup), so that `sees` and what they are shown agree.
    #[inline]
    fn hidden_again(&mut self, x: crate::engine::EntId, actor: Option<crate::engine::PlayerId>) {
        if self.secret.is_some() {
            let mask = self.secret_mask(actor);
            self.w.state.unshow_to(x, !mask);
        }
    }

    /// The rolls logged right before a change of a counter some players do not see, by
    /// the same player (`set pips of d to roll d6`, or a `let` of it just before): seen as
    /// the change is, or the roll's line would show the others the hidden value.
    #[cold]
    fn rolls_seen_as(&mut self, actor: Option<crate::engine::PlayerId>, seen: u64) {
        // Past the changes made with earlier rolls of the run (`let a = roll d6; let b =
        // roll d6; set pips of d1 to a; set pips of d2 to b`): which roll went where is not
        // known, so each is seen only by who sees every such change.
        for ev in self.w.state.log.iter_mut().rev() {
            match ev.kind {
                _ if ev.actor() != actor => break,
                EventKind::Roll { .. } => ev.seen &= seen,
                EventKind::Counter { holder: Holder::Ent(_), .. } => {}
                _ => break,
            }
        }
    }
}

/// The refusal of a `require` whose condition does not hold: its message, shared with
/// the script rather than copied (every action a sampling agent draws that the rules
/// refuse ends here), else the condition's text.
#[cold]
fn unmet(cond: &Expr, message: Option<&crate::text::Text>, cx: &Ctx) -> Halt {
    match message {
        Some(m) => Halt::Refused(m.clone()),
        None => Halt::refused(format!("requirement not met: {}", cx.snippet(&cond.span))),
    }
}

fn first_line(s: &str) -> String {
    let s = s.trim_start_matches('{').trim();
    let line = s.lines().next().unwrap_or("").trim();
    let line = line.trim_end_matches('}').trim().trim_end_matches('{').trim();
    if s.lines().nth(1).is_some_and(|l| !l.trim().trim_matches('}').is_empty()) {
        format!("{line} ...")
    } else {
        line.to_string()
    }
}

fn duration_text(d: Option<&Duration>, cx: &Ctx) -> String {
    match d {
        Some(Duration::UntilEndOf(p)) => format!("until end of {}", p.name),
        Some(Duration::UntilStartOf(p)) => format!("until start of {}", p.name),
        Some(Duration::While(c)) => format!("while {}", cx.snippet(&c.span)),
        None => String::new(),
    }
}
