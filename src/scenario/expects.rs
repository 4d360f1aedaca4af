//! The scenario steps that check what happened: `expect`, `expect_log`, `expect_no_log`,
//! `expect_actions`, `expect_end` and `expect_result`, and how a failed expectation says
//! what made it false.

use crate::diag::Span;
use crate::engine::Value;
use crate::interp::{Ctx, Interp};
use crate::load::{ScriptSrc, Sp};
use crate::syntax;

use super::{Res, Runner};

impl Runner<'_> {
    /// `expect_log`: each line is part of some event, in order.
    pub(super) fn expect_log(&mut self, it: &Interp, lines: &Sp<Vec<Sp<String>>>, n: usize) -> Res {
        let log: Vec<String> = it.w.state.log.iter().map(|e| e.render(&it.w.state)).collect();
        let mut from = 0;
        for (i, want) in lines.value.iter().enumerate() {
            match log[from..].iter().position(|l| l.contains(&want.value)) {
                Some(k) => from += k + 1,
                None => {
                    // The lines are found in order: one logged only before the previous
                    // line's event is out of order, not missing.
                    // (The event the previous line matched is not after it either.)
                    let matched = from.checked_sub(1).filter(|&m| log[m].contains(&want.value));
                    let earlier = log[..from.saturating_sub(1)].iter().any(|l| l.contains(&want.value));
                    let prev = || lines.value[i - 1].value.as_str();
                    let msg = match (i, matched, earlier) {
                        (0, ..) => format!("no event \"{}\" in the log", want.value),
                        (_, Some(_), _) => format!(
                            "\"{}\" is in the event \"{}\" matched, and in none after it: each line of `expect_log` \
                             needs an event of its own, in order",
                            want.value,
                            prev()
                        ),
                        (_, None, true) => format!(
                            "\"{}\" is logged only before the event of \"{}\": `expect_log` finds its lines in order",
                            want.value,
                            prev()
                        ),
                        (_, None, false) => format!("no event \"{}\" in the log", want.value),
                    };
                    return Err(self.fail(n, &want.span.range(), msg));
                }
            }
        }
        let found = lines.value.len();
        self.t.step(n, &format!("expect_log: {found} event{} found", if found == 1 { "" } else { "s" }));
        Ok(())
    }

    /// `expect_no_log`: no event of the last `act` or `advance` step holds any of the lines
    /// (what a rule must not have done: a trigger that must not fire, a move that must not
    /// happen).
    pub(super) fn expect_no_log(&mut self, it: &Interp, lines: &Sp<Vec<Sp<String>>>, n: usize) -> Res {
        let s = &it.w.state;
        for want in &lines.value {
            if let Some(e) = s.log[self.last_act.min(s.log.len())..].iter().find(|e| e.render(s).contains(&want.value))
            {
                let msg = format!("the last action logged \"{}\", which holds \"{}\"", e.render(s), want.value);
                return Err(self.fail(n, &want.span.range(), msg));
            }
        }
        self.t.step(n, &format!("expect_no_log: none of {} found", lines.value.len()));
        Ok(())
    }

    /// The player a step names (the checker has vouched for the name).
    pub(super) fn player_of(
        &self,
        it: &Interp,
        player: &Sp<String>,
        n: usize,
    ) -> Result<crate::engine::PlayerId, super::Failure> {
        step_player(it, &player.value).map_err(|why| self.fail(n, &player.span.range(), why))
    }

    /// The player's legal actions now must be exactly these (in any order), and with
    /// `pass:`, the window must let them pass or not.
    pub(super) fn expect_actions(
        &mut self,
        it: &mut Interp,
        player: &Sp<String>,
        want: &Sp<Vec<Sp<String>>>,
        pass: Option<&Sp<bool>>,
        n: usize,
    ) -> Res {
        let who = self.player_of(it, player, n)?;
        it.reset_budgets();
        let legal = it.legal_actions(who).map_err(|h| self.failed(n, &want.span.range(), h.message(), &h))?;
        let mut got: Vec<&str> = legal.iter().map(|l| l.text.as_str()).collect();
        // A first copy may be named `id#1`; the rules write it `id`.
        let canonical: Vec<String> =
            want.value.iter().map(|w| crate::engine::action_text::canonical(&w.value)).collect();
        let mut wanted: Vec<&str> = canonical.iter().map(String::as_str).collect();
        got.sort_unstable();
        wanted.sort_unstable();
        if got != wanted {
            let msg = format!(
                "{} may: [{}]; expected [{}]{}",
                player.value,
                got.join(", "),
                wanted.join(", "),
                differences(&got, &wanted)
            );
            return Err(self.fail(n, &want.span.range(), msg));
        }
        let mut shown = if got.is_empty() { "(none)".to_string() } else { got.join(", ") };
        if let Some(pass) = pass {
            let may = it.may_pass(who).map_err(|h| self.failed(n, &pass.span.range(), h.message(), &h))?;
            if may != pass.value {
                let msg = format!(
                    "{} {} pass; expected `pass: {}`",
                    player.value,
                    if may { "may" } else { "may not" },
                    pass.value
                );
                return Err(self.fail(n, &pass.span.range(), msg));
            }
            shown.push_str(if may { "; may pass" } else { "; may not pass" });
        }
        self.t.step(n, &format!("expect_actions {}: {shown}", super::step_player_named(it, &player.value)));
        Ok(())
    }

    /// `expect_end`: whether the game's `end:` holds now (or an `end game` ended it).
    pub(super) fn expect_end(&mut self, it: &mut Interp, want: &Sp<bool>, n: usize) -> Res {
        it.reset_budgets();
        let over = it.w.state.over || it.w.state.ending;
        let got = over || it.ended().map_err(|h| self.failed(n, &want.span.range(), h.message(), &h))?;
        if got != want.value {
            let msg = if want.value {
                "expected the game to have ended, but its `end:` does not hold"
            } else {
                "expected the game to go on, but its `end:` holds"
            };
            return Err(self.fail(n, &want.span.range(), msg));
        }
        self.t.step(n, &format!("expect_end {}: ok", want.value));
        Ok(())
    }

    /// `expect_result`: the game's `result:` read now — its winners and losers (each in any
    /// order) and the scores named.
    pub(super) fn expect_result(
        &mut self,
        it: &mut Interp,
        (winners, losers): (Option<&Names>, Option<&Names>),
        scores: &[(Sp<String>, Sp<i64>)],
        span: &Span,
        n: usize,
    ) -> Res {
        it.reset_budgets();
        let st = it.standing().map_err(|h| self.failed(n, span, h.message(), &h))?;
        let names = |ps: &[usize]| {
            let mut names: Vec<&str> = ps.iter().map(|&p| it.w.state.players[p].name.as_str()).collect();
            names.sort_unstable();
            names
        };
        let (got, lost) = (names(&st.winners), names(&st.losers));
        for (what, want, got) in [("winners", winners, &got), ("losers", losers, &lost)] {
            let Some(w) = want else { continue };
            let mut want: Vec<&str> = w.value.iter().map(|x| x.value.as_str()).collect();
            want.sort_unstable();
            if *got != want {
                let msg = format!("expected {what} [{}], but the result says [{}]", want.join(", "), got.join(", "));
                return Err(self.fail(n, &w.span.range(), msg));
            }
        }
        for (p, want) in scores {
            let score = st.scores.iter().find(|(q, _)| it.w.state.players[*q].name == p.value).map(|(_, s)| *s);
            if score != Some(want.value) {
                let got = score.map_or("no score".to_string(), |s| s.to_string());
                let msg = format!("expected {} to score {}, but the result says {got}", p.value, want.value);
                return Err(self.fail(n, &want.span.range(), msg));
            }
        }
        let shown = |names: &[&str]| if names.is_empty() { "nobody".to_string() } else { names.join(", ") };
        // The losers are said where the step expects them (a transcript of the winners alone
        // reads as it always did).
        let lost = if losers.is_some() { format!("; losers: {}", shown(&lost)) } else { String::new() };
        self.t.step(n, &format!("expect_result: ok (winners: {}{lost})", shown(&got)));
        Ok(())
    }

    pub(super) fn expect(&mut self, it: &mut Interp, src: &ScriptSrc, n: usize) -> Res {
        let mut e = syntax::parse_condition_with(&src.text, &it.limits)
            .map_err(|e| self.fail(n, &src.span.range(), e.message))?;
        crate::check::regroup::expr(&it.rules.env, &mut e);
        let first = it.w.state.seats.first().copied();
        let mut cx = self.ctx(it, first, &src.text).at(src);
        it.reset_budgets();
        let got = it.eval(&e, &mut cx).and_then(|v| it.truth(&v, &e, &cx));
        match got {
            Ok(true) => {
                self.t.step(n, &format!("expect {}: ok", src.text.trim()));
                Ok(())
            }
            Ok(false) => Err(self.fail(
                n,
                &src.span.range(),
                format!("expected {}, but {}", src.text.trim(), explain(it, &e, &mut cx)),
            )),
            Err(h) => Err(self.failed(
                n,
                &src.span.range(),
                format!("cannot evaluate {}: {}", src.text.trim(), h.message()),
                &h,
            )),
        }
    }
}

/// What the two sides of a failed comparison were; of a failed `and` or `or`, what made
/// each of its false sides false (`` `x of alice` is 0 (in `x of alice == 1`) ``).
fn explain(it: &mut Interp, e: &syntax::ast::Expr, cx: &mut Ctx) -> String {
    use syntax::ast::{BinOp, ExprKind};
    if let ExprKind::Binary(BinOp::And | BinOp::Or, a, b) = &e.kind {
        let mut parts = vec![];
        for side in [a, b] {
            if matches!(it.eval(side, cx), Ok(Value::Bool(false))) {
                let why = explain(it, side, cx);
                let nested = matches!(&side.kind, ExprKind::Binary(BinOp::And | BinOp::Or, ..));
                parts.push(if nested { why } else { format!("{why} (in `{}`)", cx.snippet(&side.span)) });
            }
        }
        if !parts.is_empty() {
            return parts.join("; ");
        }
    }
    if let ExprKind::Binary(_, a, b) = &e.kind {
        let (l, r) = (it.eval(a, cx), it.eval(b, cx));
        if let (Ok(l), Ok(r)) = (l, r) {
            let literal =
                |e: &syntax::ast::Expr| matches!(e.kind, ExprKind::Int(_) | ExprKind::Bool(_) | ExprKind::Str(_));
            let mut parts = vec![];
            for (e, v) in [(a, &l), (b, &r)] {
                if !literal(e) {
                    parts.push(format!("{} is {}", cx.snippet(&e.span), it.show(v)));
                }
            }
            if !parts.is_empty() {
                return parts.join(" and ");
            }
        }
    }
    "it is false".into()
}

/// What two sorted lists of actions differ by, said after them: the actions expected but
/// not legal, then those legal but not expected (a long list hid the one missing).
fn differences(got: &[&str], wanted: &[&str]) -> String {
    let missing: Vec<&str> = wanted.iter().filter(|w| !got.contains(w)).copied().collect();
    let extra: Vec<&str> = got.iter().filter(|g| !wanted.contains(g)).copied().collect();
    let mut out = String::new();
    if !missing.is_empty() {
        out += &format!("; not legal now: {}", missing.join(", "));
    }
    if !extra.is_empty() {
        out += &format!("; legal but not expected: {}", extra.join(", "));
    }
    // An action named without its verb (`claim` for `use claim`) is the likeliest slip.
    let meant: Vec<String> = missing
        .iter()
        .filter_map(|w| {
            ["use", "play"]
                .iter()
                .map(|v| format!("{v} {w}"))
                .find(|a| extra.contains(&a.as_str()))
                .map(|a| format!("`{a}`"))
        })
        .collect();
    if !meant.is_empty() {
        out += &format!(" (an action is `play ID` or `use NAME`: write {})", meant.join(", "));
    }
    out
}

/// The player a step names: a scenario player by name, or the player that `active_player`
/// or a variable of `type: player` holds as the step runs (`player: leader`).
pub(super) fn step_player(it: &Interp, name: &str) -> Result<crate::engine::PlayerId, String> {
    if let Some(p) = it.w.state.player_named(name) {
        return Ok(p);
    }
    let v = it.w.state.var(name).ok_or_else(|| format!("no player `{name}`"))?;
    match v.as_slice() {
        [Value::Player(p)] => Ok(*p),
        _ => Err(format!("`{name}` is no one player now: it is {}", it.show(&v))),
    }
}

/// A step's list of player names, as written.
type Names = Sp<Vec<Sp<String>>>;
