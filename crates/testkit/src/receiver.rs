//! A webhook receiver for tests: a real HTTP server on a free loopback port that keeps
//! every request it is sent and answers with the status the test sets.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU16, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use actix_web::{App, HttpRequest, HttpResponse, HttpServer, web};

/// One request as received.
#[derive(Debug, Clone)]
pub struct Received {
    /// Header names in lower case.
    pub headers: HashMap<String, String>,
    pub body: String,
}

#[derive(Default)]
struct State {
    received: Mutex<Vec<Received>>,
    status: AtomicU16,
}

pub struct Receiver {
    /// Where to send: `http://127.0.0.1:<port>/hook`.
    pub url: String,
    /// `http://127.0.0.1:<port>`, for `COHORT_OUTBOUND_ALLOWLIST`.
    pub origin: String,
    state: Arc<State>,
    server: actix_web::dev::ServerHandle,
}

impl Receiver {
    /// Starts a receiver answering 200 until told otherwise.
    pub async fn start() -> Self {
        let state = Arc::new(State {
            status: AtomicU16::new(200),
            ..State::default()
        });
        let shared = web::Data::from(Arc::clone(&state));
        let server = HttpServer::new(move || {
            App::new()
                .app_data(shared.clone())
                .default_service(web::to(receive))
        })
        .workers(1)
        .bind(("127.0.0.1", 0))
        .expect("bind a loopback port");
        let port = server.addrs()[0].port();
        let server = server.run();
        let handle = server.handle();
        tokio::spawn(server);
        let origin = format!("http://127.0.0.1:{port}");
        Self {
            url: format!("{origin}/hook"),
            origin,
            state,
            server: handle,
        }
    }

    /// Answers every request from now on with `status`.
    pub fn answer_with(&self, status: u16) {
        self.state.status.store(status, Ordering::SeqCst);
    }

    /// What was received so far.
    pub fn received(&self) -> Vec<Received> {
        self.state
            .received
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// What was received once there are `count` requests (panics after ten seconds).
    pub async fn wait_for(&self, count: usize) -> Vec<Received> {
        for _ in 0..200 {
            let received = self.received();
            if received.len() >= count {
                return received;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!(
            "the receiver got {} requests, not {count}",
            self.received().len()
        );
    }
}

impl Drop for Receiver {
    fn drop(&mut self) {
        drop(self.server.stop(false));
    }
}

async fn receive(req: HttpRequest, body: String, state: web::Data<State>) -> HttpResponse {
    let headers = req
        .headers()
        .iter()
        .map(|(name, value)| {
            (
                name.as_str().to_owned(),
                value.to_str().unwrap_or_default().to_owned(),
            )
        })
        .collect();
    state
        .received
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .push(Received { headers, body });
    let status = state.status.load(Ordering::SeqCst);
    let status =
        actix_web::http::StatusCode::from_u16(status).unwrap_or(actix_web::http::StatusCode::OK);
    HttpResponse::build(status).body(format!("answered {}", status.as_u16()))
}
