//! The rules of reports and moderation; handlers stay thin.

pub mod acting;
pub mod log;
pub mod queue;
pub mod reporting;

use std::collections::HashMap;
use std::sync::Arc;

use kernel::moderation::{ReportSubject, Reportable, Sanctions};
use kernel::{AppError, AppResult};

/// The reportable kinds `app` registered, and how staff suspend an author.
#[derive(Clone)]
pub struct Reportables {
    by_kind: HashMap<ReportSubject, Arc<dyn Reportable>>,
    sanctions: Arc<dyn Sanctions>,
}

impl Reportables {
    pub fn new(sanctions: Arc<dyn Sanctions>) -> Self {
        Self {
            by_kind: HashMap::new(),
            sanctions,
        }
    }

    /// Registers the crate that owns `kind`.
    pub fn with(mut self, kind: ReportSubject, reportable: Arc<dyn Reportable>) -> Self {
        self.by_kind.insert(kind, reportable);
        self
    }

    /// The owner of `kind`; 404 for a kind nobody registered.
    pub fn get(&self, kind: ReportSubject) -> AppResult<&Arc<dyn Reportable>> {
        self.by_kind.get(&kind).ok_or_else(AppError::not_found)
    }

    pub fn sanctions(&self) -> &dyn Sanctions {
        self.sanctions.as_ref()
    }
}
