//! `twilit play --human SEAT`: people play seats of a game in the terminal (several
//! `--human` seats take turns at one keyboard); the other seats are the seeded random
//! agent. Each question shows what happened since the screen last asked, as the seat asked
//! sees it, and the options numbered; an answer is a number (several for a multiple choice),
//! an option's text or the start of one. `state`, `log`, `card ID`, `help`, `undo` and
//! `quit` are commands. Input may be piped, so a whole game can be scripted; at a terminal the line
//! is edited, Tab completing options and commands (`lineedit.rs`).
//!
//! Undo replays: the game is deterministic (one seeded generator), so going back one
//! decision is playing the game again from its seed with every answer but the last.

use std::cell::RefCell;
use std::collections::{HashMap, VecDeque};
use std::io::Write;
use std::rc::Rc;

use super::lineedit::Input;
use crate::engine::{Rng, State};
use crate::interp::{Agent, Ask, Halt, RandomAgent, Rules};

/// The commands a person may give instead of an answer (what Tab completes besides the
/// options; `exit` and `?` also work but are not offered).
pub const COMMANDS: &[&str] = &["undo", "help", "state", "log", "card", "quit"];

/// What a person at the table has said and seen, kept across the replays of one game.
pub struct Session {
    /// The seats people play.
    humans: Vec<String>,
    input: Input,
    out: Box<dyn Write>,
    /// The answers given in this playing of the game, with the length of the log when
    /// each was asked.
    answers: Vec<(Vec<usize>, usize)>,
    /// Which of `answers` nobody chose: a question of one option, answered by itself
    /// (`forced`). `undo` goes back past them to the last real decision.
    forced: Vec<bool>,
    /// Whether a question of one option is answered without asking: not when replaying a
    /// saved game, whose answers end where the person stopped, forced question or not.
    says_forced: bool,
    /// Answers to give again, silently, before asking anyone (after an undo), with the
    /// length of the log when each was first asked.
    replay: VecDeque<(Vec<usize>, usize)>,
    /// The log as this screen has shown it, line by line: several people at one keyboard
    /// share it, so each is shown what is new on it, and of the rest only what reads
    /// otherwise for them (a card only they see), not again what the one before was shown.
    printed: Vec<String>,
    /// How much of the log each seat has been shown.
    seen: HashMap<String, usize>,
    /// Why the game was stopped by the person: `undo` or `quit`.
    stop: Option<&'static str>,
    heading: String,
    /// Whether to write each answer after its prompt (input that is not typed shows none).
    echo: bool,
    /// What `card ID` shows of each card, by id (`card_sheets`).
    cards: HashMap<String, Vec<String>>,
}

impl Session {
    /// A session for these seats, reading answers from `input` and writing to `out`.
    pub fn new(humans: Vec<String>, input: Input, out: Box<dyn Write>, echo: bool) -> Session {
        Session {
            humans,
            input,
            out,
            answers: vec![],
            forced: vec![],
            says_forced: true,
            replay: VecDeque::new(),
            printed: vec![],
            seen: HashMap::new(),
            stop: None,
            heading: String::new(),
            echo,
            cards: HashMap::new(),
        }
    }

    /// The session, able to show the cards of `rules` (`card ID`).
    pub fn with_cards(mut self, rules: &Rules) -> Session {
        self.cards = super::sheets::card_sheets(rules);
        self
    }

    /// `card ID`: a card's name, printed values and text; a copy's label names its card
    /// (a piece's label, its kind).
    fn card(&mut self, asked: &str) {
        let id = asked.split_once('#').map_or(asked, |(id, _)| id);
        match self.cards.get(id) {
            Some(sheet) => {
                for l in sheet.clone() {
                    self.say(&format!("  {l}"));
                }
            }
            None if asked.is_empty() => self.say("name a card: `card ID` (a copy's label works too: `card c3#2`)"),
            None => {
                let close = crate::diag::did_you_mean(id, self.cards.keys().map(String::as_str));
                let hint = close.map(|c| format!(": did you mean `{c}`?")).unwrap_or_default();
                self.say(&format!("no card or piece `{id}` in this game{hint}"));
            }
        }
    }

    /// The answers given, in order (an undone one is not among them).
    pub fn answers(&self) -> Vec<Vec<usize>> {
        self.answers.iter().map(|(a, _)| a.clone()).collect()
    }

    fn say(&mut self, text: &str) {
        let _ = writeln!(self.out, "{text}");
    }

    /// Prints what `seat` has not yet been shown of the log (`log`, as `seat` sees it): the
    /// lines new to the screen, and of those the screen showed another seat since, the
    /// ones that read otherwise for `seat`.
    fn catch_up(&mut self, seat: &str, log: &[String]) {
        let from = self.seen.get(seat).copied().unwrap_or(0).min(log.len());
        for (i, line) in log.iter().enumerate().skip(from) {
            match self.printed.get(i) {
                Some(p) if p == line => {}
                Some(_) => {
                    let _ = writeln!(self.out, "  {line}");
                }
                None => {
                    let _ = writeln!(self.out, "  {line}");
                    self.printed.push(line.clone());
                }
            }
        }
        self.seen.insert(seat.to_string(), log.len());
    }

    /// Asks a person until they give a valid answer or a command that stops the game.
    fn ask(&mut self, ask: &Ask) -> Result<Vec<usize>, String> {
        let Some(view) = ask.view else { return Err("no view of the game to show".into()) };
        self.catch_up(ask.chooser, &view.log);
        // A new turn or phase: the table as they see it, once.
        if view.heading != self.heading {
            self.heading = view.heading.clone();
            self.table(ask.chooser, view);
        }
        if self.says_forced && forced(ask) {
            // Nothing to decide: said, not asked.
            let mark = crate::engine::log::answered(ask.prompt);
            self.say(&format!("{}: {}{mark} {} (the only option)", ask.chooser, ask.prompt, ask.options[0]));
            return Ok(vec![0]);
        }
        loop {
            self.question(ask);
            let prompt = format!("{}> ", ask.chooser);
            let line = match self.input.read(&prompt, ask.options, &mut self.out) {
                Some(Ok(line)) => line,
                Some(Err(why)) => {
                    self.say(&why);
                    continue;
                }
                None => {
                    self.say("");
                    self.stop = Some("quit");
                    return Err(INPUT_ENDED.into());
                }
            };
            let line = line.trim();
            if self.echo {
                self.say(line);
            }
            match line {
                "help" | "?" => self.help(),
                "state" => self.table(ask.chooser, view),
                // An option's text wins over the command (an option `Cardinal` is picked by `card`).
                "card" if parse_answer(line, ask).is_err() => self.card(""),
                _ if line.starts_with("card ") && parse_answer(line, ask).is_err() => {
                    self.card(line["card ".len()..].trim())
                }
                "log" => {
                    for l in &view.log {
                        let _ = writeln!(self.out, "  {l}");
                    }
                }
                "undo" if !self.forced.contains(&false) => self.say("nothing to undo: this is the first decision"),
                "undo" => {
                    self.stop = Some("undo");
                    return Err("undo".into());
                }
                "quit" | "exit" => {
                    self.stop = Some("quit");
                    return Err(QUIT.into());
                }
                _ => match parse_answer(line, ask) {
                    Ok(picked) => return Ok(picked),
                    Err(why) => self.say(&why),
                },
            }
        }
    }

    fn table(&mut self, seat: &str, view: &crate::interp::View) {
        self.say(&format!("-- {} (the table as {seat} sees it)", view.heading));
        for l in &view.table {
            let _ = writeln!(self.out, "   | {l}");
        }
    }

    fn question(&mut self, ask: &Ask) {
        let how = match (ask.min, ask.max) {
            (1, 1) => String::new(),
            (a, b) if a == b => format!(" (pick {a})"),
            (0, b) => format!(" (pick up to {b}; an empty line for none)"),
            (a, b) => format!(" (pick {a} to {b})"),
        };
        self.say(&format!("{}: {}{how}", ask.chooser, ask.prompt));
        // Numbers are answered by themselves, not by their place in a list (options 5 to
        // 15 numbered 1 to 11 made "3" ambiguous), and a long range is not listed.
        if let Some(nums) = numbers_of(ask) {
            let run = nums.windows(2).all(|w| w[1] == w[0] + 1);
            let shown = match (run, nums.first(), nums.last()) {
                (true, Some(a), Some(b)) if nums.len() > 12 => format!("a number from {a} to {b}"),
                _ => nums.iter().map(i64::to_string).collect::<Vec<_>>().join(", "),
            };
            let _ = writeln!(self.out, "  {shown}");
            return;
        }
        for (i, o) in ask.options.iter().enumerate() {
            let named = self.card_named(o).map(|n| format!(" ({n})")).unwrap_or_default();
            let _ = writeln!(self.out, "  {:>2}. {o}{named}", i + 1);
        }
    }

    /// The name of the card an option names (`cj`, `play cj`, `use lamp: shine`), where
    /// it says more than the id: a player reads `play cj (Jack of Clubs)`, not only `cj`.
    fn card_named(&self, option: &str) -> Option<&str> {
        let word = option.split_whitespace().find_map(|w| {
            let id = w.trim_end_matches(':');
            let id = id.split_once('#').map_or(id, |(id, _)| id);
            self.cards.contains_key(id).then_some(id)
        })?;
        let name = self.cards[word].first()?.strip_suffix(&format!(" ({word})"))?;
        (!name.eq_ignore_ascii_case(word) && !name.chars().all(|c| c.is_ascii_digit())).then_some(name)
    }

    fn help(&mut self) {
        self.say(
            "answer with an option's number, its text or the start of it (several, separated by commas, for a multiple choice);\n\
             commands: state (the table as you see it), log (everything so far), card ID (a card's values and text),\n\
             undo (back to the previous decision), quit",
        );
    }
}

/// The options an answer picks: numbers from 1, or one option's text (exactly, or a
/// start only one option has), any case.
fn parse_answer(line: &str, ask: &Ask) -> Result<Vec<usize>, String> {
    let picked = parse_picks(line, ask)?;
    // One option named by its text is one pick: a question of two or more asks again.
    if picked.len() < ask.min || picked.len() > ask.max {
        let n = ask.options.len();
        let most = ask.max.min(n);
        let want = if ask.min == most { format!("{most}") } else { format!("{} to {most}", ask.min) };
        if most == 1 {
            return Err(format!("pick one option, not {}: its number or its text, e.g. `1`", picked.len()));
        }
        // An example of as many as the question wants (two where it wants none or one).
        let k = if ask.min >= 2 { ask.min } else { 2.min(most) };
        let example = (1..=k).map(|i| i.to_string()).collect::<Vec<_>>().join(", ");
        return Err(format!("pick {want} options, not {}: their numbers, e.g. `{example}`", picked.len()));
    }
    Ok(picked)
}

/// Adds option `i` (written `shown`) to the picks; an option named twice is a mistake to
/// say, not to drop (`1, 1, 2` for three picks read as two, and "not 2" puzzled).
fn pick_once(picked: &mut Vec<usize>, i: usize, shown: &str) -> Result<(), String> {
    if picked.contains(&i) {
        return Err(format!("`{shown}` is picked twice: name each option once"));
    }
    picked.push(i);
    Ok(())
}

/// The options of a question whose every option is a number (`choose numbers(1, 6)`).
fn numbers_of(ask: &Ask) -> Option<Vec<i64>> {
    let nums: Option<Vec<i64>> = ask.options.iter().map(|o| o.parse().ok()).collect();
    nums.filter(|n| !n.is_empty())
}

/// The options an answer names: its text, the start of one, or numbers.
fn parse_picks(line: &str, ask: &Ask) -> Result<Vec<usize>, String> {
    if let Some(nums) = numbers_of(ask) {
        return number_picks(line, ask, &nums);
    }
    let n = ask.options.len();
    let hint = format!("type a number from 1 to {n}, or an option's text (`help` for more)");
    if line.is_empty() {
        return if ask.min == 0 { Ok(vec![]) } else { Err(format!("an answer is needed: {hint}")) };
    }
    let lower = line.to_lowercase();
    if let Some(i) = ask.options.iter().position(|o| o.to_lowercase() == lower) {
        return Ok(vec![i]);
    }
    let words: Vec<&str> = line.split(|c: char| c == ',' || c.is_whitespace()).filter(|w| !w.is_empty()).collect();
    if let Ok(nums) = words.iter().map(|w| w.parse::<usize>()).collect::<Result<Vec<_>, _>>() {
        let mut picked: Vec<usize> = vec![];
        for k in nums {
            if k == 0 || k > n {
                return Err(format!("there is no option {k}: {hint}"));
            }
            pick_once(&mut picked, k - 1, &k.to_string())?;
        }
        picked.sort_unstable();
        return Ok(picked);
    }
    // Several options named, separated by commas (`dk, dt, c8`): each as one would be alone,
    // unless the whole line names one (an option's text may hold a comma).
    if line.contains(',') && one_named(line, ask).is_err() {
        let mut picked: Vec<usize> = vec![];
        for part in line.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            pick_once(&mut picked, one_named(part, ask)?, part)?;
        }
        picked.sort_unstable();
        return Ok(picked);
    }
    one_named(line, ask).map(|i| vec![i])
}

/// The options a line of numbers names, each by its value (the options are numbers).
fn number_picks(line: &str, ask: &Ask, nums: &[i64]) -> Result<Vec<usize>, String> {
    if line.is_empty() {
        return if ask.min == 0 {
            Ok(vec![])
        } else {
            Err("an answer is needed: type one of the numbers offered".into())
        };
    }
    let mut picked: Vec<usize> = vec![];
    for w in line.split(|c: char| c == ',' || c.is_whitespace()).filter(|w| !w.is_empty()) {
        let i = w.parse::<i64>().ok().and_then(|v| nums.iter().position(|&x| x == v));
        let Some(i) = i else {
            let (lo, hi) = (nums.iter().min().copied().unwrap_or(0), nums.iter().max().copied().unwrap_or(0));
            return Err(format!("`{w}` is not one of the numbers offered ({lo} to {hi})"));
        };
        pick_once(&mut picked, i, w)?;
    }
    picked.sort_unstable();
    Ok(picked)
}

/// The one option `text` names: its text (any case, a text option's quotes left out or
/// not), or the start of only it.
fn one_named(text: &str, ask: &Ask) -> Result<usize, String> {
    let n = ask.options.len();
    // A text option is shown in quotes (`"garnet"`): `garnet` and `gar` name it too.
    let plain = |s: &str| s.trim_matches('"').to_lowercase();
    let lower = plain(text);
    if let Some(i) = ask.options.iter().position(|o| plain(o) == lower) {
        return Ok(i);
    }
    let mut starts: Vec<usize> = (0..n).filter(|&i| plain(&ask.options[i]).starts_with(&lower)).collect();
    if starts.is_empty() {
        // An action by what it acts on: `town` for `use town`, `c8` for `play c8`.
        let object = |i: usize| ask.options[i].split_once(' ').map(|(verb, rest)| (verb, rest.to_lowercase()));
        let acts = |i: &usize| {
            object(*i).is_some_and(|(verb, rest)| matches!(verb, "use" | "play") && rest.starts_with(&lower))
        };
        starts = (0..n).filter(acts).collect();
        if let [i] = starts.as_slice() {
            return Ok(*i);
        }
        if let Some(i) = starts.iter().copied().find(|&i| object(i).is_some_and(|(_, rest)| rest == lower)) {
            return Ok(i);
        }
    }
    match starts.as_slice() {
        [i] => Ok(*i),
        [] => Err(format!("no option `{text}`: type a number from 1 to {n}, or an option's text (`help` for more)")),
        _ => Err(format!("`{text}` starts {} options: type more of it, or its number", starts.len())),
    }
}

/// A question with one option that must be picked (no pass, no other answer): nobody
/// decides it, so it is said rather than asked.
fn forced(ask: &Ask) -> bool {
    ask.count == 1 && ask.min == 1 && ask.max == 1 && ask.decline.is_none()
}

/// The agent of a session: people answer for their seats, the random agent for the rest.
struct HumanAgent {
    session: Rc<RefCell<Session>>,
    random: RandomAgent,
}

impl Agent for HumanAgent {
    fn wants_view(&self, chooser: &str) -> bool {
        let s = self.session.borrow();
        s.replay.is_empty() && s.humans.iter().any(|h| h == chooser)
    }

    fn choose(&mut self, ask: &Ask, rng: &mut Rng) -> Result<Vec<usize>, String> {
        let mut s = self.session.borrow_mut();
        if !s.humans.iter().any(|h| h == ask.chooser) {
            return self.random.choose(ask, rng);
        }
        let (picked, mark) = match s.replay.pop_front() {
            Some((p, mark)) if p.iter().all(|&i| i < ask.count) => (p, mark),
            Some(_) => return Err("the replay no longer matches the game".into()),
            None => (s.ask(ask)?, ask.view.map_or(0, |v| v.log.len())),
        };
        s.answers.push((picked.clone(), mark));
        s.forced.push(forced(ask));
        Ok(picked)
    }
}

/// Plays one game with people at `session`'s seats; undo plays it again from the seed.
/// Returns the game played to its end (or its turn limit), or why it stopped.
pub fn play(
    rules: &Rules,
    seed: u64,
    seats: &crate::scenario::Seating,
    turns: u32,
    session: Rc<RefCell<Session>>,
) -> Result<Option<crate::scenario::Played>, Halt> {
    loop {
        let agent = HumanAgent { session: session.clone(), random: RandomAgent };
        let out = crate::scenario::whole_game(rules, seed, seats.clone(), turns, Box::new(agent));
        let mut s = session.borrow_mut();
        match (out, s.stop.take()) {
            (Ok(g), _) => {
                // What each person has not yet been shown, as they see it.
                for h in s.humans.clone() {
                    if let Some(p) = g.state.player_named(&h) {
                        let log: Vec<String> = (g.state.log.iter()).map(|e| e.line_for(&g.state, Some(p))).collect();
                        s.catch_up(&h, &log);
                    }
                }
                return Ok(Some(g));
            }
            (Err(_), Some("undo")) => {
                // Back past the answers nobody chose, to the last decision.
                while s.forced.pop() == Some(true) {
                    s.answers.pop();
                }
                let Some((_, mark)) = s.answers.pop() else { continue };
                let kept: Vec<(Vec<usize>, usize)> = s.answers.drain(..).collect();
                s.forced.clear();
                s.replay = kept.into();
                s.printed.truncate(mark);
                for v in s.seen.values_mut() {
                    *v = (*v).min(mark);
                }
                s.heading.clear();
                s.say("-- undone: back to the previous decision");
            }
            (Err(_), Some(_)) => return Ok(None),
            (Err(h), None) => return Err(h),
        }
    }
}

/// Plays a saved game again: its people's answers in order, the random agent for the other
/// seats, as when it was played (`replay.rs`). On a halt, the state the game stopped in
/// (its log up to there) and whether it stopped because the answers ran out: a game
/// saved when it was quit stops there by design.
pub fn replay(rules: &Rules, r: &super::replay::Replay) -> Result<crate::scenario::Played, (Halt, Box<State>, bool)> {
    let session = replay_session(r);
    let agent = HumanAgent { session: session.clone(), random: RandomAgent };
    let played = crate::scenario::whole_game_to_halt(rules, r.seed, r.seats(), r.turns, Box::new(agent));
    let ran_out = session.borrow().stop.is_some();
    let fault = answers_fault(r, &session.borrow(), played.as_ref().err().map(|(h, _)| h));
    match (played, fault) {
        (Err((_, mut s)), _) if ran_out => {
            // The answer that was not there is no refusal of the rules: the game that was
            // quit logged none.
            let stop = |e: &crate::engine::Event| matches!(&e.kind, crate::engine::EventKind::Refused { reason, .. } if reason == INPUT_ENDED || reason == QUIT);
            if s.log.last().is_some_and(stop) {
                s.log.pop();
            }
            Err((Halt::error(RAN_OUT), s, true))
        }
        // The replay's fault, kept an agent's (`replay.rs` says it of the replay).
        (Ok(g), Some(why)) => Err((Halt::agent(why), Box::new(g.state), false)),
        (Err((_, s)), Some(why)) => Err((Halt::agent(why), s, false)),
        (Ok(g), None) => Ok(g),
        (Err((h, s)), None) => Err((h, s, false)),
    }
}

/// Where a saved game's answers do not fit the game as it plays now: an answer the agent
/// could not give (`halt`, a fault of the answer given last), or answers left when the game
/// ended. Said of the replay, not of the rules.
fn answers_fault(r: &super::replay::Replay, session: &Session, halt: Option<&Halt>) -> Option<String> {
    let left = session.replay.len();
    let used = r.answers.len() - left;
    match halt {
        Some(Halt::Agent(m)) if used > 0 => {
            Some(format!("answer {used} of the replay, {:?}: {m}", r.answers[used - 1]))
        }
        None if left > 0 => Some(format!(
            "the game ended with {left} of the replay's {} answers unused: it does not match the game",
            r.answers.len()
        )),
        _ => None,
    }
}

/// What a person's stop (input ended, or `quit`) answers the question it stops at: the
/// refusal it makes is the person's, not the rules'.
const INPUT_ENDED: &str = "input ended: the game stops here";
const QUIT: &str = "the player quit";

/// Why a replay whose answers ran out stopped.
const RAN_OUT: &str = "the replay's answers ran out before the game ended";

/// A session that gives a saved game's answers in order and reads and writes nothing.
fn replay_session(r: &super::replay::Replay) -> Rc<RefCell<Session>> {
    let mut session =
        Session::new(r.humans.clone(), Input::Plain(Box::new(std::io::empty())), Box::new(std::io::sink()), false);
    session.replay = r.answers.iter().map(|a| (a.clone(), 0)).collect();
    session.says_forced = false;
    Rc::new(RefCell::new(session))
}

/// `replay`, counting the game's steps with `probe` (`scenario-from`).
pub fn replay_probed(
    rules: &Rules,
    r: &super::replay::Replay,
    probe: crate::interp::probe::Probe,
) -> (Result<crate::scenario::Played, Halt>, crate::interp::probe::Probe) {
    let session = replay_session(r);
    let agent = HumanAgent { session: session.clone(), random: RandomAgent };
    let (played, probe) = crate::scenario::probe_whole_game(rules, r.seed, r.seats(), r.turns, Box::new(agent), probe);
    let stopped = session.borrow().stop.is_some();
    let fault = answers_fault(r, &session.borrow(), played.as_ref().err());
    let played = match (played, fault) {
        (Err(_), _) if stopped => Err(Halt::error(RAN_OUT)),
        // The replay's fault, kept an agent's: `scenario-from` refuses it.
        (_, Some(why)) => Err(Halt::agent(why)),
        (played, None) => played,
    };
    (played, probe)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask<'a>(options: &'a [String], (min, max): (usize, usize)) -> Ask<'a> {
        Ask { chooser: "p1", prompt: "choose", count: options.len(), options, min, max, view: None, decline: None }
    }

    #[test]
    fn an_answer_keeps_to_the_questions_bounds_however_it_is_written() {
        let options: Vec<String> = ["castle", "crags", "marsh"].map(String::from).into();
        let two = ask(&options, (2, 2));
        // An option's text or its start is one pick: a question of two asks again.
        for line in ["castle", "cas", "1"] {
            assert_eq!(parse_answer(line, &two), Err("pick 2 options, not 1: their numbers, e.g. `1, 2`".into()));
        }
        assert_eq!(parse_answer("1, 3", &two), Ok(vec![0, 2]));
        assert_eq!(parse_answer("marsh", &ask(&options, (1, 1))), Ok(vec![2]));
        assert_eq!(parse_answer("", &ask(&options, (0, 2))), Ok(vec![]));
        assert!(parse_answer("1 2 3", &ask(&options, (0, 2))).unwrap_err().starts_with("pick 0 to 2 options, not 3"));
        // The example has as many as are wanted; one wanted is said as one.
        let three = ask(&options, (3, 3));
        assert_eq!(parse_answer("1", &three), Err("pick 3 options, not 1: their numbers, e.g. `1, 2, 3`".into()));
        let one = ask(&options, (1, 1));
        assert_eq!(parse_answer("1, 2", &one), Err("pick one option, not 2: its number or its text, e.g. `1`".into()));
        // An option named twice is said, not dropped.
        assert_eq!(parse_answer("1, 1, 2", &three), Err("`1` is picked twice: name each option once".into()));
        assert_eq!(parse_answer("marsh, Marsh", &two), Err("`Marsh` is picked twice: name each option once".into()));
    }

    #[test]
    fn several_options_are_named_by_their_texts_separated_by_commas() {
        let options: Vec<String> = ["castle", "crags", "marsh", "play c1, c2"].map(String::from).into();
        let two = ask(&options, (2, 2));
        assert_eq!(parse_answer("marsh, castle", &two), Ok(vec![0, 2]));
        assert_eq!(parse_answer("Cas, m", &two), Ok(vec![0, 2]));
        // A start of two options names neither; an option's whole text with a comma is one.
        assert_eq!(parse_answer("c, marsh", &two), Err("`c` starts 2 options: type more of it, or its number".into()));
        assert_eq!(parse_answer("play c1, c2", &ask(&options, (1, 1))), Ok(vec![3]));
        assert_eq!(parse_answer("play c1, c", &ask(&options, (1, 1))), Ok(vec![3]));
        assert!(parse_answer("marsh, moor", &two).unwrap_err().starts_with("no option `moor`"));
    }

    #[test]
    fn an_action_is_named_by_what_it_acts_on() {
        let options: Vec<String> = ["use town", "use tower", "play c8", "pass"].map(String::from).into();
        let one = ask(&options, (1, 1));
        assert_eq!(parse_answer("town", &one), Ok(vec![0]));
        assert_eq!(parse_answer("C8", &one), Ok(vec![2]));
        assert_eq!(parse_answer("tow", &one), Err("`tow` starts 2 options: type more of it, or its number".into()));
        // A text option is named without its quotes, or by its start.
        let texts = ["\"garnet\"".to_string(), "\"gargoyle\"".to_string(), "\"pawn\"".to_string()];
        let texts = ask(&texts, (1, 1));
        assert_eq!(parse_answer("pawn", &texts), Ok(vec![2]));
        assert_eq!(parse_answer("\"Garnet\"", &texts), Ok(vec![0]));
        assert_eq!(parse_answer("gar", &texts), Err("`gar` starts 2 options: type more of it, or its number".into()));
        assert_eq!(parse_answer("pa", &one), Ok(vec![3]));
    }
}
