//! The whole-game fields of `game.yaml`: `result:`, `decks:`, `variables:`, `defaults:`
//! and `match:`: their types and their conversion from YAML.

use super::convert::{head, Cx};
use super::fields::{fields, Shape, Ty, Words};
use super::model::{ScriptSrc, Sp};
use super::yaml::{Node, NodeKind};
use crate::diag::Span;

fields!(pub(crate) DEFAULTS_FIELDS, DEFAULTS = [
    "draw_from": Ty::Name(&[Words::Zone]) => "The zone `draw N` takes from (also what a bare `shuffle` shuffles).",
    "draw_into": Ty::Name(&[Words::Zone]) => "Where drawn cards go (also where `take ... to PLAYER` puts things).",
    "discard_into": Ty::Name(&[Words::Zone]) => "Where `discard X` puts X.",
]);
/// `defaults:`.
pub(super) const DEFAULTS_SHAPE: Shape =
    Shape::closed("defaults", "The zones verbs use when a script names none.", DEFAULTS);

fields!(pub(crate) RESULT_FIELDS, RESULT = [
    "winners" required: Ty::Script("expr") => "Expr: the winning player(s); none or nobody is a draw.",
    "losers": Ty::Script("expr") => "Expr: the losing player(s); without it, everyone but the winners (nobody when nobody won: a draw).",
    "scores": Ty::Script("expr") => "Expr: each player's score (`it` = the player).",
]);
/// `result:`.
pub(super) const RESULT_SHAPE: Shape = Shape::closed("result", "What a finished game's result is.", RESULT);

fields!(pub(crate) DECK_FIELDS, DECK = [
    "zone" required: Ty::Name(&[Words::Zone]) => "Where the cards start.",
    "cards" required: Ty::Either(&[
        Ty::Choice(&DECK_ALL),
        Ty::List(&Ty::Name(&[Words::Card])),
        Ty::Named(&Ty::AtLeast(0)),
    ]) => "`all`, a list of card ids (each `copies:` times), or card ids with how many of each (`{ copper: 7 }`).",
]);
/// The one word `cards:` of a deck takes besides a list.
const DECK_ALL: [&str; 1] = ["all"];
/// An entry of `decks:`.
pub(super) const DECK_SHAPE: Shape = Shape::closed("deck", "Where a whole game's cards start.", DECK);

fields!(pub(crate) VAR_FIELDS, VAR = [
    "type" required: Ty::Text => "A parameter type: `player`, `number`, `bool`, ...",
    "start": Ty::Script("expr") => "Expr computed as a game starts (none when absent).",
]);
/// A variable.
pub(super) const VAR_SHAPE: Shape = Shape::closed("variable", "A game variable.", VAR);

fields!(pub(crate) MATCH_FIELDS, MATCH = [
    "after": Ty::Script("script") => "Script run as each game ends (before `until:` is read).",
    "until" required: Ty::Script("condition") => "Condition: the match is over (else the next game is dealt).",
    "keep": Ty::List(&Ty::Name(&[Words::Counter])) =>
        "Counters (of players and of the game) carried into the next game.",
]);
/// `match:`.
pub(super) const MATCH_SHAPE: Shape =
    Shape::closed("match", "Games dealt one after another until a condition holds.", MATCH);

/// `defaults:` which zones `draw`, `discard`, `take` and a bare `shuffle` use when a
/// script names none (there is no built-in `deck` or `hand`).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Defaults {
    /// `draw_from:` the zone `draw N` takes from (also what a bare `shuffle` shuffles).
    pub draw_from: Option<Sp<String>>,
    /// `draw_into:` where drawn cards go (also where `take ... to PLAYER` puts things).
    pub draw_into: Option<Sp<String>>,
    /// `discard_into:` where `discard X` puts X (its owner's, or the shared one).
    pub discard_into: Option<Sp<String>>,
}

/// `match:` games dealt one after another until a condition holds.
#[derive(Debug, Clone, PartialEq)]
pub struct MatchSpec {
    /// `after:` script run as each game ends (before `until:` is read).
    pub after: Option<ScriptSrc>,
    /// `until:` condition: the match is over (else the next game is dealt).
    pub until: Option<ScriptSrc>,
    /// `keep:` counters (of players and of the game) carried into the next game.
    pub keep: Vec<Sp<String>>,
    /// The mapping.
    pub span: Span,
}

/// `result:` what a finished game's result is.
#[derive(Debug, Clone, PartialEq)]
pub struct ResultSpec {
    /// `winners:` expr: the winning players (none or empty: a draw).
    pub winners: Option<ScriptSrc>,
    /// `losers:` expr: the losing players (absent: everyone but the winners, if any).
    pub losers: Option<ScriptSrc>,
    /// `scores:` expr read for each player (`it`).
    pub scores: Option<ScriptSrc>,
    /// The mapping.
    pub span: Span,
}

/// Which cards a deck list holds.
#[derive(Debug, Clone, PartialEq)]
pub enum DeckCards {
    /// Every card (a faction card only to its faction's player).
    All,
    /// These card ids (each `copies:` times).
    Ids(Vec<Sp<String>>),
    /// These card ids, each this many times (`{ copper: 7, estate: 3 }`): a card's
    /// `copies:` is one number, and a starting deck and a supply want others.
    Counted(Vec<(Sp<String>, Sp<i64>)>),
}

/// One entry of `decks:`: `{ zone, cards }`.
#[derive(Debug, Clone, PartialEq)]
pub struct DeckSpec {
    /// `zone:` where the cards start.
    pub zone: Sp<String>,
    /// `cards:`.
    pub cards: DeckCards,
    /// The mapping.
    pub span: Span,
}

/// One declared game variable: `name: { type, start }`.
#[derive(Debug, Clone, PartialEq)]
pub struct VarSpec {
    /// Its name.
    pub name: Sp<String>,
    /// `type:` a parameter type (`player`, `number`, ...), checked by the checker.
    pub ty: Sp<String>,
    /// `start:` expr, computed as a game starts (none when absent).
    pub start: Option<ScriptSrc>,
    /// The mapping.
    pub span: Span,
}

pub fn result(cx: &mut Cx, node: &Node) -> Option<ResultSpec> {
    let entries = cx.entries(node, "`result`")?;
    let mut r = ResultSpec { winners: None, losers: None, scores: None, span: node.span.clone() };
    cx.fields(entries, "`result`", RESULT_FIELDS, |cx, k, v| match k {
        "winners" => r.winners = cx.script(v, "`winners`"),
        "losers" => r.losers = cx.script(v, "`losers`"),
        _ => r.scores = cx.script(v, "`scores`"),
    });
    if r.winners.is_none() {
        cx.check_present(node, "winners", "`result`");
    }
    Some(r)
}

pub fn match_spec(cx: &mut Cx, node: &Node) -> Option<MatchSpec> {
    let entries = cx.entries(node, "`match`")?;
    let mut m = MatchSpec { after: None, until: None, keep: vec![], span: node.span.clone() };
    cx.fields(entries, "`match`", MATCH_FIELDS, |cx, k, v| match k {
        "after" => m.after = cx.script(v, "`after`"),
        "until" => m.until = cx.script(v, "`until`"),
        _ => m.keep = cx.names(v, "`keep`"),
    });
    if m.until.is_none() {
        cx.check_present(node, "until", "`match`");
    }
    Some(m)
}

pub fn defaults(cx: &mut Cx, node: &Node) -> Defaults {
    let mut d = Defaults::default();
    let Some(entries) = cx.entries(node, "`defaults`") else { return d };
    cx.fields(entries, "`defaults`", DEFAULTS_FIELDS, |cx, k, v| {
        let zone = cx.string(v, &format!("`{k}`"));
        match k {
            "draw_from" => d.draw_from = zone,
            "draw_into" => d.draw_into = zone,
            _ => d.discard_into = zone,
        }
    });
    d
}

pub fn deck(cx: &mut Cx, node: &Node) -> Option<DeckSpec> {
    let entries = cx.entries(node, "an entry of `decks`")?;
    let (mut zone, mut cards) = (None, None);
    cx.fields(entries, "an entry of `decks`", DECK_FIELDS, |cx, k, v| match k {
        "zone" => zone = cx.string(v, "`zone`"),
        _ => {
            cards = match &v.kind {
                NodeKind::Seq(_) => Some(DeckCards::Ids(cx.names(v, "`cards`"))),
                NodeKind::Map(_) => {
                    let max = cx.limits.copies as i64;
                    let why = format!("a deck holds 0 to {max} copies of a card");
                    Some(DeckCards::Counted(
                        cx.named(v, "`cards`", |cx, id, n| Some((id, cx.int_in(n, "a card's count", 0, max, &why)?))),
                    ))
                }
                _ => cx.choice(v, "`cards`", &[(DECK_ALL[0], ())]).map(|_| DeckCards::All),
            }
        }
    });
    let zone = cx.required(zone, node, "zone", "an entry of `decks`");
    if cards.is_none() {
        cx.check_present(node, "cards", "an entry of `decks`");
    }
    Some(DeckSpec { zone, cards: cards.unwrap_or(DeckCards::All), span: node.span.clone() })
}

pub fn variable(cx: &mut Cx, name: Sp<String>, node: &Node) -> Option<VarSpec> {
    let what = format!("variable `{}`", name.value);
    let entries = cx.entries(node, &what)?;
    let mut v = VarSpec { name, ty: Sp::new(String::new(), cx.file, head(node)), start: None, span: node.span.clone() };
    let mut ty = None;
    cx.fields(entries, &what, VAR_FIELDS, |cx, k, n| match k {
        "type" => ty = cx.string(n, "`type`"),
        _ => v.start = cx.script(n, "`start`"),
    });
    v.ty = cx.required(ty, node, "type", &what);
    Some(v)
}
