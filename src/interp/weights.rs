//! Weights of the random agent (`--weight NAME=N`): how much likelier it takes some
//! actions than others. A designer whose random players pass as often as they attack
//! learns little from `simulate` about a war game; `--weight pass=0 --weight attack=3`
//! makes them fight. Names are resolved once against the rules into per-card and
//! per-ability numbers, so a draw reads numbers only.
//!
//! Invariant: with every weight 1 (nothing given), a weighted draw takes the same
//! options with the same draws of the generator as the uniform one (`Sampler::Uniform`).

use crate::engine::Kind;

use super::actions::{Action, Source};
use super::{Interp, Rules};

/// The names `--weight` takes besides the rules' own: passing, and any card's play.
pub const PASS: &str = "pass";
/// See `PASS`.
pub const PLAY: &str = "play";

/// The most a weight may be: the sum over a window's options stays far inside a `u64`.
pub const MAX_WEIGHT: u32 = 1_000_000;

/// The random agent's weights, resolved against one ruleset.
#[derive(Debug, Clone)]
pub struct Weights {
    /// Declining to act in a window.
    pass: u32,
    /// Per card kind: its play, and each of its abilities in order.
    cards: Vec<(u32, Vec<u32>)>,
    /// Per faction: each of its abilities.
    factions: Vec<Vec<u32>>,
    /// Each of the game's own abilities.
    game: Vec<u32>,
    /// The weights as given (`NAME`, `N`), in order: what the output says was used.
    given: Vec<(String, u32)>,
}

impl Weights {
    /// Resolves `given` against `rules`: each name is `pass`, `play` (every card's play),
    /// a card's id (its play and its abilities without a name given), or an ability's
    /// `name:` (every ability of that name). A name given twice takes the last weight.
    /// `Err` names what is unknown, with the likeliest name meant.
    pub fn new(rules: &Rules, given: &[(String, u32)]) -> Result<Weights, String> {
        let weight = |name: &str| given.iter().rev().find(|(n, _)| n == name).map(|&(_, w)| w);
        for (name, w) in given {
            if *w > MAX_WEIGHT {
                return Err(format!("--weight {name}={w}: a weight is at most {MAX_WEIGHT}"));
            }
            if !known(rules, name) {
                let names = all_names(rules);
                let hint = crate::diag::did_you_mean(name, names.iter().map(String::as_str))
                    .map(|s| format!("; did you mean `{s}`?"))
                    .unwrap_or_default();
                return Err(format!(
                    "--weight {name}: the game has no ability a player uses or card `{name}` (weights name the \
                     `name:` of an `action:` or `response:` ability, a card's id, `pass` or `play`){hint}"
                ));
            }
        }
        let play = weight(PLAY).unwrap_or(1);
        let ability = |a: &super::defs::AbilityDef, or: u32| a.name.as_deref().and_then(weight).unwrap_or(or);
        // A card's weight is its play's and that of its abilities with no name of their own.
        let of_card = |a: &super::defs::AbilityDef, own: Option<u32>| match &a.name {
            Some(_) => ability(a, 1),
            None => own.unwrap_or(1),
        };
        let cards = (rules.cards.iter())
            .map(|c| {
                let own = weight(&c.id);
                (own.unwrap_or(play), c.abilities.iter().map(|a| of_card(a, own)).collect())
            })
            .collect();
        let factions = rules.factions.iter().map(|f| f.abilities.iter().map(|a| ability(a, 1)).collect()).collect();
        let game = rules.abilities.iter().map(|a| ability(a, 1)).collect();
        Ok(Weights { pass: weight(PASS).unwrap_or(1), cards, factions, game, given: given.to_vec() })
    }

    /// The weights as given, in order.
    pub fn given(&self) -> &[(String, u32)] {
        &self.given
    }
}

/// Whether `name` is one `--weight` takes.
fn known(rules: &Rules, name: &str) -> bool {
    name == PASS || name == PLAY || all_names(rules).iter().any(|n| n == name)
}

/// The cards' ids and the names of the abilities a player uses (`action:`, `response:`) of
/// `rules`: a triggered ability is never drawn, so a weight of it would weigh nothing.
fn all_names(rules: &Rules) -> Vec<String> {
    let used = |a: &super::defs::AbilityDef| {
        matches!(a.head, super::defs::Head::Action(_) | super::defs::Head::React(crate::load::React::Response, _))
    };
    let named = |a: &super::defs::AbilityDef| a.name.clone().filter(|_| used(a));
    let mut names: Vec<String> = rules.cards.iter().map(|c| c.id.clone()).collect();
    names.extend(rules.cards.iter().flat_map(|c| c.abilities.iter().filter_map(named)));
    names.extend(rules.factions.iter().flat_map(|f| f.abilities.iter().filter_map(named)));
    names.extend(rules.abilities.iter().filter_map(named));
    names.extend([PASS.to_string(), PLAY.to_string()]);
    names
}

impl Interp<'_> {
    /// The option `Sampler::Weighted` draws among the pass (when `first` is 1) and `pool`:
    /// an index as `sample_and_act` counts them. Options of weight 0 are drawn only when
    /// all that are left weigh 0, then uniformly.
    pub(super) fn weighted_pick(&mut self, w: &Weights, first: usize, pool: &[Action]) -> usize {
        let pass = if first == 1 { u64::from(w.pass) } else { 0 };
        let total = pass + pool.iter().map(|a| u64::from(self.weight_of(w, a))).sum::<u64>();
        if total == 0 {
            return self.w.state.rng.below((first + pool.len()) as u64) as usize;
        }
        let mut r = self.w.state.rng.below(total);
        if r < pass {
            return 0;
        }
        r -= pass;
        for (i, a) in pool.iter().enumerate() {
            let x = u64::from(self.weight_of(w, a));
            if r < x {
                return first + i;
            }
            r -= x;
        }
        first + pool.len() - 1
    }

    /// The weight of action `a`: its card's or ability's, 1 for what no name reaches.
    fn weight_of(&self, w: &Weights, a: &Action) -> u32 {
        let card = |e: crate::engine::EntId| match self.w.state.ents[e].kind {
            Kind::Card(c) => w.cards.get(c),
            Kind::Piece(_) => None,
        };
        let found = match *a {
            Action::Play(e) => card(e).map(|c| c.0),
            Action::Use(Source::Card(e), Some(i)) => card(e).and_then(|c| c.1.get(i).copied()),
            Action::Use(Source::Game(_), Some(i)) => w.game.get(i).copied(),
            Action::Use(Source::Faction(p), Some(i)) => {
                let f = self.kept.factions.get(p).copied().flatten();
                f.and_then(|f| w.factions.get(f)).and_then(|abilities| abilities.get(i).copied())
            }
            Action::Use(_, None) | Action::Script(_) => None,
        };
        found.unwrap_or(1)
    }
}
