use serde_json::{Value, json};
use testkit::TestApp;
use testkit::pictures::png;

use crate::support::{approved_group, draft, setup};

async fn add(
    app: &TestApp,
    token: &str,
    group: i64,
    form: reqwest::multipart::Form,
) -> (u16, Value) {
    let response = app
        .client
        .post(app.url(&format!("/api/me/groups/{group}/supplementary-materials")))
        .bearer_auth(token)
        .multipart(form)
        .send()
        .await
        .unwrap();
    testkit::read(response).await
}

fn document(bytes: Vec<u8>, name: &str) -> reqwest::multipart::Form {
    reqwest::multipart::Form::new()
        .part(
            "file",
            reqwest::multipart::Part::bytes(bytes).file_name(name.to_owned()),
        )
        .text("file_name", name.to_owned())
        .text("type", "document")
}

fn link(label: &str, url: &str) -> reqwest::multipart::Form {
    reqwest::multipart::Form::new()
        .text("type", "link")
        .text("label", label.to_owned())
        .text("url", url.to_owned())
}

#[tokio::test]
async fn owners_add_documents_and_links_that_visitors_then_see() {
    let (app, staff, owner) = setup().await;
    let (id, _) = approved_group(&app, &owner, &staff, "Materials", &["stroke"]).await;

    let (status, body) = add(&app, &owner, id, document(png(800, 600), "poster.png")).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["type"], "image");
    assert_eq!(body["data"]["kind"], "document");
    assert_eq!(body["data"]["name"], "poster.png");
    let thumbnail = body["data"]["thumbnail_url"].as_str().unwrap().to_owned();
    let bytes = app
        .client
        .get(app.url(&thumbnail))
        .send()
        .await
        .unwrap()
        .bytes()
        .await
        .unwrap();
    assert_eq!(testkit::pictures::dimensions(&bytes).0, 240);

    let (status, body) = add(
        &app,
        &owner,
        id,
        document(b"%PDF-1.7\n%fake but headed".to_vec(), "protocol.pdf"),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["type"], "pdf");
    let pdf = body["data"]["id"].as_i64().unwrap();

    let (status, body) = add(
        &app,
        &owner,
        id,
        document(b"MZ\x90\x00 not a document".to_vec(), "virus.pdf"),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["messages"]["file"],
        json!(["Supported file types: .jpg, .png, .gif, .pdf"])
    );

    let (status, body) = add(&app, &owner, id, link("", "nope")).await;
    assert_eq!(status, 400);
    assert_eq!(body["messages"]["label"], json!(["Required"]));
    assert_eq!(body["messages"]["url"], json!(["Not a valid url"]));
    let (status, body) = add(
        &app,
        &owner,
        id,
        link("Trial registry", "https://clinicaltrials.example/NCT1"),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let link_id = body["data"]["id"].as_i64().unwrap();

    let (status, body) = app
        .get_json(&format!("/api/groups/{id}/supplementary-materials"))
        .await;
    assert_eq!(status, 200);
    let types: Vec<&str> = body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["type"].as_str().unwrap())
        .collect();
    assert_eq!(types, ["image", "pdf", "link"]);
    assert_eq!(body["data"][2]["created_by"]["name"], "Test Member");

    // The type of a saved item is fixed; its label and url can change.
    let path = format!("/api/me/groups/{id}/supplementary-materials/{link_id}");
    let (status, body) = app
        .put_json_as(&owner, &path, &json!({"type": "document", "label": "x"}))
        .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["messages"]["type"],
        json!(["The type of a saved item cannot be changed."])
    );
    let (status, body) = app
        .put_json_as(
            &owner,
            &path,
            &json!({"label": "Registry", "url": "https://registry.example"}),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(body["data"]["label"], "Registry");
    // An edit's fields are parsed as the request is read (issue 48 §8): every bad one is
    // answered at once, in the form's words; a link still needs its label.
    let (status, body) = app
        .put_json_as(
            &owner,
            &path,
            &json!({"label": "l".repeat(256), "url": "javascript:alert(1)"}),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["messages"]["label"],
        json!(["Ensure this field has no more than 255 characters."])
    );
    assert_eq!(body["messages"]["url"], json!(["Not a valid url"]));
    let (status, body) = app
        .put_json_as(
            &owner,
            &path,
            &json!({"label": "  ", "url": " https://registry.example/2 "}),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(body["messages"]["label"], json!(["Required"]));
    let (status, body) = app
        .put_json_as(
            &owner,
            &path,
            &json!({"label": " Registry 2 ", "url": " https://registry.example/2 "}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["label"], "Registry 2");
    assert_eq!(body["data"]["url"], "https://registry.example/2");

    let (status, _) = app
        .send_as(
            reqwest::Method::DELETE,
            &owner,
            &format!("/api/me/groups/{id}/supplementary-materials/{pdf}"),
            None,
        )
        .await;
    assert_eq!(status, 200);
    let (_, body) = app
        .get_json(&format!("/api/groups/{id}/supplementary-materials"))
        .await;
    assert_eq!(body["data"].as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn only_owners_and_moderators_edit_and_hidden_groups_hide_their_materials() {
    let (app, _staff, owner) = setup().await;
    let other = app
        .signed_in_user("bob@example.org", "analytical 1843")
        .await;
    let group = draft(&app, &owner, "Hidden", &["stroke"]).await;
    let id = group["id"].as_i64().unwrap();
    let (status, _) = add(&app, &other, id, link("Mine", "https://a.example")).await;
    assert_eq!(status, 404);
    let (status, _) = app
        .get_json_as(
            &other,
            &format!("/api/me/groups/{id}/supplementary-materials"),
        )
        .await;
    assert_eq!(status, 404);
    let (status, _) = app
        .get_json(&format!("/api/groups/{id}/supplementary-materials"))
        .await;
    assert_eq!(
        status, 404,
        "a group waiting for approval shows nothing to the public"
    );
    let (status, body) = add(&app, &owner, id, link("Draft link", "https://a.example")).await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = app
        .get_json_as(&owner, &format!("/api/groups/{id}/supplementary-materials"))
        .await;
    assert_eq!(status, 200);
    assert_eq!(body["data"][0]["label"], "Draft link");
}

/// Issue 15, finding 9: a group's files were public to anyone with the URL. They open only
/// through signed links handed to those who may see the group; never under `/media`.
#[tokio::test]
async fn material_files_open_only_through_links_handed_to_those_who_may_see_the_group() {
    let (app, staff, owner) = setup().await;
    // A hidden (draft) group: only its owner is handed a link.
    let hidden = draft(&app, &owner, "Hidden files", &["stroke"]).await["id"]
        .as_i64()
        .unwrap();
    let (status, body) = add(
        &app,
        &owner,
        hidden,
        document(b"%PDF-1.7\n%x".to_vec(), "plan.pdf"),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let link = body["data"]["file_url"].as_str().unwrap().to_owned();
    assert!(
        link.starts_with(&format!("/files/groups/{hidden}/materials/")),
        "{link}"
    );
    assert_eq!(app.status_of(&link).await, 200, "the owner's link opens");
    let stored = link
        .trim_start_matches("/files/")
        .split('?')
        .next()
        .unwrap()
        .to_owned();
    assert_eq!(app.status_of(&format!("/media/{stored}")).await, 404);
    assert_eq!(
        app.status_of(&format!("/files/{stored}")).await,
        404,
        "unsigned"
    );
    let (status, _) = app
        .get_json(&format!("/api/groups/{hidden}/supplementary-materials"))
        .await;
    assert_eq!(status, 404, "visitors are handed no link");

    // An approved group: visitors are handed working links too.
    let (open, _) = approved_group(&app, &owner, &staff, "Open files", &["stroke"]).await;
    add(&app, &owner, open, document(png(400, 300), "poster.png")).await;
    let (_, body) = app
        .get_json(&format!("/api/groups/{open}/supplementary-materials"))
        .await;
    for field in ["file_url", "thumbnail_url"] {
        let link = body["data"][0][field].as_str().unwrap();
        assert_eq!(app.status_of(link).await, 200, "{field}");
        let stored = link
            .trim_start_matches("/files/")
            .split('?')
            .next()
            .unwrap();
        assert_eq!(
            app.status_of(&format!("/media/{stored}")).await,
            404,
            "{field}"
        );
    }
}

/// Issue 24 §1: a PDF's text layer is published with it, so a document saying a date of
/// birth needs the uploader's declaration, and none is enough once the group blocks it.
#[tokio::test]
async fn a_document_that_may_identify_a_patient_needs_a_declaration() {
    use media::pdf::{A4, Font, Page};
    let (app, staff, owner) = setup().await;
    let (id, slug) = approved_group(&app, &owner, &staff, "Letters", &["stroke"]).await;
    let letter = || {
        let mut page = Page::new(A4).unwrap();
        page.text(Font::Regular, 12, 50, 700, "Referral. DOB: 04/11/1958.");
        page.finish("Referral").unwrap()
    };
    let (status, body) = add(&app, &owner, id, document(letter(), "referral.pdf")).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["messages"]["file"],
        json!([
            "“referral.pdf” may identify a patient (a date of birth) in its text or metadata. Remove it, or confirm that you may share it."
        ])
    );
    // Issue 41: the declaration is `true` or `false`; anything else is refused on its field.
    let unclear = document(letter(), "referral.pdf").text("phi_declared", "yes");
    let (status, body) = add(&app, &owner, id, unclear).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["messages"]["phi_declared"], json!(["Invalid value."]));
    let declared = document(letter(), "referral.pdf").text("phi_declared", "true");
    let (status, body) = add(&app, &owner, id, declared).await;
    assert_eq!(status, 200, "{body}");

    let (status, _) = app
        .put_json_as(
            &owner,
            &format!("/api/groups/{slug}/phi-check"),
            &json!({"blocking": true}),
        )
        .await;
    assert_eq!(status, 200);
    let declared = document(letter(), "referral.pdf").text("phi_declared", "true");
    let (status, body) = add(&app, &owner, id, declared).await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["messages"]["file"][0]
            .as_str()
            .unwrap()
            .starts_with("This working group does not publish files that may identify a patient")
    );
    // A clear document still goes up.
    let (status, body) = add(&app, &owner, id, document(png(64, 64), "chart.png")).await;
    assert_eq!(status, 200, "{body}");
}
