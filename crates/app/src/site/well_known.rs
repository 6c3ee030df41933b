//! What the site publishes for machines under `/.well-known/`: the `did:web` document with
//! the Ed25519 key its verifiable credentials are signed with (issue 24, item 4), so anyone
//! checks a credential from the site itself.

use actix_web::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use actix_web::{HttpResponse, web};
use credentials::{DID_DOCUMENT_PATH, Issuer};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route(DID_DOCUMENT_PATH, web::get().to(did_document));
}

async fn did_document(issuer: web::Data<Issuer>) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((CONTENT_TYPE, "application/did+json"))
        .insert_header((CACHE_CONTROL, "public, max-age=3600"))
        .body(issuer.did_document().to_string())
}
