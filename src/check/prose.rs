//! `twilit explain --text`: a card's or faction's abilities written back as rules text
//! (`syntax::prose`), each ability one line headed by when it works, and the lint that a
//! card's printed `text:` and its scripts name the same numbers.

use std::fmt::Write;

use super::scripts::{parse_text, Entry, Parsed};
use crate::diag::Diagnostic;
use crate::load::{Ability, AbilityKind, Card, Library, React, ScriptSrc};
use crate::syntax::{print, prose};

/// The rules text of the card or faction `id`, if the library has one.
pub fn explain(lib: &Library, id: &str) -> Option<String> {
    for b in &lib.games {
        let cards = b.cards.iter().chain(b.factions.iter().flat_map(|f| &f.cards));
        if let Some(c) = cards.into_iter().find(|c| c.id.value == id) {
            return Some(card_in(c, b.game.as_ref().and_then(|g| g.play.as_ref())));
        }
        if let Some(f) = b.factions.iter().find(|f| f.faction.value == id) {
            let mut out = format!("{} ({})\n", f.name.value, f.faction.value);
            if let Some(t) = &f.text {
                let _ = writeln!(out, "  printed: {}", t.value.trim());
            }
            if let Some(s) = &f.setup {
                let _ = writeln!(out, "- Setup: {}", script(s));
            }
            for a in &f.abilities {
                let _ = writeln!(out, "- {}", ability(a));
            }
            return Some(out);
        }
        if let Some(a) = super::game_ability(b, id) {
            return Some(format!("the game's {id}\n- {}\n", ability(a)));
        }
        if let Some(p) = super::game_procedure(b, id) {
            let mut out = format!("the game's procedure {}\n", super::signature(p));
            if let Some(s) = &p.script {
                let _ = writeln!(out, "- Does: {}", script(s));
            }
            if let Some(v) = &p.value {
                let _ = writeln!(out, "- Is: {}", condition(v));
            }
            return Some(out);
        }
    }
    None
}

/// A card: its name, its printed text if any, then each ability as a line.
pub fn card(c: &Card) -> String {
    card_in(c, None)
}

/// `card`, with its values, and the game's `play:` where the card has none of its own.
fn card_in(c: &Card, game_play: Option<&ScriptSrc>) -> String {
    let mut out = format!("{} ({})\n", c.name.value, c.id.value);
    let values = super::printed_values(c);
    if !values.is_empty() {
        let _ = writeln!(out, "  values: {values}");
    }
    if let Some(t) = &c.text {
        let _ = writeln!(out, "  printed: {}", t.value.trim());
    }
    match (&c.play, game_play) {
        (Some(p), _) => {
            let _ = writeln!(out, "- When played: {}", script(p));
        }
        (None, Some(p)) => {
            let _ = writeln!(out, "- When played (the game's rule): {}", script(p));
        }
        (None, None) => {}
    }
    for a in &c.abilities {
        let _ = writeln!(out, "- {}", ability(a));
    }
    if c.play.is_none() && game_play.is_none() && c.abilities.is_empty() {
        out.push_str("- (no abilities)\n");
    }
    out
}

/// One ability: `Head: requirement. Cost: .... Effect.`
pub fn ability(a: &Ability) -> String {
    let mut head = match &a.kind {
        AbilityKind::Action(t) => match t.value.as_ref() {
            "any" | "game" => "Action".to_string(),
            "turn" => "Action, on your turn".to_string(),
            phase => format!("Action ({})", phase.replace('_', " ")),
        },
        AbilityKind::When(ev) => format!("When {}", event(ev)),
        AbilityKind::Static(_) => "While in play".to_string(),
        AbilityKind::React(r, ev) => match r {
            React::Before => format!("Before {}", event(ev)),
            React::Instead => format!("Instead of: {}", event(ev)),
            React::Prevent => format!("Prevent: {}", event(ev)),
            React::Response => format!("Response, after {}", event(ev)),
        },
    };
    if let Some(n) = a.name() {
        head = format!("{} — {head}", n.value);
    }
    // Where the card must lie for the ability to work, when not (only) in play.
    if !a.from().is_empty() {
        let zones: Vec<String> = a.from().iter().map(|z| z.value.replace('_', " ")).collect();
        let _ = write!(head, " (works from {})", zones.join(" or "));
    }
    if let Some(l) = a.limit() {
        let times = match l.value.times {
            1 => "once".to_string(),
            2 => "twice".to_string(),
            n => format!("{n} times"),
        };
        let _ = write!(head, " ({times} per {})", l.value.per);
    }
    let mut body = vec![];
    if let Some(r) = &a.requires {
        body.push(format!("Only if {}.", condition(r)));
    }
    if a.optional().is_some_and(|o| o.value) {
        body.push("You may.".to_string());
    }
    if let Some(u) = &a.used_by {
        body.push(format!("Usable by {}.", condition(u)));
    }
    if let Some(c) = &a.cost {
        body.push(format!("Cost: {}", script(c)));
    }
    if let AbilityKind::Static(s) = &a.kind {
        body.push(script(s));
    }
    if let Some(e) = &a.effect {
        body.push(script(e));
    }
    format!("{head}: {}", body.join(" "))
}

fn script(src: &ScriptSrc) -> String {
    match parse_text(&src.text, Entry::Script, &crate::limits::Limits::DEFAULT) {
        Ok(Parsed::Script(b)) => prose::sentences(&b),
        _ => src.text.trim().to_string(),
    }
}

fn condition(src: &ScriptSrc) -> String {
    match parse_text(&src.text, Entry::Condition, &crate::limits::Limits::DEFAULT) {
        Ok(Parsed::Expr(e, _)) => print::expr(&e),
        _ => src.text.trim().to_string(),
    }
}

/// A trigger pattern reads as written (`an opponent plays a gadget`).
fn event(src: &ScriptSrc) -> String {
    src.text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The lint `twilit::text-numbers` (opt-in: `check --lint text-numbers`): a number the
/// card's printed `text:` states that none of its scripts uses nor any of its printed
/// values that the game's rules read (`read`: `reach::words_read`) holds, or a number its
/// scripts use
/// (other than 0 and 1, which scripts write for "a" and "no") that its text never states.
pub fn text_numbers(c: &Card, read: &[&str]) -> Option<Diagnostic> {
    let text = c.text.as_ref()?;
    let printed = numbers(&text.value);
    let mut used = vec![];
    let scripts = c.play.iter().chain(c.abilities.iter().flat_map(|a| {
        let head = match &a.kind {
            AbilityKind::Static(s) => Some(s),
            _ => None,
        };
        head.into_iter().chain(a.requires.iter()).chain(a.cost.iter()).chain(a.effect.iter())
    }));
    for s in scripts {
        used.extend(numbers(&s.text));
    }
    if used.is_empty() && c.abilities.is_empty() && c.play.is_none() {
        return None;
    }
    // A number the card prints as a value of its own that some rule reads (`bonus: 1`,
    // summed by a rule of the game) is used through it: the text stating it is no
    // mismatch. A value no rule reads (a `cost:` the text also states) is no use of it.
    let held: Vec<i64> = (c.props.iter())
        .filter_map(|(k, v)| match v.value {
            crate::load::Value::Int(n) if read.binary_search(&&*k.value).is_ok() => Some(n),
            _ => None,
        })
        .collect();
    let missing: Vec<i64> = printed.iter().copied().filter(|n| !used.contains(n) && !held.contains(n)).collect();
    let unstated: Vec<i64> = used.iter().copied().filter(|n| *n > 1 && !printed.contains(n)).collect();
    if missing.is_empty() && unstated.is_empty() {
        return None;
    }
    let mut why = vec![];
    if !missing.is_empty() {
        why.push(format!("the text says {} but no script does", list(&missing)));
    }
    if !unstated.is_empty() {
        why.push(format!("the scripts use {} but the text never says it", list(&unstated)));
    }
    let d = Diagnostic::warning("text-numbers", format!("`{}`: {}", c.id.value, why.join("; ")), text.file, text.span)
        .with_help("make the printed text and the scripts agree (or the number is worded, e.g. `twice`)");
    Some(d)
}

/// The whole numbers written in `s` (digits only; a number in a name such as `c10` is not one).
fn numbers(s: &str) -> Vec<i64> {
    let mut out = vec![];
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_')) {
            let start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            let glued = i < b.len() && (b[i].is_ascii_alphabetic() || b[i] == b'_');
            if let (false, Ok(n)) = (glued, s[start..i].parse::<i64>()) {
                if !out.contains(&n) {
                    out.push(n);
                }
            }
        } else {
            i += 1;
        }
    }
    out
}

fn list(ns: &[i64]) -> String {
    ns.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use crate::diag::SourceMap;
    use crate::load::load_bundle;

    const GAME: &str = "game: g\nname: G\nplayers: { min: 2, max: 2 }\n\
        properties:\n  bonus: { type: number, default: 0 }\n\
        counters:\n  health: { on: player, min: 0 }\n";

    /// The lint's message for the one card `card` (a YAML mapping's lines), if any.
    fn lint(card: &str) -> Option<String> {
        let cards = format!("- id: c\n  name: C\n{card}");
        let mut sources = SourceMap::default();
        let files = [("game.yaml", GAME), ("cards.yaml", cards.as_str())];
        let (bundle, load) = load_bundle(std::path::Path::new("g"), &files, &mut sources);
        assert!(load.is_empty(), "{load:#?}");
        let c = bundle.cards.iter().next().expect("the card");
        super::text_numbers(c, &crate::check::reach::words_read(&bundle)).map(|d| d.message)
    }

    #[test]
    fn text_and_scripts_that_agree_say_nothing() {
        assert_eq!(lint("  text: Deal 2 damage.\n  play: remove 2 health\n"), None);
    }

    #[test]
    fn a_number_on_one_side_only_is_named() {
        let m = lint("  text: Deal 3 damage.\n  play: remove 2 health\n").expect("a warning");
        assert_eq!(m, "`c`: the text says 3 but no script does; the scripts use 2 but the text never says it");
    }

    #[test]
    fn a_printed_value_no_rule_reads_is_no_use_of_the_number() {
        // `bonus` is read by no script: the 3 of its text is stated by nothing.
        let m = lint("  text: Deal 3 damage.\n  bonus: 3\n  play: remove 2 health\n").expect("a warning");
        assert!(m.starts_with("`c`: the text says 3 but no script does"), "{m}");
    }

    #[test]
    fn a_number_the_card_prints_as_a_value_is_read_by_its_rules() {
        // A rule reads `bonus` of the card: its text stating 1 is no mismatch (a dice game's
        // keep cards carried their bonuses as values, and each was warned of).
        assert_eq!(lint("  text: +1 on each roll.\n  bonus: 1\n  play: add (bonus of this) health\n"), None);
    }
}
