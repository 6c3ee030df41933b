use serde_json::Value;
use testkit::pictures::{dimensions, jpeg, png};
use testkit::{TestApp, spawn_app};

async fn fetch(app: &TestApp, url: &str) -> (u16, String, Vec<u8>) {
    let response = app.client.get(app.url(url)).send().await.unwrap();
    let status = response.status().as_u16();
    let kind = response
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default();
    (status, kind, response.bytes().await.unwrap().to_vec())
}

fn file_error(body: &Value) -> &str {
    body["messages"]["file"][0].as_str().unwrap()
}

#[tokio::test]
async fn an_avatar_is_downscaled_thumbnailed_served_and_shown_on_the_profile() {
    let app = spawn_app().await;
    let token = app
        .signed_in_user("ava@example.org", "neuron growth 86")
        .await;

    let (status, body) = app
        .upload_as(&token, "/api/me/set-avatar", "me.jpeg", jpeg(1800, 1800))
        .await;
    assert_eq!(status, 200, "{body}");
    let url = body["data"]["url"].as_str().unwrap().to_owned();
    let thumbnail = body["data"]["thumbnail_url"].as_str().unwrap().to_owned();

    let (status, kind, bytes) = fetch(&app, &url).await;
    assert_eq!((status, kind.as_str()), (200, "image/jpeg"));
    assert_eq!(dimensions(&bytes), (1200, 1200));
    let (status, _, bytes) = fetch(&app, &thumbnail).await;
    assert_eq!(status, 200);
    assert_eq!(dimensions(&bytes), (160, 160));

    let me = app.me(&token).await;
    assert_eq!(me["avatar"], url.as_str());
    assert_eq!(me["avatar_thumbnail"], thumbnail.as_str());
    assert!(
        !me["profile_completion"]["missing"]
            .as_array()
            .unwrap()
            .contains(&"avatar".into())
    );
}

#[tokio::test]
async fn a_new_picture_replaces_the_old_files() {
    let app = spawn_app().await;
    let token = app
        .signed_in_user("bo@example.org", "neuron growth 86")
        .await;
    let (_, first) = app
        .upload_as(&token, "/api/me/set-background", "a.png", png(600, 352))
        .await;
    let first_url = first["data"]["url"].as_str().unwrap().to_owned();
    assert!(first_url.ends_with(".png"), "{first_url}");

    let (status, second) = app
        .upload_as(&token, "/api/me/set-background", "b.jpg", jpeg(2046, 1200))
        .await;
    assert_eq!(status, 200);
    assert_eq!(
        app.me(&token).await["profile_background"],
        second["data"]["url"]
    );
    assert_eq!(fetch(&app, &first_url).await.0, 404);
    let (_, _, bytes) = fetch(&app, second["data"]["url"].as_str().unwrap()).await;
    assert_eq!(dimensions(&bytes), (1200, 704));
}

#[tokio::test]
async fn files_that_are_not_jpeg_or_png_are_refused_whatever_their_name() {
    let app = spawn_app().await;
    let token = app
        .signed_in_user("cy@example.org", "neuron growth 86")
        .await;
    let (status, body) = app
        .upload_as(
            &token,
            "/api/me/set-avatar",
            "photo.jpg",
            b"%PDF-1.7 hello".to_vec(),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(
        file_error(&body),
        "Upload a valid image. The file you uploaded was either not an image or a corrupted image."
    );
    let gif = b"GIF89a\x01\x00\x01\x00\x80\x00\x00\x00\x00\x00\xff\xff\xff!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;".to_vec();
    let (status, body) = app
        .upload_as(&token, "/api/me/set-avatar", "photo.png", gif)
        .await;
    assert_eq!(status, 400);
    assert_eq!(file_error(&body), "Only JPEG and PNG images are allowed.");
    assert_eq!(app.me(&token).await["avatar"], Value::Null);
}

#[tokio::test]
async fn oversized_missing_and_unauthenticated_uploads_are_refused() {
    let app = spawn_app().await;
    let token = app
        .signed_in_user("di@example.org", "neuron growth 86")
        .await;

    let mut big = jpeg(16, 16);
    big.resize(9 * 1024 * 1024, 0);
    let (status, body) = app
        .upload_as(&token, "/api/me/set-avatar", "big.jpg", big)
        .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        file_error(&body),
        "The file is too large. The maximum size is 8 MB."
    );

    let empty = reqwest::multipart::Form::new().text("other", "x");
    let response = app
        .client
        .post(app.url("/api/me/set-avatar"))
        .bearer_auth(&token)
        .multipart(empty)
        .send()
        .await
        .unwrap();
    let (status, body) = testkit::read(response).await;
    assert_eq!(status, 400);
    assert_eq!(file_error(&body), "No file was submitted.");

    let response = app
        .client
        .post(app.url("/api/me/set-avatar"))
        .multipart(reqwest::multipart::Form::new().part(
            "file",
            reqwest::multipart::Part::bytes(jpeg(8, 8)).file_name("a.jpg"),
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 401);
    assert_eq!(app.me(&token).await["avatar"], Value::Null);
}
