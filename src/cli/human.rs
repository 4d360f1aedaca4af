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

use super::answers::{numbers_of, parse_answer};
use super::lineedit::Input;
use crate::engine::{Rng, State};
use crate::interp::{Agent, Ask, Halt, RandomAgent, Rules};

/// The commands a person may give instead of an answer (what Tab completes besides the
/// options; `exit` and `?` also work but are not offered).
pub const COMMANDS: &[&str] = &["undo", "help", "state", "log", "card", "quit"];

/// When an answer was asked: the length of the log then, the generator as it stood (an
/// undo past a draw of it would let the person choose again knowing what it drew), and
/// who was asked.
#[derive(Clone, Default)]
struct Stamp {
    mark: usize,
    rng: Option<Rng>,
    who: String,
}

/// What a person at the table has said and seen, kept across the replays of one game.
pub struct Session {
    /// The seats people play.
    humans: Vec<String>,
    input: Input,
    out: Box<dyn Write>,
    /// The answers given in this playing of the game, with the length of the log when
    /// each was asked.
    answers: Vec<(Vec<usize>, Stamp)>,
    /// Which of `answers` nobody chose: a question of one option, answered by itself
    /// (`forced`). `undo` goes back past them to the last real decision.
    forced: Vec<bool>,
    /// Whether a question of one option is answered without asking: not when replaying a
    /// saved game, whose answers end where the person stopped, forced question or not.
    says_forced: bool,
    /// Answers to give again, silently, before asking anyone (after an undo), with the
    /// length of the log when each was first asked.
    replay: VecDeque<(Vec<usize>, Stamp)>,
    /// The log as this screen has shown it, line by line: several people at one keyboard
    /// share it, so each is shown what is new on it, and of the rest only what reads
    /// otherwise for them (a card only they see), not again what the one before was shown.
    printed: Vec<String>,
    /// The log as each seat has been shown it, line by line: a secret block's rehearsal
    /// is undone and run again, so the lines after a point may be others than were shown.
    seen: HashMap<String, Vec<String>>,
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
        // From the first line that is not what this seat was shown there.
        let shown = self.seen.get(seat).map_or(&[][..], Vec::as_slice);
        let from = shown.iter().zip(log).take_while(|(a, b)| a == b).count();
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
        self.seen.insert(seat.to_string(), log.to_vec());
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
                "undo" => match self.undo_refused(ask.chooser, view) {
                    Some(why) => self.say(&why),
                    None => {
                        self.stop = Some("undo");
                        return Err("undo".into());
                    }
                },
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

    /// Why `undo` may not go back to the last decision: since it was asked, the person
    /// saw something hidden or random (`View::told`), which they would choose again
    /// knowing (the game plays again from its seed: the same roll would come).
    fn undo_refused(&self, asked: &str, view: &crate::interp::View) -> Option<String> {
        let decided = self.answers.iter().zip(&self.forced).rev().find(|(_, forced)| !**forced);
        let (_, stamp) = decided?.0;
        // At one keyboard, a person takes back their own decision only.
        if stamp.who != asked {
            return Some(format!("cannot undo: the last decision was {}'s, not yours", stamp.who));
        }
        if let Some(told) = view.told.filter(|&i| i >= stamp.mark) {
            let line = view.log.get(told).map_or("", |l| l.trim());
            return Some(format!(
                "cannot undo: since your last decision you saw what was hidden or random ({line}); \
                 undo goes back only while nothing new was revealed"
            ));
        }
        // Anything drawn since (a random pick, another seat's random answer) would come
        // the same again.
        if stamp.rng.is_some() && stamp.rng != view.rng {
            return Some(
                "cannot undo: something random happened since your last decision (a draw of the game's \
                 generator: a roll, a random pick, another seat's answer), and it would come the same again"
                    .into(),
            );
        }
        None
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
        let (picked, stamp) = match s.replay.pop_front() {
            Some((p, stamp)) if p.iter().all(|&i| i < ask.count) => (p, stamp),
            Some(_) => return Err("the replay no longer matches the game".into()),
            None => {
                let stamp = Stamp {
                    mark: ask.view.map_or(0, |v| v.log.len()),
                    rng: ask.view.and_then(|v| v.rng.clone()),
                    who: ask.chooser.to_string(),
                };
                (s.ask(ask)?, stamp)
            }
        };
        s.answers.push((picked.clone(), stamp));
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
                        let log = g.state.lines_for(Some(p));
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
                let Some((_, Stamp { mark, .. })) = s.answers.pop() else { continue };
                let kept: Vec<(Vec<usize>, Stamp)> = s.answers.drain(..).collect();
                s.forced.clear();
                s.replay = kept.into();
                s.printed.truncate(mark);
                for v in s.seen.values_mut() {
                    v.truncate(mark);
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
    session.replay = r.answers.iter().map(|a| (a.clone(), Stamp::default())).collect();
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
