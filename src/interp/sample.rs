//! A sampling agent's turn in a window, picked and taken at once. The list-free path of
//! `legal.rs` tries a drawn candidate on a copy of the world (with the first legal
//! answers) and, when it resolves, takes it for real: twice the work of the action. Here
//! the drawn candidate runs for real straight away. When it asks no question, that run is
//! exactly what the trial would have been (same state, same generator, and no answer for
//! the two agents to differ on), so its outcome decides: kept if it resolved, undone and
//! dropped if it was refused. When it asks a question, it is undone and the trial decides,
//! as before, and the rule is remembered as one that asks (`asking_rules`), so its next
//! actions go to the trial at once. Logs, transcripts and results are the same as with
//! trial-then-act: which path runs is a matter of speed only.

use crate::engine::{EventKind, Kind, PlayerId};

use super::actions::{Action, Source};
use super::{Halt, Interp, Sampler, R};

impl Interp<'_> {
    /// `p`'s turn in a window under a sampling agent: `None` for a pass, else what taking
    /// the picked action gave (`Ok`, or the refusal or error `act` would have returned).
    pub(super) fn sample_and_act(
        &mut self,
        p: PlayerId,
        prompt: &str,
        sampler: Sampler,
        mut pool: Vec<Option<Action>>,
    ) -> R<Option<R<()>>> {
        loop {
            if pool.is_empty() {
                // Nothing is legal: the player passes, as when the list is empty.
                return Ok(None);
            }
            let k = match sampler {
                Sampler::First => 0,
                Sampler::Uniform => self.w.state.rng.below(pool.len() as u64) as usize,
            };
            let Some(a) = pool.remove(k) else {
                // A pass drawn before any legal action was found is a choice only if some
                // action is legal; else nobody was asked, and nothing is logged.
                if self.any_legal(p, &pool)? {
                    self.log_pick(p, prompt, "pass".into())?;
                }
                return Ok(None);
            };
            if let Some(taken) = self.take_at_once(p, prompt, &a)? {
                return Ok(Some(taken));
            }
        }
    }

    /// Takes `a` for real, its pick logged first. `None` when it turned out not legal
    /// (everything it did is undone); else the outcome `act` gives.
    fn take_at_once(&mut self, p: PlayerId, prompt: &str, a: &Action) -> R<Option<R<()>>> {
        let rule = self.rule_of(a);
        if self.asking_rules.contains(&rule) {
            return self.trial_then_act(p, prompt, a);
        }
        let before = self.snapshot();
        // As after a trial, which starts the budgets afresh.
        self.reset_budgets();
        // The pick's prompt and text are written only once the action is known to stay.
        self.log_pick(p, "", String::new())?;
        let pick = self.w.state.log.len() - 1;
        let asked = self.asked;
        self.reset_budgets();
        // A question stops the run at once (see `ask`): its answer is the trial's to give.
        // (A window inside the action may speculate too: the outer flag comes back after.)
        let outer = std::mem::replace(&mut self.speculating, true);
        let out = self.act_now(p, a).and_then(|()| self.fire());
        self.speculating = outer;
        if self.asked == asked {
            match out {
                Ok(()) => {
                    self.commit(before);
                    let text = self.action_text(a);
                    if let EventKind::Choose { prompt: logged, picked } = &mut self.w.state.log[pick].kind {
                        *logged = prompt.to_string();
                        *picked = vec![text];
                    }
                    self.acted(pick + 1);
                    return Ok(Some(Ok(())));
                }
                // The trial would have raised the same error, before anything was logged.
                Err(h @ Halt::Error(..)) => {
                    self.restore(before);
                    return Err(h);
                }
                Err(_) => {
                    self.restore(before);
                    return Ok(None);
                }
            }
        }
        // Its rule asks: next time, go straight to the trial.
        self.asking_rules.insert(rule);
        self.restore(before);
        self.trial_then_act(p, prompt, a)
    }

    /// `a` tried on a copy of the world first and, if it resolves, taken.
    fn trial_then_act(&mut self, p: PlayerId, prompt: &str, a: &Action) -> R<Option<R<()>>> {
        if !self.would_resolve(p, a)? {
            return Ok(None);
        }
        self.log_pick(p, prompt, self.action_text(a))?;
        Ok(Some(self.act(p, a)))
    }

    /// The rule an action follows (a card's definition and ability, a faction's or the
    /// game's ability): what `asking_rules` remembers.
    fn rule_of(&self, a: &Action) -> (u8, usize, usize) {
        let def = |e: usize| match self.w.state.ents[e].kind {
            Kind::Card(c) => c,
            _ => usize::MAX,
        };
        match a {
            Action::Play(e) => (0, def(*e), 0),
            Action::Use(Source::Card(e), i) => (1, def(*e), i.unwrap_or(0)),
            Action::Use(Source::Faction(p), i) => (2, *p, i.unwrap_or(0)),
            Action::Use(Source::Game(_), i) => (3, 0, i.unwrap_or(0)),
            Action::Script(_) => (4, 0, 0),
        }
    }

    /// Logs a pick as `offer` logs it: a step of the budget and a `Choose` event.
    pub(super) fn log_pick(&mut self, p: PlayerId, prompt: &str, text: String) -> R<()> {
        self.tick()?;
        let picked = if text.is_empty() { vec![] } else { vec![text] };
        self.emit(Some(p), EventKind::Choose { prompt: prompt.to_string(), picked });
        Ok(())
    }
}
