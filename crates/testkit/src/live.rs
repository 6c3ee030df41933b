//! The live channel in tests: a socket opened as a signed-in member's page opens it (a
//! single-use ticket, the allowed origin), and the next notification it carries.

use std::time::Duration;

use futures_util::StreamExt;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

use crate::TestApp;

pub type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A single-use ticket for the live channel, asked for with the session.
pub async fn ticket(app: &TestApp, token: &str) -> String {
    let (status, body) = app
        .post_json_as(token, "/api/live/ticket", &json!({}))
        .await;
    assert_eq!(status, 201, "{body}");
    body["data"]["ticket"].as_str().unwrap().to_owned()
}

pub fn socket_url(app: &TestApp, query: &str) -> String {
    format!(
        "{}/ws/notifications?{query}",
        app.address.replace("http://", "ws://")
    )
}

pub async fn connect(app: &TestApp, token: &str) -> Socket {
    let url = socket_url(app, &format!("ticket={}", ticket(app, token).await));
    let (socket, _) = tokio_tungstenite::connect_async(url)
        .await
        .expect("connect the live channel");
    socket
}

/// Opens the socket as a browser page of `origin` would.
pub async fn connect_from(
    app: &TestApp,
    ticket: &str,
    origin: &str,
) -> Result<Socket, tokio_tungstenite::tungstenite::Error> {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut request = socket_url(app, &format!("ticket={ticket}"))
        .into_client_request()
        .unwrap();
    request
        .headers_mut()
        .insert("Origin", origin.parse().unwrap());
    tokio_tungstenite::connect_async(request)
        .await
        .map(|(socket, _)| socket)
}

/// The next notification on the socket, within `wait`.
pub async fn next(socket: &mut Socket, wait: Duration) -> Option<Value> {
    let deadline = tokio::time::Instant::now() + wait;
    loop {
        let message = tokio::time::timeout_at(deadline, socket.next())
            .await
            .ok()??
            .ok()?;
        if let Message::Text(text) = message {
            return serde_json::from_str(&text).ok();
        }
    }
}

/// Asks the channel to watch `room`; its answer (`{"watching": room}` or `{"refused": room}`).
pub async fn watch(socket: &mut Socket, room: &str) -> Value {
    use futures_util::SinkExt;
    let ask = json!({ "watch": room }).to_string();
    socket
        .send(Message::Text(ask.into()))
        .await
        .expect("send on the live channel");
    next(socket, Duration::from_secs(5))
        .await
        .expect("an answer to watching")
}

/// Everything the socket carries within `wait` (a silence that long ends it).
pub async fn drain(socket: &mut Socket, wait: Duration) -> Vec<Value> {
    let mut heard = Vec::new();
    while let Some(message) = next(socket, wait).await {
        heard.push(message);
    }
    heard
}
