//! moto (PyPI) in server mode: a real S3-compatible service on a loopback port for the tests
//! of object storage, stopped when the guard drops. `just moto` installs it into its own
//! virtualenv; `MOTO_SERVER_BIN` names another copy.

use std::process::{Command, Stdio};
use std::time::Duration;

use kernel::storage::S3Location;

use crate::process::{Running, installed};
use crate::smtp::free_port;

/// A running moto; killed on drop.
pub struct Moto {
    _process: Running,
    /// `http://127.0.0.1:<port>`.
    pub endpoint: String,
}

/// Starts a fresh moto and waits until it answers.
pub async fn start() -> Moto {
    let bin = installed("MOTO_SERVER_BIN", "moto/bin/moto_server", "moto");
    let port = free_port();
    let child = Command::new(&bin)
        .args(["-H", "127.0.0.1", "-p", &port.to_string()])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("starting {}: {e}", bin.display()));
    let moto = Moto {
        _process: Running(child),
        endpoint: format!("http://127.0.0.1:{port}"),
    };
    let client = reqwest::Client::new();
    for _ in 0..300 {
        if client.get(&moto.endpoint).send().await.is_ok() {
            return moto;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("moto did not start on port {port}");
}

impl Moto {
    /// Makes `bucket` and returns where its `prefix` is, with the test's keys.
    pub async fn bucket(&self, bucket: &str, prefix: &str) -> S3Location {
        let made = reqwest::Client::new()
            .put(format!("{}/{bucket}", self.endpoint))
            .send()
            .await
            .expect("creating the bucket");
        assert!(
            made.status().is_success(),
            "creating {bucket}: {}",
            made.status()
        );
        self.location(bucket, prefix)
    }

    /// Where `prefix` of an existing `bucket` is, with the test's keys.
    pub fn location(&self, bucket: &str, prefix: &str) -> S3Location {
        S3Location {
            bucket: bucket.to_owned(),
            prefix: prefix.to_owned(),
            endpoint: Some(self.endpoint.clone()),
            region: "us-east-1".to_owned(),
            access_key_id: Some("testing".to_owned()),
            secret_access_key: Some("testing".to_owned()),
        }
    }
}
