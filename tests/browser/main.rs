//! Browser tests: headless Chromium, driven through chromedriver's W3C WebDriver HTTP API,
//! runs a round against the real `anqi serve`: an arbiter logs in, pairs and publishes round 1 and
//! enters a result with the page's own forms; the public standings show the points; the game viewer
//! steps through a submitted record with the arrow keys, animates a reveal and flips the board.
//!
//! Needs `chromium` and `chromedriver` (`scripts/install-test-deps`, or
//! `apt-get install chromium chromium-driver`). Without them the test fails and says so, unless
//! `ANQI_SKIP_BROWSER=1` is set. `ANQI_BROWSER_SCREENSHOT=/path/viewer.png` saves a screenshot of
//! the viewer for a look by eye.

#[path = "../api/support.rs"]
mod support;

mod checkin;
mod corrections;
mod csv_files;
mod driver;
mod entries;
mod knockout_deals;
mod live;
mod phone;
mod report_links;
mod rounds;
mod rounds_undo;
mod screens;
mod sections;
mod teams;
