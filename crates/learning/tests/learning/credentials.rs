//! Issue 24 §4: a certificate as an Open Badges 3.0 verifiable credential, signed with the
//! key the site publishes in its DID document, and checked by anyone.

use credentials::{data_integrity, key_in_document};
use serde_json::Value;

use crate::{pass_reading_a_trial, quiz_id, setup};

#[tokio::test]
async fn the_holder_downloads_a_signed_credential_anyone_verifies_with_the_published_key() {
    let (app, member) = setup().await;
    let id = quiz_id(&app, &member, "Reading a clinical trial").await;
    let done = pass_reading_a_trial(&app, &member, id).await;
    let url = done["data"]["credential"].as_str().unwrap().to_owned();
    let code = url
        .trim_start_matches("/api/certificates/")
        .trim_end_matches("/credential")
        .to_owned();

    // Only the holder downloads it; it is the same file every time.
    let download = || async {
        app.client
            .get(app.url(&url))
            .bearer_auth(&member)
            .send()
            .await
            .unwrap()
    };
    let response = download().await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "application/ld+json");
    assert_eq!(
        response.headers()["content-disposition"],
        format!("attachment; filename=\"cohort-certificate-{code}.json\"").as_str()
    );
    let text = response.text().await.unwrap();
    assert_eq!(text, download().await.text().await.unwrap());
    assert_eq!(app.get_json(&url).await.0, 401);
    let other = app
        .signed_in_user("other@example.org", "other password 1")
        .await;
    assert_eq!(app.get_json_as(&other, &url).await.0, 404);

    // An Open Badges 3.0 credential, issued by the site's did:web.
    let credential: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(credential["type"][1], "OpenBadgeCredential");
    assert_eq!(
        credential["@context"][0],
        "https://www.w3.org/ns/credentials/v2"
    );
    assert_eq!(
        credential["credentialSubject"]["achievement"]["name"],
        "Reading a clinical trial"
    );
    assert_eq!(credential["proof"]["cryptosuite"], "eddsa-jcs-2022");
    let did = credential["issuer"]["id"].as_str().unwrap().to_owned();
    assert!(did.starts_with("did:web:localhost%3A"), "{did}");

    // Key round trip: the key published at /.well-known/did.json verifies the proof.
    let document: Value = app
        .client
        .get(app.url("/.well-known/did.json"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(document["id"], did);
    let method = credential["proof"]["verificationMethod"].as_str().unwrap();
    let key = key_in_document(&document, method).expect("the proof's key is published");
    assert_eq!(data_integrity::verify(&credential, method, &key), Ok(()));

    // Anyone checks the file on the site: genuine as sent, refused once changed.
    let (status, body) = app
        .post_json("/api/certificates/verify-credential", &credential)
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["certificate"]["code"], code);
    assert_eq!(
        body["data"]["certificate"]["quiz_name"],
        "Reading a clinical trial"
    );
    assert_eq!(body["data"]["issuer"], did);
    let mut forged = credential.clone();
    forged["credentialSubject"]["achievement"]["name"] = "Advanced cardiology".into();
    let (status, body) = app
        .post_json("/api/certificates/verify-credential", &forged)
        .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["message"],
        "The signature does not match: the credential was changed after it was issued."
    );
    assert_eq!(
        data_integrity::verify(&forged, method, &key),
        Err(data_integrity::ProofError::Signature)
    );
    // Issue 44 §7: the genuine document under a signature that is not its own.
    let mut swapped = credential.clone();
    let value = credential["proof"]["proofValue"].as_str().unwrap();
    let (multibase, signature) = value.split_at(1);
    swapped["proof"]["proofValue"] =
        format!("{multibase}{}", signature.chars().rev().collect::<String>()).into();
    let (status, body) = app
        .post_json("/api/certificates/verify-credential", &swapped)
        .await;
    assert_eq!(status, 400, "{body}");
    let mut elsewhere = credential.clone();
    elsewhere["issuer"]["id"] = "did:web:elsewhere.example".into();
    let (status, body) = app
        .post_json("/api/certificates/verify-credential", &elsewhere)
        .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["message"],
        "This credential was not issued by this site."
    );
    let (status, _) = app
        .post_json(
            "/api/certificates/verify-credential",
            &serde_json::json!({"hello": 1}),
        )
        .await;
    assert_eq!(status, 400);
}
