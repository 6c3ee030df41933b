//! The wizard's "Team and needs" step. A save replaces both lists at once, in one
//! transaction, so a page never shows half of one; on a live project the save joins its
//! changes waiting for staff.

use std::collections::HashMap;

use kernel::{AppContext, AppError, AppResult, CurrentUser};
use sea_orm::ConnectionTrait;

use super::team::{self, MAX_NEEDS, MAX_TEAM, Need, Person};
use super::{changes, ownership};
use crate::content::{NeedRow, TeamRow};
use crate::policy;

/// The team and needs the caller edits on project `id`: a live project's waiting changes,
/// or else what is stored.
pub async fn mine(
    db: &impl ConnectionTrait,
    user: &CurrentUser,
    id: i64,
) -> AppResult<(Vec<TeamRow>, Vec<NeedRow>)> {
    let found = ownership::owned(db, user, id).await?;
    if let Some(changes) = found.pending_changes {
        return Ok((changes.team, changes.needs));
    }
    Ok(team::of(db, found.id).await?.rows())
}

/// Replaces the team and needs of the caller's project `id` (on a live project, in its
/// changes waiting for staff).
pub async fn save(
    ctx: &AppContext,
    user: &CurrentUser,
    id: i64,
    people: Vec<Person>,
    needs: Vec<Need>,
) -> AppResult<()> {
    let found = ownership::changeable(&ctx.db, user, id).await?;
    if people.len() > MAX_TEAM {
        return Err(AppError::field("team", "List at most 20 people."));
    }
    if needs.len() > MAX_NEEDS {
        return Err(AppError::field("needs", "List at most 12 needs."));
    }
    let accounts = accounts_of(ctx, &people).await?;
    let team: Vec<TeamRow> = people
        .into_iter()
        .map(|person| TeamRow {
            user_id: person.email.as_ref().and_then(|e| accounts.get(e).copied()),
            name: person.name.into_string(),
            email: person.email,
            role: person.role.into_string(),
        })
        .collect();
    let needs: Vec<NeedRow> = needs
        .into_iter()
        .map(|n| NeedRow {
            kind: n.kind,
            description: n.description.into_string(),
        })
        .collect();
    if policy::edits_wait_for_staff(found.status) {
        let mut content = changes::working(&ctx.db, &found).await?;
        content.team = team;
        content.needs = needs;
        changes::propose(&ctx.db, found, content).await?;
        return Ok(());
    }
    let tx = kernel::db::begin_write(&ctx.db).await?;
    team::replace(&tx, found.id, &team, &needs).await?;
    tx.commit().await?;
    Ok(())
}

/// The accounts behind the people's e-mails, by e-mail.
async fn accounts_of(ctx: &AppContext, people: &[Person]) -> AppResult<HashMap<String, i64>> {
    let mut found = HashMap::new();
    // At most MAX_TEAM look-ups, each by a unique index.
    for email in people.iter().filter_map(|p| p.email.as_deref()) {
        if let Some(account) = ctx.users.by_email(email).await? {
            found.insert(email.to_owned(), account.id);
        }
    }
    Ok(found)
}
