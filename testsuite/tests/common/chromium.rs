//! Debian's headless Chromium driven through its DevTools protocol over a
//! pipe, for the tests of the `--html` pages (feature `browser`).

use serde_json::{json, Value};
use std::fs::File;
use std::io::{BufRead, BufReader, Write};
use std::os::fd::FromRawFd;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

/// Where the pages and screenshots go (`target/browser`).
pub fn out_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/browser");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A pipe whose ends close on exec (the child gets copies at 3 and 4).
fn pipe() -> (i32, i32) {
    let mut fds = [0; 2];
    // SAFETY: `fds` has room for the two descriptors pipe2 writes.
    let r = unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) };
    assert_eq!(r, 0, "pipe2: {}", std::io::Error::last_os_error());
    (fds[0], fds[1])
}

pub struct Browser {
    child: Child,
    to: File,
    from: BufReader<File>,
    next_id: u64,
    /// Events received and not yet looked at.
    pub events: Vec<Value>,
    pub session: Option<String>,
}

impl Browser {
    /// Starts Chromium with its profile and its own temporary files in
    /// `folder` (a private folder of the test's, removed after the browser
    /// is killed: a killed Chromium cannot remove what it left in the
    /// temporary directory).
    pub fn launch(folder: &Path) -> Browser {
        let (profile, temporary) = (folder.join("profile"), folder.join("tmp"));
        std::fs::create_dir_all(&temporary).expect("a folder for Chromium's temporary files");
        let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
        assert!(
            Path::new(&chromium).exists(),
            "{chromium} not found: install Debian's chromium (`apt-get install chromium`; .ci/run does)"
        );
        let (commands_read, commands_write) = pipe();
        let (replies_read, replies_write) = pipe();
        let mut command = Command::new(chromium);
        command
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--remote-debugging-pipe",
                "--window-size=1280,1000",
            ])
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg("about:blank")
            .env("TMPDIR", &temporary)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        // SAFETY: only async-signal-safe calls between fork and exec. The
        // ends are first copied above 10 so that neither is overwritten by
        // the other's dup2 onto 3 or 4.
        unsafe {
            command.pre_exec(move || {
                let a = libc::fcntl(commands_read, libc::F_DUPFD, 10);
                let b = libc::fcntl(replies_write, libc::F_DUPFD, 10);
                if a < 0 || b < 0 || libc::dup2(a, 3) < 0 || libc::dup2(b, 4) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let child = command.spawn().expect("chromium starts");
        // SAFETY: the descriptors are ours, each wrapped or closed once.
        let (to, from) = unsafe {
            libc::close(commands_read);
            libc::close(replies_write);
            (
                File::from_raw_fd(commands_write),
                BufReader::new(File::from_raw_fd(replies_read)),
            )
        };
        Browser {
            child,
            to,
            from,
            next_id: 1,
            events: Vec::new(),
            session: None,
        }
    }

    fn receive(&mut self) -> Value {
        let mut buffer = Vec::new();
        let n = self
            .from
            .read_until(0, &mut buffer)
            .expect("read from chromium");
        assert!(n > 0, "chromium closed the pipe");
        buffer.pop();
        serde_json::from_slice(&buffer).expect("a JSON message")
    }

    /// Sends a command (to the page's session once attached) and waits for
    /// its reply; events that arrive meanwhile are kept.
    fn call(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        let mut message = json!({"id": id, "method": method, "params": params});
        if let Some(s) = &self.session {
            message["sessionId"] = json!(s);
        }
        let mut bytes = serde_json::to_vec(&message).unwrap();
        bytes.push(0);
        self.to.write_all(&bytes).expect("write to chromium");
        loop {
            let m = self.receive();
            if m.get("id") == Some(&json!(id)) {
                if let Some(e) = m.get("error") {
                    panic!("{method} failed: {e}");
                }
                return m["result"].clone();
            }
            if m.get("method").is_some() {
                self.events.push(m);
            }
        }
    }

    fn wait_for(&mut self, event: &str) {
        if let Some(i) = self.events.iter().position(|e| e["method"] == event) {
            self.events.remove(i);
            return;
        }
        loop {
            let m = self.receive();
            if m["method"] == event {
                return;
            }
            if m.get("method").is_some() {
                self.events.push(m);
            }
        }
    }

    pub fn open(&mut self, page: &Path) {
        let target = self.call("Target.createTarget", json!({"url": "about:blank"}));
        let attached = self.call(
            "Target.attachToTarget",
            json!({"targetId": target["targetId"], "flatten": true}),
        );
        self.session = Some(attached["sessionId"].as_str().unwrap().to_string());
        for domain in ["Page.enable", "Runtime.enable", "Log.enable"] {
            self.call(domain, json!({}));
        }
        let url = format!("file://{}", page.canonicalize().unwrap().display());
        self.call("Page.navigate", json!({ "url": url }));
        self.wait_for("Page.loadEventFired");
    }

    pub fn eval(&mut self, expression: &str) -> Value {
        let r = self.call(
            "Runtime.evaluate",
            json!({"expression": expression, "returnByValue": true}),
        );
        if let Some(e) = r.get("exceptionDetails") {
            panic!("{expression} threw: {e}");
        }
        r["result"]["value"].clone()
    }

    /// Console errors, uncaught exceptions and error log entries so far.
    pub fn errors(&self) -> Vec<String> {
        self.events
            .iter()
            .filter(|e| match e["method"].as_str() {
                Some("Runtime.exceptionThrown") => true,
                Some("Runtime.consoleAPICalled") => {
                    matches!(e["params"]["type"].as_str(), Some("error" | "assert"))
                }
                Some("Log.entryAdded") => e["params"]["entry"]["level"] == "error",
                _ => false,
            })
            .map(|e| e["params"].to_string())
            .collect()
    }

    pub fn key(&mut self, key: &str, code: u32) {
        for kind in ["keyDown", "keyUp"] {
            self.call(
                "Input.dispatchKeyEvent",
                json!({"type": kind, "key": key, "code": key, "windowsVirtualKeyCode": code}),
            );
        }
    }

    pub fn click(&mut self, x: f64, y: f64) {
        for kind in ["mousePressed", "mouseReleased"] {
            self.call(
                "Input.dispatchMouseEvent",
                json!({"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1}),
            );
        }
    }

    pub fn screenshot(&mut self) -> Vec<u8> {
        use base64::Engine as _;
        let shot = self.call("Page.captureScreenshot", json!({"format": "png"}));
        base64::engine::general_purpose::STANDARD
            .decode(shot["data"].as_str().unwrap())
            .expect("base64")
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Share of pixels that are not the page's white, and distinct colours.
pub fn ink(png_bytes: &[u8]) -> (f64, usize) {
    let decoder = png::Decoder::new(png_bytes);
    let mut reader = decoder.read_info().expect("a PNG");
    let mut pixels = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut pixels).expect("a frame");
    let channels = info.color_type.samples();
    let mut inked = 0usize;
    let mut colours = std::collections::HashSet::new();
    let data = &pixels[..info.buffer_size()];
    for px in data.chunks(channels) {
        if px[..3] != [255, 255, 255] {
            inked += 1;
        }
        colours.insert(px[..3].to_vec());
    }
    (inked as f64 / (data.len() / channels) as f64, colours.len())
}
