//! What a place that links references is, answered by the crate that owns it (working groups
//! by `groups`, projects by `projects`), adapted in `app`.

use std::collections::HashMap;
use std::sync::Arc;

use async_trait::async_trait;
use kernel::{AppError, AppResult, CurrentUser};

use crate::enums::PlaceType;

/// How a viewer stands to a place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Standing {
    /// Adds and removes the place's references (a group's owner and moderators, a project's
    /// owner, staff).
    pub edit: bool,
}

#[async_trait]
pub trait Place: Send + Sync {
    /// How `viewer` stands to place `id`; `None` when there is no such place or the viewer
    /// may not see it (its references then do not exist for them).
    async fn standing(&self, id: i64, viewer: Option<&CurrentUser>) -> AppResult<Option<Standing>>;
}

/// The kinds of place `app` registered.
#[derive(Clone, Default)]
pub struct Places {
    by_type: HashMap<PlaceType, Arc<dyn Place>>,
}

impl Places {
    pub fn with(mut self, kind: PlaceType, place: Arc<dyn Place>) -> Self {
        self.by_type.insert(kind, place);
        self
    }

    /// How `viewer` stands to the `kind` place `id`; 404 when it is not there for them.
    pub async fn standing(
        &self,
        kind: PlaceType,
        id: i64,
        viewer: Option<&CurrentUser>,
    ) -> AppResult<Standing> {
        let place = self.by_type.get(&kind).ok_or_else(AppError::not_found)?;
        place
            .standing(id, viewer)
            .await?
            .ok_or_else(AppError::not_found)
    }
}
