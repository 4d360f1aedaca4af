//! `--weight NAME=N` of `play` and `simulate`: the random agent's weights, read from the
//! command line and resolved against the game's rules (`interp::Weights`).

use std::sync::Arc;

use crate::interp::{weights::MAX_WEIGHT, Rules, Weights};

/// The weights `settings` give for `rules`' game: `None` when there are none; `Err` with
/// the message of a usage error.
pub fn of(settings: &[String], rules: &Rules) -> Result<Option<Arc<Weights>>, String> {
    if settings.is_empty() {
        return Ok(None);
    }
    let given = settings.iter().map(|s| one(s)).collect::<Result<Vec<_>, _>>()?;
    Weights::new(rules, &given).map(|w| Some(Arc::new(w)))
}

/// One `NAME=N`.
fn one(setting: &str) -> Result<(String, u32), String> {
    let Some((name, n)) = setting.split_once('=') else {
        return Err(format!("--weight {setting}: write NAME=N, e.g. `--weight {}=3`", setting.trim()));
    };
    let name = name.trim();
    if name.is_empty() {
        return Err(format!("--weight {setting}: the name of an ability or card comes before `=`"));
    }
    match n.trim().parse::<u32>() {
        Ok(w) if w <= MAX_WEIGHT => Ok((name.to_string(), w)),
        _ => Err(format!(
            "--weight {setting}: a weight is a whole number from 0 (only when nothing else is legal) to {MAX_WEIGHT}; \
             every action not named weighs 1"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::one;

    #[test]
    fn reads_name_and_number() {
        assert_eq!(one("attack=3"), Ok(("attack".to_string(), 3)));
        assert_eq!(one(" pass = 0"), Ok(("pass".to_string(), 0)));
        assert!(one("attack").unwrap_err().contains("write NAME=N"));
        assert!(one("=2").unwrap_err().contains("comes before"));
        assert!(one("attack=-1").unwrap_err().contains("whole number from 0"));
        assert!(one("attack=1000001").unwrap_err().contains("to 1000000"));
    }
}
