//! Registered protocols (issue 50 §1): registration frozen and hashed into the audit chain,
//! amendments with their reasons (and refused when stale, also when two race), the files,
//! the side-by-side difference, the DataCite XML and PDF record, and the campaign's gate.

use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use testkit::projects::{card, complete, draft, make_eligible, register_protocol};
use testkit::{TestApp, spawn_app, spawn_app_with};

const PASSWORD: &str = "trial design 21";
/// The smallest file a PDF reader accepts as one (its content is what is checked).
const PDF: &[u8] = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n";

struct Owner {
    staff: String,
    owner: String,
}

async fn eligible_owner(app: &TestApp) -> Owner {
    let staff = app
        .signed_in_staff("admin@example.org", "staff password 1")
        .await;
    let owner = app.signed_in_user("owner@example.org", PASSWORD).await;
    make_eligible(app, &owner, PASSWORD, &staff).await;
    Owner { staff, owner }
}

/// A complete draft without a protocol: its id and slug.
async fn complete_draft(app: &TestApp, owner: &str, title: &str) -> (i64, String) {
    let made = draft(app, owner, title).await;
    let id = made["id"].as_i64().unwrap();
    complete(app, owner, id).await;
    (id, made["slug"].as_str().unwrap().to_owned())
}

/// Submits draft `id` and has staff approve it: live.
async fn go_live(app: &TestApp, o: &Owner, id: i64) {
    let (status, body) = app
        .post_json_as(
            &o.owner,
            &format!("/api/me/projects/{id}/submit"),
            &json!({}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = app
        .post_json_as(
            &o.staff,
            &format!("/api/staff/projects/{id}/review"),
            &json!({"verdict": "approve"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
}

fn sha256(text: &[u8]) -> String {
    format!("{:x}", Sha256::digest(text))
}

async fn bytes(app: &TestApp, path: &str) -> (u16, String, Vec<u8>) {
    let response = app.client.get(app.url(path)).send().await.unwrap();
    let status = response.status().as_u16();
    let kind = response
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default();
    (status, kind, response.bytes().await.unwrap().to_vec())
}

#[tokio::test]
async fn a_registration_is_frozen_hashed_into_the_audit_chain_and_amended_with_reasons() {
    let app = spawn_app().await;
    let o = eligible_owner(&app).await;
    let (id, slug) = complete_draft(&app, &o.owner, "Sleep after surgery").await;
    let mine = format!("/api/me/projects/{id}/protocol");

    // A file waits for the registration; only a PDF is taken.
    let files = format!("{mine}/files");
    let (status, body) = app
        .upload_as(&o.owner, &files, "notes.txt", b"plain text".to_vec())
        .await;
    assert_eq!(
        (status, body["messages"]["file"][0].as_str()),
        (400, Some("Attach the protocol's documents as PDF files."))
    );
    let (status, file) = app
        .upload_as(&o.owner, &files, "../consent form.pdf", PDF.to_vec())
        .await;
    assert_eq!(status, 201, "{file}");
    assert_eq!(file["data"]["filename"], "consent form.pdf");
    assert_eq!(file["data"]["sha256"], sha256(PDF));
    let file_id = file["data"]["id"].as_i64().unwrap();

    // Version 1 gives no reason; it must say something.
    let (status, body) = app
        .post_json_as(&o.owner, &mine, &json!({"body": "<p></p>"}))
        .await;
    assert_eq!(
        (status, body["messages"]["body"].is_array()),
        (400, true),
        "{body}"
    );
    let (status, body) = app
        .post_json_as(
            &o.owner,
            &mine,
            &json!({"body": "<p>Adults.</p>", "reason": "Because.", "file_ids": [file_id]}),
        )
        .await;
    assert_eq!(
        (status, body["messages"]["reason"][0].as_str()),
        (
            400,
            Some("The first registration has no reason to give: only amendments do.")
        )
    );
    let (status, body) = app
        .post_json_as(
            &o.owner,
            &mine,
            &json!({"body": "<p>Adults after surgery.</p><p>120 patients.</p><script>x()</script>", "file_ids": [file_id]}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let v1 = body["data"]["versions"][0].clone();
    assert_eq!(v1["version"], 1);
    assert!(
        !v1["body"].as_str().unwrap().contains("script"),
        "sanitised"
    );
    assert_eq!(body["data"]["waiting_files"], json!([]));
    // The hash is of the document the API gives, which holds the file's own hash.
    let document = v1["document"].as_str().unwrap();
    assert_eq!(v1["content_hash"], sha256(document.as_bytes()));
    assert!(document.contains(&sha256(PDF)));
    // The chain holds the hash, and the entry checks against its own link.
    let entry: audit::chain::SealedEntry = serde_json::from_value(v1["audit"].clone()).unwrap();
    assert!(
        entry
            .content
            .as_ref()
            .unwrap()
            .detail
            .contains(v1["content_hash"].as_str().unwrap()),
        "the audit entry records the hash"
    );
    assert_eq!(audit::chain::check_segment(&[entry]), Ok(1));
    // What the page offers to download checks with `cohort audit verify --segment`.
    let file = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(file.path(), json!({"data": [v1["audit"]]}).to_string()).unwrap();
    let said = app::cli::audit_verify::segment(file.path(), None).expect("the entry checks");
    assert!(said.contains('1'), "{said}");
    assert!(
        audit::chain::verify(&app.ctx.db, None, None)
            .await
            .unwrap()
            .is_ok(),
        "the audit chain is intact"
    );
    // The registered file stays registered.
    let (status, _) = app.delete_as(&o.owner, &format!("{files}/{file_id}")).await;
    assert_eq!(status, 400);

    // An amendment says why; it is refused on a version the owner no longer sees.
    let amend = |body: &str, reason: Option<&str>, amends: i64, files: Vec<i64>| json!({"body": body, "reason": reason, "amends": amends, "file_ids": files});
    let (status, body) = app
        .post_json_as(&o.owner, &mine, &amend("<p>x</p>", None, 1, vec![]))
        .await;
    assert_eq!(
        (status, body["messages"]["reason"][0].as_str()),
        (400, Some("Say why the protocol is amended."))
    );
    let kept = v1["files"][0]["id"].as_i64().unwrap();
    let (status, body) = app
        .post_json_as(
            &o.owner,
            &mine,
            &amend(
                "<p>Adults after surgery.</p><p>150 patients.</p><p>Follow-up at 90 days.</p>",
                Some("Recruitment is faster than planned."),
                1,
                vec![kept],
            ),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let (status, body) = app
        .post_json_as(
            &o.owner,
            &mine,
            &amend("<p>y</p>", Some("Again."), 1, vec![]),
        )
        .await;
    assert_eq!(
        (status, body["message"].as_str()),
        (
            409,
            Some("The protocol was registered again meanwhile: reload to see version 2.")
        )
    );

    // Not public before the project is; its owner sees it.
    let public = format!("/api/projects/{slug}/protocol");
    assert_eq!(app.get_json(&public).await.0, 404);
    let (status, body) = app.get_json_as(&o.owner, &public).await;
    assert_eq!(status, 200);
    let versions: Vec<i64> = body["data"]["versions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["version"].as_i64().unwrap())
        .collect();
    assert_eq!(versions, vec![2, 1]);
    assert_eq!(
        body["data"]["versions"][0]["reason"],
        "Recruitment is faster than planned."
    );
    assert_eq!(
        body["data"]["versions"][0]["files"][0]["sha256"],
        sha256(PDF)
    );

    let (_, _, sitemap) = bytes(&app, "/sitemap.xml").await;
    let sitemap = String::from_utf8(sitemap).unwrap();
    assert!(
        !sitemap.contains(&format!("/project/{slug}")),
        "a draft is not mapped"
    );
    go_live(&app, &o, id).await;
    // Search engines find the public record beside the project.
    let (_, _, sitemap) = bytes(&app, "/sitemap.xml").await;
    let sitemap = String::from_utf8(sitemap).unwrap();
    assert!(
        sitemap.contains(&format!("/project/{slug}/protocol</loc>")),
        "{sitemap}"
    );
    let (status, diff) = app.get_json(&format!("{public}/diff?from=1&to=2")).await;
    assert_eq!(status, 200, "{diff}");
    let rows: Vec<(String, Value, Value)> = diff["data"]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["change"].as_str().unwrap().to_owned(),
                r["before"].clone(),
                r["after"].clone(),
            )
        })
        .collect();
    assert_eq!(
        rows,
        vec![
            (
                "same".into(),
                json!("Adults after surgery."),
                json!("Adults after surgery.")
            ),
            (
                "changed".into(),
                json!("120 patients."),
                json!("150 patients.")
            ),
            ("added".into(), Value::Null, json!("Follow-up at 90 days.")),
        ]
    );
    assert_eq!(diff["data"]["files"][0]["change"], "same");
    assert_eq!(
        diff["data"]["reason"],
        "Recruitment is faster than planned."
    );
    let (status, body) = app.get_json(&format!("{public}/diff?from=2&to=1")).await;
    assert_eq!(
        (status, body["messages"]["from"][0].as_str()),
        (400, Some("Compare an earlier version with a later one."))
    );
    let (status, body) = app.get_json(&format!("{public}/diff?from=1&to=3")).await;
    assert_eq!(
        (status, body["messages"]["to"][0].as_str()),
        (400, Some("This protocol has no such version."))
    );

    // The DataCite XML and the PDF record carry the hash.
    let hash = body_hash(&app, &public, 2).await;
    let (status, kind, xml) = bytes(&app, &format!("{public}/versions/2/datacite.xml")).await;
    assert_eq!((status, kind.starts_with("application/xml")), (200, true));
    let xml = String::from_utf8(xml).unwrap();
    let doc = roxmltree::Document::parse(&xml).expect("well-formed XML");
    let text_of = |name: &str| {
        doc.descendants()
            .filter(|n| n.has_tag_name(name))
            .map(|n| n.text().unwrap_or_default().to_owned())
            .collect::<Vec<_>>()
    };
    assert!(text_of("alternateIdentifier").contains(&hash));
    assert_eq!(text_of("version"), vec!["2".to_owned()]);
    assert_eq!(
        doc.descendants()
            .find(|n| n.has_tag_name("resourceType"))
            .and_then(|n| n.attribute("resourceTypeGeneral")),
        Some("StudyRegistration")
    );
    assert!(
        text_of("relatedIdentifier")
            .iter()
            .any(|u| u.ends_with("/protocol?version=1"))
    );
    let (status, kind, pdf) = bytes(&app, &format!("{public}/versions/2/record.pdf")).await;
    assert_eq!((status, kind.as_str()), (200, "application/pdf"));
    let text = testkit::pdf::text(&pdf);
    assert!(text.contains(&hash), "{text}");
    assert!(
        text.contains("Recruitment is faster than planned."),
        "{text}"
    );
    assert_eq!(
        bytes(&app, &format!("{public}/versions/3/record.pdf"))
            .await
            .0,
        404
    );
}

async fn body_hash(app: &TestApp, public: &str, version: i64) -> String {
    let (_, body) = app.get_json(public).await;
    body["data"]["versions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["version"] == version)
        .unwrap()["content_hash"]
        .as_str()
        .unwrap()
        .to_owned()
}

#[tokio::test]
async fn two_amendments_at_once_make_one_version() {
    let app = spawn_app().await;
    let o = eligible_owner(&app).await;
    let (id, _) = complete_draft(&app, &o.owner, "Early sepsis").await;
    register_protocol(&app, &o.owner, id).await;
    let mine = format!("/api/me/projects/{id}/protocol");
    let amendment = |n: i32| json!({"body": format!("<p>Amendment {n}</p>"), "reason": format!("Reason {n}"), "amends": 1});
    let (a, b, c) = (amendment(1), amendment(2), amendment(3));
    let results = futures_util::join!(
        app.post_json_as(&o.owner, &mine, &a),
        app.post_json_as(&o.owner, &mine, &b),
        app.post_json_as(&o.owner, &mine, &c),
    );
    let mut statuses = vec![results.0.0, results.1.0, results.2.0];
    statuses.sort_unstable();
    assert_eq!(statuses, vec![201, 409, 409]);
    let (_, body) = app.get_json_as(&o.owner, &mine).await;
    assert_eq!(body["data"]["versions"].as_array().unwrap().len(), 2);
    assert!(
        audit::chain::verify(&app.ctx.db, None, None)
            .await
            .unwrap()
            .is_ok(),
        "the audit chain is intact"
    );
}

#[tokio::test]
async fn a_campaign_takes_pledges_only_once_its_protocol_is_registered() {
    let app = spawn_app().await;
    let o = eligible_owner(&app).await;
    let (id, slug) = complete_draft(&app, &o.owner, "Early sepsis").await;
    go_live(&app, &o, id).await;
    let ada = app.signed_in_user("ada@example.org", PASSWORD).await;

    let (_, page) = app
        .get_json_as(&ada, &format!("/api/projects/{slug}"))
        .await;
    let abilities = &page["data"]["abilities"];
    assert_eq!(
        (
            &abilities["can_pledge"],
            &abilities["takes_pledges"],
            &abilities["awaits_protocol"]
        ),
        (
            &json!(false),
            &json!(false),
            &json!("Pledges open once the project's protocol is registered.")
        )
    );
    assert_eq!(page["data"]["protocol"], Value::Null);
    let (status, body) = app
        .post_json_as(
            &ada,
            &format!("/api/projects/{slug}/card-setups"),
            &json!({}),
        )
        .await;
    assert_eq!(
        (status, body["code"].as_str(), body["message"].as_str()),
        (
            400,
            Some("protocol_required"),
            Some("Pledges open once the project's protocol is registered.")
        )
    );

    register_protocol(&app, &o.owner, id).await;
    let (_, page) = app
        .get_json_as(&ada, &format!("/api/projects/{slug}"))
        .await;
    assert_eq!(page["data"]["abilities"]["can_pledge"], true);
    assert_eq!(page["data"]["abilities"]["awaits_protocol"], Value::Null);
    assert_eq!(page["data"]["protocol"]["version"], 1);
    let setup = card(&app, &ada, &slug, "4242 4242 4242 4242").await;
    let (status, body) = app
        .post_json_as(
            &ada,
            &format!("/api/projects/{slug}/pledges"),
            &json!({"setup_id": setup, "amount_cents": 2_500, "adult": true}),
        )
        .await;
    assert_eq!(status, 201, "{body}");

    // The backer hears of an amendment, with its reason, and opens that version.
    let (status, body) = app
        .post_json_as(
            &o.owner,
            &format!("/api/me/projects/{id}/protocol"),
            &json!({"body": "<p>A second site.</p>", "reason": "A second site joins.", "amends": 1}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let (_, notes) = app.get_json_as(&ada, "/api/me/notifications").await;
    let newest = &notes["data"][0];
    assert_eq!(newest["title"], "Protocol amended");
    assert_eq!(
        newest["message"],
        "Early sepsis amended its protocol (version 2): A second site joins."
    );
    assert_eq!(
        newest["in_app_route"],
        format!("/project/{slug}/protocol?version=2")
    );

    // A suspended project's protocol waits with it.
    let (status, body) = app
        .post_json_as(
            &o.staff,
            &format!("/api/staff/projects/{id}/status"),
            &json!({"action": "suspend", "reason": "Ethics approval under review."}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let mine = format!("/api/me/projects/{id}/protocol");
    let (_, own) = app.get_json_as(&o.owner, &mine).await;
    assert_eq!(
        own["data"]["refusal"],
        "A suspended project's protocol cannot be registered."
    );
    let (status, body) = app
        .post_json_as(
            &o.owner,
            &mine,
            &json!({"body": "<p>Third.</p>", "reason": "More sites.", "amends": 2}),
        )
        .await;
    assert_eq!(
        (status, body["message"].as_str()),
        (
            400,
            Some("A suspended project's protocol cannot be registered.")
        )
    );
}

#[tokio::test]
async fn with_the_setting_off_a_campaign_takes_pledges_without_a_protocol() {
    let app = spawn_app_with(|config| config.protocol_required = false).await;
    let o = eligible_owner(&app).await;
    let (id, slug) = complete_draft(&app, &o.owner, "Early sepsis").await;
    go_live(&app, &o, id).await;
    let ada = app.signed_in_user("ada@example.org", PASSWORD).await;
    let (_, page) = app
        .get_json_as(&ada, &format!("/api/projects/{slug}"))
        .await;
    assert_eq!(page["data"]["abilities"]["can_pledge"], true);
    assert_eq!(page["data"]["abilities"]["awaits_protocol"], Value::Null);
    let (_, body) = app
        .get_json(&format!("/api/projects/{slug}/protocol"))
        .await;
    assert_eq!(body["data"]["required_for_pledges"], false);
}

#[tokio::test]
async fn protocol_files_are_the_owners_and_wait_until_registered() {
    let app = spawn_app().await;
    let o = eligible_owner(&app).await;
    let (id, _) = complete_draft(&app, &o.owner, "Early sepsis").await;
    let (other, _) = complete_draft(&app, &o.owner, "Another study").await;
    let files = format!("/api/me/projects/{id}/protocol/files");
    let (_, file) = app.upload_as(&o.owner, &files, "a.pdf", PDF.to_vec()).await;
    let file_id = file["data"]["id"].as_i64().unwrap();

    // Someone else's project is a 404; another project's file is refused.
    let ada = app.signed_in_user("ada@example.org", PASSWORD).await;
    assert_eq!(
        app.upload_as(&ada, &files, "a.pdf", PDF.to_vec()).await.0,
        404
    );
    assert_eq!(
        app.delete_as(&ada, &format!("{files}/{file_id}")).await.0,
        404
    );
    let (status, body) = app
        .post_json_as(
            &o.owner,
            &format!("/api/me/projects/{other}/protocol"),
            &json!({"body": "<p>Other.</p>", "file_ids": [file_id]}),
        )
        .await;
    assert_eq!(
        (status, body["messages"]["file_ids"][0].as_str()),
        (
            400,
            Some("A file is not one of this project's protocol files.")
        )
    );
    let (status, body) = app
        .post_json_as(
            &o.owner,
            &format!("/api/me/projects/{id}/protocol"),
            &json!({"body": "<p>Twice.</p>", "file_ids": [file_id, file_id]}),
        )
        .await;
    assert_eq!(
        (status, body["messages"]["file_ids"][0].as_str()),
        (400, Some("A file is listed twice."))
    );

    // A waiting file is removed, with its stored copy.
    let (_, mine) = app
        .get_json_as(&o.owner, &format!("/api/me/projects/{id}/protocol"))
        .await;
    assert_eq!(mine["data"]["waiting_files"][0]["id"], file_id);
    assert_eq!(mine["data"]["refusal"], Value::Null);
    let url = mine["data"]["waiting_files"][0]["url"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(
        app.delete_as(&o.owner, &format!("{files}/{file_id}"))
            .await
            .0,
        204
    );
    let (_, mine) = app
        .get_json_as(&o.owner, &format!("/api/me/projects/{id}/protocol"))
        .await;
    assert_eq!(mine["data"]["waiting_files"], json!([]));
    let url = if url.starts_with('/') {
        app.url(&url)
    } else {
        url
    };
    let gone = app.client.get(&url).send().await.unwrap().status().as_u16();
    assert_eq!(gone, 404, "{url}");
}

/// Twelve uploads at once into an empty list: ten wait, two are refused with the limit.
#[tokio::test]
async fn uploads_at_once_never_pass_the_limit() {
    let app = spawn_app().await;
    let o = eligible_owner(&app).await;
    let (id, _) = complete_draft(&app, &o.owner, "Early sepsis").await;
    let files = format!("/api/me/projects/{id}/protocol/files");
    let names: Vec<String> = (0..12).map(|i| format!("{i}.pdf")).collect();
    let sent = names
        .iter()
        .map(|name| app.upload_as(&o.owner, &files, name, PDF.to_vec()));
    let answers = futures_util::future::join_all(sent).await;
    let mut statuses: Vec<u16> = answers.iter().map(|(status, _)| *status).collect();
    statuses.sort_unstable();
    assert_eq!(
        statuses,
        [[201; 10].as_slice(), &[400, 400]].concat(),
        "{answers:?}"
    );
    let (_, mine) = app
        .get_json_as(&o.owner, &format!("/api/me/projects/{id}/protocol"))
        .await;
    assert_eq!(mine["data"]["waiting_files"].as_array().unwrap().len(), 10);
}
