//! A real SMTP server for the tests of mail delivery: aiosmtpd (PyPI), run by `smtp_server.py`
//! beside this crate on a loopback port, with the behaviour a test asks for (STARTTLS or
//! implicit TLS with a certificate made for the test, authentication, refusing, dropping the
//! connection, answering slowly). The app talks to it over TCP with lettre, as it would to a
//! production relay. `just smtpd` installs aiosmtpd in its own virtualenv; `AIOSMTPD_PYTHON`
//! names another interpreter that has it.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use serde::Deserialize;

use crate::process::{Running, installed};
use tempfile::TempDir;

/// A port nothing listens on (yet): an SMTP outage.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// How the server secures its connections.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Security {
    /// Plain SMTP, no TLS offered.
    #[default]
    Plain,
    /// Plain at first; STARTTLS offered and required before mail.
    StartTls,
    /// TLS from the first byte (SMTPS, port 465 style).
    Tls,
}

/// What a test wants of the server.
#[derive(Debug, Clone, Default)]
pub struct SmtpOptions {
    /// 0 for any free port.
    pub port: u16,
    pub security: Security,
    /// Accounts the server requires (`AUTH PLAIN` / `LOGIN`).
    pub auth: Option<(String, String)>,
    /// Answer `451 try again later` to the first this many messages.
    pub refuse: u32,
    /// Close the connection instead of answering the first this many messages.
    pub drop: u32,
    /// Wait this long before answering each message.
    pub delay: Option<Duration>,
}

/// One message the server accepted.
#[derive(Debug, Clone, Deserialize)]
pub struct Received {
    pub from: String,
    pub to: Vec<String>,
    /// Whether it came over TLS (STARTTLS or implicit).
    pub tls: bool,
    /// The account it was sent under, when the server asked for one.
    pub login: Option<String>,
    /// Headers and body as received.
    pub data: String,
}

/// A running server; killed on drop.
pub struct SmtpServer {
    _process: Running,
    pub port: u16,
    security: Security,
    dir: TempDir,
}

/// A private certificate authority and the server's certificate for `localhost` and
/// 127.0.0.1 signed by it (as a relay inside an institution has), made with Debian's openssl.
/// Returns the server's certificate and key; the authority's is `ca.pem`. (Also the
/// certificate of the nginx site test.)
pub fn certificate(dir: &Path) -> (PathBuf, PathBuf) {
    let openssl = |args: &[&str]| {
        let made = Command::new("openssl")
            .args(args)
            .current_dir(dir)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .expect("openssl makes the test's certificates");
        assert!(made.success(), "openssl {args:?} failed");
    };
    let ec = [
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:P-256",
        "-nodes",
    ];
    openssl(
        &[
            &["req", "-x509"][..],
            &ec,
            &["-days", "2", "-subj", "/CN=Test relay authority"],
        ]
        .concat()
        .iter()
        .chain(&[
            "-addext",
            "basicConstraints=critical,CA:TRUE",
            "-keyout",
            "ca-key.pem",
            "-out",
            "ca.pem",
        ])
        .copied()
        .collect::<Vec<_>>(),
    );
    openssl(
        &[
            &["req"][..],
            &ec,
            &[
                "-subj",
                "/CN=localhost",
                "-keyout",
                "key.pem",
                "-out",
                "cert.csr",
            ],
        ]
        .concat(),
    );
    std::fs::write(
        dir.join("cert.ext"),
        "basicConstraints=CA:FALSE\nsubjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n",
    )
    .expect("the certificate's extensions");
    openssl(&[
        "x509",
        "-req",
        "-in",
        "cert.csr",
        "-CA",
        "ca.pem",
        "-CAkey",
        "ca-key.pem",
        "-CAcreateserial",
        "-days",
        "2",
        "-extfile",
        "cert.ext",
        "-out",
        "cert.pem",
    ]);
    (dir.join("cert.pem"), dir.join("key.pem"))
}

impl SmtpServer {
    /// A plain server on `port` (0 for any) that accepts every message.
    pub async fn start(port: u16) -> Self {
        Self::start_with(SmtpOptions {
            port,
            ..SmtpOptions::default()
        })
        .await
    }

    pub async fn start_with(options: SmtpOptions) -> Self {
        let python = installed("AIOSMTPD_PYTHON", "aiosmtpd/bin/python", "smtpd");
        let dir = tempfile::tempdir().expect("a directory for the received mail");
        let port = if options.port == 0 {
            free_port()
        } else {
            options.port
        };
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("smtp_server.py");
        let mut command = Command::new(&python);
        command
            .arg(&script)
            .args(["--port", &port.to_string()])
            .arg("--dir")
            .arg(dir.path().join("mail"));
        match options.security {
            Security::Plain => {}
            Security::StartTls | Security::Tls => {
                let (cert, key) = certificate(dir.path());
                let flag = if options.security == Security::Tls {
                    "--tls"
                } else {
                    "--starttls"
                };
                command.arg(flag).arg(cert).arg(key);
            }
        }
        if let Some((user, password)) = &options.auth {
            command.args(["--auth", &format!("{user}:{password}")]);
        }
        command
            .args(["--refuse", &options.refuse.to_string()])
            .args(["--drop", &options.drop.to_string()]);
        if let Some(delay) = options.delay {
            command.args(["--delay", &delay.as_secs_f64().to_string()]);
        }
        // Held from the start, so a server that never gets ready is stopped all the same.
        let mut process = Running(
            command
                .stdout(Stdio::piped())
                .stderr(Stdio::inherit())
                .spawn()
                .unwrap_or_else(|e| panic!("starting {}: {e}", python.display())),
        );
        // It prints "ready" once it listens.
        let stdout = process.0.stdout.take().expect("the server's output");
        let ready = tokio::task::spawn_blocking(move || {
            let mut line = String::new();
            BufReader::new(stdout).read_line(&mut line).ok();
            line.trim() == "ready"
        });
        let ready = tokio::time::timeout(Duration::from_secs(30), ready).await;
        assert!(
            matches!(ready, Ok(Ok(true))),
            "aiosmtpd did not start on port {port}"
        );
        Self {
            _process: process,
            port,
            security: options.security,
            dir,
        }
    }

    /// The authority that signed the server's certificate (for `COHORT_SMTP_CA_FILE`), when
    /// it offers TLS.
    pub fn ca_file(&self) -> Option<PathBuf> {
        (self.security != Security::Plain).then(|| self.dir.path().join("ca.pem"))
    }

    /// The `COHORT_SMTP_URL` that reaches it, with `credentials` when given.
    pub fn url(&self, credentials: Option<(&str, &str)>) -> String {
        let account = credentials
            .map(|(user, password)| format!("{user}:{password}@"))
            .unwrap_or_default();
        match self.security {
            Security::Plain => format!("smtp://{account}localhost:{}", self.port),
            Security::StartTls => format!("smtp://{account}localhost:{}?tls=required", self.port),
            Security::Tls => format!("smtps://{account}localhost:{}", self.port),
        }
    }

    /// The messages accepted so far, in order.
    pub fn messages(&self) -> Vec<Received> {
        let Ok(entries) = std::fs::read_dir(self.dir.path().join("mail")) else {
            return Vec::new();
        };
        let mut files: Vec<PathBuf> = entries
            .filter_map(|entry| entry.ok().map(|e| e.path()))
            .filter(|path| path.extension().is_some_and(|e| e == "json"))
            .collect();
        files.sort();
        files
            .iter()
            .map(|path| {
                let text = std::fs::read_to_string(path).expect("a received message");
                serde_json::from_str(&text).expect("a received message's record")
            })
            .collect()
    }

    /// The accepted messages' headers and bodies.
    pub fn received(&self) -> Vec<String> {
        self.messages().into_iter().map(|m| m.data).collect()
    }

    /// What became of every message offered: `accepted`, `refused` or `dropped`, in order.
    pub fn attempts(&self) -> Vec<String> {
        std::fs::read_to_string(self.dir.path().join("mail/attempts.log"))
            .unwrap_or_default()
            .lines()
            .map(str::to_owned)
            .collect()
    }

    /// Waits until `count` messages have arrived (the outbox sends in the background).
    pub async fn wait_for(&self, count: usize, within: Duration) -> Vec<Received> {
        let deadline = tokio::time::Instant::now() + within;
        loop {
            let messages = self.messages();
            if messages.len() >= count || tokio::time::Instant::now() >= deadline {
                return messages;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}
