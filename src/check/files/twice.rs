//! Names a list must hold once: two phases of the game's turn (both run each turn, and
//! `action:`, `advance:` and `until end of` cannot tell them apart), two steps of one
//! phase, and two abilities a player uses (`action:`, `response:`) of the game or of one
//! faction named alike (offered as the same `use NAME`, and an `act: { use: NAME }`
//! reaches only the first). A faction's phases are not checked: each entry adds scripts to
//! the game's phase of its name, and two entries of one name add to the same phase.

use crate::diag::Diagnostic;
use crate::load::{Ability, AbilityKind, React, Sp, Turn};

use super::FileChecker;

impl FileChecker<'_> {
    /// A turn's phases, and each phase's steps, named once.
    pub fn phases_once(&mut self, t: &Option<Turn>) {
        let Some(t) = t else { return };
        let why = "both run every turn, and `action:`, `advance:` and `until end of` cannot tell them apart";
        self.once(t.phases.iter().map(|p| &p.name), "phase", why);
        for p in &t.phases {
            self.once(p.steps.iter(), "step", "`action:` and `advance:` cannot tell them apart");
        }
    }

    /// The abilities of the game or of one faction that a player uses, each name given
    /// once (a triggered ability's name is only its name in the log).
    pub fn abilities_once(&mut self, abilities: &[Ability]) {
        let why = "both are offered as the same `use` line, and `act: { use: ... }` reaches only the first";
        let used = |a: &&Ability| matches!(a.kind, AbilityKind::Action(_) | AbilityKind::React(React::Response, _));
        self.once(abilities.iter().filter(used).filter_map(Ability::name), "ability", why);
    }

    /// A `duplicate-name` error at each name of `names` given before.
    fn once<'n>(&mut self, names: impl Iterator<Item = &'n Sp<String>>, what: &str, why: &str) {
        let mut seen: Vec<&Sp<String>> = vec![];
        for n in names {
            if n.is_missing() {
                continue;
            }
            match seen.iter().find(|s| s.value == n.value) {
                Some(first) => {
                    let msg = format!("two {} are named `{}`: {why}", crate::syntax::plural(what), n.value);
                    let d = Diagnostic::error("duplicate-name", msg, n.file, n.span)
                        .with_label(format!("{what} `{}` again", n.value))
                        .with_secondary(first.file, first.span, "first here")
                        .with_help(format!("rename one of them, e.g. `{}_2`, or merge the two", n.value));
                    self.diags.push(d);
                }
                None => seen.push(n),
            }
        }
    }
}
