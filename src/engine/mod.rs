//! The generic game engine: state (players, seats, zones, entities, counters, clock),
//! the seeded random generator, the event log and the undo journal. It knows no game and no script: the
//! interpreter (`crate::interp`) drives it.

pub mod action_text;
pub mod counters;
pub mod grid_view;
mod grouped;
pub mod items;
pub mod journal;
mod known;
pub mod label;
pub mod log;
pub mod names;
pub mod parts;
pub mod rng;
mod seats;
pub mod state;
pub mod value;
pub mod vars;
pub mod view;

pub use counters::CounterId;
pub use journal::Mark;
pub use log::{Dest, Event, EventKind, PeriodName};
pub use names::{NameId, PieceNames};
pub use rng::Rng;
pub use state::{Bounds, Clock, EntId, Entity, Holder, Kind, Loc, Player, PlayerId, State, Vis, Zone, ZoneId};
pub use value::{List, Value};
pub use vars::VarId;
