//! Reading a Server-Sent Events stream (`GET /events/{id}/live`) over a raw socket, message by
//! message with timeouts, for the live pages' tests (`tests/api/live.rs`) and the two-instance test
//! (`tests/instances`).

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// One message of a stream: its fields in order (`id`, `event`, `data`, `retry`, or `:` for a
/// comment).
#[derive(Debug, Clone, PartialEq)]
pub struct Message(pub Vec<(String, String)>);

impl Message {
    pub fn field(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    pub fn is_heartbeat(&self) -> bool {
        self.0.iter().all(|(k, _)| k == ":")
    }

    /// The version of a change message (its `id`, which its `data` repeats).
    pub fn change(&self) -> Option<i64> {
        (self.field("event") == Some("change")).then_some(())?;
        self.field("id")?.parse().ok()
    }
}

/// An open stream, read over a raw socket (HTTP/1.1, chunked).
pub struct Stream {
    reader: BufReader<TcpStream>,
    pub status: u16,
    headers: Vec<(String, String)>,
    /// Body text received but not yet split into messages.
    pending: String,
    /// The body of a refusal (not a stream).
    pub body: String,
    /// The body's end was read (its last chunk, or the connection closed), not a timeout.
    pub ended: bool,
}

impl Stream {
    /// Opens `path` on the server at `base` with extra request headers.
    pub fn open(base: &str, path: &str, headers: &[(&str, &str)]) -> Stream {
        let host = base.trim_start_matches("http://");
        let socket = TcpStream::connect(host).expect("connect");
        socket
            .set_read_timeout(Some(Duration::from_secs(5)))
            .unwrap();
        let mut request = format!(
            "GET {path} HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\nAccept-Encoding: gzip, br\r\n"
        );
        for (k, v) in headers {
            request.push_str(&format!("{k}: {v}\r\n"));
        }
        request.push_str("\r\n");
        (&socket).write_all(request.as_bytes()).unwrap();
        let mut reader = BufReader::new(socket);
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        let status = line
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("status line: {line:?}"));
        let mut headers = Vec::new();
        loop {
            line.clear();
            reader.read_line(&mut line).unwrap();
            let l = line.trim_end();
            if l.is_empty() {
                break;
            }
            let (k, v) = l.split_once(':').unwrap();
            headers.push((k.trim().to_ascii_lowercase(), v.trim().to_string()));
        }
        let mut stream = Stream {
            reader,
            status,
            headers,
            pending: String::new(),
            body: String::new(),
            ended: false,
        };
        if status != 200 {
            // A refusal: read its whole (small) body.
            while let Some(chunk) = stream.chunk() {
                stream.body.push_str(&chunk);
            }
        }
        stream
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// The next chunk of a chunked body; `None` at its end (or on a timeout).
    fn chunk(&mut self) -> Option<String> {
        if self.header("transfer-encoding") != Some("chunked") {
            let n: usize = self.header("content-length")?.parse().ok()?;
            if n == 0 || !self.body.is_empty() {
                return None;
            }
            let mut buf = vec![0; n];
            self.reader.read_exact(&mut buf).ok()?;
            return Some(String::from_utf8(buf).unwrap());
        }
        let mut size = String::new();
        match self.reader.read_line(&mut size) {
            Ok(0) => {
                self.ended = true;
                return None;
            }
            Ok(_) => {}
            Err(_) => return None,
        }
        let n = usize::from_str_radix(size.trim(), 16).ok()?;
        let mut buf = vec![0; n + 2];
        self.reader.read_exact(&mut buf).ok()?;
        if n == 0 {
            self.ended = true;
            return None;
        }
        buf.truncate(n);
        Some(String::from_utf8(buf).unwrap())
    }

    /// The next message within `within`, or `None`.
    pub fn next(&mut self, within: Duration) -> Option<Message> {
        let until = Instant::now() + within;
        loop {
            if let Some(end) = self.pending.find("\n\n") {
                let text: String = self.pending.drain(..end + 2).collect();
                let fields = text
                    .lines()
                    .filter(|l| !l.is_empty())
                    .map(|l| match l.strip_prefix(':') {
                        Some(comment) => (":".to_string(), comment.trim().to_string()),
                        None => {
                            let (k, v) = l.split_once(':').unwrap_or((l, ""));
                            (k.to_string(), v.trim_start().to_string())
                        }
                    })
                    .collect();
                return Some(Message(fields));
            }
            let left = until.checked_duration_since(Instant::now())?;
            self.reader
                .get_ref()
                .set_read_timeout(Some(left.max(Duration::from_millis(1))))
                .unwrap();
            let chunk = self.chunk()?;
            self.pending.push_str(&chunk);
        }
    }

    /// Whether the stream ends within `within` (messages before the end are skipped); false when
    /// it is still open then.
    pub fn ends_within(&mut self, within: Duration) -> bool {
        let until = Instant::now() + within;
        while let Some(left) = until.checked_duration_since(Instant::now()) {
            if self.next(left).is_none() {
                return self.ended;
            }
        }
        self.ended
    }

    /// The next change message within `within` (heartbeats skipped), with when it arrived.
    pub fn next_change(&mut self, within: Duration) -> Option<(i64, Message)> {
        let until = Instant::now() + within;
        loop {
            let left = until.checked_duration_since(Instant::now())?;
            let m = self.next(left)?;
            if let Some(v) = m.change() {
                return Some((v, m));
            }
        }
    }
}

/// A stream's opening message: the reconnect delay and the current version as the last event id.
pub fn opening(stream: &mut Stream) -> (i64, Message) {
    let m = stream
        .next(Duration::from_secs(2))
        .expect("the opening message");
    assert!(m.field("retry").is_some(), "{m:?}");
    let version = m.field("id").expect("the version as id").parse().unwrap();
    (version, m)
}
