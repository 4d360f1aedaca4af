//! A person's answer to a question at the table (`human.rs`): numbers from 1, an
//! option's text or the start of only one, several separated by commas; each mistake
//! said so that the person can answer again.

use crate::interp::Ask;

/// The options an answer picks: numbers from 1, or one option's text (exactly, or a
/// start only one option has), any case.
pub(super) fn parse_answer(line: &str, ask: &Ask) -> Result<Vec<usize>, String> {
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
pub(super) fn numbers_of(ask: &Ask) -> Option<Vec<i64>> {
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
