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

/// A confirmation text to show the user (`{"data": {"message": …}}`), the answer of every
/// action that has nothing else to return.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct MessageResponse {
    pub message: String,
}

impl MessageResponse {
    pub fn data(message: &str) -> actix_web::web::Json<Data<Self>> {
        Data::new(Self {
            message: message.to_owned(),
        })
    }
}
