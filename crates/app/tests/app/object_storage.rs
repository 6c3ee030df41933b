//! Uploads in an S3-compatible store: the storage port's contract on local disk and on a real
//! S3 service (moto, started by each test on loopback), an instance on S3 taking, serving
//! (with ranges) and deleting uploads, and `cohort storage migrate` moving a data dir's media.

use std::process::Command;

use futures_util::TryStreamExt;
use kernel::storage::{Storage, StorageError};
use reqwest::header::{CONTENT_RANGE, RANGE};
use serde_json::json;
use storage::{LocalStorage, S3Storage};

async fn read_all(storage: &dyn Storage, key: &str, range: std::ops::Range<u64>) -> Vec<u8> {
    let chunks: Vec<bytes::Bytes> = storage
        .read(key, range)
        .await
        .unwrap()
        .try_collect()
        .await
        .unwrap();
    chunks.concat()
}

/// What every store must do, whatever it keeps files in.
async fn keeps_its_contract(storage: &dyn Storage) {
    storage.put("avatars/1/a.png", b"png bytes").await.unwrap();
    assert_eq!(
        storage.get("avatars/1/a.png").await.unwrap().as_deref(),
        Some(&b"png bytes"[..])
    );
    assert_eq!(storage.size("avatars/1/a.png").await.unwrap(), Some(9));
    assert_eq!(read_all(storage, "avatars/1/a.png", 4..9).await, b"bytes");
    storage.put("avatars/1/a.png", b"replaced").await.unwrap();
    assert_eq!(
        storage.get("avatars/1/a.png").await.unwrap().as_deref(),
        Some(&b"replaced"[..])
    );

    // A file larger than one part of a multipart upload, streamed in from disk.
    let big: Vec<u8> = (0..20 * 1024 * 1024_u32).map(|i| (i % 251) as u8).collect();
    let spooled = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(spooled.path(), &big).unwrap();
    storage
        .put_file("lectures/big.webm", spooled.path())
        .await
        .unwrap();
    assert_eq!(
        storage.size("lectures/big.webm").await.unwrap(),
        Some(big.len() as u64)
    );
    let whole = read_all(storage, "lectures/big.webm", 0..big.len() as u64).await;
    assert!(whole == big, "the big file came back different");
    let middle = 9_000_000..9_000_100_u64;
    assert_eq!(
        read_all(storage, "lectures/big.webm", middle.clone()).await,
        &big[middle.start as usize..middle.end as usize]
    );

    for missing in ["avatars/2/none.png", "nothing"] {
        assert!(storage.get(missing).await.unwrap().is_none());
        assert!(storage.size(missing).await.unwrap().is_none());
    }
    storage.delete("lectures/big.webm").await.unwrap();
    storage.delete("lectures/big.webm").await.unwrap();
    assert!(storage.size("lectures/big.webm").await.unwrap().is_none());
    for bad in ["../secret", "/etc/passwd", "a/../../b", "", "a//b"] {
        assert!(
            matches!(
                storage.put(bad, b"x").await,
                Err(StorageError::InvalidKey(_))
            ),
            "{bad}"
        );
    }
}

#[tokio::test]
async fn the_storage_contract_holds_on_disk_and_on_s3() {
    let dir = tempfile::tempdir().unwrap();
    keeps_its_contract(&LocalStorage::new(dir.path(), "/media")).await;

    let moto = testkit::moto::start().await;
    let location = moto.bucket("cohort-media", "site/media").await;
    let s3 = S3Storage::new(&location, "/media").unwrap();
    keeps_its_contract(&s3).await;
    // The prefix keeps the site's files apart from the rest of the bucket.
    s3.put("avatars/9/z.png", b"z").await.unwrap();
    let bucket_root = S3Storage::new(&moto.location("cohort-media", ""), "/media").unwrap();
    assert_eq!(
        bucket_root
            .size("site/media/avatars/9/z.png")
            .await
            .unwrap(),
        Some(1)
    );
    assert!(bucket_root.size("avatars/9/z.png").await.unwrap().is_none());
}

#[tokio::test]
async fn an_instance_on_s3_takes_serves_and_deletes_uploads() {
    let moto = testkit::moto::start().await;
    let location = moto.bucket("cohort-media", "media").await;
    let store = S3Storage::new(&location, "/media").unwrap();
    let app = testkit::spawn_app_with({
        let location = location.clone();
        move |config| config.object_storage = Some(location)
    })
    .await;
    let staff = app
        .signed_in_staff("ops@example.org", "staff password 1")
        .await;
    let (status, body) = app
        .post_json_as(
            &staff,
            "/api/staff/lectures",
            &json!({"title": "Reading a trial", "author": "Dr. Ada Okafor", "summary": "<p>How.</p>", "tags": ["methods"]}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let id = body["data"]["id"].clone();

    // A 12 MB video: spooled to disk as it arrives, then sent to S3 in parts.
    let mut video = include_bytes!("../../../content/src/seed/media/lecture-1.webm").to_vec();
    video.resize(12 * 1024 * 1024, 7);
    let (status, body) = app
        .upload_as(
            &staff,
            &format!("/api/staff/lectures/{id}/set-video"),
            "talk.webm",
            video.clone(),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let url = body["data"]["video_file_url"].as_str().unwrap().to_owned();
    let key = url.strip_prefix("/media/").unwrap().to_owned();
    assert_eq!(store.size(&key).await.unwrap(), Some(video.len() as u64));
    assert!(
        !app.ctx.config.data_dir.join("media").exists(),
        "an instance on S3 keeps no media on its disk"
    );

    // Served through the instance: whole, and the range a seeking player asks for.
    let whole = app.client.get(app.url(&url)).send().await.unwrap();
    assert_eq!(whole.status().as_u16(), 200);
    assert_eq!(whole.headers()["accept-ranges"], "bytes");
    assert_eq!(whole.headers()["content-type"], "video/webm");
    assert!(whole.bytes().await.unwrap() == video);
    let part = app
        .client
        .get(app.url(&url))
        .header(RANGE, "bytes=1000-1999")
        .send()
        .await
        .unwrap();
    assert_eq!(part.status().as_u16(), 206);
    assert_eq!(
        part.headers()[CONTENT_RANGE],
        format!("bytes 1000-1999/{}", video.len()).as_str()
    );
    assert_eq!(part.bytes().await.unwrap(), &video[1000..2000]);
    let beyond = app
        .client
        .get(app.url(&url))
        .header(RANGE, format!("bytes={}-", video.len()))
        .send()
        .await
        .unwrap();
    assert_eq!(beyond.status().as_u16(), 416);
    let missing = app
        .client
        .get(app.url("/media/lectures/none.webm"))
        .send()
        .await
        .unwrap();
    assert_eq!(missing.status().as_u16(), 404);

    // A new video replaces the old one, whose object goes with it.
    let (status, body) = app
        .upload_as(
            &staff,
            &format!("/api/staff/lectures/{id}/set-video"),
            "talk.webm",
            include_bytes!("../../../content/src/seed/media/lecture-1.webm").to_vec(),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert!(
        store.size(&key).await.unwrap().is_none(),
        "the replaced video is still stored"
    );
    let gone = app.client.get(app.url(&url)).send().await.unwrap();
    assert_eq!(gone.status().as_u16(), 404);
}

#[tokio::test]
async fn storage_migrate_copies_a_data_dirs_media_and_can_run_again() {
    let moto = testkit::moto::start().await;
    let location = moto.bucket("cohort-media", "moved").await;
    let data = tempfile::tempdir().unwrap();
    let media = data.path().join("media");
    std::fs::create_dir_all(media.join("avatars/3")).unwrap();
    std::fs::create_dir_all(media.join("lectures")).unwrap();
    std::fs::write(media.join("avatars/3/a.jpg"), b"jpeg").unwrap();
    std::fs::write(media.join("lectures/b.webm"), vec![1_u8; 6 * 1024 * 1024]).unwrap();
    std::fs::write(media.join("lectures/c.partial"), b"half a write").unwrap();

    let migrate = || {
        Command::new(env!("CARGO_BIN_EXE_cohort"))
            .args(["storage", "migrate", "--to", "s3://cohort-media/moved"])
            .env("COHORT_DATA_DIR", data.path())
            .env("AWS_ENDPOINT_URL", &moto.endpoint)
            .env("AWS_ACCESS_KEY_ID", "testing")
            .env("AWS_SECRET_ACCESS_KEY", "testing")
            .output()
            .unwrap()
    };
    let first = migrate();
    let said = String::from_utf8_lossy(&first.stdout);
    assert!(
        first.status.success(),
        "{said}{}",
        String::from_utf8_lossy(&first.stderr)
    );
    assert!(said.contains("Copied 2 file(s)"), "{said}");
    let store = S3Storage::new(&location, "/media").unwrap();
    assert_eq!(
        store.get("avatars/3/a.jpg").await.unwrap().as_deref(),
        Some(&b"jpeg"[..])
    );
    assert_eq!(
        store.size("lectures/b.webm").await.unwrap(),
        Some(6 * 1024 * 1024)
    );
    assert!(store.size("lectures/c.partial").await.unwrap().is_none());

    let again = migrate();
    let said = String::from_utf8_lossy(&again.stdout);
    assert!(
        said.contains("Copied 0 file(s)") && said.contains("2 already there"),
        "{said}"
    );
}
