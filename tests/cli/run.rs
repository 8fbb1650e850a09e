//! The one way the command-line tests run `anqi`: arguments, standard input, `LANG` (English unless
//! a test names another) and extra environment, then the exit status and both outputs as text.

use std::ffi::OsStr;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// A command line of `anqi` waiting to be run.
pub struct Run {
    command: Command,
    stdin: Vec<u8>,
}

/// `anqi` with these arguments, in English, with empty standard input.
pub fn anqi<I, S>(args: I) -> Run
where
    I: IntoIterator<Item = S>,
    S: AsRef<OsStr>,
{
    let mut command = Command::new(env!("CARGO_BIN_EXE_anqi"));
    command.args(args).env("LANG", "en_US.UTF-8");
    Run {
        command,
        stdin: Vec::new(),
    }
}

impl Run {
    /// Feeds these bytes to standard input.
    pub fn stdin(mut self, bytes: impl AsRef<[u8]>) -> Self {
        self.stdin = bytes.as_ref().to_vec();
        self
    }

    /// Runs under this `LANG`.
    pub fn lang(mut self, lang: &str) -> Self {
        self.command.env("LANG", lang);
        self
    }

    /// The command itself, for a process the test keeps running (a server).
    pub fn command(self) -> Command {
        self.command
    }

    /// Runs to the end.
    pub fn run(mut self) -> Ran {
        let mut child = self
            .command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("run anqi");
        let mut input = child.stdin.take().expect("stdin");
        // Written beside the reading of the outputs, so that a large input and a large output
        // cannot wait for each other. A command that refuses its arguments may exit before
        // reading: a closed pipe is its answer, not the test's failure.
        let bytes = std::mem::take(&mut self.stdin);
        let writer = std::thread::spawn(move || {
            let _ = input.write_all(&bytes);
        });
        let out = child.wait_with_output().expect("wait for anqi");
        writer.join().expect("stdin writer");
        Ran {
            code: out.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }
    }
}

/// A finished run of `anqi`.
pub struct Ran {
    /// The exit status (-1 when a signal ended it).
    pub code: i32,
    /// Standard output, as text.
    pub stdout: String,
    /// Standard error, as text.
    pub stderr: String,
}

impl Ran {
    /// Standard output as JSON.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|e| panic!("{e}: {} {}", self.stdout, self.stderr))
    }

    /// Asserts exit status 2 with a single line on standard error containing `text`.
    pub fn assert_refused(&self, text: &str) {
        assert_eq!(
            self.code, 2,
            "stdout: {} stderr: {}",
            self.stdout, self.stderr
        );
        assert_eq!(self.stderr.trim_end().lines().count(), 1, "{}", self.stderr);
        assert!(self.stderr.contains(text), "{}", self.stderr);
    }
}

/// A fresh scratch directory for one test (leftovers of an earlier run would hide a missing write).
pub fn scratch(test: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("cli")
        .join(test);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create scratch directory");
    dir
}

impl Ran {
    /// The exit status, standard output and standard error, for a test that looks at all three.
    pub fn parts(self) -> (i32, String, String) {
        (self.code, self.stdout, self.stderr)
    }
}
