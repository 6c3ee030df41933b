//! What the header's search asks: each domain's full-text source.

use std::sync::Arc;

use discussions::Targets;
use kernel::AppContext;
use search::Sources;

pub fn sources(context: &AppContext, targets: Targets) -> Sources {
    let db = &context.search_db;
    Sources::new()
        .with(Arc::new(groups::service::search::Groups::new(db.clone())))
        .with(Arc::new(discussions::SearchPosts::new(db.clone(), targets)))
        .with(Arc::new(content::service::search::Content::new(db.clone())))
        .with(Arc::new(accounts::service::search::Profiles::new(
            db.clone(),
        )))
        .with(Arc::new(projects::service::search::Projects::new(
            db.clone(),
        )))
}
