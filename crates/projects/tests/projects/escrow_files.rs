//! A milestone report's files (issue 50, item 2: "text, files, links"): the owner attaches
//! PDFs while the milestone waits for its report; the report takes them; only files a report
//! took are public; a report sent back lets the owner change them; an upload beside a report
//! lands before it (and is taken) or is refused — never left waiting beside a report.

use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use testkit::TestApp;
use testkit::spawn_app;

use super::campaigns::{Campaign, PASSWORD};
use super::escrow::{clean, decide, escrow_of, in_escrow, report};

/// The smallest file a PDF reader accepts as one (its content is what is checked).
const PDF: &[u8] = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n";

fn files_path(c: &Campaign, n: i32) -> String {
    format!("/api/me/projects/{}/milestones/{n}/files", c.id)
}

async fn upload(app: &TestApp, c: &Campaign, n: i32, name: &str) -> (u16, Value) {
    app.upload_as(&c.owner, &files_path(c, n), name, PDF.to_vec())
        .await
}

/// The names of milestone `n`'s files as `token` sees them on the project page, each with
/// whether it still waits for a report.
async fn files_seen(app: &TestApp, c: &Campaign, token: &str, n: usize) -> Vec<(String, bool)> {
    escrow_of(app, &c.slug, token).await["milestones"][n - 1]["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["filename"].as_str().unwrap().to_owned(),
                f["waiting"] == true,
            )
        })
        .collect()
}

fn code(body: &Value) -> Option<&str> {
    body["code"].as_str()
}

#[tokio::test]
async fn a_report_takes_the_pdfs_attached_to_its_milestone_and_only_those_are_public() {
    let app = spawn_app().await;
    let (admin, expert, c) = in_escrow(&app).await;
    let backer = c.backers[0].0.clone();

    // Only a PDF, only the owner's, only an existing milestone.
    let (status, body) = app
        .upload_as(&c.owner, &files_path(&c, 1), "log.txt", b"plain".to_vec())
        .await;
    assert_eq!(
        (status, &body["messages"]["file"][0]),
        (400, &json!("Attach the evidence as PDF files.")),
        "{body}"
    );
    let (status, _) = app
        .upload_as(&backer, &files_path(&c, 1), "a.pdf", PDF.to_vec())
        .await;
    assert_eq!(status, 404, "not the backer's project");
    assert_eq!(
        upload(&app, &c, 3, "a.pdf").await.0,
        404,
        "no third milestone"
    );

    let (status, file) = upload(&app, &c, 1, "../recruitment log.pdf").await;
    assert_eq!(status, 201, "{file}");
    assert_eq!(file["data"]["filename"], "recruitment log.pdf");
    assert_eq!(file["data"]["waiting"], true);
    assert_eq!(
        file["data"]["sha256"],
        format!("{:x}", Sha256::digest(PDF)),
        "kept as sent"
    );
    let url = file["data"]["url"].as_str().unwrap().to_owned();
    let served = app.client.get(app.url(&url)).send().await.unwrap();
    assert_eq!(served.bytes().await.unwrap().as_ref(), PDF);
    assert_eq!(
        files_seen(&app, &c, &c.owner, 1).await,
        [("recruitment log.pdf".to_owned(), true)]
    );
    assert!(
        files_seen(&app, &c, &backer, 1).await.is_empty(),
        "a waiting file is the owner's alone"
    );

    // At most ten; a waiting file is removed.
    for i in 2..=10 {
        assert_eq!(upload(&app, &c, 1, &format!("{i}.pdf")).await.0, 201);
    }
    let (status, body) = upload(&app, &c, 1, "11.pdf").await;
    assert_eq!(
        (status, &body["messages"]["file"][0]),
        (400, &json!("A milestone's report holds at most 10 files.")),
        "{body}"
    );
    let owner_files = escrow_of(&app, &c.slug, &c.owner).await["milestones"][0]["files"].clone();
    let ids: Vec<i64> = owner_files
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["id"].as_i64().unwrap())
        .collect();
    for id in &ids[1..] {
        let path = format!("{}/{id}", files_path(&c, 1));
        assert_eq!(app.delete_as(&c.owner, &path).await.0, 204);
    }
    let first = format!("{}/{}", files_path(&c, 1), ids[0]);
    assert_eq!(app.delete_as(&backer, &first).await.0, 404);
    assert_eq!(
        app.delete_as(&c.owner, &format!("{}/{}", files_path(&c, 2), ids[0]))
            .await
            .0,
        404,
        "a file of another milestone"
    );

    // The report takes it: public now, fixed until a Content Expert sends it back.
    let (status, body) = report(&app, &c, 1, json!([])).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["files"][0]["waiting"], false);
    assert_eq!(
        files_seen(&app, &c, &backer, 1).await,
        [("recruitment log.pdf".to_owned(), false)]
    );
    let (status, body) = app.delete_as(&c.owner, &first).await;
    assert_eq!((status, code(&body)), (409, Some("milestone_changed")));
    let (status, body) = upload(&app, &c, 1, "late.pdf").await;
    assert_eq!((status, code(&body)), (409, Some("milestone_changed")));
    let (_, queue) = app.get_json_as(&admin, "/api/staff/milestones").await;
    assert_eq!(
        queue["data"][0]["milestone"]["files"][0]["filename"], "recruitment log.pdf",
        "{queue}"
    );

    // Sent back: the owner changes the files; the next report takes the new one.
    assert_eq!(decide(&app, &expert, &c, 1, "return").await.0, 200);
    assert_eq!(upload(&app, &c, 1, "consent forms.pdf").await.0, 201);
    assert_eq!(
        files_seen(&app, &c, &backer, 1).await,
        [("recruitment log.pdf".to_owned(), false)],
        "the new file waits for the report"
    );
    assert_eq!(app.delete_as(&c.owner, &first).await.0, 204);
    assert_eq!(report(&app, &c, 1, json!([])).await.0, 200);
    assert_eq!(
        files_seen(&app, &c, &backer, 1).await,
        [("consent forms.pdf".to_owned(), false)]
    );
    assert_eq!(decide(&app, &expert, &c, 1, "verify").await.0, 200);
    assert_eq!(upload(&app, &c, 1, "after.pdf").await.0, 409);
    clean(&app, &admin).await;
}

#[tokio::test]
async fn an_upload_or_a_removal_beside_the_report_lands_before_it_or_is_refused() {
    let app = spawn_app().await;
    let (_admin, expert, c) = in_escrow(&app).await;
    for round in 0..4 {
        let n = if round % 2 == 0 { 1 } else { 2 };
        let (name, kept) = (format!("round {round}.pdf"), format!("kept {round}.pdf"));
        let (status, file) = upload(&app, &c, n, &kept).await;
        assert_eq!(status, 201, "{file}");
        let kept_path = format!("{}/{}", files_path(&c, n), file["data"]["id"]);
        let (uploaded, removed, reported) = tokio::join!(
            upload(&app, &c, n, &name),
            app.delete_as(&c.owner, &kept_path),
            report(&app, &c, n, json!([]))
        );
        assert_eq!(reported.0, 200, "{:?}", reported.1);
        assert!(
            [201, 409].contains(&uploaded.0),
            "{uploaded:?}: refused with a conflict, or stored"
        );
        assert!(
            [204, 409].contains(&removed.0),
            "{removed:?}: refused with a conflict, or removed"
        );
        let seen = files_seen(&app, &c, &c.owner, n as usize).await;
        assert!(
            seen.iter().all(|(_, waiting)| !waiting),
            "nothing waits beside a report: {seen:?}"
        );
        assert_eq!(
            seen.iter().any(|(f, _)| *f == name),
            uploaded.0 == 201,
            "a stored file is the report's: {seen:?}"
        );
        assert_eq!(
            seen.iter().any(|(f, _)| *f == kept),
            removed.0 == 409,
            "a file is removed before the report, or stays in it: {seen:?}"
        );
        if round < 2 {
            // Sent back once, to race again at its second report.
            assert_eq!(decide(&app, &expert, &c, n, "return").await.0, 200);
        }
    }
}

/// Twelve uploads at once onto one milestone: ten are attached, two refused with the limit.
#[tokio::test]
async fn uploads_at_once_never_pass_a_reports_limit() {
    let app = spawn_app().await;
    let (_admin, _expert, c) = in_escrow(&app).await;
    let names: Vec<String> = (0..12).map(|i| format!("{i}.pdf")).collect();
    let sent = names.iter().map(|name| upload(&app, &c, 1, name));
    let mut statuses: Vec<u16> = futures_util::future::join_all(sent)
        .await
        .iter()
        .map(|(status, _)| *status)
        .collect();
    statuses.sort_unstable();
    assert_eq!(statuses, [[201; 10].as_slice(), &[400, 400]].concat());
    assert_eq!(files_seen(&app, &c, &c.owner, 1).await.len(), 10);
}

#[tokio::test]
async fn a_milestone_past_its_grace_period_is_not_reported_before_the_sweep_comes() {
    let app = spawn_app().await;
    let (_admin, _expert, c) = in_escrow(&app).await;
    assert_eq!(upload(&app, &c, 1, "early.pdf").await.0, 201);
    // A day past milestone 1's deadline and grace; no sweep has run.
    let escrow = escrow_of(&app, &c.slug, &c.owner).await;
    let missed_after: chrono::DateTime<chrono::Utc> =
        serde_json::from_value(escrow["milestones"][0]["missed_after"].clone()).unwrap();
    kernel::clock::advance(missed_after - kernel::clock::now() + chrono::Duration::days(1));
    let owner = app.sign_in("owner@example.org", PASSWORD).await;
    let c = Campaign { owner, ..c };
    let escrow = escrow_of(&app, &c.slug, &c.owner).await;
    assert_eq!(escrow["milestones"][0]["state"], "pending");
    assert_eq!(escrow["milestones"][0]["can_report"], false, "{escrow}");
    assert_eq!(escrow["milestones"][1]["can_report"], true);
    let (status, body) = report(&app, &c, 1, json!([])).await;
    assert_eq!(
        (status, code(&body)),
        (409, Some("milestone_changed")),
        "{body}"
    );
    let (status, body) = upload(&app, &c, 1, "late.pdf").await;
    assert_eq!(
        (status, code(&body)),
        (409, Some("milestone_changed")),
        "{body}"
    );
    assert_eq!(
        report(&app, &c, 2, json!([])).await.0,
        200,
        "the other is on time"
    );
}
