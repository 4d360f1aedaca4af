//! The command sessions the README and the docs show stay true: every ```` ```text ````
//! block that starts with `$ twilit ARGS` is run from the project's root, and what it
//! prints must be what the block shows. A line `...` in a block stands for lines left
//! out: each stretch between them must come in the output, in order. Sessions a person
//! types into (`--human`) and commands that write files are not run.

use std::path::Path;
use std::process::Command;

/// One session of a `.md` file: where it is, its command's arguments, what it shows.
struct Session {
    place: String,
    args: Vec<String>,
    shown: Vec<String>,
}

fn sessions(file: &str) -> Vec<Session> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join(file)).expect("the file reads");
    let lines: Vec<&str> = text.lines().collect();
    let mut out = vec![];
    let mut i = 0;
    while i < lines.len() {
        let command = lines.get(i + 1).and_then(|l| l.strip_prefix("$ twilit "));
        let Some(command) = command.filter(|_| lines[i].trim() == "```text") else {
            i += 1;
            continue;
        };
        let end = (i + 2..lines.len()).find(|&j| lines[j].trim() == "```").expect("a closed block");
        out.push(Session {
            place: format!("{file}:{}", i + 2),
            args: command.split_whitespace().map(str::to_string).collect(),
            shown: lines[i + 2..end].iter().map(|l| l.to_string()).collect(),
        });
        i = end + 1;
    }
    out
}

/// Whether the session can run here: no person typing, no file written.
fn runnable(s: &Session) -> bool {
    !s.args.iter().any(|a| ["--human", "--save-replays", "--save-replay", "-o", "--report"].contains(&a.as_str()))
}

/// Whether a printed line is what a shown line shows: the same, where `...` inside the
/// shown line stands for any text (a long line cut short).
fn same_line(shown: &str, printed: &str) -> bool {
    let parts: Vec<&str> = shown.split("...").collect();
    let [first, middle @ .., last] = &parts[..] else { return shown == printed };
    if !printed.starts_with(first) || printed.len() < first.len() + last.len() || !printed.ends_with(last) {
        return false;
    }
    let mut rest = &printed[first.len()..printed.len() - last.len()];
    for m in middle {
        match rest.find(m) {
            Some(i) => rest = &rest[i + m.len()..],
            None => return false,
        }
    }
    true
}

/// Whether `printed` starts with the lines of `stretch`.
fn starts_with(printed: &[&str], stretch: &[&str]) -> bool {
    printed.len() >= stretch.len() && stretch.iter().zip(printed).all(|(s, p)| same_line(s, p))
}

/// The first difference between what `s` shows and what was printed, if any.
fn differs(s: &Session, printed: &str) -> Option<String> {
    let printed: Vec<&str> = printed.lines().map(str::trim_end).collect();
    let elided = s.shown.iter().any(|l| l.trim() == "...");
    if !elided {
        let shown: Vec<&str> = s.shown.iter().map(|l| l.trim_end()).collect();
        let same = shown.len() == printed.len() && starts_with(&printed, &shown);
        return (!same).then(|| format!("shows\n{}\nprints\n{}", shown.join("\n"), printed.join("\n")));
    }
    // A block that does not open (or close) with `...` shows the output's first (or last)
    // lines: its first (last) stretch is held there.
    let stretches: Vec<&[String]> = s.shown.split(|l| l.trim() == "...").collect();
    let (first, last) =
        (stretches.first().is_some_and(|st| !st.is_empty()), stretches.last().is_some_and(|st| !st.is_empty()));
    let stretches: Vec<Vec<&str>> =
        stretches.iter().filter(|st| !st.is_empty()).map(|st| st.iter().map(|l| l.trim_end()).collect()).collect();
    let mut from = 0;
    for (i, stretch) in stretches.iter().enumerate() {
        let found = match (i, first) {
            (0, true) => Some(0).filter(|_| starts_with(&printed, stretch)),
            _ => (from..printed.len()).find(|&k| starts_with(&printed[k..], stretch)),
        };
        match found {
            Some(k) => from = k + stretch.len(),
            None => return Some(format!("the lines\n{}\nare not printed (after line {from})", stretch.join("\n"))),
        }
    }
    if last && from != printed.len() {
        return Some(format!("the output goes on after the last lines shown:\n{}", printed[from..].join("\n")));
    }
    None
}

#[test]
fn the_sessions_the_docs_show_are_what_the_tool_prints() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut wrong = vec![];
    let mut ran = 0;
    for file in ["README.md", "docs/SCENARIOS.md", "docs/LANGUAGE.md", "docs/FORMAT.md", "docs/ARCHITECTURE.md"] {
        for s in sessions(file).iter().filter(|s| runnable(s)) {
            let o = Command::new(env!("CARGO_BIN_EXE_twilit"))
                .current_dir(root)
                .args(&s.args)
                .env("NO_COLOR", "1")
                .output()
                .expect("twilit runs");
            ran += 1;
            if let Some(d) = differs(s, &String::from_utf8_lossy(&o.stdout)) {
                wrong.push(format!("{} `twilit {}`: {d}", s.place, s.args.join(" ")));
            }
        }
    }
    assert!(ran >= 6, "only {ran} sessions found: the blocks' form changed?");
    assert!(wrong.is_empty(), "{} sessions print otherwise:\n\n{}", wrong.len(), wrong.join("\n\n"));
}
