//! QR codes as SVG, drawn on the server: the event's address on its page and starting list, a
//! player's page on their card, a board's report links on the result slips. Error correction M
//! (15 %: a slip folded or smudged at the venue still scans), the standard 4-module quiet zone,
//! one path of unit squares (each row's dark runs merged), so the code stays sharp at any size and
//! on paper.

use qrcode::{Color, EcLevel, QrCode};

/// The quiet zone around the code, in modules.
const QUIET: usize = 4;
/// The longest text encoded (an address of this site is far shorter; a QR code of version 40 at
/// level M holds 2,331 bytes).
pub const MAX_TEXT: usize = 1024;

/// The QR code of `text` as a standalone SVG document, sized by its `viewBox` (one unit a module;
/// the page sets the size). `None` for an empty text or one past [`MAX_TEXT`].
pub fn svg(text: &str) -> Option<String> {
    if text.is_empty() || text.len() > MAX_TEXT {
        return None;
    }
    let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M).ok()?;
    let width = code.width();
    let colors = code.to_colors();
    let side = width + 2 * QUIET;
    let mut path = String::with_capacity(width * width * 3);
    for (y, row) in colors.chunks(width).enumerate() {
        let mut x = 0;
        while x < width {
            if row[x] == Color::Dark {
                let run = row[x..].iter().take_while(|&&c| c == Color::Dark).count();
                path.push_str(&format!("M{} {}h{run}v1h-{run}z", x + QUIET, y + QUIET));
                x += run;
            } else {
                x += 1;
            }
        }
    }
    Some(format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {side} {side}\" \
         shape-rendering=\"crispEdges\"><rect width=\"{side}\" height=\"{side}\" fill=\"#fff\"/>\
         <path fill=\"#000\" d=\"{path}\"/></svg>"
    ))
}

/// The dark modules of an SVG drawn by [`svg`], quiet zone included, row by row: what a scanner
/// would see (the tests read a code back with a decoder from this).
pub fn modules(svg: &str) -> Option<Vec<Vec<bool>>> {
    let view = svg.split("viewBox=\"0 0 ").nth(1)?;
    let side: usize = view.split(' ').next()?.parse().ok()?;
    if side > 200 {
        return None;
    }
    let d = svg.split(" d=\"").nth(1)?.split('"').next()?;
    let mut grid = vec![vec![false; side]; side];
    for square in d.split('z').filter(|s| !s.is_empty()) {
        // M{x} {y}h{run}v1h-{run}
        let rest = square.strip_prefix('M')?;
        let (x, rest) = rest.split_once(' ')?;
        let (y, rest) = rest.split_once('h')?;
        let run = rest.split('v').next()?;
        let (x, y, run): (usize, usize, usize) =
            (x.parse().ok()?, y.parse().ok()?, run.parse().ok()?);
        for cell in grid.get_mut(y)?.get_mut(x..x + run)? {
            *cell = true;
        }
    }
    Some(grid)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_drawing_holds_the_codes_modules_inside_a_quiet_zone() {
        let text = "http://127.0.0.1:8080/report/0123456789abcdef";
        let drawn = modules(&svg(text).unwrap()).unwrap();
        let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M).unwrap();
        let w = code.width();
        assert_eq!(drawn.len(), w + 2 * QUIET);
        for (i, c) in code.to_colors().iter().enumerate() {
            assert_eq!(
                drawn[i / w + QUIET][i % w + QUIET],
                *c == Color::Dark,
                "module {i}"
            );
        }
        assert!(drawn[0].iter().all(|d| !d), "the quiet zone is light");
    }

    #[test]
    fn empty_and_overlong_texts_have_no_code() {
        assert!(svg("").is_none());
        assert!(svg(&"a".repeat(MAX_TEXT + 1)).is_none());
        assert!(svg(&"a".repeat(MAX_TEXT)).is_some());
    }
}
