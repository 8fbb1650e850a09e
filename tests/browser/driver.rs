//! The browser driver: headless Chromium through chromedriver's W3C WebDriver HTTP API.

use std::cell::RefCell;
use std::collections::BTreeSet;
use std::net::TcpListener;
use std::ops::Deref;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::{Mutex, Once, PoisonError};
use std::time::{Duration, Instant};

use crate::support::TempDir;
use serde_json::{Value, json};

/// The W3C key for an element reference in WebDriver answers.
pub(crate) const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";
/// WebDriver key codes.
pub(crate) const ARROW_RIGHT: &str = "\u{E014}";
pub(crate) const HOME: &str = "\u{E011}";
pub(crate) const END: &str = "\u{E010}";

/// An executable on the `PATH`.
pub(crate) fn on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
}

/// The browser and driver binaries, or why the test cannot run.
pub(crate) fn browser_binaries() -> Result<(PathBuf, PathBuf), String> {
    let chromium = on_path("chromium").or_else(|| on_path("chromium-browser"));
    let driver = on_path("chromedriver");
    match (chromium, driver) {
        (Some(c), Some(d)) => Ok((c, d)),
        (c, d) => {
            let mut missing = vec![];
            if c.is_none() {
                missing.push("chromium");
            }
            if d.is_none() {
                missing.push("chromedriver");
            }
            Err(format!(
                "{} not found on PATH: run scripts/install-test-deps (as root) or \
                 `apt-get install chromium chromium-driver`; set ANQI_SKIP_BROWSER=1 to skip this test",
                missing.join(" and ")
            ))
        }
    }
}

/// Browsers that finished a test, cleared for the next: starting Chromium is most of the CPU a
/// browser test costs, so the tests of this process share one browser per test running at once.
static IDLE: Mutex<Vec<Browser>> = Mutex::new(Vec::new());

/// The browser, or `None` when the test is skipped (`ANQI_SKIP_BROWSER=1`); without Chromium and
/// chromedriver and without that setting the test fails, saying what is missing. An idle browser
/// of an earlier test (cleared: no cookies, cache or storage, a blank page) when there is one.
pub(crate) fn browser() -> Option<Lease> {
    match browser_binaries() {
        Ok((chromium, chromedriver)) => {
            let idle = IDLE.lock().unwrap_or_else(PoisonError::into_inner).pop();
            let browser = idle.unwrap_or_else(|| {
                static AT_EXIT: Once = Once::new();
                AT_EXIT.call_once(|| {
                    // SAFETY: `atexit` of the C library, given a function without arguments.
                    unsafe { atexit(close_idle_browsers) };
                });
                Browser::start(&chromium, &chromedriver)
            });
            Some(Lease(Some(browser)))
        }
        Err(why) if std::env::var("ANQI_SKIP_BROWSER").as_deref() == Ok("1") => {
            eprintln!("browser test skipped (ANQI_SKIP_BROWSER=1): {why}");
            None
        }
        Err(why) => panic!("{why}"),
    }
}

unsafe extern "C" {
    /// The C library's `atexit`: the idle browsers are closed when the test process ends.
    fn atexit(function: extern "C" fn()) -> std::ffi::c_int;
}

/// Ends the idle browsers' sessions and their drivers (the process is ending).
extern "C" fn close_idle_browsers() {
    let idle = std::mem::take(&mut *IDLE.lock().unwrap_or_else(PoisonError::into_inner));
    drop(idle);
}

/// A test's browser: handed on to the next test when the test ends, cleared, unless it failed
/// (then it is closed).
pub(crate) struct Lease(Option<Browser>);

impl Deref for Lease {
    type Target = Browser;

    fn deref(&self) -> &Browser {
        self.0.as_ref().expect("a leased browser")
    }
}

impl Drop for Lease {
    fn drop(&mut self) {
        if let Some(browser) = self.0.take()
            && !std::thread::panicking()
            && browser.clear().is_ok()
        {
            IDLE.lock()
                .unwrap_or_else(PoisonError::into_inner)
                .push(browser);
        }
    }
}

/// A chromedriver process with one headless Chromium session.
pub(crate) struct Browser {
    pub(crate) agent: ureq::Agent,
    pub(crate) driver: Child,
    /// e.g. `http://127.0.0.1:9515/session/abc`
    pub(crate) session: String,
    /// Chromium's fresh profile directory (removed on drop).
    pub(crate) profile: TempDir,
    /// The origins this browser opened pages of (their storage is cleared after a test).
    origins: RefCell<BTreeSet<String>>,
}

impl Browser {
    pub(crate) fn start(chromium: &PathBuf, chromedriver: &PathBuf) -> Browser {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("free port")
            .port();
        let driver = Command::new(chromedriver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start chromedriver");
        let agent: ureq::Agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(Duration::from_secs(60)))
            .build()
            .into();
        let base = format!("http://127.0.0.1:{port}");
        let profile = TempDir::new("chromium-profile");
        let mut browser = Browser {
            agent,
            driver,
            session: String::new(),
            profile,
            origins: RefCell::default(),
        };
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let ready = browser
                .call("GET", &format!("{base}/status"), None)
                .ok()
                .is_some_and(|v| v["ready"] == true);
            if ready {
                break;
            }
            assert!(Instant::now() < deadline, "chromedriver did not start");
            std::thread::sleep(Duration::from_millis(100));
        }
        let mut args: Vec<String> = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--window-size=1100,1000",
        ]
        .map(String::from)
        .to_vec();
        args.push(format!("--user-data-dir={}", browser.profile.0.display()));
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": chromium, "args": args}
        }}});
        let created = browser
            .call("POST", &format!("{base}/session"), Some(caps))
            .unwrap_or_else(|e| panic!("new WebDriver session: {e}"));
        let id = created["sessionId"].as_str().expect("session id");
        browser.session = format!("{base}/session/{id}");
        browser
    }

    /// One WebDriver command: its `value`, or the error message the driver answered.
    pub(crate) fn call(
        &self,
        method: &str,
        url: &str,
        body: Option<Value>,
    ) -> Result<Value, String> {
        let res = match method {
            "GET" => self.agent.get(url).call(),
            "DELETE" => self.agent.delete(url).call(),
            _ => self
                .agent
                .post(url)
                .content_type("application/json")
                .send(body.unwrap_or_else(|| json!({})).to_string()),
        };
        let mut res = res.map_err(|e| format!("{method} {url}: {e}"))?;
        let status = res.status().as_u16();
        let text = res
            .body_mut()
            .with_config()
            .limit(64 * 1024 * 1024)
            .read_to_string()
            .map_err(|e| e.to_string())?;
        let v: Value = serde_json::from_str(&text).map_err(|e| format!("{e}: {text}"))?;
        if status >= 400 {
            return Err(format!("{method} {url}: {status} {}", v["value"]));
        }
        Ok(v["value"].clone())
    }

    pub(crate) fn session(
        &self,
        method: &str,
        path: &str,
        body: Option<Value>,
    ) -> Result<Value, String> {
        self.call(method, &format!("{}{path}", self.session), body)
    }

    pub(crate) fn goto(&self, url: &str) {
        if let Some((scheme, rest)) = url.split_once("://") {
            let host = rest.split('/').next().unwrap_or_default();
            self.origins
                .borrow_mut()
                .insert(format!("{scheme}://{host}"));
        }
        self.session("POST", "/url", Some(json!({ "url": url })))
            .unwrap_or_else(|e| panic!("open {url}: {e}"));
    }

    /// A Chrome DevTools Protocol command, through chromedriver.
    fn devtools(&self, command: &str, params: Value) -> Result<Value, String> {
        self.session(
            "POST",
            "/goog/cdp/execute",
            Some(json!({"cmd": command, "params": params})),
        )
    }

    /// Lays pages out as a phone does: a 390 px wide viewport (an iPhone's), touch-sized, until the
    /// test ends.
    pub(crate) fn phone(&self) {
        self.devtools(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": true}),
        )
        .unwrap_or_else(|e| panic!("phone width: {e}"));
    }

    /// Clears what a test left for the next one: every cookie, the cache, the storage of the
    /// origins it opened, a phone's viewport; then a blank page.
    fn clear(&self) -> Result<(), String> {
        self.devtools("Emulation.clearDeviceMetricsOverride", json!({}))?;
        self.devtools("Network.clearBrowserCookies", json!({}))?;
        self.devtools("Network.clearBrowserCache", json!({}))?;
        for origin in std::mem::take(&mut *self.origins.borrow_mut()) {
            self.devtools(
                "Storage.clearDataForOrigin",
                json!({"origin": origin, "storageTypes": "all"}),
            )?;
        }
        self.session("POST", "/url", Some(json!({"url": "about:blank"})))?;
        Ok(())
    }

    pub(crate) fn url(&self) -> String {
        self.session("GET", "/url", None)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default()
    }

    pub(crate) fn find(&self, css: &str) -> Result<String, String> {
        let v = self.session(
            "POST",
            "/element",
            Some(json!({"using": "css selector", "value": css})),
        )?;
        v[ELEMENT]
            .as_str()
            .map(str::to_string)
            .ok_or_else(|| format!("no element reference for {css}: {v}"))
    }

    /// Waits up to 15 s for `cond`; panics naming `what` when it never holds.
    pub(crate) fn wait_for(&self, what: &str, mut cond: impl FnMut(&Browser) -> bool) {
        let deadline = Instant::now() + Duration::from_secs(15);
        while !cond(self) {
            assert!(
                Instant::now() < deadline,
                "timed out waiting for {what} (at {})",
                self.url()
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// The element for `css`, waiting for it to appear.
    pub(crate) fn element(&self, css: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(15);
        loop {
            match self.find(css) {
                Ok(el) => return el,
                Err(e) if Instant::now() >= deadline => {
                    panic!("no element {css} at {}: {e}", self.url())
                }
                Err(_) => std::thread::sleep(Duration::from_millis(100)),
            }
        }
    }

    pub(crate) fn click(&self, css: &str) {
        let el = self.element(css);
        self.session("POST", &format!("/element/{el}/click"), None)
            .unwrap_or_else(|e| panic!("click {css}: {e}"));
    }

    pub(crate) fn type_into(&self, css: &str, text: &str) {
        let el = self.element(css);
        self.session("POST", &format!("/element/{el}/clear"), None)
            .unwrap_or_else(|e| panic!("clear {css}: {e}"));
        self.session(
            "POST",
            &format!("/element/{el}/value"),
            Some(json!({ "text": text })),
        )
        .unwrap_or_else(|e| panic!("type into {css}: {e}"));
    }

    /// Chooses the file at `path` in the file input for `css`, as a visitor picking it would (its
    /// `change` event fires).
    pub(crate) fn choose_file(&self, css: &str, path: &std::path::Path) {
        let el = self.element(css);
        let path = path.to_str().expect("a UTF-8 path");
        self.session(
            "POST",
            &format!("/element/{el}/value"),
            Some(json!({ "text": path })),
        )
        .unwrap_or_else(|e| panic!("choose {path} in {css}: {e}"));
    }

    /// An attribute of the element for `css` (`None` when absent or the element is missing).
    pub(crate) fn attribute(&self, css: &str, name: &str) -> Option<String> {
        self.read_element(css, &format!("attribute/{name}"))
    }

    /// A property of the element for `css`, as it is now (an input's typed `value`, not the
    /// attribute it was loaded with); `None` when the element is missing or the property not text.
    pub(crate) fn property(&self, css: &str, name: &str) -> Option<String> {
        self.read_element(css, &format!("property/{name}"))
    }

    /// What `GET /element/{el}/{what}` answers as text for the element for `css` (`None` when the
    /// element is missing or the answer not text).
    fn read_element(&self, css: &str, what: &str) -> Option<String> {
        let el = self.find(css).ok()?;
        self.session("GET", &format!("/element/{el}/{what}"), None)
            .ok()?
            .as_str()
            .map(str::to_string)
    }

    /// The current value of the input for `css` (empty when missing).
    pub(crate) fn value(&self, css: &str) -> String {
        self.property(css, "value").unwrap_or_default()
    }

    pub(crate) fn text(&self, css: &str) -> String {
        let el = self.element(css);
        self.session("GET", &format!("/element/{el}/text"), None)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default()
    }

    /// Runs a script in the page and returns its result.
    pub(crate) fn script(&self, script: &str) -> Value {
        self.session(
            "POST",
            "/execute/sync",
            Some(json!({"script": script, "args": []})),
        )
        .unwrap_or_else(|e| panic!("script failed: {e}"))
    }

    /// Presses and releases one key (sent to the focused element, the page body by default).
    pub(crate) fn press(&self, key: &str) {
        let actions = json!({"actions": [{"type": "key", "id": "keyboard", "actions": [
            {"type": "keyDown", "value": key}, {"type": "keyUp", "value": key}
        ]}]});
        self.session("POST", "/actions", Some(actions))
            .unwrap_or_else(|e| panic!("key press: {e}"));
    }

    /// Signs `name` in through the login form (after dropping the cookies of whoever was signed in).
    pub(crate) fn sign_in(&self, base: &str, name: &str, password: &str) {
        self.delete_cookies();
        self.goto(&format!("{base}/login"));
        self.type_into("input[name=name]", name);
        self.type_into("input[name=password]", password);
        self.click("form[action='/login'] button[type=submit]");
        self.wait_for("the login to finish", |b| !b.url().contains("/login"));
    }

    pub(crate) fn delete_cookies(&self) {
        self.session("DELETE", "/cookie", None)
            .unwrap_or_else(|e| panic!("delete cookies: {e}"));
    }

    /// A PNG screenshot of the window.
    pub(crate) fn screenshot(&self) -> Vec<u8> {
        let v = self
            .session("GET", "/screenshot", None)
            .unwrap_or_else(|e| panic!("screenshot: {e}"));
        base64_decode(v.as_str().unwrap_or_default()).expect("screenshot is base64")
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let _ = self.call("DELETE", &self.session, None);
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

/// Standard base64 (the WebDriver screenshot encoding); `None` on a bad character.
pub(crate) fn base64_decode(text: &str) -> Option<Vec<u8>> {
    let value = |c: u8| -> Option<u32> {
        Some(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        } as u32)
    };
    let bytes: Vec<u8> = text
        .bytes()
        .filter(|c| !c.is_ascii_whitespace() && *c != b'=')
        .collect();
    let mut out = Vec::with_capacity(bytes.len() * 3 / 4);
    for chunk in bytes.chunks(4) {
        let mut n = 0u32;
        for (i, &c) in chunk.iter().enumerate() {
            n |= value(c)? << (18 - 6 * i);
        }
        let produced = chunk.len().saturating_sub(1);
        out.extend_from_slice(&n.to_be_bytes()[1..=produced]);
    }
    Some(out)
}

/// The viewer's index of a point (`a0` = 0, rank-major).
pub(crate) fn point(name: &str) -> usize {
    let b = name.as_bytes();
    usize::from(b[1] - b'0') * 9 + usize::from(b[0] - b'a')
}

/// Sets a `<select>` to `value` as a visitor choosing it would (its `change` event fires).
pub(crate) fn choose(b: &Browser, css: &str, value: &str) {
    let script = format!(
        "const s = document.querySelector({css:?}); s.value = {value:?};
         s.dispatchEvent(new Event('change', {{bubbles: true}})); return s.value;"
    );
    assert_eq!(
        b.script(&script),
        serde_json::json!(value),
        "{css} = {value}"
    );
}

/// The page does not scroll sideways at the phone's 390 px.
pub(crate) fn fits_the_phone(b: &Browser, what: &str) {
    let scroll = b.script("return document.documentElement.scrollWidth");
    let wide = b.script(
        "return [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > 391)
           .slice(0, 5).map(e => e.tagName + (e.name ? '[' + e.name + ']' : '') + (e.id ? '#' + e.id : ''));",
    );
    assert_eq!(
        scroll,
        serde_json::json!(390),
        "{what} scrolls sideways: {wide}"
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_decodes_padded_and_unpadded_text() {
        assert_eq!(base64_decode("aGVsbG8=").unwrap(), b"hello");
        assert_eq!(base64_decode("aGVsbG8h").unwrap(), b"hello!");
        assert_eq!(base64_decode("aGk").unwrap(), b"hi");
        assert!(base64_decode("a*b").is_none());
    }
}
