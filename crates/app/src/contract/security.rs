//! The contract's security and the errors it implies. Each handler's annotation says what
//! session it needs, next to the extractor that enforces it (`security(("bearer" = []))`
//! for `CurrentUser`, `security((), ("bearer" = []))` for an optional one, the `staff` role
//! for the console); here the scheme is declared once, and every operation gets the answers
//! that follow from its security and its body, so they are never left out by hand. The
//! permission matrix test holds both to what the server really answers.

use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityRequirement, SecurityScheme};
use utoipa::openapi::{ContentBuilder, OpenApi, PathItem, Ref, ResponseBuilder};

/// The scheme's name in the annotations.
pub const BEARER: &str = "bearer";
/// The role a console operation needs.
pub const STAFF: &str = "staff";

/// Declares the bearer scheme and documents the statuses security and bodies bring.
pub fn document(doc: &mut OpenApi) {
    doc.components
        .get_or_insert_with(Default::default)
        .add_security_scheme(
            BEARER,
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .description(Some(
                        "The opaque token `POST /api/login` answers with (also after a two-step code or a provider's sign-in); \
                         sent as `Authorization: Bearer <token>`.",
                    ))
                    .build(),
            ),
        );
    let staff = SecurityRequirement::new(BEARER, [STAFF]);
    let anyone = SecurityRequirement::default();
    for item in doc.paths.paths.values_mut() {
        for operation in operations(item) {
            let security = operation.security.clone().unwrap_or_default();
            let mut statuses = Vec::new();
            if !security.is_empty() && !security.contains(&anyone) {
                statuses.push(("401", "Not signed in, or the session has ended."));
            }
            if security.contains(&staff) {
                statuses.push(("404", "Not staff: the console does not admit it exists."));
            }
            if operation.request_body.is_some() {
                statuses.push((
                    "400",
                    "A field is missing or not valid (each named in `fields`).",
                ));
                statuses.push(("413", "The body is larger than this operation accepts."));
                statuses.push((
                    "415",
                    "The body is not in a media type this operation reads.",
                ));
            }
            for (status, description) in statuses {
                operation
                    .responses
                    .responses
                    .entry(status.to_owned())
                    .or_insert_with(|| envelope(description).into());
            }
        }
    }
}

/// Every operation of a path.
pub fn operations(
    item: &mut PathItem,
) -> impl Iterator<Item = &mut utoipa::openapi::path::Operation> {
    [
        &mut item.get,
        &mut item.put,
        &mut item.post,
        &mut item.delete,
        &mut item.patch,
    ]
    .into_iter()
    .flatten()
}

/// An answer in the error envelope.
pub fn envelope(description: &str) -> utoipa::openapi::Response {
    ResponseBuilder::new()
        .description(description)
        .content(
            "application/json",
            ContentBuilder::new()
                .schema(Some(Ref::from_schema_name("ErrorBody")))
                .build(),
        )
        .build()
}
