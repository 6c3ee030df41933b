//! "Download my data" in tests: the e-mailed link once the background job is done, and the
//! ZIP's files.

use std::collections::BTreeMap;
use std::io::Read;

use serde_json::Value;

use crate::TestApp;

/// The files of an export by name.
pub type Files = BTreeMap<String, Vec<u8>>;

/// The download link in the newest "ready" mail to `to`, waiting for the background job.
pub async fn ready_link(app: &TestApp, to: &str) -> String {
    for _ in 0..100 {
        let mailbox = mail::dev_mailbox::DevMailbox::of(&app.ctx).unwrap();
        let params = kernel::PageParams {
            page: Some(1),
            per_page: Some(100),
        };
        let mail = mailbox
            .list(&params)
            .await
            .unwrap()
            .data
            .into_iter()
            .find(|m| m.to == to && m.subject == "Your Cohort data is ready to download");
        if let Some(mail) = mail {
            // The link names the public address; the test asks the app itself.
            let start = mail.text.find("/api/data-export/").unwrap();
            return mail.text[start..]
                .split_whitespace()
                .next()
                .unwrap()
                .to_owned();
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("no export mail to {to}");
}

/// The ZIP's files by name.
pub fn unzip(bytes: &[u8]) -> Files {
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).unwrap();
    let mut files = Files::new();
    for i in 0..archive.len() {
        let mut file = archive.by_index(i).unwrap();
        let mut content = Vec::new();
        file.read_to_end(&mut content).unwrap();
        files.insert(file.name().unwrap().to_string(), content);
    }
    files
}

/// The rows of the JSON file `name` in an export.
pub fn json_of(files: &Files, name: &str) -> Vec<Value> {
    let bytes = files
        .get(name)
        .unwrap_or_else(|| panic!("{name} in {:?}", files.keys()));
    serde_json::from_slice(bytes).unwrap()
}

/// `token`'s own export: asked for, built in the background, downloaded through the mailed
/// link, unzipped.
pub async fn export_of(app: &TestApp, token: &str, email: &str) -> Files {
    let (status, body) = app
        .post_json_as(token, "/api/me/data-export", &serde_json::json!({}))
        .await;
    assert_eq!(status, 202, "{body}");
    let link = ready_link(app, email).await;
    let response = app.client.get(app.url(&link)).send().await.unwrap();
    assert_eq!(response.status(), 200);
    unzip(&response.bytes().await.unwrap())
}
