//! The places that link research references, adapted from the crates that own them: a
//! working group's owner and moderators edit its references, a project's owner edits its
//! own; staff edit both; whoever sees the place reads them.

use std::sync::Arc;

use async_trait::async_trait;
use kernel::{AppContext, AppResult, CurrentUser};
use references::enums::PlaceType;
use references::target::Standing;
use references::{Place, Places};
use sea_orm::DatabaseConnection;

struct GroupReferences {
    db: DatabaseConnection,
}

#[async_trait]
impl Place for GroupReferences {
    async fn standing(&self, id: i64, viewer: Option<&CurrentUser>) -> AppResult<Option<Standing>> {
        let rights = groups::service::discussion::rights(&self.db, id, viewer).await?;
        Ok(rights.map(|r| Standing { edit: r.moderate }))
    }
}

struct ProjectReferences {
    db: DatabaseConnection,
}

#[async_trait]
impl Place for ProjectReferences {
    async fn standing(&self, id: i64, viewer: Option<&CurrentUser>) -> AppResult<Option<Standing>> {
        let edits = projects::service::references::standing(&self.db, id, viewer).await?;
        Ok(edits.map(|edit| Standing { edit }))
    }
}

pub fn places(context: &AppContext) -> Places {
    Places::default()
        .with(
            PlaceType::Group,
            Arc::new(GroupReferences {
                db: context.db.clone(),
            }),
        )
        .with(
            PlaceType::Project,
            Arc::new(ProjectReferences {
                db: context.db.clone(),
            }),
        )
}
