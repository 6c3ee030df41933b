//! What a failed step of the seed says.

/// Names the step that failed: "seeding the demo admin: …".
pub(super) fn seeding(what: &'static str) -> impl Fn(kernel::AppError) -> anyhow::Error {
    move |e| anyhow::anyhow!("seeding {what}: {e}")
}
