//! The statistics `simulate` reports: the Wilson score interval of a proportion, and the
//! spread of a sample (mean, median, 95th percentile, extremes). Pure functions, no game.

use serde::Serialize;

/// The normal quantile for a two-sided 95 % interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The 95 % Wilson score interval of `k` successes in `n` trials (`None` when `n` is 0).
pub fn wilson(k: u64, n: u64) -> Option<(f64, f64)> {
    if n == 0 {
        return None;
    }
    let (k, n, z2) = (k.min(n) as f64, n as f64, Z95 * Z95);
    let p = k / n;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
    Some(((centre - half).max(0.0), (centre + half).min(1.0)))
}

/// The `q` quantile (0 to 1) of sorted values, interpolated linearly between the closest
/// ranks (numpy's default, R's type 7); `None` for no values.
pub fn quantile(sorted: &[f64], q: f64) -> Option<f64> {
    let last = sorted.len().checked_sub(1)?;
    let at = q.clamp(0.0, 1.0) * last as f64;
    let (lo, frac) = (at.floor() as usize, at - at.floor());
    let hi = (lo + 1).min(last);
    Some(sorted[lo] + (sorted[hi] - sorted[lo]) * frac)
}

/// The median of sorted values (the mean of the middle two for an even count).
pub fn median(sorted: &[f64]) -> Option<f64> {
    quantile(sorted, 0.5)
}

/// Rounds to 4 decimals, so reports print short, stable numbers.
pub fn round4(x: f64) -> f64 {
    (x * 1e4).round() / 1e4
}

/// How a sample of whole numbers spreads.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Spread {
    /// How many values.
    pub n: u64,
    /// Their mean.
    pub mean: f64,
    /// Their median.
    pub median: f64,
    /// Their 95th percentile.
    pub p95: f64,
    /// The smallest.
    pub min: i64,
    /// The largest.
    pub max: i64,
}

impl Spread {
    /// The spread of `values` (`None` when there are none); means and quantiles rounded to 4 decimals.
    pub fn of(values: &[i64]) -> Option<Spread> {
        let mut sorted: Vec<f64> = values.iter().map(|&v| v as f64).collect();
        sorted.sort_by(f64::total_cmp);
        let mean = sorted.iter().sum::<f64>() / sorted.len().max(1) as f64;
        Some(Spread {
            n: values.len() as u64,
            mean: round4(mean),
            median: round4(median(&sorted)?),
            p95: round4(quantile(&sorted, 0.95)?),
            min: *values.iter().min()?,
            max: *values.iter().max()?,
        })
    }
}

/// A rate as a percentage with one decimal: `48.8%`.
pub fn pct(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: (f64, f64), b: (f64, f64)) -> bool {
        (a.0 - b.0).abs() < 5e-5 && (a.1 - b.1).abs() < 5e-5
    }

    #[test]
    fn wilson_matches_published_values() {
        assert!(close(wilson(5, 10).unwrap(), (0.2366, 0.7634)), "{:?}", wilson(5, 10));
        assert!(close(wilson(0, 10).unwrap(), (0.0, 0.2775)), "{:?}", wilson(0, 10));
        assert!(close(wilson(10, 10).unwrap(), (0.7225, 1.0)), "{:?}", wilson(10, 10));
        assert_eq!(wilson(0, 0), None);
    }

    #[test]
    fn quantiles_interpolate_between_ranks() {
        let v: Vec<f64> = (1..=20).map(f64::from).collect();
        assert_eq!(median(&v), Some(10.5));
        assert!((quantile(&v, 0.95).unwrap() - 19.05).abs() < 1e-9);
        assert_eq!(median(&[3.0]), Some(3.0));
        assert_eq!(median(&[]), None);
    }
}
