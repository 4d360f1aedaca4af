//! Choices: `choose X`, picks of a quantity among candidates (only how many, when the
//! candidates are indistinguishable pieces), and asking the agent, with what is logged.

use std::sync::Arc;

use crate::engine::{EventKind, Holder, Kind, List, Loc, PlayerId, Value};
use crate::syntax::ast::*;

use super::select::first;
use super::{Ask, Ctx, Halt, Interp, R};

/// The options an agent picked, by index: one (the commonest answer) kept without a list.
pub(super) enum Picked {
    One([usize; 1]),
    Many(Vec<usize>),
}

impl Picked {
    /// The indices picked.
    pub(super) fn as_slice(&self) -> &[usize] {
        match self {
            Picked::One(one) => one,
            Picked::Many(many) => many,
        }
    }
}

/// Prompts by the script text they are made of (what follows `choose `).
pub(super) type Prompts = crate::fxhash::FxHashMap<Box<str>, Arc<str>>;

/// A choice's prompt: written out only when someone reads it (an agent that wants names,
/// the log, an error), so that a simulation's choices write no text.
#[derive(Debug, Clone)]
pub enum Prompt {
    /// A fixed text.
    Fixed(&'static str),
    /// A text already written.
    Text(Arc<str>),
    /// `choose ` and the running script's words at this span (`Interp::prompt`).
    Words(Span),
    /// A question the script writes (`choose "Which one?": ...`): what the player is
    /// asked and the log shows; errors and refusals name the choice by its words.
    Asked(Arc<str>, Span),
}

impl From<&'static str> for Prompt {
    fn from(s: &'static str) -> Self {
        Prompt::Fixed(s)
    }
}

impl From<String> for Prompt {
    fn from(s: String) -> Self {
        Prompt::Text(s.into())
    }
}

impl From<Arc<str>> for Prompt {
    fn from(s: Arc<str>) -> Self {
        Prompt::Text(s)
    }
}

impl Interp<'_> {
    /// `choose X`: the acting player picks what the selector allows.
    pub fn choose(&mut self, x: &Expr, question: Option<&crate::text::Text>, cx: &mut Ctx) -> R<Value> {
        let prompt = match question {
            Some(q) => Prompt::Asked(q.shared(), x.span.clone()),
            None => Prompt::Words(x.span.clone()),
        };
        if let ExprKind::Select { quantity: Some(q), base, filters } = &x.kind {
            if !matches!(
                q.kind,
                QuantityKind::Top(_) | QuantityKind::Bottom(_) | QuantityKind::All | QuantityKind::Each
            ) {
                let cands = self.candidates(base, filters, cx)?;
                let (min, max) = self.bounds(q, cands.len(), cx)?;
                let out = self.pick(prompt, cands, min, max, cx)?;
                return Ok(if matches!(q.kind, QuantityKind::One) { first(out) } else { out });
            }
        }
        // A list written out offers its zones and enum values themselves, filtered or not.
        let mut cands = if super::written::written_out(x) {
            self.written_over(x, cx)?
        } else {
            let v = self.eval(x, cx)?;
            self.things(&v)?
        };
        // A number, a text or a value written twice (`choose [5, 5, 6]`) is one option, not
        // two: the random agent would draw it twice as often.
        let mut seen: Vec<Value> = vec![];
        cands.retain(|c| {
            let plain = matches!(c, Value::Int(_) | Value::Str(_) | Value::Sym(_) | Value::Zone(_));
            let again = plain && seen.contains(c);
            if plain && !again {
                seen.push(c.clone());
            }
            !again
        });
        let out = self.ask(prompt, cands, 1, 1, cx)?;
        Ok(first(out))
    }

    /// A prompt's text (`Prompt`).
    fn prompt_text(&mut self, p: &Prompt, cx: &Ctx) -> Arc<str> {
        match p {
            Prompt::Fixed(s) => (*s).into(),
            Prompt::Text(t) => Arc::clone(t),
            Prompt::Words(span) | Prompt::Asked(_, span) => self.prompt(cx, span.clone()),
        }
    }

    /// What a player is asked: the script's question where it writes one, else the
    /// prompt's text.
    fn question_text(&mut self, p: &Prompt, cx: &Ctx) -> Arc<str> {
        match p {
            Prompt::Asked(question, _) => Arc::clone(question),
            _ => self.prompt_text(p, cx),
        }
    }

    /// `choose ` and the script text at `span`: the prompt of a choice the script makes,
    /// written once per script and place (a choice asked again shares it).
    fn prompt(&mut self, cx: &Ctx, span: Span) -> Arc<str> {
        // Keyed by the words themselves: the same words make the same prompt wherever
        // they are (a text's address could be another text's once it is dropped).
        let words = cx.text().get(span).unwrap_or("").trim();
        if let Some(p) = self.prompts.get(words) {
            return Arc::clone(p);
        }
        let p: Arc<str> = format!("choose {words}").into();
        self.prompts.insert(words.into(), Arc::clone(&p));
        p
    }

    /// Asks the acting player for `min..=max` of `cands`; among indistinguishable things
    /// the only question is how many (none when that is fixed).
    /// The prompt may be shared (`prompt`): its events keep it uncopied.
    pub fn pick(&mut self, prompt: impl Into<Prompt>, cands: List, min: usize, max: usize, cx: &Ctx) -> R<Value> {
        let prompt = prompt.into();
        // Nothing to take, or nothing to take from where none need be taken (`up to 3`
        // of none): no question, as for `any number of` none.
        // (Inside a secret block the question is asked all the same: its missing line
        // would tell the others there was nothing to choose.)
        if max == 0 || cands.is_empty() && min == 0 && self.secret.is_none() {
            return Ok(Value::List(List::new()));
        }
        // One piece with a fixed count is still asked by name (strict mode asks even a
        // single option); identical pieces are counted, not named.
        let counted = self.interchangeable(&cands) && (cands.len() >= 2 || min != max);
        if cands.len() < min || !counted {
            return self.ask(prompt, cands, min, max, cx);
        }
        let max = max.min(cands.len());
        let n = if min == max {
            min
        } else {
            let counts = (min..=max).map(|k| Value::Int(k as i64)).collect();
            let prompt = self.question_text(&prompt, cx);
            let v = first(self.ask(format!("how many: {prompt}"), counts, 1, 1, cx)?);
            match v {
                Value::Int(k) => k as usize,
                _ => min,
            }
        };
        Ok(Value::List(cands.into_iter().take(n).collect()))
    }

    /// Asks the acting player for `min..=max` of `cands`. The prompt may be shared
    /// (`prompt`): the choice's event keeps it uncopied.
    pub fn ask(&mut self, prompt: impl Into<Prompt>, cands: List, min: usize, max: usize, cx: &Ctx) -> R<Value> {
        self.ask_or_decline(prompt.into(), cands, (min, max), None, cx)
    }

    /// `ask`, where candidate `decline` (if any) declines a question asked again until
    /// it is picked (`Ask::decline`).
    fn ask_or_decline(
        &mut self,
        prompt: Prompt,
        cands: List,
        (min, max): (usize, usize),
        decline: Option<usize>,
        cx: &Ctx,
    ) -> R<Value> {
        self.asking();
        self.tick()?;
        let max = max.min(cands.len());
        if cands.len() < min {
            let prompt = self.prompt_text(&prompt, cx);
            // Said where the refusal is read: not in a trial (`explore`, a sampled action
            // gone over to its trial), nor in a simulation (`quiet`).
            let unread = self.explore.is_some() || self.parked.is_some() || self.quiet;
            let bound = if unread { String::new() } else { self.bound_in(&prompt, cx) };
            return Err(Halt::refused(format!("cannot {prompt}{bound}: {} of {min} available", cands.len())));
        }
        let Some(who) = cx.you else {
            return Err(Halt::error(format!("nobody to {}", self.prompt_text(&prompt, cx))));
        };
        let (answer, got);
        let picked: &[usize] = match self.replay.pop_front() {
            // The same things the player chose in the rehearsal of a simultaneous choice.
            Some(chosen) => {
                let found: Vec<usize> = chosen.iter().filter_map(|v| cands.iter().position(|c| c == v)).collect();
                if found.len() != chosen.len() || !(min..=max).contains(&found.len()) {
                    let prompt = self.prompt_text(&prompt, cx);
                    return Err(Halt::error(format!("`{prompt}` changed between the choice and its resolution")));
                }
                got = found;
                &got
            }
            None => {
                // An agent that reads no names reads no prompt either.
                let named = self.agent.wants_names();
                let options: Vec<String> =
                    if named { cands.iter().map(|c| self.show_to(c, who)).collect() } else { vec![] };
                let text = if named { Some(self.question_text(&prompt, cx)) } else { None };
                let view = if self.agent.wants_view(self.pname(who)) { Some(self.view_for(who)) } else { None };
                let text = text.as_deref().unwrap_or("");
                let asked = (cands.len(), &options[..], decline);
                answer = self.agent_answer(who, text, asked, (min, max), view.as_ref(), &prompt, cx)?;
                answer.as_slice()
            }
        };
        if let Some(r) = &mut self.recording {
            r.push(picked.iter().map(|&i| cands[i].clone()).collect());
        }
        if !self.unread() {
            // Who could see every picked thing knows the choice; the others see that it was made.
            let mut seen = crate::engine::view::EVERYONE;
            for &i in picked {
                if let Value::Ent(e) = cands[i] {
                    seen &= self.w.state.seen_by(e) | crate::engine::view::bit(who);
                }
            }
            // What was picked is written out only when someone may read it.
            let names =
                if self.quiet { vec![] } else { picked.iter().map(|&i| self.show_to(&cands[i], who)).collect() };
            let prompt = self.question_text(&prompt, cx);
            let secret = self.secret.is_some();
            self.emit_seen(Some(who), EventKind::Choose { prompt, picked: names, secret }, seen);
        }
        if let [i] = picked[..] {
            // One picked (the commonest answer): the candidates' own list holds it.
            let mut cands = cands;
            cands.swap(0, i);
            cands.truncate(1);
            return Ok(Value::List(cands));
        }
        Ok(Value::List(picked.iter().map(|&i| cands[i].clone()).collect()))
    }

    /// The agent's answer to a question of `count` options (`options` their names, for
    /// an agent that reads them) of which `who` picks `min..=max`: indices among them.
    #[allow(clippy::too_many_arguments)]
    fn agent_answer(
        &mut self,
        who: PlayerId,
        text: &str,
        (count, options, decline): (usize, &[String], Option<usize>),
        (min, max): (usize, usize),
        view: Option<&super::View>,
        prompt: &Prompt,
        cx: &Ctx,
    ) -> R<Picked> {
        // A trial gives the answers it is trying (the first, unless a run was refused); a
        // loop it declines, as `FirstLegal` does.
        if let (Some(ex), None) = (&mut self.explore, decline) {
            let picks = min.max(max.min(1)).min(count);
            let first = ex.next(picks, count);
            return Ok(if picks == 1 { Picked::One([first]) } else { Picked::Many((first..first + picks).collect()) });
        }
        // A sampled action gone over to its trial (`sample.rs`) asked a question that had
        // other answers: a refusal may be the first answers', and the trial tries them.
        if self.parked.is_some() && count > 1 {
            self.parked_asked = true;
        }
        // The fields, not `pname`: the generator is lent to the agent beside it.
        let state = &mut self.w.state;
        let chooser = &state.players[who].name;
        let ask = Ask { chooser, prompt: text, count, options, min, max, view, decline };
        let picked = match self.agent.choose_one(&ask, &mut state.rng) {
            Some(i) => Picked::One([i.map_err(Halt::agent)?]),
            None => Picked::Many(self.agent.choose(&ask, &mut state.rng).map_err(Halt::agent)?),
        };
        let got = picked.as_slice();
        if got.iter().any(|&i| i >= count) {
            let prompt = self.prompt_text(prompt, cx);
            return Err(Halt::agent(format!("`{prompt}`: the agent picked an option that does not exist")));
        }
        // An agent reading answers from a file (a replay) may hold any list: the rules'
        // bounds and one pick per option hold for it as for a player at the table.
        if let Picked::Many(many) = &picked {
            // Agents pick in order: only an unordered list is searched for repeats.
            let twice =
                !many.windows(2).all(|w| w[0] < w[1]) && many.iter().enumerate().any(|(k, i)| many[..k].contains(i));
            if twice || many.len() < min || many.len() > max {
                let prompt = self.prompt_text(prompt, cx);
                let s = if many.len() == 1 { "" } else { "s" };
                let why = if twice { "the same option twice".to_string() } else { format!("{} option{s}", many.len()) };
                let bounds = if min == max { min.to_string() } else { format!("{min} to {max}") };
                return Err(Halt::agent(format!("`{prompt}`: the agent picked {why}, where {bounds} may be picked")));
            }
        }
        Ok(picked)
    }

    /// The values of the locals `words` names (a procedure's parameters in `choose n r
    /// from bank`), as ` (n = 1, r = gem)`: a refusal written with the script's words
    /// alone did not say what they were.
    #[cold]
    fn bound_in(&self, words: &str, cx: &Ctx) -> String {
        let mut shown: Vec<String> = vec![];
        let mut seen: Vec<&str> = vec![];
        for w in crate::syntax::words_of(words) {
            // The innermost binding of the name, once, in the order the words name them.
            let Some((_, v)) = cx.locals.iter().rev().find(|(n, _)| &**n == w) else { continue };
            if !seen.contains(&w) {
                seen.push(w);
                shown.push(format!("{w} = {}", self.show(v)));
            }
        }
        if shown.is_empty() {
            return String::new();
        }
        format!(" ({})", shown.join(", "))
    }

    /// What a question does first: a sampled action that asks is from here on its own
    /// trial (`sample.rs`), so the first legal answers give its outcome; the agent is
    /// parked until then.
    #[inline]
    pub(super) fn asking(&mut self) {
        if self.speculating {
            self.speculating = false;
            let agent = std::mem::replace(&mut self.agent, Box::new(super::FirstLegal));
            self.parked = Some(agent);
        }
    }

    /// Whether `who` answers a question from the number of its options alone, with
    /// nothing recording, replaying, parking or logging it: `ask` would then make the
    /// options only to hand over their number (`silent_answer`).
    pub(super) fn answers_silently(&self, who: PlayerId) -> bool {
        !self.speculating
            && self.replay.is_empty()
            && self.recording.is_none()
            && self.unread()
            && !self.agent.wants_names()
            && !self.agent.wants_view(self.pname(who))
    }

    /// What `ask` does for `who` picking one of `count` options when `answers_silently`:
    /// its step and the agent's answer, with no option made.
    pub(super) fn silent_answer(&mut self, who: PlayerId, count: usize, prompt: &Prompt, cx: &Ctx) -> R<Picked> {
        debug_assert!(self.answers_silently(who) && count >= 1);
        self.tick()?;
        self.agent_answer(who, "", (count, &[], None), (1, 1), None, prompt, cx)
    }

    /// The game as player `who` may see it now.
    pub fn view_for(&self, who: PlayerId) -> super::View {
        let s = &self.w.state;
        let phase = self.rules.phases.get(s.clock.phase).map_or("", |p| &*p.name);
        // Who answers, beside whose turn it is when that is someone else's (a secret or
        // simultaneous choice, a response).
        let name = |p: PlayerId| &s.players[p].name;
        let active = match s.active() {
            Some(p) if p == who => format!(", {} to act", name(p)),
            Some(p) => format!(", {}'s turn, {} to answer", name(p), name(who)),
            None => format!(", {} to answer", name(who)),
        };
        // Then the game's variables (`leader = bob`), a card among them named only if
        // `who` sees it.
        let shown = |v: &Value| match v {
            Value::List(l) => format!("[{}]", l.iter().map(|x| self.show_to(x, who)).collect::<Vec<_>>().join(", ")),
            v => self.show_to(v, who),
        };
        // The game's and the players' counters, also those still at their start.
        let declared: Vec<(crate::engine::CounterId, bool)> = (self.rules.counters.iter())
            .filter_map(|c| {
                let per_player = match c.on {
                    crate::load::CounterOn::Game => false,
                    crate::load::CounterOn::Player => true,
                    _ => return None,
                };
                Some((s.counters.id(&c.name.value)?, per_player))
            })
            .collect();
        let mut table = crate::engine::view::table_for(s, Some(who), &declared);
        table.extend(s.vars.iter().map(|(name, v)| format!("{name} = {}", shown(v))));
        // Before this game's first turn began, the questions are its setup's: the clock
        // already reads turn 1 and the first phase.
        let begun = s
            .log
            .iter()
            .rev()
            .take_while(|e| e.game == s.game)
            .any(|e| matches!(e.kind, crate::engine::EventKind::Period { start: true, period: "turn", .. }));
        let heading = match (begun, s.active()) {
            (true, _) => format!("turn {}, {phase}{active}", s.clock.turn),
            // No turn yet: nobody's turn to name.
            (false, Some(p)) if p != who => format!("setup, {} to answer", name(who)),
            (false, _) => format!("setup{active}"),
        };
        let log = s.lines_for(Some(who));
        let told = s.log.iter().rposition(|e| s.tells(e, who));
        super::View { heading, table, log, told, rng: Some(s.rng.clone()) }
    }

    /// Asks a yes/no question.
    pub fn yes(&mut self, prompt: impl Into<Prompt>, cx: &Ctx) -> R<bool> {
        let v = self.ask(prompt, thin_vec::thin_vec![Value::Sym("yes".into()), Value::Sym("no".into())], 1, 1, cx)?;
        Ok(v.as_slice() == [Value::Sym("yes".into())])
    }

    /// Asks whether to go round a loop again (`any number of times`): `no` declines it.
    pub(super) fn again(&mut self, prompt: impl Into<Prompt>, cx: &Ctx) -> R<bool> {
        let options = thin_vec::thin_vec![Value::Sym("yes".into()), Value::Sym("no".into())];
        let v = self.ask_or_decline(prompt.into(), options, (1, 1), Some(1), cx)?;
        Ok(v.as_slice() == [Value::Sym("yes".into())])
    }

    /// Whether the candidates are indistinguishable pieces (same kind, owner, place, side,
    /// state and counters): then which ones a quantity takes is no choice, only how many.
    /// Cards always keep their identity.
    fn interchangeable(&self, cands: &[Value]) -> bool {
        let s = &self.w.state;
        let sig = |v: &Value| match v {
            Value::Ent(e) if matches!(s.ents[*e].kind, Kind::Piece(_)) => {
                let x = &s.ents[*e];
                let counters: Vec<(&str, i64)> = s.counters.of(Holder::Ent(*e)).collect();
                // What is attached is indexed: looking at every entity made this quadratic.
                let attached = s.borne().any(|o| s.ents[o].loc == Loc::On(*e));
                Some((x.kind, x.owner, x.loc, x.side, x.exhausted, x.face_up, x.props.clone(), counters, attached))
            }
            _ => None,
        };
        let first = cands.first().and_then(sig);
        first.is_some() && cands.iter().all(|c| sig(c) == first)
    }
}
