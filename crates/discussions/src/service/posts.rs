//! What topics and replies share: their text, finding them, deleting them (or one of their
//! files), counting them.

use kernel::{AppContext, AppError, AppResult, CurrentUser};
use media::documents;
use phi::guard::{self, Guard};
use sea_orm::sea_query::{Alias, Expr, ExprTrait, Query};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, EntityTrait,
    QueryFilter, Set,
};

use super::attachments::{self, Stored, Upload};
use super::place::Place;
use crate::entity::{attachment, post};
use crate::events::DiscussionChanged;
use crate::policy;

pub const REQUIRED: &str = kernel::validation::REQUIRED;
pub const DELETED: &str = "Successfully deleted";

/// Sanitised rich text; an editor with no text in it is "required".
pub fn clean_text(html: Option<&str>) -> AppResult<String> {
    let text = kernel::rich_text::sanitize(html.unwrap_or_default());
    if kernel::rich_text::is_blank(&text) {
        return Err(AppError::field("text", REQUIRED));
    }
    Ok(text)
}

/// Sanitised text that passed the patient-data guardrail (issue 24 §1) where `user`
/// publishes it in `place`: flagged text needs their declaration, or is refused where the
/// place makes the check blocking.
pub async fn guarded_text(
    ctx: &AppContext,
    user: &CurrentUser,
    place: &Place,
    html: Option<&str>,
    files: &[Upload],
    declared: bool,
) -> AppResult<String> {
    let text = clean_text(html)?;
    let guard = Guard {
        declared,
        blocking: place.access.phi_blocking,
    };
    let at = guard::Place(format!(
        "discussion:{}:{}",
        place.topic_type.as_str(),
        place.target_id
    ));
    // What attached PDFs publish besides what they show: their text layer and metadata.
    let mut inspected = Vec::with_capacity(files.len());
    for f in files {
        let seen = phi::pooled::inspect(f.bytes.clone()).await?;
        inspected.push((f.filename.as_str(), seen));
    }
    let mut published = vec![guard::Published::text("text", &text)];
    published.extend(inspected.iter().map(|(name, seen)| guard::Published {
        field: attachments::FIELD,
        text: &seen.published,
        file: Some(name),
    }));
    guard::check_fields(&ctx.db, user.id, &at, &published, guard).await?;
    Ok(text)
}

/// A topic by id (replies are not topics).
pub async fn topic(db: &impl ConnectionTrait, id: i64) -> AppResult<post::Model> {
    post::Entity::find_by_id(id)
        .filter(post::Column::TopicId.is_null())
        .one(db)
        .await?
        .ok_or_else(AppError::not_found)
}

/// A topic the viewer may read, with its place.
pub async fn readable_topic(
    db: &impl ConnectionTrait,
    targets: &crate::Targets,
    id: i64,
    viewer: Option<&CurrentUser>,
) -> AppResult<(Place, post::Model)> {
    let topic = topic(db, id).await?;
    let place = place_to_read(targets, &topic, viewer).await?;
    Ok((place, topic))
}

/// The place of a loaded topic, when the viewer may read it (404 otherwise).
pub async fn place_to_read(
    targets: &crate::Targets,
    topic: &post::Model,
    viewer: Option<&CurrentUser>,
) -> AppResult<Place> {
    let place = Place::of(targets, topic.target_type, topic.target_id, viewer).await?;
    if !policy::may_read(topic.is_public, place.access) {
        return Err(AppError::not_found());
    }
    Ok(place)
}

/// Marks a post deleted (it keeps its place in the thread, its content hidden); its topic
/// is public or not.
pub async fn delete(
    db: &DatabaseConnection,
    post: post::Model,
    by: &CurrentUser,
    place: &Place,
    topic_is_public: bool,
) -> AppResult<post::Model> {
    if !policy::may_delete(
        post.created_by_id == by.id,
        post.deleted_at.is_some(),
        place.access,
    ) {
        return Err(AppError::forbidden());
    }
    match mark_deleted(db, post, by.id).await? {
        Deleted::Now(deleted) => {
            place.counted(-1, topic_is_public).await?;
            Ok(deleted)
        }
        // Another request deleted it first (and counted it): as if it had been deleted
        // when this one began.
        Deleted::Already => Err(AppError::forbidden()),
    }
}

/// What marking a post deleted did.
pub enum Deleted {
    Now(post::Model),
    Already,
}

/// Marks a post deleted by `by_id` (who may was decided before) and, for a reply, counts it
/// among its topic's deleted replies, in one transaction; the post's row changes only while
/// it is not deleted, so of requests racing to delete it one does (and counts it).
pub async fn mark_deleted(
    db: &DatabaseConnection,
    post: post::Model,
    by_id: i64,
) -> AppResult<Deleted> {
    let now = kernel::clock::now();
    let txn = kernel::db::begin_write(db).await?;
    let marked = post::Entity::update_many()
        .col_expr(post::Column::DeletedAt, Expr::value(now))
        .col_expr(post::Column::DeletedById, Expr::value(by_id))
        .col_expr(post::Column::UpdatedAt, Expr::value(now))
        .filter(post::Column::Id.eq(post.id))
        .filter(post::Column::DeletedAt.is_null())
        .exec(&txn)
        .await?;
    if marked.rows_affected == 0 {
        return Ok(Deleted::Already);
    }
    match post.topic_id {
        Some(topic_id) => {
            post::Entity::update_many()
                .col_expr(
                    post::Column::NumDeletedReplies,
                    Expr::col(post::Column::NumDeletedReplies).add(1),
                )
                .filter(post::Column::Id.eq(topic_id))
                .exec(&txn)
                .await?;
        }
        None => topic_state_changed(&txn, post.id).await?,
    }
    txn.commit().await?;
    Ok(Deleted::Now(post::Model {
        deleted_at: Some(now),
        deleted_by_id: Some(by_id),
        updated_at: now,
        ..post
    }))
}

/// Saves an author's edit: the new text (and, for topics, privacy) and the files added.
pub async fn save_edit(
    ctx: &AppContext,
    post: post::Model,
    text: String,
    is_public: Option<bool>,
    stored: Vec<Stored>,
) -> AppResult<post::Model> {
    let saved = async {
        let txn = kernel::db::begin_write(&ctx.db).await?;
        let now = kernel::clock::now();
        let mut active: post::ActiveModel = post.into();
        active.text = Set(text);
        if let Some(is_public) = is_public {
            active.is_public = Set(is_public);
        }
        active.edited_at = Set(Some(now));
        active.updated_at = Set(now);
        let saved = active.update(&txn).await?;
        // Copied whenever the edit sets the privacy, never decided from the row read before
        // this transaction: of two edits racing, the one that commits last leaves its
        // value on the topic and its replies alike.
        if saved.topic_id.is_none() && is_public.is_some() {
            topic_state_changed(&txn, saved.id).await?;
        }
        attachments::attach(&txn, saved.id, &stored).await?;
        txn.commit().await?;
        Ok(saved)
    }
    .await;
    attachments::kept_if(ctx, &stored, saved).await
}

/// Copies a topic's state (`is_public`, and `topic_live`: neither deleted nor hidden) from
/// its row to its own and its replies', after a change to it in the transaction `db`.
pub async fn topic_state_changed(db: &impl ConnectionTrait, topic_id: i64) -> AppResult<()> {
    copy_topic_state(
        db,
        topic_id,
        Condition::any()
            .add(post::Column::Id.eq(topic_id))
            .add(post::Column::TopicId.eq(topic_id)),
    )
    .await
}

/// Gives a new reply its topic's state, in the transaction that wrote it, after the topic's
/// row was updated there: on PostgreSQL that row's lock orders it with any change to the
/// topic, so the state copied is the one committed last.
pub async fn reply_added(db: &impl ConnectionTrait, reply_id: i64, topic_id: i64) -> AppResult<()> {
    copy_topic_state(
        db,
        topic_id,
        Condition::all().add(post::Column::Id.eq(reply_id)),
    )
    .await
}

/// Sets `is_public` and `topic_live` of the posts `which` selects from the topic's row, read
/// by the statement itself.
async fn copy_topic_state(
    db: &impl ConnectionTrait,
    topic_id: i64,
    which: Condition,
) -> AppResult<()> {
    let topic = Alias::new("topic");
    let of_topic = |value: Expr| -> Expr {
        Query::select()
            .expr(value)
            .from_as(post::Entity, topic.clone())
            .and_where(Expr::col((topic.clone(), post::Column::Id)).eq(topic_id))
            .to_owned()
            .into()
    };
    post::Entity::update_many()
        .col_expr(
            post::Column::IsPublic,
            of_topic(Expr::col((topic.clone(), post::Column::IsPublic))),
        )
        .col_expr(
            post::Column::TopicLive,
            of_topic(
                Expr::col((topic.clone(), post::Column::DeletedAt))
                    .is_null()
                    .and(Expr::col((topic.clone(), post::Column::HiddenAt)).is_null()),
            ),
        )
        .filter(which)
        .exec(db)
        .await?;
    Ok(())
}

/// Refuses an edit by anyone but the live post's author who may still write in `place`.
pub fn require_editable(post: &post::Model, user: &CurrentUser, place: &Place) -> AppResult<()> {
    if policy::may_edit(
        post.created_by_id == user.id,
        post.deleted_at.is_some(),
        place.access,
    ) {
        Ok(())
    } else {
        Err(AppError::forbidden())
    }
}

/// Tells the feed what `post` reads now (nothing once deleted or hidden), in a topic that
/// is public or not, and whom an edit newly mentions.
pub async fn announce_change(
    ctx: &AppContext,
    post: &post::Model,
    topic_is_public: bool,
    mentioned: Vec<i64>,
) {
    ctx.events
        .publish(DiscussionChanged {
            topic_type: post.target_type,
            target_id: post.target_id,
            topic_id: post.topic_id.unwrap_or(post.id),
            post_id: post.id,
            author_id: post.created_by_id,
            text: (post.deleted_at.is_none() && post.hidden_at.is_none())
                .then(|| kernel::rich_text::plain_text(&post.text)),
            is_public: topic_is_public,
            mentioned,
        })
        .await;
}

/// How many replies of a topic are live (not deleted).
pub async fn live_replies(db: &impl ConnectionTrait, topic_id: i64) -> AppResult<i32> {
    use sea_orm::PaginatorTrait;
    let count = post::Entity::find()
        .filter(post::Column::TopicId.eq(topic_id))
        .filter(post::Column::DeletedAt.is_null())
        .count(db)
        .await?;
    Ok(i32::try_from(count).unwrap_or(i32::MAX))
}

/// The author removes one file from a post of the discussion `topic_id`.
pub async fn remove_attachment(
    ctx: &AppContext,
    targets: &crate::Targets,
    user: &CurrentUser,
    topic_id: i64,
    attachment_id: i64,
) -> AppResult<()> {
    let (place, topic) = readable_topic(&ctx.db, targets, topic_id, Some(user)).await?;
    let file = attachment::Entity::find_by_id(attachment_id)
        .one(&ctx.db)
        .await?
        .ok_or_else(AppError::not_found)?;
    let owner = post::Entity::find_by_id(file.post_id)
        .one(&ctx.db)
        .await?
        .filter(|p| p.id == topic.id || p.topic_id == Some(topic.id))
        .ok_or_else(AppError::not_found)?;
    require_editable(&owner, user, &place)?;
    attachment::Entity::delete_by_id(file.id)
        .exec(&ctx.db)
        .await?;
    documents::discard(ctx.storage.as_ref(), &file.file_key).await;
    Ok(())
}
