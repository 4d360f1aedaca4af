//! Every resource bound of the library in one value, rhai/starlark-style: how large and
//! how deep an input may be, how much content a game may declare and create, and how much
//! work a script may do. A caller (the CLI's `--limit NAME=N`, an editor, an embedder)
//! builds one `Limits`, hands it to the loader, and the checker, the compiled rules and
//! every game played from them read the same value. Each limit is checked where its input
//! enters, and each ends in a diagnostic that names it (`Limits::advice`).
//!
//! Limits that bound a recursion (script and YAML nesting, calls, triggers) keep the
//! library safe on a small stack: they can be lowered but not raised above their defaults.
//! `players` is at most 64 too: what a player sees is a 64-bit set.

use std::fmt;

/// The resource bounds of loading, checking and running (see the module comment).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Largest file read, in bytes.
    pub file_bytes: u64,
    /// Deepest nesting of YAML values.
    pub yaml_depth: usize,
    /// Most YAML values in one file, counted after aliases are expanded.
    pub yaml_values: usize,
    /// Longest YAML scalar, in bytes.
    pub yaml_value_bytes: usize,
    /// Most bytes of scalars in one file, counted after aliases are expanded.
    pub yaml_bytes: usize,
    /// Longest script, in bytes.
    pub script_bytes: usize,
    /// Deepest nesting of `( [ {` in a script.
    pub script_brackets: usize,
    /// Deepest nesting of expressions and blocks in a script.
    pub script_depth: usize,
    /// Most players a game may seat.
    pub players: usize,
    /// Most copies of one card.
    pub copies: usize,
    /// Most pieces of one kind in a supply.
    pub supply: usize,
    /// Most cards and pieces one game may hold (dealt, supplied or created).
    pub things: usize,
    /// Statements, choices and things touched per action (or phase script, or setup).
    pub steps: u64,
    /// Statements, choices and things touched in one whole game.
    pub game_steps: u64,
    /// Actions and passes in one phase's action window, or in one reaction window.
    pub window_actions: usize,
    /// Triggers resolving inside triggers.
    pub trigger_depth: usize,
    /// Procedure and keyword calls, and plays, inside each other.
    pub call_depth: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits::DEFAULT
    }
}

/// One limit's name, meaning and place in `Limits`.
struct Entry {
    name: &'static str,
    what: &'static str,
    get: fn(&Limits) -> u64,
    set: fn(&mut Limits, u64),
    /// The most it may be raised to, and why; `None`: no ceiling.
    ceiling: Option<(u64, &'static str)>,
}

macro_rules! entry {
    ($field:ident, $what:literal) => {
        entry!($field, $what, None)
    };
    ($field:ident, $what:literal, $ceiling:expr) => {
        Entry {
            name: stringify!($field),
            what: $what,
            get: |l| l.$field as u64,
            set: |l, v| l.$field = v as _,
            ceiling: $ceiling,
        }
    };
}

impl Limits {
    /// The defaults, as a constant.
    pub const DEFAULT: Limits = Limits {
        file_bytes: 32 * 1024 * 1024,
        yaml_depth: 64,
        yaml_values: 2_000_000,
        yaml_value_bytes: 64 * 1024,
        yaml_bytes: 64 * 1024 * 1024,
        script_bytes: 64 * 1024,
        script_brackets: 64,
        script_depth: 256,
        players: 64,
        copies: 1000,
        supply: 10_000,
        things: 250_000,
        steps: 200_000,
        game_steps: 100_000_000,
        window_actions: 1000,
        trigger_depth: 24,
        call_depth: 64,
    };
}

/// Why the nesting limits cannot be raised.
const STACK: &str = "a recursion, it keeps the stack small";

/// Every limit, in the order `twilit limits` lists them.
const ENTRIES: &[Entry] = &[
    entry!(file_bytes, "largest file read, in bytes"),
    entry!(yaml_depth, "deepest nesting of YAML values", Some((Limits::DEFAULT.yaml_depth as u64, STACK))),
    entry!(yaml_values, "most YAML values in one file, after aliases are expanded"),
    entry!(yaml_value_bytes, "longest YAML scalar, in bytes"),
    entry!(yaml_bytes, "most bytes of YAML scalars in one file, after aliases are expanded"),
    entry!(script_bytes, "longest script, in bytes"),
    entry!(
        script_brackets,
        "deepest nesting of ( [ { in a script",
        Some((Limits::DEFAULT.script_brackets as u64, STACK))
    ),
    entry!(
        script_depth,
        "deepest nesting of expressions and blocks in a script",
        Some((Limits::DEFAULT.script_depth as u64, STACK))
    ),
    entry!(players, "most players a game seats", Some((64, "what a player sees is a 64-bit set"))),
    entry!(copies, "most copies of one card"),
    entry!(supply, "most pieces of one kind in a supply"),
    entry!(things, "most cards and pieces in one game"),
    entry!(steps, "statements, choices and things touched per action"),
    entry!(game_steps, "statements, choices and things touched per game"),
    entry!(window_actions, "actions and passes in one phase's action window, or one reaction window"),
    entry!(trigger_depth, "triggers resolving inside triggers", Some((Limits::DEFAULT.trigger_depth as u64, STACK))),
    entry!(
        call_depth,
        "procedure and keyword calls, and plays, inside each other",
        Some((Limits::DEFAULT.call_depth as u64, STACK))
    ),
];

/// Why `Limits::set` refused a setting.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LimitError {
    /// What went wrong.
    pub message: String,
    /// The likely fix.
    pub help: String,
}

impl fmt::Display for LimitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.message, self.help)
    }
}

impl Limits {
    /// The names of every limit, in a stable order.
    pub fn names() -> impl Iterator<Item = &'static str> {
        ENTRIES.iter().map(|e| e.name)
    }

    /// Each limit's name, current value and meaning.
    pub fn describe(&self) -> Vec<(&'static str, u64, &'static str)> {
        ENTRIES.iter().map(|e| (e.name, (e.get)(self), e.what)).collect()
    }

    /// The value of the limit called `name`.
    pub fn get(&self, name: &str) -> Option<u64> {
        ENTRIES.iter().find(|e| e.name == name).map(|e| (e.get)(self))
    }

    /// Sets the limit called `name` to `value` (at least 1; a recursion bound at most
    /// its default).
    pub fn set(&mut self, name: &str, value: u64) -> Result<(), LimitError> {
        let Some(e) = ENTRIES.iter().find(|e| e.name == name) else {
            let near = crate::diag::did_you_mean(name, Self::names());
            let help = match near {
                Some(n) => format!("did you mean `{n}`? (`twilit limits` lists them)"),
                None => "`twilit limits` lists them".to_string(),
            };
            return Err(LimitError { message: format!("there is no limit called `{name}`"), help });
        };
        if value == 0 {
            let help = "a limit is at least 1".to_string();
            return Err(LimitError { message: format!("`{name}` cannot be 0"), help });
        }
        if let Some((c, why)) = e.ceiling.filter(|(c, _)| value > *c) {
            let help = format!("{why}; use at most {c}");
            return Err(LimitError { message: format!("`{name}` cannot be raised above {c}"), help });
        }
        if usize::try_from(value).is_err() {
            let help = format!("use at most {}", usize::MAX);
            return Err(LimitError { message: format!("{value} is too large for this machine"), help });
        }
        (e.set)(self, value);
        Ok(())
    }

    /// Parses and applies `NAME=N` (the CLI's `--limit`).
    pub fn set_from(&mut self, setting: &str) -> Result<(), LimitError> {
        let Some((name, value)) = setting.split_once('=') else {
            let help = "write it as NAME=N, e.g. `--limit steps=1000000`".to_string();
            return Err(LimitError { message: format!("`{setting}` is not a limit setting"), help });
        };
        let (name, value) = (name.trim(), value.trim().replace('_', ""));
        let n = match value.parse::<u64>() {
            Ok(n) => n,
            // All digits, too many of them: said as such, not as no number.
            Err(_) if !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit()) => {
                let help = format!("a limit is at most {}", u64::MAX);
                return Err(LimitError { message: format!("`{value}` is too large"), help });
            }
            Err(_) => {
                let help = "a limit is a whole number, e.g. `--limit steps=1000000`".to_string();
                return Err(LimitError { message: format!("`{value}` is not a whole number"), help });
            }
        };
        self.set(name, n)
    }

    /// The advice that ends every diagnostic of a limit: its name and how to change it.
    pub fn advice(name: &str) -> String {
        match ENTRIES.iter().find(|e| e.name == name).and_then(|e| e.ceiling) {
            Some((c, why)) => format!("limit `{name}`, at most {c}: {why}"),
            None => format!("limit `{name}`: raise it with `--limit {name}=N`"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_limit_too_large_for_any_number_is_said_so() {
        let mut limits = Limits::DEFAULT;
        let e = limits.set_from("steps=99999999999999999999999").unwrap_err();
        assert_eq!(e.message, "`99999999999999999999999` is too large");
        let e = limits.set_from("steps=-1").unwrap_err();
        assert_eq!(e.message, "`-1` is not a whole number");
    }

    #[test]
    fn the_table_and_the_defaults_agree() {
        assert_eq!(Limits::default(), Limits::DEFAULT);
        let l = Limits::default();
        for (name, value, _) in l.describe() {
            let mut m = l;
            m.set(name, 7).expect("every limit can be set to 7");
            assert_eq!(m.get(name), Some(7), "{name} reads back what was set");
            assert_ne!(m, l, "{name} changes its own field");
            assert_eq!(l.get(name), Some(value));
        }
    }

    #[test]
    fn settings_are_parsed_and_checked() {
        let mut l = Limits::default();
        l.set_from("steps=1_000_000").unwrap();
        assert_eq!(l.steps, 1_000_000);
        let e = l.set_from("step=5").unwrap_err();
        assert_eq!(e.message, "there is no limit called `step`");
        assert!(e.help.contains("did you mean `steps`?"), "{}", e.help);
        assert!(l.set_from("steps").unwrap_err().help.contains("NAME=N"));
        assert!(l.set_from("steps=lots").unwrap_err().message.contains("not a whole number"));
        assert!(l.set_from("steps=0").is_err());
        assert!(l.set_from("script_depth=100").is_ok());
        let e = l.set_from("script_depth=100000").unwrap_err();
        assert_eq!(e.message, "`script_depth` cannot be raised above 256");
        assert!(Limits::advice("steps").contains("--limit steps=N"));
        assert!(Limits::advice("yaml_depth").starts_with("limit `yaml_depth`, at most 64: a recursion"));
    }
}
