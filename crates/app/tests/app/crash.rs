//! Issue 15, proof 15: writers in a loop, `kill -9` of the server, a restart, and every
//! write the server acknowledged is still there. On SQLite, and on PostgreSQL when
//! `TEST_DATABASE_URL` is set.

use std::collections::HashSet;
use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{Value, json};

use crate::cli::{cohort, send_signal, serve_in};

const EMAIL: &str = "writer@example.org";
const PASSWORD: &str = "writer password 1";

async fn sign_in(client: &reqwest::Client, base: &str) -> String {
    crate::cli::sign_in(client, base, EMAIL, PASSWORD).await
}

/// Every group draft the account has, across pages.
async fn stored_ids(client: &reqwest::Client, base: &str, token: &str) -> HashSet<i64> {
    let mut ids = HashSet::new();
    for page in 1.. {
        let body: Value = client
            .get(format!("{base}/api/me/groups?perPage=100&page={page}"))
            .bearer_auth(token)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let items = body["data"].as_array().unwrap();
        ids.extend(items.iter().map(|g| g["id"].as_i64().unwrap()));
        if page >= body["pagination"]["total"].as_u64().unwrap() {
            break;
        }
    }
    ids
}

#[tokio::test]
async fn no_acknowledged_write_is_lost_when_the_server_is_killed() {
    let dir = tempfile::tempdir().unwrap();
    let database = testkit::TestDatabase::create().await;
    let mut env: Vec<(&str, String)> = vec![("COHORT_RATE_LIMITS", "off".into())];
    if let Some(url) = database.url() {
        env.push(("DATABASE_URL", url.to_owned()));
    }
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let mut admin = cohort(dir.path());
    admin.envs(env.iter().copied());
    let created = admin
        .args(["create-admin", "--email", EMAIL, "--password", PASSWORD])
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert!(created.success());

    let (mut child, base) = serve_in(dir.path(), &env);
    let client = reqwest::Client::new();
    let token = sign_in(&client, &base).await;
    let tags: Value = client
        .get(format!("{base}/api/groups/tags"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let tag = tags["data"][0]["id"].as_i64().unwrap();

    let acknowledged = Arc::new(Mutex::new(Vec::new()));
    let writers: Vec<_> = (0..8)
        .map(|writer| {
            let (client, base, token) = (client.clone(), base.clone(), token.clone());
            let acknowledged = Arc::clone(&acknowledged);
            tokio::spawn(async move {
                for n in 0.. {
                    let sent = client
                        .post(format!("{base}/api/me/groups"))
                        .bearer_auth(&token)
                        .json(&json!({
                            "title": format!("Crash test {writer}-{n}"),
                            "summary": "<p>Written while the server is killed.</p>",
                            "tags": [tag],
                        }))
                        .send()
                        .await;
                    let Ok(response) = sent else { break };
                    if response.status().as_u16() != 201 {
                        break;
                    }
                    let Ok(body) = response.json::<Value>().await else {
                        break;
                    };
                    acknowledged
                        .lock()
                        .unwrap()
                        .push(body["data"]["id"].as_i64().unwrap());
                }
            })
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(1500)).await;
    send_signal("KILL", &child.id().to_string());
    child.wait().unwrap();
    for writer in writers {
        writer.await.unwrap();
    }
    let acknowledged: Vec<i64> = acknowledged.lock().unwrap().clone();
    assert!(
        acknowledged.len() >= 8,
        "the writers wrote: {}",
        acknowledged.len()
    );

    let (mut again, base) = serve_in(dir.path(), &env);
    let token = sign_in(&client, &base).await;
    let stored = stored_ids(&client, &base, &token).await;
    let missing: Vec<&i64> = acknowledged
        .iter()
        .filter(|id| !stored.contains(id))
        .collect();
    eprintln!(
        "{} acknowledged writes, {} missing after kill -9 ({})",
        acknowledged.len(),
        missing.len(),
        if database.is_postgres() {
            "PostgreSQL"
        } else {
            "SQLite"
        }
    );
    assert!(missing.is_empty(), "lost: {missing:?}");
    send_signal("TERM", &again.id().to_string());
    again.wait().unwrap();
}
