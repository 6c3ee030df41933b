//! Single sign-on against a small OAuth provider that the test starts: it issues codes,
//! checks the PKCE verifier at its token endpoint, and serves a profile.

use std::collections::HashMap;
use std::sync::Mutex;

use actix_web::{App, HttpRequest, HttpResponse, HttpServer, web};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use kernel::config::OAuthProvider;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use testkit::{TestApp, spawn_app_with};

#[derive(Default)]
struct Provider {
    /// code → (PKCE challenge, profile)
    codes: Mutex<HashMap<String, (String, Value)>>,
    /// access token → profile
    tokens: Mutex<HashMap<String, Value>>,
    /// ORCID iD → the record's employments
    records: Mutex<HashMap<String, Value>>,
}

async fn token(
    provider: web::Data<Provider>,
    form: web::Form<HashMap<String, String>>,
) -> HttpResponse {
    let code = form.get("code").cloned().unwrap_or_default();
    let verifier = form.get("code_verifier").cloned().unwrap_or_default();
    let Some((challenge, profile)) = provider.codes.lock().unwrap().remove(&code) else {
        return HttpResponse::BadRequest().json(json!({"error": "invalid_grant"}));
    };
    if URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes())) != challenge {
        return HttpResponse::BadRequest()
            .json(json!({"error": "invalid_grant", "error_description": "pkce"}));
    }
    let access = format!("at-{code}");
    provider
        .tokens
        .lock()
        .unwrap()
        .insert(access.clone(), profile);
    HttpResponse::Ok()
        .json(json!({"access_token": access, "token_type": "bearer", "expires_in": 3600}))
}

async fn userinfo(provider: web::Data<Provider>, req: HttpRequest) -> HttpResponse {
    let bearer = req
        .headers()
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .unwrap_or_default()
        .to_owned();
    match provider.tokens.lock().unwrap().get(&bearer) {
        Some(profile) => HttpResponse::Ok().json(profile),
        None => HttpResponse::Unauthorized().finish(),
    }
}

/// ORCID's record API: the employments of an iD, for a valid access token.
async fn employments(
    provider: web::Data<Provider>,
    req: HttpRequest,
    id: web::Path<String>,
) -> HttpResponse {
    let bearer = req
        .headers()
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .unwrap_or_default();
    if !provider.tokens.lock().unwrap().contains_key(bearer) {
        return HttpResponse::Unauthorized().finish();
    }
    match provider.records.lock().unwrap().get(id.as_str()) {
        Some(record) => HttpResponse::Ok().json(record),
        None => HttpResponse::NotFound().finish(),
    }
}

struct Harness {
    app: TestApp,
    provider: web::Data<Provider>,
}

async fn harness() -> Harness {
    let provider = web::Data::new(Provider::default());
    let data = provider.clone();
    let server = HttpServer::new(move || {
        App::new()
            .app_data(data.clone())
            .route("/token", web::post().to(token))
            .route("/userinfo", web::get().to(userinfo))
            .route("/v3.0/{id}/employments", web::get().to(employments))
    })
    .workers(1)
    .bind("127.0.0.1:0")
    .unwrap();
    let base = format!("http://{}", server.addrs()[0]);
    tokio::spawn(server.run());
    let app = spawn_app_with(move |config| {
        let local = OAuthProvider {
            client_id: "cohort-test".into(),
            client_secret: "test-secret".into(),
            auth_url: format!("{base}/authorize"),
            token_url: format!("{base}/token"),
            userinfo_url: format!("{base}/userinfo"),
            record_url: None,
        };
        config.orcid = Some(OAuthProvider {
            record_url: Some(format!("{base}/v3.0")),
            ..local.clone()
        });
        config.google = Some(local);
    })
    .await;
    Harness { app, provider }
}

impl Harness {
    /// Starts sign-in (as `session` when given) and lets the provider approve `profile`;
    /// returns the code and state the browser would bring back.
    async fn authorize(&self, session: Option<&str>, profile: Value) -> (String, String) {
        self.authorize_with("google", session, profile).await
    }

    async fn authorize_with(
        &self,
        provider: &str,
        session: Option<&str>,
        profile: Value,
    ) -> (String, String) {
        let mut request = self.app.client.get(self.app.url(&format!(
            "/api/oauth/{provider}/start?redirect_to=%2Fworking-groups"
        )));
        if let Some(token) = session {
            request = request.bearer_auth(token);
        }
        let body: Value = request.send().await.unwrap().json().await.unwrap();
        let url = reqwest::Url::parse(body["data"]["authorize_url"].as_str().unwrap()).unwrap();
        let query: HashMap<String, String> = url.query_pairs().into_owned().collect();
        assert_eq!(query["code_challenge_method"], "S256");
        assert_eq!(
            query["redirect_uri"],
            format!(
                "{}/oauth/{provider}/callback",
                self.app.ctx.config.public_url
            )
        );
        let code = format!("code-{}", uuid_like());
        self.provider
            .codes
            .lock()
            .unwrap()
            .insert(code.clone(), (query["code_challenge"].clone(), profile));
        (code, query["state"].clone())
    }

    async fn finish(&self, code: &str, state: &str) -> (u16, Value) {
        self.finish_with("google", code, state).await
    }

    async fn finish_with(&self, provider: &str, code: &str, state: &str) -> (u16, Value) {
        self.app
            .post_json(
                &format!("/api/oauth/{provider}/"),
                &json!({"code": code, "state": state}),
            )
            .await
    }
}

fn uuid_like() -> String {
    format!("{:x}", rand_u64())
}

fn rand_u64() -> u64 {
    use std::time::{SystemTime, UNIX_EPOCH};
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64
}

fn google(sub: &str, email: &str) -> Value {
    json!({"sub": sub, "email": email, "email_verified": true, "name": "Jonas Salk"})
}

#[tokio::test]
async fn creates_an_account_then_signs_it_in_again() {
    let h = harness().await;
    let (code, state) = h.authorize(None, google("g-1", "jonas@example.org")).await;
    let (status, body) = h.finish(&code, &state).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["redirect_to"], "/working-groups");
    let access = body["data"]["access"].as_str().unwrap().to_owned();
    let profile = h.app.me(&access).await;
    assert_eq!(profile["email"], "jonas@example.org");
    assert_eq!(profile["is_password_set"], false);
    assert_eq!(profile["oauth_associations"][0]["provider"], "google");

    // The new account is mailed a link to choose a password; the link is checked before
    // the form shows, and a bogus one is refused at once.
    let mail = h.app.last_mail_to("jonas@example.org").await;
    assert_eq!(mail.subject, "Choose a password for Cohort");
    let link = testkit::query_param(&mail.text, "token").unwrap();
    let (status, body) = h
        .app
        .post_json(
            "/api/set-password/validate-token",
            &json!({"token": "bogus"}),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(body["message"], "Invalid or expired token.");
    let (status, _) = h
        .app
        .post_json("/api/set-password/validate-token", &json!({"token": link}))
        .await;
    assert_eq!(status, 200);
    let (status, body) = h
        .app
        .post_json(
            "/api/set-password",
            &json!({"token": link, "new_password": "jonas chose 2026", "confirm_password": "jonas chose 2026"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (status, _) = h
        .app
        .post_json("/api/set-password/validate-token", &json!({"token": link}))
        .await;
    assert_eq!(status, 400, "a used link is refused on load");

    // The state is single-use.
    let (status, body) = h.finish(&code, &state).await;
    assert_eq!(status, 400);
    assert_eq!(
        body["message"],
        "Sign-in with this provider failed. Please try again."
    );

    let (code, state) = h.authorize(None, google("g-1", "jonas@example.org")).await;
    let (status, body) = h.finish(&code, &state).await;
    assert_eq!(status, 200);
    assert_ne!(
        body["data"]["access"],
        access.as_str(),
        "a fresh token on every sign-in"
    );
}

#[tokio::test]
async fn links_an_existing_account_by_verified_email_only() {
    let h = harness().await;
    accounts::create_admin(&h.app.ctx.db, "marie@example.org", "radium 1898 x")
        .await
        .unwrap();

    let unverified = json!({"sub": "g-2", "email": "marie@example.org", "email_verified": false});
    let (code, state) = h.authorize(None, unverified).await;
    let (status, _) = h.finish(&code, &state).await;
    assert_eq!(
        status, 400,
        "an unverified address neither links nor creates"
    );

    let (code, state) = h.authorize(None, google("g-3", "Marie@example.org")).await;
    let (status, body) = h.finish(&code, &state).await;
    assert_eq!(status, 200);
    let profile = h.app.me(body["data"]["access"].as_str().unwrap()).await;
    assert_eq!(profile["email"], "marie@example.org");
    assert_eq!(profile["is_password_set"], true);
}

#[tokio::test]
async fn a_wrong_pkce_verifier_or_forged_state_fails() {
    let h = harness().await;
    let (code, _) = h.authorize(None, google("g-4", "x@example.org")).await;
    let (status, _) = h.finish(&code, "forged-state").await;
    assert_eq!(status, 400);

    // A code issued for another challenge is refused by the provider.
    let (_, state) = h.authorize(None, google("g-5", "y@example.org")).await;
    h.provider.codes.lock().unwrap().insert(
        "stolen".into(),
        ("other-challenge".into(), google("g-5", "y@example.org")),
    );
    let (status, _) = h.finish("stolen", &state).await;
    assert_eq!(status, 400);
}

#[tokio::test]
async fn disconnecting_ends_sessions_but_never_the_last_way_in() {
    let h = harness().await;
    let (code, state) = h.authorize(None, google("g-6", "solo@example.org")).await;
    let (_, body) = h.finish(&code, &state).await;
    let access = body["data"]["access"].as_str().unwrap().to_owned();
    let link = h.app.me(&access).await["oauth_associations"][0]["id"]
        .as_i64()
        .unwrap();

    let delete = |id: i64, token: String| {
        let request = h
            .app
            .client
            .delete(h.app.url(&format!("/api/me/disconnect-oauth/{id}")))
            .bearer_auth(token);
        async move { testkit::read(request.send().await.unwrap()).await }
    };
    let (status, body) = delete(link, access.clone()).await;
    assert_eq!(status, 400);
    assert_eq!(
        body["messages"]["details"],
        json!(["Set a password before disconnecting your only sign-in method."])
    );
    assert_eq!(
        body["message"],
        "Set a password before disconnecting your only sign-in method."
    );

    // Someone else cannot remove it.
    accounts::create_admin(&h.app.ctx.db, "other@example.org", "another pass 9")
        .await
        .unwrap();
    let (_, other) = h
        .app
        .post_json(
            "/api/login",
            &json!({"email": "other@example.org", "password": "another pass 9"}),
        )
        .await;
    let (status, _) = delete(link, other["data"]["access"].as_str().unwrap().to_owned()).await;
    assert_eq!(status, 404);

    // With a password set, it can go, and every session ends.
    let (code, state) = h
        .authorize(
            Some(other["data"]["access"].as_str().unwrap()),
            google("g-7", "other-google@example.org"),
        )
        .await;
    let (status, _) = h.finish(&code, &state).await;
    assert_eq!(
        status, 200,
        "connecting while signed in links to that account"
    );
    let other_token = other["data"]["access"].as_str().unwrap().to_owned();
    let other_link = h.app.me(&other_token).await["oauth_associations"][0]["id"]
        .as_i64()
        .unwrap();
    let (status, body) = delete(other_link, other_token.clone()).await;
    assert_eq!(status, 200);
    assert_eq!(
        body["data"]["message"],
        "SSO settings has been successfully updated"
    );
    let after = h
        .app
        .client
        .get(h.app.url("/api/me"))
        .bearer_auth(&other_token)
        .send()
        .await
        .unwrap();
    assert_eq!(after.status().as_u16(), 401, "disconnecting signs out");
}

#[tokio::test]
async fn providers_are_off_until_configured() {
    let app = testkit::spawn_app().await;
    let (_, body) = app.get_json("/api/oauth/providers").await;
    assert_eq!(
        body["data"],
        json!({"google": false, "facebook": false, "orcid": false})
    );
    let (status, body) = app.get_json("/api/oauth/google/start").await;
    assert_eq!(status, 404);
    assert_eq!(body["message"], "This sign-in method is not available.");
    let (status, _) = app.get_json("/api/oauth/myspace/start").await;
    assert_eq!(status, 404);
}

/// ORCID's OpenID Connect userinfo: the iD as `sub`, names, no e-mail address.
fn orcid(id: &str) -> Value {
    json!({"sub": id, "given_name": "Amara", "family_name": "Okafor"})
}

#[tokio::test]
async fn orcid_connects_to_a_signed_in_account_signs_it_in_and_fills_the_profile() {
    let h = harness().await;
    let (_, providers) = h.app.get_json("/api/oauth/providers").await;
    assert_eq!(providers["data"]["orcid"], true);
    let id = "0000-0002-1825-0097";
    h.provider.records.lock().unwrap().insert(
        id.to_owned(),
        json!({"affiliation-group": [{"summaries": [{"employment-summary": {
            "department-name": "Faculty of Medicine", "role-title": "Associate Professor",
            "end-date": null, "organization": {"name": "Dalhousie University"}
        }}]}]}),
    );

    // Nobody is connected to the iD yet: ORCID gives no e-mail to make an account from.
    let (code, state) = h.authorize_with("orcid", None, orcid(id)).await;
    let (status, body) = h.finish_with("orcid", &code, &state).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["message"],
        "No Cohort account is connected to this ORCID iD yet. Sign in with your e-mail address, then connect ORCID under My profile → Account."
    );

    // A signed-in member connects it.
    let member = h
        .app
        .signed_in_user("amara@example.org", "analytical 1843")
        .await;
    let (code, state) = h.authorize_with("orcid", Some(&member), orcid(id)).await;
    let (status, body) = h.finish_with("orcid", &code, &state).await;
    assert_eq!(status, 200, "{body}");
    let me = h.app.me(&member).await;
    assert_eq!(me["oauth_associations"][0]["provider"], "orcid");
    let user_id = me["id"].as_i64().unwrap();

    // The public profile shows the verified iD.
    let (_, profile) = h.app.get_json(&format!("/api/profile/{user_id}")).await;
    assert_eq!(profile["data"]["orcid"], id);

    // The member imports their name, affiliation and role from the record.
    let (status, body) = h
        .app
        .post_json_as(&member, "/api/me/orcid/import", &json!({}))
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["data"]["message"],
        "Your name and affiliation were imported from ORCID."
    );
    let me = h.app.me(&member).await;
    assert_eq!(me["name"], "Amara Okafor");
    assert_eq!(
        me["affiliation"],
        "Faculty of Medicine, Dalhousie University"
    );
    assert_eq!(me["title"], "Associate Professor");

    // From now on ORCID signs the account in.
    let (code, state) = h.authorize_with("orcid", None, orcid(id)).await;
    let (status, body) = h.finish_with("orcid", &code, &state).await;
    assert_eq!(status, 200, "{body}");
    let access = body["data"]["access"].as_str().unwrap();
    assert_eq!(h.app.me(access).await["id"], user_id);
}

#[tokio::test]
async fn orcid_refuses_what_is_not_an_id_and_import_needs_a_connection() {
    let h = harness().await;
    let member = h
        .app
        .signed_in_user("amara@example.org", "analytical 1843")
        .await;
    // A wrong check digit is not an ORCID iD: nothing is stored.
    let (code, state) = h
        .authorize_with("orcid", Some(&member), orcid("0000-0002-1825-0098"))
        .await;
    let (status, body) = h.finish_with("orcid", &code, &state).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        h.app.me(&member).await["oauth_associations"]
            .as_array()
            .unwrap()
            .len(),
        0
    );
    let (status, body) = h
        .app
        .post_json_as(&member, "/api/me/orcid/import", &json!({}))
        .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["message"], "Connect ORCID under Single sign-on first.");
    let (status, _) = h.app.post_json("/api/me/orcid/import", &json!({})).await;
    assert_eq!(status, 401);
}
