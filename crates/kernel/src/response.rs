//! Success envelope: every non-list answer is `{"data": ...}` (DESIGN.md §3).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct Data<T> {
    pub data: T,
}

impl<T> Data<T> {
    pub fn new(data: T) -> actix_web::web::Json<Self> {
        actix_web::web::Json(Self { data })
    }
}
