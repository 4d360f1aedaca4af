//! The loader's key tables, described: each table of the keys a mapping may hold is
//! declared once with `fields!`, which makes both the list of names the loader walks
//! (`cx.fields(.., GAME_FIELDS, ..)`, did-you-mean) and a list of `Field`s (name, shape,
//! whether required, a one-line description from docs/FORMAT.md) that `crate::schema`
//! turns into a JSON Schema. A key added to a table is in the schema too.

/// One key of a mapping the loader reads.
#[derive(Debug, Clone, Copy)]
pub struct Field {
    /// The key.
    pub name: &'static str,
    /// What its value is.
    pub ty: Ty,
    /// Whether the loader reports it missing (`missing-field`).
    pub required: bool,
    /// One line from the docs.
    pub doc: &'static str,
}

/// The shape of a value, as the loader reads it.
#[derive(Debug, Clone, Copy)]
pub enum Ty {
    /// Any non-null scalar, read as text (`cx.string`).
    Text,
    /// A name of something the game declares (`cx.string`): any text in the generic
    /// schema, one of those names in a game's.
    Name(&'static [Words]),
    /// A script-valued scalar (`cx.script`) of this grammar entry (LANGUAGE.md).
    Script(&'static str),
    /// `true` or `false` (`cx.bool`).
    Bool,
    /// An integer (`cx.int`).
    Int,
    /// An integer of at least this (`cx.int_in`).
    AtLeast(i64),
    /// One of these words (`cx.choice`).
    Choice(&'static [&'static str]),
    /// A list of these (null counts as empty).
    List(&'static Ty),
    /// A mapping of the keys of `Shape`.
    Obj(&'static Shape),
    /// A mapping from names the file declares to these (null counts as empty).
    Named(&'static Ty),
    /// Either of these shapes (the loader tells them apart by their keys or type).
    Either(&'static [Ty]),
    /// Any YAML value (`cx.value`).
    Any,
    /// A key the loader rejects with advice: it was renamed to this one.
    Renamed(&'static str),
    /// A shape the loader reads by hand, described by `crate::schema`.
    Special(Special),
}

/// Shapes read by hand rather than through a key table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Special {
    /// A procedure parameter: `name`, `"name: type"` or the one-entry mapping `name: type`.
    Param,
    /// An adjacency edge: a list of two spaces.
    Edge,
    /// `keywords:` a mapping from `"Name[params]"` signatures to scripts.
    Keywords,
    /// `limit: N per PERIOD`.
    Limit,
    /// A scenario's `scores:` a mapping from player names to integers.
    Scores,
}

/// What declares the names a `Ty::Name` takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Words {
    /// The game's id.
    Game,
    /// Zones of the game and its factions.
    Zone,
    /// Phases of the turn.
    Phase,
    /// Steps of the phases.
    Step,
    /// The times an `action:` may also name (any window, own turn, any time).
    Timing,
    /// Counters.
    Counter,
    /// Pieces, with the plurals scripts and `put:` read.
    Piece,
    /// Pieces by their declared names only (`holds:`).
    PieceKind,
    /// Card ids (faction cards too).
    Card,
    /// Roles.
    Role,
    /// Faction ids.
    Faction,
}

/// A mapping the loader walks: its keys and what else it allows.
#[derive(Debug, Clone, Copy)]
pub struct Shape {
    /// Its name among the schema's definitions.
    pub def: &'static str,
    /// One line from the docs.
    pub doc: &'static str,
    /// Its keys.
    pub fields: &'static [Field],
    /// Exactly one of these keys must be present (an ability's kind, an act's action).
    pub one_of: &'static [&'static str],
    /// Exactly one key, of `fields` (a scenario step).
    pub single: bool,
    /// What keys outside `fields` are.
    pub rest: Rest,
}

/// Keys of a mapping other than its fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rest {
    /// Unknown keys are errors (`unknown-field`).
    Closed,
    /// The properties of a card (checked against the game's declarations).
    Props,
    /// The attributes of a board space (checked against `board.attributes`).
    Attrs,
}

impl Shape {
    /// A closed mapping of `fields`.
    pub const fn closed(def: &'static str, doc: &'static str, fields: &'static [Field]) -> Shape {
        Shape { def, doc, fields, one_of: &[], single: false, rest: Rest::Closed }
    }
}

/// The words of a `cx.choice` table, for `Ty::Choice`.
pub const fn words<T: Copy, const N: usize>(options: &[(&'static str, T); N]) -> [&'static str; N] {
    let mut out = [""; N];
    let mut i = 0;
    while i < N {
        out[i] = options[i].0;
        i += 1;
    }
    out
}

/// Declares a key table: `fields!(NAMES, SPECS = ["key" required: Ty::Text => "doc", ..])`
/// makes `NAMES: &[&str]` (what the loader walks) and `SPECS: &[Field]` (what the schema
/// is built from), in the same order.
macro_rules! fields {
    ($(#[$m:meta])* $vis:vis $names:ident, $specs:ident = [
        $($name:literal $($req:ident)?: $ty:expr => $doc:literal),* $(,)?
    ]) => {
        $(#[$m])*
        $vis const $names: &[&str] = &[$($name),*];
        #[doc = concat!("The described keys of `", stringify!($names), "`.")]
        pub(crate) const $specs: &[$crate::load::fields::Field] = &[$(
            $crate::load::fields::Field {
                name: $name,
                ty: $ty,
                required: $crate::load::fields::fields!(@req $($req)?),
                doc: $doc,
            }
        ),*];
    };
    (@req) => { false };
    (@req required) => { true };
}
pub(crate) use fields;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_the_choice_names_in_order() {
        const OPTS: [(&str, u8); 3] = [("a", 1), ("b", 2), ("c", 3)];
        const W: [&str; 3] = words(&OPTS);
        assert_eq!(W, ["a", "b", "c"]);
    }

    fields!(NAMES, SPECS = ["x" required: Ty::Text => "an x", "y": Ty::Bool => "a y"]);

    /// Every key table of the loader, by the schema definition it makes.
    fn tables() -> Vec<(&'static str, &'static [&'static str])> {
        use crate::load::{card, game, scenario, whole};
        vec![
            ("game", game::GAME_FIELDS),
            ("players", game::PLAYERS_FIELDS),
            ("property", game::PROP_FIELDS),
            ("zone", game::ZONE_FIELDS),
            ("piece", game::PIECE_FIELDS),
            ("counter", game::COUNTER_FIELDS),
            ("board", game::BOARD_FIELDS),
            ("grid", game::GRID_FIELDS),
            ("space", game::SPACE_FIELDS),
            ("procedure", game::PROC_FIELDS),
            ("turn", game::TURN_FIELDS),
            ("phase", game::PHASE_FIELDS),
            ("defaults", whole::DEFAULTS_FIELDS),
            ("result", whole::RESULT_FIELDS),
            ("deck", whole::DECK_FIELDS),
            ("variable", whole::VAR_FIELDS),
            ("match", whole::MATCH_FIELDS),
            ("ability", card::ABILITY_FIELDS),
            ("faction", card::FACTION_FIELDS),
            ("card", crate::load::CARD_FIELDS),
            ("card_set", crate::load::CARD_SET_FIELDS),
            ("scenario", scenario::SCENARIO_FIELDS),
            ("scenario_player", scenario::PLAYER_FIELDS),
            ("setup_put", scenario::PUT_FIELDS),
            ("setup_order", scenario::ORDER_FIELDS),
            ("setup_counter", scenario::COUNTER_FIELDS),
            ("setup_script", scenario::SETUP_SCRIPT_FIELDS),
            ("setup_phase", scenario::SETUP_PHASE_FIELDS),
            ("setup_generator", scenario::SETUP_GENERATOR_FIELDS),
            ("setup_turn", scenario::SETUP_CLOCK_FIELDS),
            ("setup_start", scenario::SETUP_START_FIELDS),
            ("step", scenario::STEP_KINDS),
            ("act", scenario::ACT_FIELDS),
            ("choose", scenario::CHOOSE_FIELDS),
            ("expect_actions", scenario::EXPECT_ACTIONS_FIELDS),
            ("expect_result", scenario::EXPECT_RESULT_FIELDS),
            ("expect_view", scenario::EXPECT_VIEW_FIELDS),
        ]
    }

    #[test]
    fn every_key_of_every_table_is_in_the_schema_with_a_description() {
        let schema = crate::schema::generic();
        let defs = schema["definitions"].as_object().expect("definitions");
        let tables = tables();
        for (def, names) in &tables {
            let props = defs[*def]["properties"].as_object().unwrap_or_else(|| panic!("no definition `{def}`"));
            let keys: Vec<&str> = props.keys().map(String::as_str).collect();
            let mut want = names.to_vec();
            want.sort_unstable();
            assert_eq!(keys, want, "`{def}`");
            for (k, p) in props {
                let doc = p["description"].as_str().unwrap_or_default();
                assert!(doc.len() > 8, "`{def}.{k}` has no description");
            }
        }
        // Each definition is a table's: none made of a list of its own.
        assert_eq!(defs.len(), tables.len());
        // The file kinds are told by the loader's keys, in its order.
        let (mut node, mut tried) = (&schema["else"], Vec::new());
        while let Some(k) = node["if"]["required"][0].as_str() {
            tried.push(k);
            node = &node["else"];
        }
        assert_eq!(tried, crate::load::KIND_KEYS);
        // An ability has exactly one of its kinds.
        let one_of = defs["ability"]["oneOf"].as_array().expect("oneOf");
        let kinds: Vec<&str> = one_of.iter().map(|r| r["required"][0].as_str().unwrap_or_default()).collect();
        assert_eq!(kinds, crate::load::card::ABILITY_KINDS);
    }

    #[test]
    fn the_setup_kinds_head_the_setup_shapes_in_order() {
        use crate::load::scenario::{SETUP_ITEMS, SETUP_KINDS};
        let heads: Vec<&str> = SETUP_ITEMS
            .iter()
            .map(|t| match t {
                Ty::Obj(s) => s.fields[0].name,
                _ => "",
            })
            .collect();
        assert_eq!(heads, SETUP_KINDS);
    }

    #[test]
    fn a_table_gives_names_and_specs_alike() {
        assert_eq!(NAMES, ["x", "y"]);
        let got: Vec<(&str, bool)> = SPECS.iter().map(|f| (f.name, f.required)).collect();
        assert_eq!(got, [("x", true), ("y", false)]);
    }
}
