//! The small chart of a player's points over their games, drawn as inline SVG: one point before the
//! first game, then one after each game, evenly spaced; the vertical scale spans the lowest to the highest
//! value (with a floor of 20 points so a flat history is not stretched into noise).

use crate::rating::Points;

/// Width of the drawing area in SVG units (the SVG scales to the page width).
pub const WIDTH: i64 = 600;
/// Height of the drawing area in SVG units.
pub const HEIGHT: i64 = 160;
/// Space left and right of the line, and above and below it, in SVG units.
const PAD: i64 = 8;
/// Smallest span of points the vertical scale shows, in hundredths.
const MIN_SPAN: i64 = 2_000;

/// A ready-to-draw chart: every value is a number, so the template can print them as they are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chart {
    /// The `points` attribute of the polyline: `x,y x,y …`.
    pub polyline: String,
    /// Each point's position, for the dots.
    pub dots: Vec<(i64, i64)>,
    /// The highest value shown (label at the top).
    pub top: Points,
    /// The lowest value shown (label at the bottom).
    pub bottom: Points,
}

/// The chart of `values` (points before the first game, then after each game); `None` with fewer than
/// two values (nothing to draw).
pub fn chart(values: &[Points]) -> Option<Chart> {
    if values.len() < 2 {
        return None;
    }
    let lowest = values.iter().map(|p| p.hundredths()).min()?;
    let highest = values.iter().map(|p| p.hundredths()).max()?;
    let span = (highest - lowest).max(MIN_SPAN);
    // Centre a flat or nearly flat history in the widened span.
    let bottom = lowest - (span - (highest - lowest)) / 2;
    let top = bottom + span;
    let last = (values.len() - 1) as i64;
    let inner_w = WIDTH - 2 * PAD;
    let inner_h = HEIGHT - 2 * PAD;
    let dots: Vec<(i64, i64)> = values
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let x = PAD + (i as i64) * inner_w / last;
            // Integer SVG units are fine at this size; rounding to the nearest unit.
            let y = PAD + ((top - p.hundredths()) * inner_h * 2 + span) / (2 * span);
            (x, y)
        })
        .collect();
    let polyline = dots
        .iter()
        .map(|(x, y)| format!("{x},{y}"))
        .collect::<Vec<_>>()
        .join(" ");
    Some(Chart {
        polyline,
        dots,
        top: Points::from_hundredths(top),
        bottom: Points::from_hundredths(bottom),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pts(values: &[i64]) -> Vec<Points> {
        values.iter().map(|v| Points::whole(*v)).collect()
    }

    #[test]
    fn no_chart_without_a_game() {
        assert_eq!(chart(&[]), None);
        assert_eq!(chart(&pts(&[1500])), None);
    }

    #[test]
    fn line_runs_from_left_to_right_and_high_points_are_drawn_high() {
        let c = chart(&pts(&[1500, 1510, 1490, 1600])).expect("chart");
        assert_eq!(c.dots.len(), 4);
        assert_eq!(c.dots[0].0, PAD);
        assert_eq!(c.dots[3].0, WIDTH - PAD);
        // 1600 is the top, 1490 the bottom of the drawing area.
        assert_eq!(c.dots[3].1, PAD);
        assert_eq!(c.dots[2].1, HEIGHT - PAD);
        assert!(c.dots[1].1 < c.dots[0].1);
        assert_eq!(c.top, Points::whole(1600));
        assert_eq!(c.bottom, Points::whole(1490));
        assert!(c.polyline.starts_with("8,"));
        assert_eq!(c.polyline.split(' ').count(), 4);
    }

    #[test]
    fn a_flat_history_is_drawn_in_the_middle() {
        let c = chart(&pts(&[1500, 1500, 1500])).expect("chart");
        assert!(c.dots.iter().all(|&(_, y)| y == HEIGHT / 2));
        assert_eq!(c.top, Points::whole(1510));
        assert_eq!(c.bottom, Points::whole(1490));
    }
}
