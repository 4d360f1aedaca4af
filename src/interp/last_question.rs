//! A question after which nothing can refuse: a `choose one` in an action's own script
//! (a `play:` script, an activated ability's effect, run as the action itself and not
//! inside another script), not in a loop, whose options and
//! whatever follows it up to the script's end are only `set C to N` (a counter with `N`
//! written out, within its bounds), `end phase`, `pass`, or such a `choose one` again.
//!
//! A sampled action that asks a question is run as its own trial with the first legal
//! answers, undone, and run again for real (`sample.rs`): its outcome with the first
//! answers decides whether it is legal. After such a question the outcome is the same
//! whatever the answers, so the trial's run is the real one: the question is answered
//! by the agent, and the action goes on and stays (`Interp::last_question`).
//!
//! Invariant: where this lets a question be answered for real, the action's outcome with
//! any answer is its outcome with the first legal ones, and nothing it does after the
//! question differs but the answers and what they set. At run time it also needs what
//! the statements cannot tell: that the script runs as the action itself (at the
//! sampled action's own depth, not as a card played inside it), no ability that
//! triggers on or answers an event, no
//! prohibition that may refuse, no coverage recorded, and room in the step budget for
//! the rest (`bound`: at most four steps a statement, which none of those shapes
//! exceeds). The game's step count then lacks the trial's steps, as for an action that
//! asks nothing.

use crate::fxhash::FxHashMap;
use crate::syntax::ast::{Block, ExprKind, Stmt, StmtKind};

use super::rules::{Head, Rules, Script};
use super::Interp;

/// Steps a statement after the question may take, at most (`set C to N`: the
/// statement's and the number's; a nested `choose one`: the statement's and the
/// question's, its option's counted apart).
const STEPS_EACH: usize = 4;

/// The `choose one` statements of the rules' action scripts after which nothing can
/// refuse, by address, with the steps what follows may take at most.
pub(super) fn compile(rules: &Rules) -> FxHashMap<usize, usize> {
    let mut out = FxHashMap::default();
    let plays = rules.play.iter().chain(rules.cards.iter().filter_map(|c| c.play.as_ref()));
    let abilities = rules.cards.iter().flat_map(|c| &c.abilities);
    let abilities = abilities.chain(rules.factions.iter().flat_map(|f| &f.abilities)).chain(&rules.abilities);
    let effects = abilities.filter(|a| matches!(a.head, Head::Action(_))).filter_map(|a| a.effect.as_ref());
    let actions: Vec<&Script> = plays.chain(effects).collect();
    for s in &actions {
        tails(rules, &s.block, 0, &mut out);
    }
    // A block shared with a script that is not an action's (the same text parsed once)
    // runs there too, where something else may follow: none of its questions is kept.
    for s in super::stmts::scripts(rules) {
        if !actions.iter().any(|a| std::ptr::eq(*a, s)) {
            crate::syntax::visit::block_stmts(&s.block, &mut |st| {
                out.remove(&(st as *const Stmt as usize));
            });
        }
    }
    out
}

/// Marks the questions of `b` after which nothing can refuse, `after` statements (all
/// such) following `b` up to the script's end.
fn tails(rules: &Rules, b: &Block, after: usize, out: &mut FxHashMap<usize, usize>) {
    for (i, s) in b.stmts.iter().enumerate() {
        let rest = &b.stmts[i + 1..];
        let Some(rest_len) = rest.iter().map(|x| sure(rules, x)).sum::<Option<usize>>() else { continue };
        let follow = after + rest_len;
        match &s.kind {
            StmtKind::If { then, otherwise, .. } => {
                tails(rules, then, follow, out);
                if let Some(o) = otherwise {
                    tails(rules, o, follow, out);
                }
            }
            StmtKind::ChooseOne { options, .. } => {
                let longest =
                    options.iter().map(|o| o.body.stmts.iter().map(|x| sure(rules, x)).sum::<Option<usize>>());
                if let Some(Some(longest)) = longest.reduce(|a, b| Some(a?.max(b?))) {
                    out.insert(s as *const Stmt as usize, STEPS_EACH * (1 + longest + follow));
                }
            }
            _ => {}
        }
    }
}

/// How many statements `s` runs, at most, if it cannot refuse (see the module).
fn sure(rules: &Rules, s: &Stmt) -> Option<usize> {
    match &s.kind {
        StmtKind::Pass | StmtKind::EndPhase | StmtKind::EndGame => Some(1),
        StmtKind::Set { target: None, duration: None, value, res, .. } => {
            let ExprKind::Int(n) = value.kind else { return None };
            let (name, _) = rules.env.entry(match res {
                crate::syntax::ast::Res::Global(i) => *i,
                _ => return None,
            })?;
            super::tallies::set(rules, s)?;
            // The last declaration of a counter sets its bounds.
            let spec = rules.counters.iter().rev().find(|c| *c.name.value == *name)?;
            let within =
                spec.min.as_ref().is_none_or(|m| n >= m.value) && spec.max.as_ref().is_none_or(|m| n <= m.value);
            within.then_some(1)
        }
        StmtKind::ChooseOne { options, .. } => {
            let each = options.iter().map(|o| o.body.stmts.iter().map(|x| sure(rules, x)).sum::<Option<usize>>());
            Some(1 + each.collect::<Option<Vec<usize>>>()?.into_iter().max().unwrap_or(0))
        }
        _ => None,
    }
}

impl Interp<'_> {
    /// What `choose one` (statement `s`) does before its question, when a sampled action
    /// runs: answered for real where nothing after it can refuse (the action is no longer
    /// its own trial), else the trial starts (`asking`).
    pub(super) fn before_question(&mut self, s: &Stmt) {
        if self.speculating && self.last_question(s) {
            self.speculating = false;
        } else {
            self.asking();
        }
    }

    /// Whether question `s` of a sampled action may be answered for real, the action
    /// going on as itself rather than as its trial (see the module).
    fn last_question(&self, s: &Stmt) -> bool {
        let rules: &Rules = self.rules;
        let Some(&bound) = rules.stmts.last_questions.get(&(s as *const Stmt as usize)) else { return false };
        // Only in the action's own script: one run inside it (`play X`, or the card an
        // ability is used from, played first) has the rest of the action after it.
        self.depth == self.own_depth
            && !rules.triggers.any()
            && !rules.reacts.any()
            && !self.may_forbid()
            && self.coverage.is_none()
            && self.steps.room() >= bound as i64
    }
}
