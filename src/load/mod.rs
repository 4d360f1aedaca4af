//! Loading: YAML files into typed definitions. The only module that touches the YAML
//! crate (serde-saphyr's event parser, in `yaml.rs`).
//!
//! Stages: `walk` finds the files the paths name and the rest of their games; `files`
//! reads them and groups them by game; `yaml` parses a file
//! into a spanned tree (`Node`), enforcing resource limits; `game`, `card` and `scenario`
//! convert the tree by hand into the `model` types, collecting every error of a file;
//! `scalar` keeps script fields as `ScriptSrc`, which maps script offsets to file offsets.
//!
//! Diagnostic codes produced here: `yaml-syntax`, `unknown-field`, `duplicate-key`,
//! `duplicate-id`, `missing-field`, `wrong-type`, `invalid-utf8`, `empty-file`,
//! `too-large`, `too-deep`, `no-game`, `misplaced-file`, `encoding`, `yaml-tag`,
//! `reordering-character`, `out-of-range` and `io` (see [`is_io_error`]).

mod ability;
mod board;
mod card;
mod cardlist;
mod convert;
pub(crate) mod fields;
mod files;
mod game;
mod game_shape;
pub mod model;
mod overlay;
mod scalar;
mod scenario;
mod scenario_shape;
mod walk;
mod whole;
pub mod yaml;

pub use crate::text::{Text, Texts};
pub(crate) use card::{CARD_SHAPE, PERIODS};
pub use cardlist::Cards;
pub(crate) use files::read_at_most;
pub use files::{
    canonical, game_dir_of, load_bundle, load_bundle_with, load_named, load_named_over, load_paths, load_paths_with,
    GameFiles, Named, GAME_FILE,
};
pub use model::*;
pub use overlay::Overlay;
pub(crate) use scenario::CHOICES;

pub use yaml::MAX_DEPTH;

use convert::{head, Cx};
use fields::{Shape, Ty};
use yaml::{Node, NodeKind};

use crate::diag::{did_you_mean, Diagnostic, FileId};
use crate::limits::Limits;

/// The code of diagnostics for paths that cannot be read (the CLI exits 2 on them).
pub const IO_CODE: &str = "twilit::io";

/// True for an I/O diagnostic (a missing or unreadable path).
pub fn is_io_error(d: &Diagnostic) -> bool {
    d.code == IO_CODE
}

fields::fields!(
    /// The top-level keys that tell what a file holds, in the order they are tried.
    KIND_KEYS, KINDS = [
    "scenario": Ty::Obj(&scenario::SCENARIO_SHAPE) => "A scenario (`twilit test`).",
    "faction": Ty::Obj(&card::FACTION_SHAPE) => "A faction.",
    "game": Ty::Obj(&game::GAME_SHAPE) => "A game's ruleset (`game.yaml`).",
    "cards": Ty::Obj(&CARD_SET_SHAPE) => "A card set: `cards: [...]`.",
    "id": Ty::Obj(&card::CARD_SHAPE) => "One card.",
]);
fields::fields!(pub(crate) CARD_SET_FIELDS, CARD_SET = [
    "cards": Ty::List(&Ty::Obj(&card::CARD_SHAPE)) => "The cards of this file.",
]);
const CARD_SET_SHAPE: Shape = Shape::closed("card_set", "A card set: a mapping with `cards:`.", CARD_SET);

/// Parses one file's text and converts it by its top-level shape.
pub fn load_source(file: FileId, text: &str) -> (Option<Item>, Vec<Diagnostic>) {
    load_source_in(file, text, &mut Texts::default())
}

/// Like `load_source`, sharing script texts with the files converted before it in `texts`.
pub fn load_source_in(file: FileId, text: &str, texts: &mut Texts) -> (Option<Item>, Vec<Diagnostic>) {
    load_source_with(file, text, texts, &Limits::DEFAULT)
}

/// `load_source_in` under the caller's limits.
pub fn load_source_with(
    file: FileId,
    text: &str,
    texts: &mut Texts,
    limits: &Limits,
) -> (Option<Item>, Vec<Diagnostic>) {
    let (root, mut diags) = yaml::parse_with(file, text, limits);
    reordering(file, text, &mut diags);
    let Some(root) = root else { return (None, diags) };
    let mut cx = Cx::new(file, text);
    cx.limits = *limits;
    cx.texts = std::mem::take(texts);
    let item = item(&mut cx, &root);
    // The tree goes before the next file's is built.
    drop(root);
    *texts = std::mem::take(&mut cx.texts);
    diags.extend(cx.diags);
    (item, diags)
}

/// Most direction overrides reported per file; the rest are one more of the same.
const MAX_REORDERING: usize = 8;

/// Warns of every character that reorders the text shown after it ("Trojan Source"): an
/// editor shows such a line differently from how Twilit reads it, in a comment as
/// anywhere else. Legitimate right-to-left text needs none of them.
fn reordering(file: FileId, text: &str, diags: &mut Vec<Diagnostic>) {
    if text.is_ascii() {
        return;
    }
    let found = text.char_indices().filter(|(_, c)| crate::diag::chars::reorders(*c));
    for (i, c) in found.take(MAX_REORDERING) {
        let Some(o) = crate::diag::chars::odd(c) else { continue };
        let msg = format!("U+{:04X} {} makes editors show this line reordered", u32::from(c), o.name);
        let d = Diagnostic::warning("reordering-character", msg, file, i..i + c.len_utf8())
            .with_label("an invisible direction override")
            .with_help(
                "delete it: what an editor shows is not what Twilit reads (right-to-left text needs no override)",
            );
        diags.push(d);
    }
}

/// Tells the kind of a file from its top-level shape and converts it.
fn item(cx: &mut Cx, root: &Node) -> Option<Item> {
    let entries = match &root.kind {
        NodeKind::Seq(_) => return Some(Item::Cards(card::cards(cx, root))),
        NodeKind::Map(e) => e,
        NodeKind::Invalid => return None,
        NodeKind::Scalar(_) => {
            let what = "a file";
            cx.wrong_type(root, what, "a mapping (a game, faction, scenario or card) or a list of cards");
            return None;
        }
    };
    let has = |k: &str| entries.iter().any(|(key, _)| key.text() == Some(k));
    match KIND_KEYS.iter().find(|k| has(k)) {
        Some(&"scenario") => scenario::scenario(cx, root).map(|s| Item::Scenario(Box::new(s))),
        Some(&"faction") => card::faction(cx, root).map(|f| Item::Faction(Box::new(f))),
        Some(&"game") => game::game(cx, root).map(|g| Item::Game(Box::new(g))),
        Some(&"cards") => Some(Item::Cards(card_set(cx, entries))),
        Some(_) => card::card(cx, root).map(|c| Item::Cards(vec![c])),
        None => {
            unknown_kind(cx, root, entries);
            None
        }
    }
}

/// A mapping `cards: [...]`.
fn card_set(cx: &mut Cx, entries: convert::Entries<'_>) -> Vec<Card> {
    let mut out = Vec::new();
    cx.fields(entries, "a card set", CARD_SET_FIELDS, |cx, _, v| out = card::cards(cx, v));
    out
}

/// Fields only one kind of file has, and the key that kind needs: a file of `steps:` is a
/// scenario whatever else it got wrong. (`zones:`, `counters:` and `turn:` are a faction's
/// too.)
const TELLTALES: &[(&str, &str)] = &[("steps", "scenario"), ("decks", "game")];

fn unknown_kind(cx: &mut Cx, root: &Node, entries: convert::Entries<'_>) {
    let keys = || entries.iter().filter_map(|(k, _)| k.text());
    let telltale = keys()
        .find_map(|k| TELLTALES.iter().find(|(t, _)| *t == k))
        .map(|(t, kind)| format!("a file with `{t}:` is a {kind}: name it with `{kind}: NAME`"));
    let hint = telltale.or_else(|| {
        keys().find_map(|k| {
            did_you_mean(k, KIND_KEYS.iter().copied()).map(|m| format!("did you mean `{m}` instead of `{k}`?"))
        })
    });
    let msg = "cannot tell what this file holds";
    let d = Diagnostic::error("missing-field", msg, cx.file, head(root))
        .with_label("no `game`, `faction`, `scenario`, `cards` or `id` key")
        .with_help(hint.unwrap_or_else(|| {
            "a file holds a game (`game:`), a faction (`faction:`), a scenario (`scenario:`), \
             one card (`id:`) or a list of cards"
                .into()
        }));
    cx.diags.push(d);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(src: &str) -> (&'static str, Vec<String>) {
        let (item, diags) = load_source(FileId(0), src);
        let k = match item {
            Some(Item::Game(_)) => "game",
            Some(Item::Faction(_)) => "faction",
            Some(Item::Cards(_)) => "cards",
            Some(Item::Scenario(_)) => "scenario",
            None => "none",
        };
        (k, diags.into_iter().map(|d| d.code).collect())
    }

    #[test]
    fn the_top_level_shape_tells_the_kind() {
        assert_eq!(kind("game: g\nname: G\nplayers: {min: 1, max: 2}\n").0, "game");
        assert_eq!(kind("faction: f\nname: F\n").0, "faction");
        assert_eq!(kind("scenario: s\ngame: g\nplayers: [{name: a}]\n").0, "scenario");
        assert_eq!(kind("cards:\n  - {id: a, name: A}\n").0, "cards");
        assert_eq!(kind("id: a\nname: A\n").0, "cards");
        assert_eq!(kind("- {id: a, name: A}\n").0, "cards");
        assert_eq!(kind("just text\n"), ("none", vec!["twilit::wrong-type".to_string()]));
        // A scenario's telltale field names its kind, where `name:` alone looked like `game:`.
        let (_, diags) = load_source(FileId(0), "name: s\nplayers: [{name: a}]\nsteps: []\n");
        let help = diags[0].help.as_deref().unwrap();
        assert_eq!(help, "a file with `steps:` is a scenario: name it with `scenario: NAME`");
        let (_, diags) = load_source(FileId(0), "gmae: g\nplayers: {min: 1, max: 2}\n");
        assert_eq!(diags[0].help.as_deref(), Some("did you mean `game` instead of `gmae`?"));
        // Fields a game and a faction share tell nothing: the misspelled key does.
        let (_, diags) = load_source(FileId(0), "factoin: voles\nname: Voles\ncounters: { gold: { on: player } }\n");
        assert_eq!(diags[0].help.as_deref(), Some("did you mean `faction` instead of `factoin`?"));
        // An ability's field is pointed under `abilities:` only where the mapping has them.
        let game = "game: g\nname: G\nplayers: {min: 1, max: 2}\nzones:\n  hand: { per: player, cost: 5 }\n";
        let (_, diags) = load_source(FileId(0), game);
        assert!(!diags[0].help.as_deref().unwrap_or_default().contains("field of an ability"), "{diags:?}");
        let (k, codes) = kind("factoin: f\nname: F\n");
        assert_eq!((k, codes.as_slice()), ("none", ["twilit::missing-field".to_string()].as_slice()));
        let (_, diags) = load_source(FileId(0), "factoin: f\n");
        assert_eq!(diags[0].help.as_deref(), Some("did you mean `faction` instead of `factoin`?"));
    }

    #[test]
    fn unknown_field_gets_did_you_mean() {
        let src =
            "- id: scout\n  name: Scout\n  abilities:\n    - action: main\n      effect: draw 1\n      requries: x\n";
        let (_, diags) = load_source(FileId(0), src);
        assert_eq!(diags.len(), 1);
        assert_eq!(diags[0].code, "twilit::unknown-field");
        assert_eq!(&src[diags[0].labels[0].span.clone()], "requries");
        assert_eq!(diags[0].help.as_deref(), Some("did you mean `requires`?"));
    }

    #[test]
    fn io_errors_are_recognisable() {
        let d = Diagnostic::error("io", "cannot read", FileId(0), 0..0);
        assert!(is_io_error(&d));
    }
}
