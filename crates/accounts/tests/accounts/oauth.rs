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
    })
    .workers(1)
    .bind("127.0.0.1:0")
    .unwrap();
    let base = format!("http://{}", server.addrs()[0]);
    tokio::spawn(server.run());
    let app = spawn_app_with(move |config| {
        config.google = Some(OAuthProvider {
            client_id: "cohort-test".into(),
            client_secret: "test-secret".into(),
            auth_url: format!("{base}/authorize"),
            token_url: format!("{base}/token"),
            userinfo_url: format!("{base}/userinfo"),
        });
    })
    .await;
    Harness { app, provider }
}

impl Harness {
    /// Starts sign-in (as `session` when given) and lets the provider approve `profile`;
    /// returns the code and state the browser would bring back.
    async fn authorize(&self, session: Option<&str>, profile: Value) -> (String, String) {
        let mut request = self.app.client.get(
            self.app
                .url("/api/oauth/google/start?redirect_to=%2Fworking-groups"),
        );
        if let Some(token) = session {
            request = request.bearer_auth(token);
        }
        let body: Value = request.send().await.unwrap().json().await.unwrap();
        let url = reqwest::Url::parse(body["data"]["authorize_url"].as_str().unwrap()).unwrap();
        let query: HashMap<String, String> = url.query_pairs().into_owned().collect();
        assert_eq!(query["code_challenge_method"], "S256");
        assert_eq!(
            query["redirect_uri"],
            format!("{}/oauth/google/callback", self.app.ctx.config.public_url)
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
        self.app
            .post_json("/api/oauth/google/", &json!({"code": code, "state": state}))
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
    assert_eq!(body["data"], json!({"google": false, "facebook": false}));
    let (status, body) = app.get_json("/api/oauth/google/start").await;
    assert_eq!(status, 404);
    assert_eq!(body["message"], "This sign-in method is not available.");
    let (status, _) = app.get_json("/api/oauth/myspace/start").await;
    assert_eq!(status, 404);
}
