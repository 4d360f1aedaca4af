//! A sampling agent's turn in a window, picked and taken at once. The list-free path of
//! `legal.rs` tries a drawn candidate on a copy of the world (with the first legal
//! answers) and, when it resolves, takes it for real: twice the work of the action. Here
//! the drawn candidate runs for real straight away. When it asks no question, that run is
//! exactly what the trial would have been (same state, same generator, and no answer for
//! the two agents to differ on), so its outcome decides: kept if it resolved, undone and
//! dropped if it was refused. When it asks a question, it stands where the trial would
//! stand at its first question, so it goes on as the trial: the agent is parked and the
//! first legal answers give the outcome; then it is undone and, if it resolved, taken for
//! real. Logs, transcripts and results are the same as with trial-then-act: which path
//! runs is a matter of speed only. A quiet game (`Interp::quiet`: a simulation, whose log
//! nobody reads) also skips the trials that decide whether a drawn pass is logged: the
//! game is the same, its log lacks those passes and its `game_steps` count their steps.

use crate::engine::{EventKind, PlayerId};

use super::actions::Action;
use super::{Halt, Interp, Sampler, R};

impl Interp<'_> {
    /// `p`'s turn in a window under a sampling agent: `None` for a pass, else what taking
    /// the picked action gave (`Ok`, or the refusal or error `act` would have returned).
    /// The options drawn from are the pass first, when `pass` allows it, then `pool`'s
    /// actions in order; a refused action leaves them, the others keeping their order.
    pub(super) fn sample_and_act(
        &mut self,
        p: PlayerId,
        prompt: &'static str,
        sampler: Sampler,
        (pass, pool): (bool, &mut Vec<Action>),
    ) -> R<Option<R<()>>> {
        // The agent's weights are asked for only by the agent that has them.
        if let Some(w) = (sampler == Sampler::Weighted).then(|| self.agent.weights()).flatten() {
            return self.draw_and_act(p, prompt, (pass, pool), |me, first, pool| me.weighted_pick(&w, first, pool));
        }
        match sampler {
            Sampler::Greedy => self.greedy_and_act(p, prompt, (pass, pool)),
            Sampler::First => self.draw_and_act(p, prompt, (pass, pool), |_, _, _| 0),
            Sampler::Uniform | Sampler::Weighted => self.draw_and_act(p, prompt, (pass, pool), |me, first, pool| {
                me.w.state.rng.below((first + pool.len()) as u64) as usize
            }),
        }
    }

    /// `sample_and_act` with `pick` drawing an option's index among the pass (when `first`
    /// is 1) and `pool`, until one is taken or none is left.
    #[inline(always)]
    fn draw_and_act(
        &mut self,
        p: PlayerId,
        prompt: &'static str,
        (pass, pool): (bool, &mut Vec<Action>),
        pick: impl Fn(&mut Self, usize, &[Action]) -> usize,
    ) -> R<Option<R<()>>> {
        let first = usize::from(pass);
        loop {
            let options = first + pool.len();
            if options == 0 {
                // Nothing is legal: the player passes, as when the list is empty.
                return Ok(None);
            }
            let k = pick(self, first, pool);
            if k < first {
                // A pass drawn before any legal action was found is a choice only if some
                // action is legal; else nobody was asked, and nothing is logged. When the
                // log is not read, which of the two it was changes nothing: the trials that
                // would tell are undone either way (generator included).
                if !self.quiet && self.any_legal(p, pool)? {
                    self.log_pick(p, prompt, "pass".into())?;
                }
                return Ok(None);
            }
            let a = pool.remove(k - first);
            // A play its first lines refuse, or a use its `requires:` refuses, needs no
            // trial (`pure.rs`).
            if self.guarded_out(p, &a) {
                continue;
            }
            if let Some(taken) = self.take_counted(p, prompt, &a)? {
                return Ok(Some(taken));
            }
        }
    }

    /// `sample_and_act` for `Sampler::Greedy`: each legal action of `pool` tried, the one
    /// after which `p`'s score is highest taken (a pass, where allowed, keeps the score as
    /// it is); among equals, one at random. A pick the rules refuse when taken for real
    /// (its questions answered otherwise than in its trial) leaves the pool.
    fn greedy_and_act(
        &mut self,
        p: PlayerId,
        prompt: &'static str,
        (pass, pool): (bool, &mut Vec<Action>),
    ) -> R<Option<R<()>>> {
        loop {
            let now = self.greedy_score(p)?;
            let (mut top, mut best) = (now, if pass { vec![None] } else { vec![] });
            let mut any = false;
            for (i, a) in pool.iter().enumerate() {
                let Some(score) = self.score_after(p, a)? else { continue };
                any = true;
                if score > top || best.is_empty() {
                    (top, best) = (score, vec![]);
                }
                if score == top {
                    best.push(Some(i));
                }
            }
            if best.is_empty() {
                return Ok(None);
            }
            let k = self.w.state.rng.below(best.len() as u64) as usize;
            let Some(i) = best[k] else {
                if !self.quiet && any {
                    self.log_pick(p, prompt, "pass".into())?;
                }
                return Ok(None);
            };
            let a = pool.remove(i);
            if let Some(taken) = self.take_counted(p, prompt, &a)? {
                return Ok(Some(taken));
            }
        }
    }

    /// `p`'s score after action `a`, tried with the first legal answers and undone; `None`
    /// where the rules refuse it.
    fn score_after(&mut self, p: PlayerId, a: &Action) -> R<Option<i64>> {
        self.reset_budgets();
        if self.guarded_out(p, a) {
            return Ok(None);
        }
        let mut score = Ok(None);
        let out = self.trial_run(|me| {
            let out = me.act_now(p, a).and_then(|()| me.fire());
            if out.is_ok() {
                score = me.greedy_score(p).map(Some);
            }
            out
        });
        match out {
            Ok(()) => score,
            // A budget run out is an action taken, as in `trial`; its score, as it stands.
            Err(Halt::Budget(_)) => self.greedy_score(p).map(Some),
            Err(h @ Halt::Error(..)) => Err(h),
            Err(_) => Ok(None),
        }
    }

    /// `p`'s score as the greedy agent weighs it: `result: scores:` (`score_of`), 0 where
    /// the game gives none (every action then ties, and the pick is at random).
    fn greedy_score(&mut self, p: PlayerId) -> R<i64> {
        Ok(self.score_of(p)?.unwrap_or(0))
    }

    /// `take_at_once`, the ability it used counted when it is taken (`Interp::taken`);
    /// a play uses none.
    #[inline]
    fn take_counted(&mut self, p: PlayerId, prompt: &'static str, a: &Action) -> R<Option<R<()>>> {
        if !matches!(a, Action::Use(..)) {
            return self.take_at_once(p, prompt, a);
        }
        self.taking();
        let out = self.take_at_once(p, prompt, a)?;
        if let Some(Ok(())) = out {
            self.taken();
        }
        Ok(out)
    }

    /// Takes `a` for real, its pick logged first. `None` when it turned out not legal
    /// (everything it did is undone); else the outcome `act` gives.
    fn take_at_once(&mut self, p: PlayerId, prompt: &'static str, a: &Action) -> R<Option<R<()>>> {
        // A card `p` cannot see is named by its place, which the action may change.
        let hidden_text = self.hidden_pick_text(a, p);
        let before = self.snapshot();
        // As after a trial, which starts the budgets afresh.
        self.reset_budgets();
        // The pick's prompt and text are written only once the action is known to stay.
        // Where the pick is logged (when the log is read: `unread`).
        let pick = self.w.state.log.len();
        self.log_pick(p, "", String::new())?;
        let logged = self.w.state.log.len() - pick;
        self.reset_budgets();
        // A question turns the run into the trial (see `ask`): the first legal answers go
        // on from where it stands. (A window inside the action may speculate too: the
        // outer run's flag and parked agent come back after.)
        let outer = std::mem::replace(&mut self.speculating, true);
        // `play_entity` and `use_ability` run the action's script one deeper.
        let outer_depth = std::mem::replace(&mut self.own_depth, self.depth + 1);
        let outer_parked = self.parked.take();
        self.parked_asked = false;
        let out = self.act_now(p, a).and_then(|()| self.fire());
        self.speculating = outer;
        self.own_depth = outer_depth;
        let trial = std::mem::replace(&mut self.parked, outer_parked);
        if let Some(agent) = trial {
            // It asked: it ran as the trial. Undone, and taken for real if it resolved.
            self.agent = agent;
            self.restore(before);
            // Refused with the first answers of a question that had others: the trial tries
            // them (`explore.rs`), running the first ones again. (A refusal before any such
            // question, the commonest, is the action's whatever the answers.)
            let out = match out {
                Err(Halt::Refused(_)) if self.parked_asked => {
                    self.reset_budgets();
                    match self.trial(|me| me.act_now(p, a).and_then(|()| me.fire()))? {
                        true => Ok(()),
                        false => out,
                    }
                }
                out => out,
            };
            return match out {
                // A trial that ran out of a budget resolves, as in `trial`.
                Ok(()) | Err(Halt::Budget(_)) => {
                    let text = self.pick_text(a, p);
                    self.log_pick(p, prompt, text)?;
                    let pick = self.w.state.log.len().wrapping_sub(1);
                    let out = self.act(p, a);
                    if let (Ok(()), &Action::Play(e)) = (&out, a) {
                        self.seen_as_played(pick, e, Some(p));
                    }
                    Ok(Some(out))
                }
                Err(h @ Halt::Error(..)) => Err(h),
                Err(_) => Ok(None),
            };
        }
        match out {
            Ok(()) => {
                self.commit(before);
                if logged > 0 {
                    let text = hidden_text.unwrap_or_else(|| self.pick_text(a, p));
                    let prompt = self.pick_prompt(prompt);
                    if let EventKind::Choose { prompt: written, picked, .. } = &mut self.w.state.log[pick].kind {
                        *written = prompt;
                        *picked = vec![text];
                    }
                }
                if let (true, &Action::Play(e)) = (logged > 0, a) {
                    self.seen_as_played(pick, e, Some(p));
                }
                self.acted(pick + logged);
                Ok(Some(Ok(())))
            }
            // The trial would have raised the same error, before anything was logged; a
            // budget run out asking nothing is the action's own, as taken after its trial.
            Err(h @ (Halt::Error(..) | Halt::Budget(_))) => {
                self.restore(before);
                Err(h)
            }
            Err(_) => {
                self.restore(before);
                Ok(None)
            }
        }
    }

    /// How a taken action is logged as the pick: its text as `p` reads it
    /// (`action_text_for`), unless nobody reads the log.
    fn pick_text(&self, a: &Action, p: PlayerId) -> String {
        if self.quiet {
            String::new()
        } else {
            self.action_text_for(a, p)
        }
    }

    /// The pick's text, made before the action is taken, where it names a card `p` cannot
    /// see (by its place, which the action may change); `None` for any other action.
    fn hidden_pick_text(&self, a: &Action, p: PlayerId) -> Option<String> {
        let (Action::Play(e) | Action::Use(super::actions::Source::Card(e), _)) = *a else { return None };
        (!self.quiet && !self.w.state.sees(p, e)).then(|| self.action_text_for(a, p))
    }

    /// Logs a pick as `offer` logs it: a step of the budget and a `Choose` event.
    pub(super) fn log_pick(&mut self, p: PlayerId, prompt: &'static str, text: String) -> R<()> {
        self.tick()?;
        if self.unread() {
            return Ok(());
        }
        let picked = if text.is_empty() { vec![] } else { vec![text] };
        let prompt = self.pick_prompt(prompt);
        let secret = self.secret.is_some();
        self.emit(Some(p), EventKind::Choose { prompt, picked, secret });
        Ok(())
    }

    /// `prompt` shared: one of the last two made, else made (and kept in the older's place).
    /// Prompts are the windows' fixed texts, so one is known by its address: no text is
    /// compared.
    fn pick_prompt(&mut self, prompt: &'static str) -> std::sync::Arc<str> {
        let kept = &mut self.pick_prompts;
        if let Some((_, p)) = kept.iter().flatten().find(|(src, _)| std::ptr::eq(*src, prompt)) {
            return std::sync::Arc::clone(p);
        }
        let made: std::sync::Arc<str> = prompt.into();
        kept.swap(0, 1);
        kept[0] = Some((prompt, std::sync::Arc::clone(&made)));
        made
    }
}
