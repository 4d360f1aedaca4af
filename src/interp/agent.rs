//! Who answers choices: scripted answers (scenarios), a seeded random agent, or the
//! first legal option. Every choice names its chooser, its prompt and its options.

use std::collections::VecDeque;

use crate::engine::Rng;

/// One question to a player.
#[derive(Debug, Clone)]
pub struct Ask<'a> {
    /// The chooser's name.
    pub chooser: &'a str,
    /// What is asked (the script text of the choice).
    pub prompt: &'a str,
    /// How many options there are.
    pub count: usize,
    /// The legal options, by name (empty when the agent does not want names).
    pub options: &'a [String],
    /// Fewest options to pick.
    pub min: usize,
    /// Most options to pick.
    pub max: usize,
    /// The game as the chooser may see it, when the agent wants it (`Agent::wants_view`).
    pub view: Option<&'a View>,
    /// The option that declines, where the question is asked again until it is picked
    /// (`no` of `any number of times`): what a trial answers, as the loop may always end.
    pub decline: Option<usize>,
}

/// The game as one player may see it: the table and the log, things hidden from them
/// hidden (what a person at the table is shown before answering).
#[derive(Debug, Clone, Default)]
pub struct View {
    /// The turn, phase and active player.
    pub heading: String,
    /// Each zone that holds something, then the counters (`engine::view::table_for`).
    pub table: Vec<String>,
    /// Every event so far as they saw it, indented by nesting.
    pub log: Vec<String>,
    /// The last line of `log` that told them something hidden or random
    /// (`State::tells`): an undo may not go back before it.
    pub told: Option<usize>,
    /// The game's generator as the question is asked: an undo may not go back past a draw.
    pub rng: Option<crate::engine::Rng>,
}

impl Ask<'_> {
    /// "prompt; options: a, b, c".
    pub fn describe(&self) -> String {
        let how = if self.min == self.max {
            format!("pick {}", self.min)
        } else {
            format!("pick {} to {}", self.min, self.max)
        };
        format!("{} ({how}); options: {}", self.prompt, self.options.join(", "))
    }
}

/// How an agent picks among the actions of a window when it needs no list of them:
/// the window then tries candidates one at a time instead of all of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sampler {
    /// The first option: a pass when passing is allowed, else the first legal action.
    First,
    /// Uniformly at random among the legal actions and the pass (rejection sampling from
    /// the game's generator: the same distribution as choosing from the whole list).
    Uniform,
    /// The legal action after which the acting player's `result: scores:` is highest, each
    /// tried with the first legal answers (a pass keeps the score as it is); ties, at
    /// random from the game's generator (`GreedyAgent`).
    Greedy,
    /// At random, each option as likely as its weight (`WeightedAgent`, `weights.rs`).
    Weighted,
}

/// Answers choices with option indices.
pub trait Agent {
    /// How it picks actions without seeing their list; `None` (the default) when it must
    /// see every legal action, by name.
    fn sampler(&self) -> Option<Sampler> {
        None
    }

    /// The weights `Sampler::Weighted` draws by.
    fn weights(&self) -> Option<std::sync::Arc<super::Weights>> {
        None
    }

    /// Picks between `ask.min` and `ask.max` distinct options (indices into `ask.options`).
    /// An `Err` stops the action (a scenario's missing answer).
    fn choose(&mut self, ask: &Ask, rng: &mut Rng) -> Result<Vec<usize>, String>;

    /// `choose` of a question that picks exactly one option, answered without a list when
    /// the agent can (the same answer and the same draws as `choose`); `None` (the
    /// default) to be asked through `choose`.
    fn choose_one(&mut self, _ask: &Ask, _rng: &mut Rng) -> Option<Result<usize, String>> {
        None
    }

    /// Whether it reads the options' names and the prompt (else only the number of
    /// options is given, the prompt is empty, and nobody formats text that nobody reads).
    fn wants_names(&self) -> bool {
        true
    }

    /// Whether it must see the game as `chooser` may (a person at the table) before
    /// answering; the view is then rendered for that question only.
    fn wants_view(&self, _chooser: &str) -> bool {
        false
    }

    /// Answers for the scenario step about to run (scripted agents only).
    fn begin(&mut self, _step: usize, _answers: Vec<Answer>) {}

    /// Answers left unused after a step, with the step that gave them.
    fn leftover(&mut self) -> Vec<Answer> {
        vec![]
    }
}

/// Picks the first legal options.
#[derive(Debug, Default)]
pub struct FirstLegal;

impl Agent for FirstLegal {
    fn sampler(&self) -> Option<Sampler> {
        Some(Sampler::First)
    }

    fn choose(&mut self, ask: &Ask, _rng: &mut Rng) -> Result<Vec<usize>, String> {
        // A loop is declined: its first answer would go round until the step budget ran
        // out, and an action that may stop at once is legal.
        if let Some(i) = ask.decline {
            return Ok(vec![i]);
        }
        let n = ask.min.max(ask.max.min(1)).min(ask.count);
        Ok((0..n).collect())
    }

    fn wants_names(&self) -> bool {
        false
    }
}

/// Takes the action that raises its own score most, one action ahead (`Sampler::Greedy`),
/// and answers questions as `RandomAgent` does: a stronger opponent than chance for
/// balancing, which plays a card that scores where the random agent may not.
#[derive(Debug, Default)]
pub struct GreedyAgent;

impl Agent for GreedyAgent {
    fn sampler(&self) -> Option<Sampler> {
        Some(Sampler::Greedy)
    }

    fn wants_names(&self) -> bool {
        false
    }

    fn choose(&mut self, ask: &Ask, rng: &mut Rng) -> Result<Vec<usize>, String> {
        RandomAgent.choose(ask, rng)
    }
}

/// Picks uniformly at random from the game's own generator, so a seed replays exactly.
#[derive(Debug, Default)]
pub struct RandomAgent;

impl Agent for RandomAgent {
    fn sampler(&self) -> Option<Sampler> {
        Some(Sampler::Uniform)
    }

    fn wants_names(&self) -> bool {
        false
    }

    fn choose(&mut self, ask: &Ask, rng: &mut Rng) -> Result<Vec<usize>, String> {
        let max = ask.max.min(ask.count);
        let least = ask.min.min(max);
        // How many: drawn only when the question leaves it open.
        let n = if max > least { least + rng.below((max - least + 1) as u64) as usize } else { least };
        if n == 1 {
            return Ok(vec![rng.below(ask.count as u64) as usize]);
        }
        let mut idx: Vec<usize> = (0..ask.count).collect();
        rng.shuffle(&mut idx);
        idx.truncate(n);
        idx.sort();
        Ok(idx)
    }

    fn choose_one(&mut self, ask: &Ask, rng: &mut Rng) -> Option<Result<usize, String>> {
        // `choose` with `min == max == 1`: no draw of how many, one draw of which.
        if ask.min != 1 || ask.max.min(ask.count) != 1 {
            return None;
        }
        Some(Ok(rng.below(ask.count as u64) as usize))
    }
}

/// The random agent with weights (`--weight`): an action as likely as its weight, a
/// question answered as `RandomAgent` answers it.
#[derive(Debug)]
pub struct WeightedAgent(pub std::sync::Arc<super::Weights>);

impl Agent for WeightedAgent {
    fn sampler(&self) -> Option<Sampler> {
        Some(Sampler::Weighted)
    }

    fn weights(&self) -> Option<std::sync::Arc<super::Weights>> {
        Some(self.0.clone())
    }

    fn wants_names(&self) -> bool {
        false
    }

    fn choose(&mut self, ask: &Ask, rng: &mut Rng) -> Result<Vec<usize>, String> {
        RandomAgent.choose(ask, rng)
    }

    fn choose_one(&mut self, ask: &Ask, rng: &mut Rng) -> Option<Result<usize, String>> {
        RandomAgent.choose_one(ask, rng)
    }
}

/// The random agent: weighted where there are weights (`--weight`), else uniform.
pub fn random(weights: Option<&std::sync::Arc<super::Weights>>) -> Box<dyn Agent> {
    match weights {
        Some(w) => Box::new(WeightedAgent(w.clone())),
        None => Box::new(RandomAgent),
    }
}

/// One scripted answer: the step that gives it, the options it picks and, when the step
/// says, every option the question must offer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// The `choose` step (1-based).
    pub step: usize,
    /// The options picked, by name.
    pub names: Vec<String>,
    /// All the options the question must offer (any order), if given.
    pub among: Option<Vec<String>>,
}

/// Scenario answers: each `choose:` step answers one question, in order. Strict: a
/// question with no answer left is an error naming the prompt and the options.
#[derive(Default)]
pub struct Scripted {
    step: usize,
    queue: VecDeque<Answer>,
    fallback: Option<Box<dyn Agent>>,
    /// The players whose answers draw from the generator as the random agent's did
    /// (`random_agents:` of a scenario made from a random game).
    pub drawing: Vec<String>,
}

impl Scripted {
    /// Scripted answers; questions left unanswered go to `fallback` instead of failing.
    pub fn lenient(fallback: Box<dyn Agent>) -> Self {
        Scripted { fallback: Some(fallback), ..Scripted::default() }
    }
}

impl Agent for Scripted {
    fn begin(&mut self, step: usize, answers: Vec<Answer>) {
        self.step = step;
        self.queue = answers.into();
    }

    fn leftover(&mut self) -> Vec<Answer> {
        self.queue.drain(..).collect()
    }

    fn choose(&mut self, ask: &Ask, _rng: &mut Rng) -> Result<Vec<usize>, String> {
        let Some(Answer { step: at, names, among }) = self.queue.pop_front() else {
            if let Some(f) = &mut self.fallback {
                return f.choose(ask, _rng);
            }
            // Step 0 is the setup, answered by the `choose:` steps that open `steps:`.
            let setup = if self.step == 0 {
                " (answer a setup's questions with `choose:` steps at the start of `steps:`, or with `choices: first`)"
            } else {
                ""
            };
            return Err(format!(
                "missing choice at step {}: {} asks {}{setup}",
                self.step,
                ask.chooser,
                ask.describe()
            ));
        };
        if let Some(among) = among {
            let mut taken = vec![];
            let mut named: Vec<String> = vec![];
            for n in &among {
                let offered = as_offered(ask.options, n);
                match copy_offered(ask.options, &offered, &taken) {
                    Some(i) => {
                        taken.push(i);
                        named.push(ask.options[i].clone());
                    }
                    None => named.push(offered),
                }
            }
            let (mut want, mut got): (Vec<&str>, Vec<&str>) =
                (named.iter().map(String::as_str).collect(), ask.options.iter().map(String::as_str).collect());
            want.sort_unstable();
            got.sort_unstable();
            if want != got {
                return Err(format!(
                    "step {at} expects the options [{}], but {} asks {}",
                    want.join(", "),
                    ask.chooser,
                    ask.describe()
                ));
            }
        }
        let mut picked = vec![];
        for n in &names {
            let offered = as_offered(ask.options, n);
            let exact = ask.options.iter().position(|o| *o == offered);
            match exact.or_else(|| copy_offered(ask.options, &offered, &picked)) {
                Some(i) if !picked.contains(&i) => picked.push(i),
                Some(_) => return Err(format!("answer `{n}` at step {at} is given twice")),
                None => {
                    // Answers are exact: one that differs only in case is said so.
                    let hint = (ask.options.iter().find(|o| o.eq_ignore_ascii_case(&offered)))
                        .map(|o| format!(" (did you mean `{o}`? answers are matched exactly)"))
                        .unwrap_or_default();
                    return Err(format!(
                        "answer `{n}` at step {at} is not an option{hint}: {} asks {}",
                        ask.chooser,
                        ask.describe()
                    ));
                }
            }
        }
        if picked.len() < ask.min || picked.len() > ask.max {
            return Err(format!(
                "step {at} answers {} option(s), but {} asks {}",
                picked.len(),
                ask.chooser,
                ask.describe()
            ));
        }
        if self.drawing.iter().any(|p| p == ask.chooser) {
            // The draws depend on the question's shape only: the same as in the game.
            let _ = RandomAgent.choose(ask, _rng);
        }
        Ok(picked)
    }
}

/// Where `id` (a card's id, no option itself) means a copy of the card: the first option
/// labelled `id#N` not among `taken` (a pile of copies in a supply offers `gem#2` and never
/// `gem`, and any copy fits: the scenario names the card, not the copy).
fn copy_offered(options: &[String], id: &str, taken: &[usize]) -> Option<usize> {
    if id.contains('#') || options.iter().any(|o| o == id) {
        return None;
    }
    let copy = |o: &str| crate::engine::label::parse(o).is_some_and(|(base, _)| base == id);
    (0..options.len()).find(|&i| !taken.contains(&i) && copy(&options[i]))
}

/// An answer as the options write it: a card's first copy is offered as `id`, so an
/// answer `id#1` (the label a scenario's `put:` and `play:` accept) means it. Any other
/// answer, or one that is itself an option, is kept as written.
fn as_offered(options: &[String], answer: &str) -> String {
    if options.iter().any(|o| o == answer) {
        return answer.to_string();
    }
    // A text is offered in its quotes (`"red"`): the answer `red` names it.
    let quoted = format!("{answer:?}");
    if options.contains(&quoted) {
        return quoted;
    }
    if !answer.contains('#') {
        return answer.to_string();
    }
    crate::engine::label::canonical(answer)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask(opts: &[String], min: usize, max: usize) -> Ask<'_> {
        Ask {
            chooser: "p",
            prompt: "choose 1 card",
            count: opts.len(),
            options: opts,
            min,
            max,
            view: None,
            decline: None,
        }
    }

    #[test]
    fn scripted_answers_by_name_and_reports_missing_ones() {
        let opts = vec!["a".to_string(), "b".to_string()];
        let mut s = Scripted::default();
        s.begin(3, vec![Answer { step: 4, names: vec!["b".into()], among: None }]);
        let mut rng = Rng::new(0);
        assert_eq!(s.choose(&ask(&opts, 1, 1), &mut rng), Ok(vec![1]));
        let err = s.choose(&ask(&opts, 1, 1), &mut rng).unwrap_err();
        assert_eq!(err, "missing choice at step 3: p asks choose 1 card (pick 1); options: a, b");
    }

    #[test]
    fn scripted_answers_check_the_options_when_told() {
        let opts = vec!["a".to_string(), "b".to_string()];
        let mut s = Scripted::default();
        let among = |o: &[&str]| Some(o.iter().map(|x| x.to_string()).collect());
        s.begin(3, vec![Answer { step: 4, names: vec!["a".into()], among: among(&["b", "a"]) }]);
        let mut rng = Rng::new(0);
        assert_eq!(s.choose(&ask(&opts, 1, 1), &mut rng), Ok(vec![0]));
        s.begin(5, vec![Answer { step: 6, names: vec!["a".into()], among: among(&["a"]) }]);
        let err = s.choose(&ask(&opts, 1, 1), &mut rng).unwrap_err();
        assert_eq!(err, "step 6 expects the options [a], but p asks choose 1 card (pick 1); options: a, b");
    }

    #[test]
    fn an_answer_labelled_copy_one_is_the_first_copy() {
        let opts = vec!["a".to_string(), "a#2".to_string(), "pick #1".to_string()];
        let mut s = Scripted::default();
        let among = Some(vec!["a#1".to_string(), "a#2".to_string(), "pick #1".to_string()]);
        s.begin(1, vec![Answer { step: 2, names: vec!["a#1".into(), "pick #1".into()], among }]);
        assert_eq!(s.choose(&ask(&opts, 1, 2), &mut Rng::new(0)), Ok(vec![0, 2]));
    }

    #[test]
    fn a_cards_id_answers_for_a_copy_where_only_copies_are_offered() {
        let opts: Vec<String> = ["v#2", "v#3", "w#4", "vv#5", "w"].iter().map(|x| x.to_string()).collect();
        let mut s = Scripted::default();
        let among = Some(["v", "v", "w#4", "vv", "w"].iter().map(|x| x.to_string()).collect());
        // Two copies of `v` asked for: the first two offered; `w` is offered itself.
        s.begin(1, vec![Answer { step: 2, names: vec!["v".into(), "v".into(), "w".into()], among }]);
        assert_eq!(s.choose(&ask(&opts, 1, 3), &mut Rng::new(0)), Ok(vec![0, 1, 4]));
        // A third copy is not offered; `vv#5` is no copy of `v`.
        s.begin(3, vec![Answer { step: 4, names: vec!["v".into(), "v".into(), "v".into()], among: None }]);
        let err = s.choose(&ask(&opts, 1, 3), &mut Rng::new(0)).unwrap_err();
        assert!(err.starts_with("answer `v` at step 4 is not an option"), "{err}");
    }

    #[test]
    fn a_single_random_pick_is_one_draw() {
        for count in [1, 2, 5, 13, 52, 64, 65, 80] {
            let opts: Vec<String> = (0..count).map(|i| i.to_string()).collect();
            let (mut a, mut b, mut c) = (Rng::new(count as u64), Rng::new(count as u64), Rng::new(count as u64));
            let mut seen = vec![false; count];
            for _ in 0..1000 {
                let got = RandomAgent.choose(&ask(&opts, 1, 1), &mut a).unwrap();
                // No draw for how many (it is fixed), one for which.
                let one = b.below(count as u64) as usize;
                assert_eq!(got, vec![one], "{count} options");
                assert_eq!(RandomAgent.choose_one(&ask(&opts, 1, 1), &mut c), Some(Ok(one)), "{count} options");
                seen[one] = true;
            }
            assert_eq!((&a, &a), (&b, &c), "{count} options: the same draws");
            assert!(count > 64 || seen.iter().all(|&s| s), "{count} options: every option comes up");
        }
    }

    #[test]
    fn random_agent_picks_within_bounds() {
        let opts: Vec<String> = (0..5).map(|i| i.to_string()).collect();
        let mut rng = Rng::new(9);
        for _ in 0..100 {
            let got = RandomAgent.choose(&ask(&opts, 1, 3), &mut rng).unwrap();
            assert!((1..=3).contains(&got.len()), "{got:?}");
        }
    }
}
