//! A scenario's action texts — the entries of `expect_actions:` and an `act`'s `action:` —
//! read with the grammar the interpreter writes legal actions in (`ActionText`): the card,
//! faction or ability a text names must exist, be one a player uses (`action:` or
//! `response:`), and be written by name exactly when it has one. Which actions are legal
//! is known only when a step runs; whether a text can ever be one is known from the names.
//! A text of no form of the grammar is left to the run.

use crate::diag::{did_you_mean, Diagnostic};
use crate::engine::action_text::ActionText;
use crate::engine::label;
use crate::load::{Ability, AbilityKind, Act, Game, GameBundle, React, Scenario, Sp, Step};

use super::files::FileChecker;

/// The names an action text may use: the game's abilities, its cards' and its factions'.
struct Names<'b> {
    game: &'b Game,
    bundle: &'b GameBundle,
}

/// A card or faction whose abilities a text names, by its id.
struct Holder<'b> {
    /// `card` or `faction`.
    what: &'static str,
    abilities: &'b [Ability],
}

impl<'b> Names<'b> {
    /// Every card and faction `id` (or a copy's label of it) stands for.
    fn holders(&self, id: &str) -> Vec<Holder<'b>> {
        let base = label::parse(id).map_or(id, |(base, _)| base);
        let b = self.bundle;
        let cards = b.cards.iter().chain(b.factions.iter().flat_map(|f| &f.cards));
        let card = cards.into_iter().find(|c| c.id.value == base);
        let faction = b.factions.iter().find(|f| f.faction.value == id);
        let card = card.map(|c| Holder { what: "card", abilities: &c.abilities });
        card.into_iter().chain(faction.map(|f| Holder { what: "faction", abilities: &f.abilities })).collect()
    }

    /// Every card id (and, for `use`, faction id), for did-you-mean.
    fn ids(&self, factions: bool) -> Vec<&'b str> {
        let b = self.bundle;
        let cards = b.cards.iter().chain(b.factions.iter().flat_map(|f| &f.cards));
        let mut ids: Vec<&str> = cards.into_iter().map(|c| c.id.as_str()).collect();
        if factions {
            ids.extend(b.factions.iter().map(|f| f.faction.as_str()));
        }
        ids
    }
}

/// Whether players use the ability as an action (only those are legal actions).
fn activated(a: &Ability) -> bool {
    matches!(a.kind, AbilityKind::Action(_) | AbilityKind::React(React::Response, _))
}

/// The key of an ability players do not use (`when:`), for messages.
fn kind(a: &Ability) -> &'static str {
    match &a.kind {
        AbilityKind::Action(_) => "action:",
        AbilityKind::When(_) => "when:",
        AbilityKind::Static(_) => "static:",
        AbilityKind::React(r, _) => r.key(),
    }
}

/// How the ability at `i` of `holder` is written (`None` for the game's own).
fn written(holder: Option<&str>, i: usize, a: &Ability) -> String {
    ActionText::ability(holder, a.name().map(|n| n.as_str()), i).to_string()
}

/// The texts of the abilities players use, for a help line.
fn uses(holder: Option<&str>, abilities: &[Ability]) -> String {
    let texts: Vec<String> = (abilities.iter().enumerate())
        .filter(|(_, a)| activated(a))
        .map(|(i, a)| format!("`{}`", written(holder, i, a)))
        .collect();
    match texts.as_slice() {
        [] => "it has no ability a player uses (`action:` or `response:`)".into(),
        _ => format!("its actions are written {}", texts.join(", ")),
    }
}

/// A problem with one text: code, message, help, and the text it likely meant.
struct Found {
    code: &'static str,
    message: String,
    help: String,
    meant: Option<String>,
}

impl Found {
    fn new(code: &'static str, message: String, help: String) -> Self {
        Found { code, message, help, meant: None }
    }

    fn meant(mut self, text: Option<String>) -> Self {
        self.meant = text;
        self
    }
}

impl FileChecker<'_> {
    /// Checks the action texts of a scenario's steps against its game's names.
    pub(super) fn action_texts(&mut self, s: &Scenario, bundle: &GameBundle) {
        let Some(game) = &bundle.game else { return };
        let names = Names { game, bundle };
        for step in &s.steps {
            match step {
                Step::ExpectActions { actions, .. } => {
                    for a in &actions.value {
                        self.action_text(a, &names);
                    }
                }
                Step::Act { action: Act::Action(a), .. } => self.action_text(a, &names),
                _ => {}
            }
        }
    }

    fn action_text(&mut self, entry: &Sp<String>, names: &Names) {
        let text = entry.as_str();
        // A game ability's own name may read as another form (`use x (2)`): it is written so.
        let game_named = |n: &str| names.game.abilities.iter().any(|a| a.name().is_some_and(|x| x.value == n));
        if text.strip_prefix("use ").is_some_and(game_named) {
            return;
        }
        let found = match ActionText::parse(text) {
            // A card its player cannot see, named by its place (`play 2nd of hand of p1`),
            // as their menu and `scenario-from` write it: known only when the step runs.
            Some(ActionText::Play(h) | ActionText::Named(h, _) | ActionText::Nth(h, _)) if by_place(h) => None,
            Some(ActionText::Play(l)) => play(l, names),
            Some(ActionText::Game(n)) => game_ability(n, names),
            Some(ActionText::GameNth(n)) => game_nth(n, names),
            Some(ActionText::Named(h, n)) => named(h, n, names),
            Some(ActionText::Nth(h, n)) => nth(h, n, names),
            None => verbless(text, names),
        };
        let Some(f) = found else { return };
        let mut d = Diagnostic::error(f.code, f.message, entry.file, entry.span).with_help(f.help);
        if let Some(m) = f.meant {
            d.help = Some(format!("did you mean `{m}`?"));
            d.fix = entry_fix(entry, &m).map(Box::new);
        }
        self.diags.push(d);
    }
}

/// A text with neither `play` nor `use` (`raise`): what the game's names make of it, an
/// ability to use or a card to play. The run refuses it too, later.
fn verbless(text: &str, names: &Names) -> Option<Found> {
    let help = "an action is `play ID` or `use NAME`, as `expect_actions` lists them".to_string();
    let game_ability = names.game.abilities.iter().any(|a| a.name().is_some_and(|x| x.value == text));
    // The window's pass, unless the game names one of its abilities so (`use pass`).
    if text == "pass" && !game_ability {
        let help = "the window offers `pass`, and `actions:` never lists it: write `pass: true` (or `false`) beside \
                    `actions:`"
            .to_string();
        return Some(Found::new("unknown-ability", "`pass` is not an action of the list".into(), help));
    }
    let meant = if game_ability {
        Some(format!("use {text}"))
    } else if names.holders(text).iter().any(|h| h.what == "card") {
        Some(format!("play {text}"))
    } else {
        None
    };
    let msg = format!("`{text}` names no action: it has no `play` or `use`");
    Some(Found::new("unknown-ability", msg, help).meant(meant))
}

/// `play LABEL`: the label's card must exist (only cards are played).
/// Whether `holder` names a card by its place, as `show_to` does: `2nd of hand of p1`.
fn by_place(holder: &str) -> bool {
    let Some((nth, rest)) = holder.split_once(' ') else { return false };
    let digits = nth.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    let suffix = &nth[digits.len()..];
    !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && matches!(suffix, "st" | "nd" | "rd" | "th")
        && rest.starts_with("of ")
}

fn play(l: &str, names: &Names) -> Option<Found> {
    let (base, n) = label::parse(l).unwrap_or((l, 1));
    if !names.holders(base).iter().any(|h| h.what == "card") {
        let ids = names.ids(false);
        let meant = did_you_mean(base, ids.iter().copied()).map(|c| ActionText::Play(&label::of(c, n)).to_string());
        let help = if names.bundle.factions.iter().any(|f| f.faction.value == base) {
            format!("`{base}` is a faction: its abilities are written `use {base}: NAME`")
        } else {
            "`play` names a card: its id, or a copy's label (`id#2`)".to_string()
        };
        let msg = format!("unknown card `{base}` in `{}`", ActionText::Play(l));
        return Some(Found::new("unknown-card", msg, help).meant(meant));
    }
    None
}

/// `use NAME`: the game's ability of that name.
fn game_ability(name: &str, names: &Names) -> Option<Found> {
    let holders = names.holders(name);
    if let Some(h) = holders.first() {
        let only: Vec<String> = (h.abilities.iter().enumerate())
            .filter(|(_, a)| activated(a))
            .map(|(i, a)| written(Some(name), i, a))
            .collect();
        let msg = format!("`use {name}` names no ability of the game: `{name}` is a {}", h.what);
        let help = format!(
            "a {}'s ability is written `use {name}: NAME`, or `use {name} (N)` when it has no name; {}",
            h.what,
            uses(Some(name), h.abilities)
        );
        let meant = if only.len() == 1 { only.into_iter().next() } else { None };
        return Some(Found::new("unknown-ability", msg, help).meant(meant));
    }
    let game: Vec<&str> = names.game.abilities.iter().filter_map(|a| a.name()).map(|n| n.as_str()).collect();
    let meant = did_you_mean(name, game.iter().copied()).map(|n| ActionText::Game(n).to_string());
    let help = match game.as_slice() {
        [] => "the game has no named ability; a card's or faction's is written `use ID: NAME`".into(),
        _ => format!("the game's abilities: {}", game.join(", ")),
    };
    Some(Found::new("unknown-ability", format!("the game has no ability `{name}`"), help).meant(meant))
}

/// `use game (N)`: the game's N-th ability, which has no name.
fn game_nth(n: usize, names: &Names) -> Option<Found> {
    let all = &names.game.abilities;
    let text = ActionText::GameNth(n);
    match all.get(n - 1) {
        // Another kind of game ability is the loader's `wrong-type` already.
        Some(a) if a.name().is_none() || !activated(a) => None,
        Some(a) => {
            let name = a.name().map_or("", |n| n.as_str());
            let msg = format!("the game's ability {n} is named `{name}`, so `{text}` is never a legal action");
            Some(Found::new("unknown-ability", msg, uses(None, all)).meant(Some(written(None, n - 1, a))))
        }
        None => {
            let msg =
                format!("the game has no ability {n} (it has {}), so `{text}` is never a legal action", all.len());
            Some(Found::new("unknown-ability", msg, uses(None, all)))
        }
    }
}

/// `use HOLDER: NAME`: an ability of that name, used by players, of the card or faction.
fn named(holder: &str, name: &str, names: &Names) -> Option<Found> {
    let holders = names.holders(holder);
    if holders.is_empty() {
        return Some(unknown_holder(holder, names, |h| ActionText::Named(h, name).to_string()));
    }
    let is_named = |a: &Ability| a.name().is_some_and(|n| n.value == name);
    if holders.iter().any(|h| h.abilities.iter().any(|a| is_named(a) && activated(a))) {
        return None;
    }
    let h = &holders[0];
    let text = ActionText::Named(holder, name);
    let other = holders.iter().flat_map(|h| h.abilities.iter()).find(|a| is_named(a));
    if let Some(a) = other {
        let msg = format!(
            "`{name}` of `{holder}` is a `{}` ability, which players do not use, so `{text}` is never a legal action",
            kind(a)
        );
        let help =
            format!("only `action:` and `response:` abilities are legal actions; {}", uses(Some(holder), h.abilities));
        return Some(Found::new("unknown-ability", msg, help));
    }
    let used: Vec<&str> =
        h.abilities.iter().filter(|a| activated(a)).filter_map(|a| a.name()).map(|n| n.as_str()).collect();
    let meant = did_you_mean(name, used.iter().copied()).map(|n| ActionText::Named(holder, n).to_string());
    let msg = format!("{} `{holder}` has no ability `{name}`", h.what);
    Some(Found::new("unknown-ability", msg, uses(Some(holder), h.abilities)).meant(meant))
}

/// `use HOLDER (N)`: the card's or faction's N-th ability, used by players, without a name.
fn nth(holder: &str, n: usize, names: &Names) -> Option<Found> {
    let holders = names.holders(holder);
    if holders.is_empty() {
        return Some(unknown_holder(holder, names, |h| ActionText::Nth(h, n).to_string()));
    }
    let fits = |a: &Ability| activated(a) && a.name().is_none();
    if holders.iter().any(|h| h.abilities.get(n - 1).is_some_and(fits)) {
        return None;
    }
    let h = &holders[0];
    let text = ActionText::Nth(holder, n);
    let (msg, meant) = match h.abilities.get(n - 1) {
        Some(a) if activated(a) => {
            let name = a.name().map_or("", |n| n.as_str());
            let msg = format!("ability {n} of `{holder}` is named `{name}`, so `{text}` is never a legal action");
            (msg, Some(written(Some(holder), n - 1, a)))
        }
        Some(a) => {
            let msg = format!(
                "ability {n} of `{holder}` is a `{}` ability, which players do not use, so `{text}` is never a legal action",
                kind(a)
            );
            (msg, None)
        }
        None => (
            format!(
                "{} `{holder}` has no ability {n} (it has {}), so `{text}` is never a legal action",
                h.what,
                h.abilities.len()
            ),
            None,
        ),
    };
    Some(Found::new("unknown-ability", msg, uses(Some(holder), h.abilities)).meant(meant))
}

/// A `use` text whose holder is no card or faction; `rewrite` writes it with another.
fn unknown_holder(holder: &str, names: &Names, rewrite: impl Fn(&str) -> String) -> Found {
    let ids = names.ids(true);
    let (base, n) = label::parse(holder).unwrap_or((holder, 1));
    let meant = did_you_mean(base, ids.iter().copied()).map(|c| rewrite(&label::of(c, n)));
    let help = "`use ID: NAME` names a card (or a copy's label, `id#2`) or a faction, and one of its abilities".into();
    let msg = format!("unknown card or faction `{base}` in `{}`", rewrite(holder));
    Found::new("unknown-card", msg, help).meant(meant)
}

/// The fix that writes `meant` in place of the entry: quoted unless it stays a plain word
/// list as the entry was; none when the file does not hold the entry as written (escapes).
fn entry_fix(entry: &Sp<String>, meant: &str) -> Option<String> {
    let (len, value) = (entry.span.end() - entry.span.start(), entry.value.len());
    let plain_safe = meant.chars().all(|c| c.is_alphanumeric() || "_#() ".contains(c));
    if meant.contains(['"', '\\']) || meant.chars().any(char::is_control) {
        return None;
    }
    match len {
        _ if len == value && plain_safe => Some(meant.to_string()),
        _ if len == value || len == value + 2 => Some(format!("\"{meant}\"")),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use crate::diag::{Diagnostic, SourceMap};
    use crate::load::{load_bundle, Library};

    const GAME: &str = "game: g\nname: G\nplayers: { min: 2, max: 2 }\n\
        zones:\n  hand: { per: player, playable: true }\nplay: pass\n\
        abilities:\n  - { name: nap, action: any, effect: pass }\n  - { action: any, effect: pass }\n";
    const CARDS: &str = "- id: lamp\n  name: Lamp\n  abilities:\n    - { name: shine, action: any, effect: pass }\n\
        - id: mug\n  name: Mug\n  abilities:\n    - { action: any, effect: pass }\n";
    const FACTION: &str = "faction: guild\nname: Guild\nabilities:\n  - { name: trade, action: any, effect: pass }\n";

    /// The diagnostics of a scenario whose one `expect_actions` lists `actions` (YAML).
    fn check(actions: &str) -> (String, Vec<Diagnostic>) {
        let s = format!(
            "scenario: s\ngame: g\nplayers: [{{ name: alice, faction: guild }}, {{ name: bob }}]\n\
             steps:\n  - expect_actions: {{ player: alice, actions: {actions} }}\n"
        );
        let mut sources = SourceMap::default();
        let files = [("game.yaml", GAME), ("cards.yaml", CARDS), ("guild.yaml", FACTION), ("s.yaml", s.as_str())];
        let (bundle, load) = load_bundle(std::path::Path::new("g"), &files, &mut sources);
        assert!(load.is_empty(), "{load:#?}");
        (s, crate::check::check_library(&Library { games: vec![bundle] }).diags)
    }

    #[test]
    fn texts_that_may_be_legal_are_not_reported() {
        let fine = "[play lamp, play mug#2, use nap, use game (2), \"use lamp: shine\", use mug (1), \
                    \"use guild: trade\"]";
        let (_, diags) = check(fine);
        assert!(diags.is_empty(), "{diags:#?}");
    }

    /// A text with neither `play` nor `use` is never among the legal actions: `pass` is the
    /// window's, not the list's, and an ability's bare name needs its `use`.
    #[test]
    fn texts_without_play_or_use_are_reported() {
        let (_, diags) = check("[pass, nap, lamp, run a script]");
        let said: Vec<(&str, Option<&str>)> = diags.iter().map(|d| (d.message.as_str(), d.help.as_deref())).collect();
        assert_eq!(said.len(), 4, "{said:#?}");
        assert_eq!(said[0].0, "`pass` is not an action of the list");
        assert_eq!(said[1], ("`nap` names no action: it has no `play` or `use`", Some("did you mean `use nap`?")));
        assert_eq!(said[2].1, Some("did you mean `play lamp`?"));
        assert_eq!(said[3].0, "`run a script` names no action: it has no `play` or `use`");
    }

    #[test]
    fn each_fix_is_written_in_place_and_checks_clean() {
        let cases = [
            ("[play lamb]", "play lamb", "play lamp"),
            ("[\"use lamp: shin\"]", "\"use lamp: shin\"", "\"use lamp: shine\""),
            ("['use lanp: shine']", "'use lanp: shine'", "\"use lamp: shine\""),
            // A named ability by number: the fix holds `: `, so it is quoted.
            ("[use lamp (1)]", "use lamp (1)", "\"use lamp: shine\""),
            ("[use game (1)]", "use game (1)", "use nap"),
            ("[use nop]", "use nop", "use nap"),
        ];
        for (actions, at, fix) in cases {
            let (text, diags) = check(actions);
            assert_eq!(diags.len(), 1, "{actions}: {diags:#?}");
            let span = diags[0].labels[0].span.clone();
            assert_eq!(&text[span.clone()], at);
            assert_eq!(diags[0].fix.as_deref().map(String::as_str), Some(fix), "{actions}");
            let fixed = actions.replacen(at, fix, 1);
            let (_, after) = check(&fixed);
            assert!(after.is_empty(), "{fixed}: {after:#?}");
        }
    }

    #[test]
    fn an_escaped_entry_gets_no_fix() {
        let (_, diags) = check("[\"play\\x20lamb\"]");
        assert_eq!(diags.len(), 1, "{diags:#?}");
        assert_eq!(diags[0].help.as_deref(), Some("did you mean `play lamp`?"));
        assert_eq!(diags[0].fix, None);
    }
}
