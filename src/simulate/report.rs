//! The HTML report of a simulation (placeholder until the charts land).

use super::{GameSummary, Summary};

/// The report page.
pub fn html(s: &Summary, _games: &[GameSummary]) -> Result<String, String> {
    Ok(format!("<html><body>{}</body></html>", s.game))
}
