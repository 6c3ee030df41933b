//! A minimal SMTP server for tests of real mail delivery: it accepts every message and
//! keeps it, so a test can count what arrived. Not a mock of our code: the app talks to it
//! over TCP with lettre, as it would to a real server.

use std::sync::{Arc, Mutex};

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;
use tokio::task::JoinHandle;

/// A running sink; dropping it stops the server.
pub struct SmtpSink {
    pub port: u16,
    received: Arc<Mutex<Vec<String>>>,
    task: JoinHandle<()>,
}

/// A port nothing listens on (yet): an SMTP outage.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

impl SmtpSink {
    /// Listens on `port` (0 for any).
    pub async fn start(port: u16) -> Self {
        let listener = TcpListener::bind(("127.0.0.1", port))
            .await
            .expect("bind the SMTP sink");
        let port = listener.local_addr().expect("address").port();
        let received = Arc::new(Mutex::new(Vec::new()));
        let store = Arc::clone(&received);
        let task = tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let store = Arc::clone(&store);
                tokio::spawn(async move {
                    let (read, mut write) = stream.into_split();
                    let mut lines = BufReader::new(read).lines();
                    let _ = write.write_all(b"220 sink ready\r\n").await;
                    let mut data: Option<String> = None;
                    while let Ok(Some(line)) = lines.next_line().await {
                        if let Some(body) = data.as_mut() {
                            if line == "." {
                                store.lock().unwrap().push(std::mem::take(body));
                                data = None;
                                let _ = write.write_all(b"250 queued\r\n").await;
                            } else {
                                body.push_str(&line);
                                body.push('\n');
                            }
                            continue;
                        }
                        let command = line.to_uppercase();
                        let reply: &[u8] = if command.starts_with("EHLO") {
                            b"250-sink\r\n250 8BITMIME\r\n"
                        } else if command.starts_with("DATA") {
                            data = Some(String::new());
                            b"354 go ahead\r\n"
                        } else if command.starts_with("QUIT") {
                            let _ = write.write_all(b"221 bye\r\n").await;
                            break;
                        } else {
                            b"250 ok\r\n"
                        };
                        let _ = write.write_all(reply).await;
                    }
                });
            }
        });
        Self {
            port,
            received,
            task,
        }
    }

    /// The messages received so far (headers and body).
    pub fn received(&self) -> Vec<String> {
        self.received.lock().unwrap().clone()
    }
}

impl Drop for SmtpSink {
    fn drop(&mut self) {
        self.task.abort();
    }
}
