//! Issue 24 §5: groups and projects link registered trials and publications, each
//! identifier checked by its scheme's format and kept in its canonical form.

use serde_json::{Value, json};
use testkit::TestApp;
use testkit::groups::{approved_group, join, setup};
use testkit::projects::{draft, make_eligible};

async fn add(app: &TestApp, token: &str, place: (&str, i64), identifier: &str) -> (u16, Value) {
    app.post_json_as(
        token,
        "/api/references",
        &json!({"place_type": place.0, "place_id": place.1, "identifier": identifier}),
    )
    .await
}

fn list_path(place: (&str, i64)) -> String {
    format!(
        "/api/references?place_type={}&place_id={}",
        place.0, place.1
    )
}

#[tokio::test]
async fn a_group_links_trials_and_publications_checked_by_their_format() {
    let (app, staff, owner) = setup().await;
    let (group_id, slug) =
        approved_group(&app, &owner, &staff, "Aphasia trials", &["stroke"]).await;
    let group = ("group", group_id);

    // The owner pastes identifiers and registry links; each is kept in its canonical form.
    let cases = [
        (
            "https://clinicaltrials.gov/study/nct04280705?tab=results",
            "nct",
            "NCT04280705",
            "https://clinicaltrials.gov/study/NCT04280705",
        ),
        (
            "ISRCTN17072692",
            "isrctn",
            "ISRCTN17072692",
            "https://www.isrctn.com/ISRCTN17072692",
        ),
        (
            "doi: 10.1056/NEJMoa2007764",
            "doi",
            "10.1056/NEJMoa2007764",
            "https://doi.org/10.1056/NEJMoa2007764",
        ),
        (
            "PMID: 32356627",
            "pmid",
            "32356627",
            "https://pubmed.ncbi.nlm.nih.gov/32356627/",
        ),
    ];
    for (pasted, kind, canonical, url) in cases {
        let (status, body) = add(&app, &owner, group, pasted).await;
        assert_eq!(status, 201, "{pasted}: {body}");
        assert_eq!(body["data"]["kind"], kind);
        assert_eq!(body["data"]["identifier"], canonical);
        assert_eq!(body["data"]["url"], url);
    }

    // Malformed identifiers are refused on the field, with what the scheme expects.
    for (pasted, expected) in [
        (
            "NCT0428070",
            "A ClinicalTrials.gov number is NCT followed by 8 digits, like NCT04280705.",
        ),
        (
            "10.12/abc",
            "A DOI is 10., a registrant code of 4 to 9 digits, a slash and the item's own part (no spaces, ?, # or ../), like 10.1056/NEJMoa2007764.",
        ),
        (
            "123456789",
            "A PubMed id is a number of 1 to 8 digits, like 32356627.",
        ),
        (
            "a great paper",
            "Enter a ClinicalTrials.gov number (NCT and 8 digits), an ISRCTN (ISRCTN and 8 digits), a DOI (10.… or its https://doi.org/ link) or a PubMed id (up to 8 digits).",
        ),
    ] {
        let (status, body) = add(&app, &owner, group, pasted).await;
        assert_eq!(status, 400, "{pasted}: {body}");
        assert_eq!(body["messages"]["identifier"][0], expected, "{pasted}");
    }
    // The same identifier twice (a DOI in another case) is refused.
    let (status, body) = add(&app, &owner, group, "https://doi.org/10.1056/nejmoa2007764").await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(body["message"], "This is already linked here.");

    // Anyone who sees the group reads them; a member may not change them; a moderator may.
    let (status, body) = app.get_json(&list_path(group)).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["can_edit"], false);
    let kinds: Vec<&str> = body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["nct", "isrctn", "doi", "pmid"]);
    let member = app
        .signed_in_user("grace@example.org", "member password 1")
        .await;
    join(&app, &owner, &slug, &member).await;
    let (status, _) = add(&app, &member, group, "NCT00000102").await;
    assert_eq!(status, 403);
    let first = body["data"][0]["id"].as_i64().unwrap();
    let (status, _) = app
        .delete_as(&member, &format!("/api/references/{first}"))
        .await;
    assert_eq!(status, 403);
    let (_, mine) = app.get_json_as(&owner, &list_path(group)).await;
    assert_eq!(mine["can_edit"], true);
    let (status, body) = app
        .delete_as(&owner, &format!("/api/references/{first}"))
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["message"], "The link has been removed.");
    let (_, body) = app.get_json(&list_path(group)).await;
    assert_eq!(body["data"].as_array().unwrap().len(), 3);

    // A place holds 20.
    for n in 0..17 {
        let (status, body) = add(&app, &owner, group, &format!("NCT{:08}", 10 + n)).await;
        assert_eq!(status, 201, "{body}");
    }
    let (status, body) = add(&app, &owner, group, "NCT99999999").await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(
        body["message"],
        "A place links at most 20 trials and publications: remove one first."
    );

    // An unknown place, or one hidden from the caller, does not exist.
    assert_eq!(app.get_json(&list_path(("group", 999_999))).await.0, 404);
    assert_eq!(
        app.get_json("/api/references?place_type=galaxy&place_id=1")
            .await
            .0,
        400
    );
}

#[tokio::test]
async fn a_draft_projects_references_are_its_owners_until_it_is_public() {
    let (app, staff, owner) = setup().await;
    make_eligible(&app, &owner, "analytical 1843", &staff).await;
    let project = draft(&app, &owner, "Home rehabilitation after stroke").await;
    let place = ("project", project["id"].as_i64().unwrap());
    let (status, body) = add(&app, &owner, place, "NCT04280705").await;
    assert_eq!(status, 201, "{body}");
    // A draft is hidden from others, so are its references; staff see and edit them.
    assert_eq!(app.get_json(&list_path(place)).await.0, 404);
    let other = app
        .signed_in_user("grace@example.org", "member password 1")
        .await;
    assert_eq!(add(&app, &other, place, "32356627").await.0, 404);
    let (status, body) = app.get_json_as(&staff, &list_path(place)).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["can_edit"], true);
    assert_eq!(body["data"][0]["identifier"], "NCT04280705");
}
