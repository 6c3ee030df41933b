//! What members may report: each kind's owning crate, and how staff suspend an author.

use std::sync::Arc;

use discussions::Targets;
use kernel::AppContext;
use kernel::moderation::ReportSubject;
use moderation::Reportables;

pub fn reportables(context: &AppContext, targets: &Targets) -> Reportables {
    let db = &context.db;
    Reportables::new(Arc::new(accounts::service::reportable::Suspensions::new(
        context.clone(),
    )))
    .with(
        ReportSubject::Topic,
        Arc::new(discussions::ReportablePosts::topics(
            context.clone(),
            targets.clone(),
        )),
    )
    .with(
        ReportSubject::Reply,
        Arc::new(discussions::ReportablePosts::replies(
            context.clone(),
            targets.clone(),
        )),
    )
    .with(
        ReportSubject::Group,
        Arc::new(groups::service::reportable::Groups::new(db.clone())),
    )
    .with(
        ReportSubject::GroupUpdate,
        Arc::new(groups::service::reportable::updates(context)),
    )
    .with(
        ReportSubject::ProjectUpdate,
        Arc::new(projects::service::reportable::updates(context)),
    )
    .with(
        ReportSubject::Profile,
        Arc::new(accounts::service::reportable::Profiles::new(db.clone())),
    )
    .with(
        ReportSubject::Message,
        Arc::new(messages::service::reportable::Messages::new(
            context.clone(),
        )),
    )
}
