use std::sync::{Arc, Mutex};

use groups::events::{MembershipChange, MembershipChanged};
use serde_json::{Value, json};
use testkit::TestApp;

use crate::support::{approved_group, draft, setup};

/// Membership events as (change, actor, member), in the order published.
type Recorded = Arc<Mutex<Vec<(MembershipChange, i64, Option<i64>)>>>;

/// Records every membership event the app publishes.
fn record_events(app: &TestApp) -> Recorded {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&seen);
    app.ctx.events.subscribe(move |e: Arc<MembershipChanged>| {
        let sink = Arc::clone(&sink);
        async move {
            sink.lock()
                .unwrap()
                .push((e.change.clone(), e.actor_id, e.member_id));
        }
    });
    seen
}

async fn user_id(app: &TestApp, token: &str) -> i64 {
    let (_, body) = app.get_json_as(token, "/api/me").await;
    body["data"]["id"].as_i64().unwrap()
}

async fn members_count(app: &TestApp, token: &str, slug: &str) -> i64 {
    let (_, body) = app.get_json_as(token, &format!("/api/groups/{slug}")).await;
    body["data"]["members"].as_i64().unwrap()
}

async fn ask(app: &TestApp, token: &str, slug: &str) -> (u16, Value) {
    app.post_json_as(
        token,
        &format!("/api/groups/{slug}/join-requests"),
        &json!({"message": "I run a stroke clinic and would like to help."}),
    )
    .await
}

/// The id of `token`'s pending request in the owner's list.
async fn request_id(app: &TestApp, owner: &str, slug: &str, asker: i64) -> i64 {
    let (status, body) = app
        .get_json_as(owner, &format!("/api/groups/{slug}/join-requests"))
        .await;
    assert_eq!(status, 200, "{body}");
    body["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["user_id"] == asker)
        .unwrap()["id"]
        .as_i64()
        .unwrap()
}

/// Member rows by name, as (membership id, role).
async fn members(app: &TestApp, token: &str, slug: &str) -> Vec<(i64, String, i64)> {
    let (status, body) = app
        .get_json_as(token, &format!("/api/groups/{slug}/members"))
        .await;
    assert_eq!(status, 200, "{body}");
    body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["id"].as_i64().unwrap(),
                m["role"].as_str().unwrap().to_owned(),
                m["user_id"].as_i64().unwrap(),
            )
        })
        .collect()
}

#[tokio::test]
async fn a_join_request_is_sent_listed_and_accepted() {
    let (app, staff, owner) = setup().await;
    let events = record_events(&app);
    let (_, slug) = approved_group(&app, &owner, &staff, "Stroke rehab", &["stroke"]).await;
    let asker = app
        .signed_in_user("bo@example.org", "analytical 1843")
        .await;
    let asker_id = user_id(&app, &asker).await;

    // Signed out: no request; without a message: a field error; nothing saved.
    let (status, _) = app
        .post_json(
            &format!("/api/groups/{slug}/join-requests"),
            &json!({"message": "hi"}),
        )
        .await;
    assert_eq!(status, 401);
    let (status, body) = app
        .post_json_as(
            &asker,
            &format!("/api/groups/{slug}/join-requests"),
            &json!({"message": "  "}),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["messages"]["message"],
        json!(["This field is required"])
    );

    let (status, body) = ask(&app, &asker, &slug).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["data"]["message"], "Join request has been sent.");
    let (_, body) = app
        .get_json_as(&asker, &format!("/api/groups/{slug}"))
        .await;
    assert_eq!(body["data"]["has_join_request"], true);
    assert_eq!(body["data"]["is_member"], false);
    assert_eq!(
        body["data"]["abilities"],
        json!({
            "can_join": true,
            "can_edit": false, "can_edit_materials": false, "can_post_update": false,
            "can_see_members": false, "can_manage_requests": false, "can_leave": false,
            "can_see_activity": false, "can_manage_agreement": false,
        }),
        "an applicant may do nothing yet (but is still outside, with a request sent)"
    );
    let (_, body) = app
        .get_json_as(&owner, &format!("/api/groups/{slug}"))
        .await;
    assert_eq!(
        body["data"]["abilities"],
        json!({
            "can_join": false,
            "can_edit": true, "can_edit_materials": true, "can_post_update": true,
            "can_see_members": true, "can_manage_requests": true, "can_leave": false,
            "can_see_activity": true, "can_manage_agreement": true,
        }),
        "the owner runs the group and cannot leave it"
    );
    let (status, body) = ask(&app, &asker, &slug).await;
    assert_eq!(status, 400);
    assert_eq!(body["message"], "Join request has already been sent.");

    // My applications shows it; the asker cannot see the requests or the members.
    let (_, body) = app.get_json_as(&asker, "/api/me/groups/applied").await;
    assert_eq!(body["data"][0]["slug"], slug.as_str());
    assert_eq!(body["pagination"]["perPage"], 100);
    let (status, _) = app
        .get_json_as(&asker, &format!("/api/groups/{slug}/join-requests"))
        .await;
    assert_eq!(status, 403);
    let (status, _) = app
        .get_json_as(&asker, &format!("/api/groups/{slug}/members"))
        .await;
    assert_eq!(status, 403);

    let (status, body) = app
        .get_json_as(&owner, &format!("/api/groups/{slug}/join-requests"))
        .await;
    assert_eq!(status, 200);
    assert_eq!(
        body["data"][0]["message"],
        "I run a stroke clinic and would like to help."
    );
    assert_eq!(body["data"][0]["email"], "bo@example.org");
    let id = request_id(&app, &owner, &slug, asker_id).await;

    let (status, body) = app
        .post_json_as(
            &owner,
            &format!("/api/groups/{slug}/join-requests/{id}/accept"),
            &json!({}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(members_count(&app, &owner, &slug).await, 2);
    let (_, body) = app
        .get_json_as(&asker, &format!("/api/groups/{slug}"))
        .await;
    assert_eq!(body["data"]["is_member"], true);
    assert_eq!(body["data"]["has_join_request"], false);
    assert_eq!(
        body["data"]["abilities"],
        json!({
            "can_join": false,
            "can_edit": false, "can_edit_materials": false, "can_post_update": false,
            "can_see_members": true, "can_manage_requests": false, "can_leave": true,
            "can_see_activity": false, "can_manage_agreement": false,
        }),
        "a member sees the members and may leave"
    );
    let listed = members(&app, &asker, &slug).await;
    assert_eq!(
        listed.iter().map(|m| m.1.as_str()).collect::<Vec<_>>(),
        ["admin", "member"]
    );
    let (_, body) = app.get_json_as(&asker, "/api/me/groups/joined").await;
    assert_eq!(body["data"][0]["slug"], slug.as_str());
    let (_, body) = app.get_json_as(&asker, "/api/me/groups/applied").await;
    assert_eq!(body["data"], json!([]));
    // The owner's own group is not "joined".
    let (_, body) = app.get_json_as(&owner, "/api/me/groups/joined").await;
    assert_eq!(body["data"], json!([]));

    // Accepting again, or joining again, changes nothing.
    let (status, body) = app
        .post_json_as(
            &owner,
            &format!("/api/groups/{slug}/join-requests/{id}/accept"),
            &json!({}),
        )
        .await;
    assert_eq!(status, 404);
    assert_eq!(body["message"], "This join request no longer exists.");
    let (status, body) = ask(&app, &asker, &slug).await;
    assert_eq!(status, 400);
    assert_eq!(
        body["message"],
        "You are already a member of this working group."
    );
    assert_eq!(members_count(&app, &owner, &slug).await, 2);

    let owner_id = user_id(&app, &owner).await;
    assert_eq!(
        *events.lock().unwrap(),
        vec![
            (MembershipChange::RequestSent, asker_id, Some(asker_id)),
            (MembershipChange::RequestAccepted, owner_id, Some(asker_id)),
        ]
    );
}

#[tokio::test]
async fn requests_can_be_declined_cancelled_and_only_for_open_groups() {
    let (app, staff, owner) = setup().await;
    let events = record_events(&app);
    let (_, slug) = approved_group(&app, &owner, &staff, "Open one", &["stroke"]).await;
    let (_, other_slug) = approved_group(&app, &owner, &staff, "Other one", &["stroke"]).await;
    let hidden = draft(&app, &owner, "Still a draft", &["stroke"]).await;
    let asker = app
        .signed_in_user("cy@example.org", "analytical 1843")
        .await;
    let asker_id = user_id(&app, &asker).await;

    let (status, _) = ask(&app, &asker, hidden["slug"].as_str().unwrap()).await;
    assert_eq!(status, 404);
    let (status, body) = ask(&app, &owner, &slug).await;
    assert_eq!(status, 400);
    assert_eq!(
        body["message"],
        "You are already a member of this working group."
    );

    // Cancel: the request goes; cancelling again says there is none.
    ask(&app, &asker, &slug).await;
    let (status, _) = app
        .delete_as(&asker, &format!("/api/groups/{slug}/join-requests"))
        .await;
    assert_eq!(status, 200);
    let (status, body) = app
        .delete_as(&asker, &format!("/api/groups/{slug}/join-requests"))
        .await;
    assert_eq!(status, 400);
    assert_eq!(body["message"], "There is no join request to cancel.");

    // A request id of one group cannot be decided through another.
    ask(&app, &asker, &slug).await;
    let id = request_id(&app, &owner, &slug, asker_id).await;
    let (status, _) = app
        .post_json_as(
            &owner,
            &format!("/api/groups/{other_slug}/join-requests/{id}/accept"),
            &json!({}),
        )
        .await;
    assert_eq!(status, 404);
    let (status, _) = app
        .post_json_as(
            &asker,
            &format!("/api/groups/{slug}/join-requests/{id}/decline"),
            &json!({}),
        )
        .await;
    assert_eq!(status, 403);
    let (status, _) = app
        .post_json_as(
            &owner,
            &format!("/api/groups/{slug}/join-requests/{id}/maybe"),
            &json!({}),
        )
        .await;
    assert_eq!(status, 404);

    let (status, _) = app
        .post_json_as(
            &owner,
            &format!("/api/groups/{slug}/join-requests/{id}/decline"),
            &json!({}),
        )
        .await;
    assert_eq!(status, 200);
    let (_, body) = app
        .get_json_as(&owner, &format!("/api/groups/{slug}/join-requests"))
        .await;
    assert_eq!(body["data"], json!([]));
    assert_eq!(members_count(&app, &owner, &slug).await, 1);
    let (_, body) = app
        .get_json_as(&asker, &format!("/api/groups/{slug}"))
        .await;
    assert_eq!(body["data"]["has_join_request"], false);
    let changes: Vec<MembershipChange> =
        events.lock().unwrap().iter().map(|e| e.0.clone()).collect();
    assert_eq!(
        changes,
        [
            MembershipChange::RequestSent,
            MembershipChange::RequestCancelled,
            MembershipChange::RequestSent,
            MembershipChange::RequestDeclined,
        ]
    );
}

#[tokio::test]
async fn accepting_twice_at_once_admits_the_member_once() {
    let (app, staff, owner) = setup().await;
    let (_, slug) = approved_group(&app, &owner, &staff, "Busy group", &["stroke"]).await;
    let asker = app
        .signed_in_user("di@example.org", "analytical 1843")
        .await;
    let asker_id = user_id(&app, &asker).await;
    ask(&app, &asker, &slug).await;
    let id = request_id(&app, &owner, &slug, asker_id).await;
    let path = format!("/api/groups/{slug}/join-requests/{id}/accept");

    let empty = json!({});
    let (first, second) = tokio::join!(
        app.post_json_as(&owner, &path, &empty),
        app.post_json_as(&owner, &path, &empty),
    );
    let mut statuses = [first.0, second.0];
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 404], "{first:?} {second:?}");
    assert_eq!(members_count(&app, &owner, &slug).await, 2);
    assert_eq!(members(&app, &owner, &slug).await.len(), 2);
}

#[tokio::test]
async fn roles_removal_and_leaving_follow_the_roles_table() {
    let (app, staff, owner) = setup().await;
    let events = record_events(&app);
    let (_, slug) = approved_group(&app, &owner, &staff, "Roles", &["stroke"]).await;
    let mut tokens = Vec::new();
    for email in ["m1@example.org", "m2@example.org", "m3@example.org"] {
        let token = app.signed_in_user(email, "analytical 1843").await;
        let id = user_id(&app, &token).await;
        ask(&app, &token, &slug).await;
        let request = request_id(&app, &owner, &slug, id).await;
        app.post_json_as(
            &owner,
            &format!("/api/groups/{slug}/join-requests/{request}/accept"),
            &json!({}),
        )
        .await;
        tokens.push((token, id));
    }
    let (moderator, moderator_id) = tokens[0].clone();
    let (member, member_id) = tokens[1].clone();
    let (leaver, leaver_id) = tokens[2].clone();
    assert_eq!(members_count(&app, &owner, &slug).await, 4);
    let listed = members(&app, &owner, &slug).await;
    let row = |user: i64| listed.iter().find(|m| m.2 == user).unwrap().0;
    let owner_row = listed[0].0;
    let members_path = format!("/api/groups/{slug}/members");

    // The owner appoints a moderator; role is required and admin cannot be given.
    let (status, body) = app
        .put_json_as(
            &owner,
            &format!("{members_path}/{}", row(moderator_id)),
            &json!({}),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(body["messages"]["role"], json!(["This field is required"]));
    let (status, body) = app
        .put_json_as(
            &owner,
            &format!("{members_path}/{}", row(moderator_id)),
            &json!({"role": "admin"}),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["messages"]["role"],
        json!(["Only member and moderator can be assigned."])
    );
    let (status, body) = app
        .put_json_as(
            &owner,
            &format!("{members_path}/{}", row(moderator_id)),
            &json!({"role": "moderator"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["role"], "moderator");
    let (_, body) = app
        .get_json_as(&moderator, &format!("/api/groups/{slug}"))
        .await;
    assert_eq!(body["data"]["is_moderator"], true);
    assert_eq!(
        body["data"]["abilities"],
        json!({
            "can_join": false,
            "can_edit": false, "can_edit_materials": true, "can_post_update": true,
            "can_see_members": true, "can_manage_requests": true, "can_leave": true,
            "can_see_activity": true, "can_manage_agreement": false,
        }),
        "a moderator curates but does not edit the group"
    );

    // The owner's own membership cannot change; a moderator changes no roles.
    let (status, _) = app
        .put_json_as(
            &owner,
            &format!("{members_path}/{owner_row}"),
            &json!({"role": "member"}),
        )
        .await;
    assert_eq!(status, 403);
    let (status, _) = app
        .put_json_as(
            &moderator,
            &format!("{members_path}/{}", row(member_id)),
            &json!({"role": "moderator"}),
        )
        .await;
    assert_eq!(status, 403);

    // The list tells each viewer what they may do.
    let (_, body) = app.get_json_as(&moderator, &members_path).await;
    let abilities: Vec<(bool, bool)> = body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["can_change_role"].as_bool().unwrap(),
                m["can_remove"].as_bool().unwrap(),
            )
        })
        .collect();
    // Owner, the moderator themself, then the two members.
    assert_eq!(
        abilities,
        [(false, false), (false, false), (false, true), (false, true)]
    );

    // Nobody removes the owner; a member removes no one; a moderator removes a member.
    for token in [&owner, &moderator, &member] {
        let (status, _) = app
            .delete_as(token, &format!("{members_path}/{owner_row}"))
            .await;
        assert_eq!(status, 403);
    }
    let (status, _) = app
        .delete_as(&member, &format!("{members_path}/{}", row(leaver_id)))
        .await;
    assert_eq!(status, 403);
    let (status, _) = app
        .delete_as(&moderator, &format!("{members_path}/{}", row(member_id)))
        .await;
    assert_eq!(status, 200);
    let (status, _) = app
        .delete_as(&moderator, &format!("{members_path}/{}", row(member_id)))
        .await;
    assert_eq!(status, 404);
    let (_, body) = app
        .get_json_as(&member, &format!("/api/groups/{slug}"))
        .await;
    assert_eq!(body["data"]["is_member"], false);

    // Members leave; the owner cannot.
    let (status, body) = app
        .post_json_as(&owner, &format!("{members_path}/leave"), &json!({}))
        .await;
    assert_eq!(status, 400);
    assert_eq!(body["message"], "The owner cannot leave the working group.");
    let (status, body) = app
        .post_json_as(&leaver, &format!("{members_path}/leave"), &json!({}))
        .await;
    assert_eq!(status, 200);
    assert_eq!(body["data"]["message"], "You have left the working group.");
    let (status, _) = app
        .post_json_as(&leaver, &format!("{members_path}/leave"), &json!({}))
        .await;
    assert_eq!(status, 400);
    assert_eq!(members_count(&app, &owner, &slug).await, 2);
    assert_eq!(members(&app, &owner, &slug).await.len(), 2);

    let owner_id = user_id(&app, &owner).await;
    let tail: Vec<_> = events.lock().unwrap().iter().skip(6).cloned().collect();
    assert_eq!(
        tail,
        [
            (
                MembershipChange::RoleChanged {
                    role: groups::enums::MemberRole::Moderator
                },
                owner_id,
                Some(moderator_id)
            ),
            (MembershipChange::Removed, moderator_id, Some(member_id)),
            (MembershipChange::Left, leaver_id, Some(leaver_id)),
        ]
    );
}

#[tokio::test]
async fn an_invitation_is_mailed_and_taken_up_once_by_its_addressee() {
    let (app, staff, owner) = setup().await;
    let events = record_events(&app);
    let (_, slug) = approved_group(&app, &owner, &staff, "Invitational", &["stroke"]).await;
    let invite_path = format!("/api/groups/{slug}/invite-member");

    let (status, body) = app
        .post_json_as(&owner, &invite_path, &json!({"email": "", "message": ""}))
        .await;
    assert_eq!(status, 400);
    assert_eq!(body["messages"]["email"], json!(["Required"]));
    assert_eq!(body["messages"]["message"], json!(["Required"]));
    let (status, body) = app
        .post_json_as(
            &owner,
            &invite_path,
            &json!({"email": "not-an-address", "message": "Join"}),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(body["messages"]["email"], json!(["Must be a valid email"]));
    let (status, body) = app
        .post_json_as(
            &owner,
            &invite_path,
            &json!({"email": "ada@example.org", "message": "Join"}),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["messages"]["email"],
        json!(["This person is already a member of this working group."])
    );

    // A person without an account yet.
    let (status, body) = app
        .post_json_as(
            &owner,
            &invite_path,
            &json!({"email": "New.Person@Example.org", "message": "We need a speech therapist."}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(
        body["data"]["message"],
        "Invite has been successfully sent."
    );
    let (status, body) = app
        .post_json_as(
            &owner,
            &invite_path,
            &json!({"email": "new.person@example.org", "message": "Again"}),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["messages"]["email"],
        json!(["An invitation has already been sent to this address."])
    );
    let first = app.last_mail_to("new.person@example.org").await;
    assert!(first.text.contains("We need a speech therapist."));
    assert!(
        first
            .text
            .contains(&format!("/working-groups/{slug}?invite_token="))
    );
    let first_token = testkit::query_param(&first.text, "invite_token").unwrap();

    let (status, body) = app
        .get_json_as(&owner, &format!("/api/groups/{slug}/invited-members"))
        .await;
    assert_eq!(status, 200);
    let invited = &body["data"][0];
    assert_eq!(invited["name"], "new.person@example.org");
    assert_eq!(invited["user_id"], Value::Null);
    assert_eq!(invited["can_resend_invitation"], true);
    let invitation_id = invited["id"].as_i64().unwrap();

    // Resending mails a new link and revokes the first.
    let (status, _) = app
        .put_json_as(
            &owner,
            &format!("/api/groups/{slug}/resend-invitation/{invitation_id}"),
            &json!({}),
        )
        .await;
    assert_eq!(status, 200);
    let token = testkit::query_param(
        &app.last_mail_to("new.person@example.org").await.text,
        "invite_token",
    )
    .unwrap();
    assert_ne!(token, first_token);

    let newcomer = app
        .signed_in_user("new.person@example.org", "analytical 1843")
        .await;
    let newcomer_id = user_id(&app, &newcomer).await;
    let (status, body) = app
        .get_json_as(
            &newcomer,
            &format!("/api/groups/{slug}/invited-members/{first_token}"),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(body["code"], "token_revoked");
    assert_eq!(
        body["message"],
        "Token revoked. If you want to join this Working Group, click on \"Private member join\" button."
    );

    // Someone else holding the link cannot use it.
    let stranger = app
        .signed_in_user("eve@example.org", "analytical 1843")
        .await;
    let (status, body) = app
        .post_json_as(
            &stranger,
            &format!("/api/groups/{slug}/invited-members/{token}"),
            &json!({}),
        )
        .await;
    assert_eq!(status, 403);
    assert_eq!(body["code"], "invitation_for_another_address");

    let (status, body) = app
        .get_json_as(
            &newcomer,
            &format!("/api/groups/{slug}/invited-members/{token}"),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["group_title"], "Invitational");
    assert_eq!(body["data"]["message"], "We need a speech therapist.");
    // A pending request of theirs is settled by the invitation.
    ask(&app, &newcomer, &slug).await;
    let (status, body) = app
        .post_json_as(
            &newcomer,
            &format!("/api/groups/{slug}/invited-members/{token}"),
            &json!({}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (_, body) = app
        .get_json_as(&newcomer, &format!("/api/groups/{slug}"))
        .await;
    assert_eq!(body["data"]["is_member"], true);
    assert_eq!(body["data"]["has_join_request"], false);
    assert_eq!(members_count(&app, &owner, &slug).await, 2);

    // The token is spent.
    let (status, body) = app
        .post_json_as(
            &newcomer,
            &format!("/api/groups/{slug}/invited-members/{token}"),
            &json!({}),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(body["code"], "token_revoked");
    let (_, body) = app
        .get_json_as(&owner, &format!("/api/groups/{slug}/invited-members"))
        .await;
    assert_eq!(body["data"], json!([]));

    let owner_id = user_id(&app, &owner).await;
    let seen = events.lock().unwrap().clone();
    assert!(matches!(
        &seen[0],
        (MembershipChange::Invited { email, .. }, actor, None)
            if email == "new.person@example.org" && *actor == owner_id
    ));
    assert_eq!(
        seen.last().unwrap(),
        &(MembershipChange::Joined, newcomer_id, Some(newcomer_id))
    );
}

#[tokio::test]
async fn invitations_are_for_owners_and_moderators_and_can_be_cancelled() {
    let (app, staff, owner) = setup().await;
    let (_, slug) = approved_group(&app, &owner, &staff, "Cancelled", &["stroke"]).await;
    let stranger = app
        .signed_in_user("fy@example.org", "analytical 1843")
        .await;
    let (status, _) = app
        .post_json_as(
            &stranger,
            &format!("/api/groups/{slug}/invite-member"),
            &json!({"email": "x@example.org", "message": "Come"}),
        )
        .await;
    assert_eq!(status, 403);
    let (status, _) = app
        .get_json_as(&stranger, &format!("/api/groups/{slug}/invited-members"))
        .await;
    assert_eq!(status, 403);

    // An existing account is invited: its summary shows in the list.
    app.post_json_as(
        &owner,
        &format!("/api/groups/{slug}/invite-member"),
        &json!({"email": "fy@example.org", "message": "Come"}),
    )
    .await;
    let token = testkit::query_param(
        &app.last_mail_to("fy@example.org").await.text,
        "invite_token",
    )
    .unwrap();
    let (_, body) = app
        .get_json_as(&owner, &format!("/api/groups/{slug}/invited-members"))
        .await;
    assert_eq!(body["data"][0]["name"], "Test Member");
    assert_eq!(body["data"][0]["user_id"], user_id(&app, &stranger).await);
    let id = body["data"][0]["id"].as_i64().unwrap();
    let (status, _) = app
        .delete_as(
            &stranger,
            &format!("/api/groups/{slug}/invited-members/{id}"),
        )
        .await;
    assert_eq!(status, 403);
    let (status, _) = app
        .delete_as(&owner, &format!("/api/groups/{slug}/invited-members/{id}"))
        .await;
    assert_eq!(status, 200);
    let (status, body) = app
        .post_json_as(
            &stranger,
            &format!("/api/groups/{slug}/invited-members/{token}"),
            &json!({}),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(body["code"], "token_revoked");
    assert_eq!(members_count(&app, &owner, &slug).await, 1);

    // Resends are capped.
    app.post_json_as(
        &owner,
        &format!("/api/groups/{slug}/invite-member"),
        &json!({"email": "gus@example.org", "message": "Come"}),
    )
    .await;
    let (_, body) = app
        .get_json_as(&owner, &format!("/api/groups/{slug}/invited-members"))
        .await;
    let id = body["data"][0]["id"].as_i64().unwrap();
    let resend = format!("/api/groups/{slug}/resend-invitation/{id}");
    for _ in 0..4 {
        let (status, _) = app.put_json_as(&owner, &resend, &json!({})).await;
        assert_eq!(status, 200);
    }
    let (_, body) = app
        .get_json_as(&owner, &format!("/api/groups/{slug}/invited-members"))
        .await;
    assert_eq!(body["data"][0]["can_resend_invitation"], false);
    let (status, body) = app.put_json_as(&owner, &resend, &json!({})).await;
    assert_eq!(status, 400);
    assert_eq!(
        body["message"],
        "This invitation has been sent too many times."
    );
}
