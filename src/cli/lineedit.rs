//! Where `--human` answers come from (`human.rs`): plain lines when input is piped, and a
//! line editor (rustyline) when a person types at a terminal, with Tab completing the
//! options of the question being asked and the session's commands, and the answers of the
//! session as history (up arrow). This module owns reading a line; what it means is
//! `human.rs`'s.
//!
//! The completion itself is the plain function `complete`, so it is tested without a
//! terminal; the rustyline helper only hands it the line.

use std::io::{BufRead, Write};

use rustyline::completion::Completer;
use rustyline::config::{CompletionType, Config};
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::history::MemHistory;
use rustyline::validate::Validator;
use rustyline::{Context, Editor, Helper};

/// The texts that complete what is typed before `pos` in `line`: the `options` and
/// `commands` that start with it, in any case, options first, each once. Returns where the
/// completed text starts in `line` (its first non-blank character) with the completions.
pub fn complete(options: &[String], commands: &[&str], line: &str, pos: usize) -> (usize, Vec<String>) {
    // An answer is a whole option's text (or numbers), so the whole line is completed,
    // not its last word: option texts may hold spaces.
    let pos = floor_char_boundary(line, pos);
    let rest = line[..pos].trim_start();
    let start = pos - rest.len();
    let typed = rest.to_lowercase();
    let mut found: Vec<String> = vec![];
    let texts = options.iter().map(String::as_str).chain(commands.iter().copied());
    for text in texts {
        let lower = text.to_lowercase();
        if lower.starts_with(&typed) && !found.iter().any(|f| f.to_lowercase() == lower) {
            found.push(text.to_string());
        }
    }
    (start, found)
}

/// The largest char boundary of `s` not after `pos` (rustyline's cursor is one, but a
/// caller of `complete` need not know it).
fn floor_char_boundary(s: &str, pos: usize) -> usize {
    let mut pos = pos.min(s.len());
    while !s.is_char_boundary(pos) {
        pos -= 1;
    }
    pos
}

/// The rustyline helper: completes with `complete`, over the current question's options.
struct Answers {
    options: Vec<String>,
    commands: &'static [&'static str],
}

impl Completer for Answers {
    type Candidate = String;

    fn complete(&self, line: &str, pos: usize, _: &Context<'_>) -> rustyline::Result<(usize, Vec<String>)> {
        Ok(complete(&self.options, self.commands, line, pos))
    }
}

// rustyline's `Helper` asks for these too; their defaults (no hint, no colour, every line
// complete) are what a one-line answer wants.
impl Hinter for Answers {
    type Hint = String;
}
impl Highlighter for Answers {}
impl Validator for Answers {}
impl Helper for Answers {}

/// A line editor at a terminal, completing answers and the session's commands.
pub struct LineEditor {
    editor: Editor<Answers, MemHistory>,
}

impl LineEditor {
    /// An editor on the terminal completing `commands` and each question's options, or
    /// `None` when the terminal cannot be edited (then plain lines do).
    pub fn new(commands: &'static [&'static str]) -> Option<LineEditor> {
        // Tab lists every completion at once when there are several: the options of one
        // question are few, and a second Tab to see them would be a puzzle.
        let config = Config::builder()
            .completion_type(CompletionType::List)
            .completion_show_all_if_ambiguous(true)
            .auto_add_history(false)
            .build();
        let mut editor = Editor::with_history(config, MemHistory::new()).ok()?;
        editor.set_helper(Some(Answers { options: vec![], commands }));
        Some(LineEditor { editor })
    }
}

/// Where a session's answers come from.
pub enum Input {
    /// Lines as they come (a pipe, a file, a test): the session writes the prompt itself.
    Plain(Box<dyn BufRead>),
    /// A person at a terminal: the editor writes the prompt and edits the line.
    Terminal(Box<LineEditor>),
}

impl Input {
    /// The next line answering a question with these `options`, after `prompt`, without its
    /// line end; `None` when there is no more (end of input, Ctrl-D, Ctrl-C, an error), and
    /// `Err` for a line that is no answer (not UTF-8, or longer than any answer), to ask again.
    pub fn read(&mut self, prompt: &str, options: &[String], out: &mut dyn Write) -> Option<Result<String, String>> {
        match self {
            Input::Plain(input) => {
                let _ = write!(out, "{prompt}");
                let _ = out.flush();
                plain_line(input.as_mut())
            }
            Input::Terminal(ed) => {
                // What the session wrote must be on the screen before the editor draws.
                let _ = out.flush();
                if let Some(h) = ed.editor.helper_mut() {
                    h.options = options.to_vec();
                }
                match ed.editor.readline(prompt) {
                    Ok(line) => {
                        if !line.trim().is_empty() {
                            let _ = ed.editor.add_history_entry(line.trim());
                        }
                        Some(Ok(line))
                    }
                    // Ctrl-D on an empty line, Ctrl-C or a terminal that fails: the
                    // person is gone, and the session stops the game as for `quit`.
                    Err(_) => None,
                }
            }
        }
    }
}

/// The longest answer line read: an option's text, or many numbers, is far shorter.
const MAX_ANSWER: u64 = 4096;

/// One line of piped answers, read as `Input::read` gives it. A line longer than any answer
/// is skipped to its end without being kept.
fn plain_line(input: &mut dyn BufRead) -> Option<Result<String, String>> {
    let mut line = vec![];
    // Room for the line's end (`\r\n`) after the longest answer.
    let room = MAX_ANSWER + 2;
    match std::io::Read::take(&mut *input, room).read_until(b'\n', &mut line) {
        Ok(0) | Err(_) => return None,
        Ok(_) => {}
    }
    let ended = line.ends_with(b"\n");
    if !ended && line.len() as u64 == room {
        // The rest of the line, up to its end, is read and dropped.
        loop {
            let buf = match input.fill_buf() {
                Ok([]) | Err(_) => break,
                Ok(buf) => buf,
            };
            let (used, end) = match buf.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (buf.len(), false),
            };
            input.consume(used);
            if end {
                break;
            }
        }
    }
    let text = line.strip_suffix(b"\n").unwrap_or(&line);
    let text = text.strip_suffix(b"\r").unwrap_or(text);
    if text.len() as u64 > MAX_ANSWER || !ended && line.len() as u64 == room {
        return Some(Err(format!("that answer is longer than {MAX_ANSWER} bytes, and no answer is that long: type an option's number or text")));
    }
    Some(String::from_utf8(line).map_err(|_| "that answer is not UTF-8 text: type it again".to_string()))
}

#[cfg(test)]
mod tests {
    use super::{complete, plain_line, MAX_ANSWER};

    #[test]
    fn an_answer_of_the_longest_length_is_read_and_a_longer_one_is_not() {
        let longest = "1".repeat(MAX_ANSWER as usize);
        let input = format!("{longest}\r\n{longest}1\nnext\n");
        let mut r = std::io::Cursor::new(input.into_bytes());
        assert_eq!(plain_line(&mut r).and_then(Result::ok).map(|l| l.trim_end().len()), Some(longest.len()));
        assert!(plain_line(&mut r).is_some_and(|l| l.is_err_and(|e| e.contains("longer than 4096"))));
        assert_eq!(plain_line(&mut r), Some(Ok("next\n".to_string())));
        assert_eq!(plain_line(&mut r), None);
    }

    const COMMANDS: &[&str] = &["undo", "help", "state", "log", "quit"];

    fn options(texts: &[&str]) -> Vec<String> {
        texts.iter().map(|t| t.to_string()).collect()
    }

    #[test]
    fn a_unique_start_completes_to_its_option() {
        let o = options(&["draw a card", "play h7", "pass"]);
        assert_eq!(complete(&o, COMMANDS, "dr", 2), (0, vec!["draw a card".to_string()]));
        // Spaces belong to the answer: the whole line is completed, not its last word.
        assert_eq!(complete(&o, COMMANDS, "play ", 5), (0, vec!["play h7".to_string()]));
    }

    #[test]
    fn a_start_several_have_gives_them_all_options_then_commands() {
        let o = options(&["c1", "c10", "c11", "hold"]);
        assert_eq!(complete(&o, COMMANDS, "c1", 2).1, ["c1", "c10", "c11"]);
        assert_eq!(complete(&o, COMMANDS, "h", 1).1, ["hold", "help"]);
        // An empty line: everything that can be typed.
        assert_eq!(complete(&o, COMMANDS, "", 0).1.len(), 4 + COMMANDS.len());
    }

    #[test]
    fn numbers_are_answers_already_and_complete_only_texts_starting_with_them() {
        let o = options(&["c1", "2 coins", "20 coins"]);
        assert_eq!(complete(&o, COMMANDS, "7", 1), (0, vec![]));
        assert_eq!(complete(&o, COMMANDS, "2 ", 2).1, ["2 coins"]);
        assert_eq!(complete(&o, COMMANDS, "1 3", 3), (0, vec![]));
    }

    #[test]
    fn any_case_completes_to_the_option_as_written() {
        let o = options(&["Draw", "Pass"]);
        assert_eq!(complete(&o, COMMANDS, "dR", 2).1, ["Draw"]);
        assert_eq!(complete(&o, COMMANDS, "QU", 2).1, ["quit"]);
        // An option spelled like a command is offered once.
        let o = options(&["Help"]);
        assert_eq!(complete(&o, COMMANDS, "he", 2).1, ["Help"]);
    }

    #[test]
    fn only_what_is_before_the_cursor_counts_and_leading_blanks_are_kept() {
        let o = options(&["pass", "play"]);
        assert_eq!(complete(&o, COMMANDS, "paXX", 2).1, ["pass"]);
        assert_eq!(complete(&o, COMMANDS, "  pl", 4), (2, vec!["play".to_string()]));
        // A cursor past the end or inside a character is no panic.
        assert_eq!(complete(&o, COMMANDS, "pé", 2).1, ["pass", "play"]);
        assert_eq!(complete(&o, COMMANDS, "pé", 99).1, Vec::<String>::new());
    }
}
