//! What each operation asks of a personal API token, read off the contract: an operation's
//! tag names its area, its method whether it reads (`GET`) or writes (anything else). The
//! account's operations are closed to tokens but for those `accounts` lists, and so are
//! the tokens' own and the live channel's ticket; the public helpers (search, the guardrail) take any token. An
//! operation the table does not know needs a session.

use std::collections::HashMap;

use actix_web::http::Method;
use kernel::TokenScope;
use kernel::auth::{TokenRouteTable, TokenUse};
use serde_json::Value;

/// By method and path template (`/api/groups/{slug}`), as actix names the matched route.
#[derive(Debug, Default)]
pub struct TokenRoutes {
    uses: HashMap<(Method, String), TokenUse>,
}

const METHODS: [&str; 5] = ["get", "put", "post", "delete", "patch"];

impl TokenRoutes {
    /// Reads the table from the contract's paths.
    pub fn from_contract(doc: &Value) -> Self {
        let mut uses = HashMap::new();
        let Some(paths) = doc["paths"].as_object() else {
            return Self::default();
        };
        for (template, item) in paths {
            for method in METHODS {
                let Some(operation) = item.get(method) else {
                    continue;
                };
                let Ok(method) = Method::from_bytes(method.to_uppercase().as_bytes()) else {
                    continue;
                };
                let usage = token_use(operation, method != Method::GET);
                uses.insert((method, template.clone()), usage);
            }
        }
        Self { uses }
    }
}

impl TokenRouteTable for TokenRoutes {
    fn token_use(&self, method: &Method, pattern: &str) -> TokenUse {
        // `HEAD` is answered as `GET` (methods::head_as_get), after the staff gate asks.
        let method = if method == Method::HEAD {
            Method::GET
        } else {
            method.clone()
        };
        self.uses
            .get(&(method, pattern.to_owned()))
            .copied()
            .unwrap_or(TokenUse::SessionOnly)
    }
}

/// What one operation asks of a token.
fn token_use(operation: &Value, write: bool) -> TokenUse {
    let id = operation["operationId"].as_str().unwrap_or_default();
    let tag = operation["tags"][0].as_str().unwrap_or_default();
    if feed::SESSION_ONLY_OPERATIONS.contains(&id) {
        return TokenUse::SessionOnly;
    }
    // The console's operations sit with their domains' tags: their security says staff.
    let area = match tag {
        _ if needs_staff(operation) => "staff",
        "auth" if accounts::TOKEN_ACCOUNT_OPERATIONS.contains(&id) => "account",
        // A token must not point the platform's events elsewhere: webhooks need a session.
        "auth" | "security" | "tokens" | "webhooks" | "messages" | "events" => {
            return TokenUse::SessionOnly;
        }
        "audit" => "account",
        "payments" => "projects",
        "notifications" => "feed",
        "dev" => "staff",
        "system" | "guardrail" => return TokenUse::Any,
        other => other,
    };
    TokenScope::of(area, write).map_or(TokenUse::SessionOnly, TokenUse::Scope)
}

/// Whether the operation's security asks for a staff session.
fn needs_staff(operation: &Value) -> bool {
    let bearer = |requirement: &Value| requirement[crate::contract::security::BEARER].clone();
    operation["security"]
        .as_array()
        .is_some_and(|requirements| {
            requirements.iter().any(|requirement| {
                bearer(requirement).as_array().is_some_and(|scopes| {
                    scopes
                        .iter()
                        .any(|scope| scope == crate::contract::security::STAFF)
                })
            })
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_operation_of_the_contract_has_its_scope_and_the_accounts_own_need_a_session() {
        let table = TokenRoutes::from_contract(&crate::api::routed_paths());
        let uses = |method: Method, path: &str| table.token_use(&method, path);
        assert_eq!(
            uses(Method::GET, "/api/groups/{slug}"),
            TokenUse::Scope(TokenScope::GroupsRead)
        );
        assert_eq!(
            uses(Method::POST, "/api/groups/{slug}/members/leave"),
            TokenUse::Scope(TokenScope::GroupsWrite)
        );
        assert_eq!(
            uses(Method::GET, "/api/me"),
            TokenUse::Scope(TokenScope::AccountRead)
        );
        // Staff's operations, whichever domain's tag they carry, and the console's own.
        for (method, path, scope) in [
            (Method::GET, "/api/staff/users", TokenScope::StaffRead),
            (Method::GET, "/api/staff/groups", TokenScope::StaffRead),
            (
                Method::POST,
                "/api/staff/groups/{id}/{action}",
                TokenScope::StaffWrite,
            ),
            (Method::GET, "/api/staff/lectures", TokenScope::StaffRead),
            (Method::GET, "/api/staff/overview", TokenScope::StaffRead),
        ] {
            assert_eq!(
                uses(method.clone(), path),
                TokenUse::Scope(scope),
                "{method} {path}"
            );
        }
        assert_eq!(uses(Method::GET, "/api/search"), TokenUse::Any);
        for (method, path) in [
            (Method::PATCH, "/api/me"),
            (Method::POST, "/api/logout"),
            (Method::GET, "/api/otp-totp"),
            (Method::DELETE, "/api/otp-totp"),
            (Method::POST, "/api/me/api-tokens"),
            (Method::GET, "/api/me/api-tokens"),
            (Method::DELETE, "/api/me/api-tokens/{id}"),
            (Method::POST, "/api/live/ticket"),
            (Method::GET, "/api/not/in/the/contract"),
        ] {
            assert_eq!(
                uses(method.clone(), path),
                TokenUse::SessionOnly,
                "{method} {path}"
            );
        }
        // No tag of the contract falls through to "session only" by accident: each is an
        // area, or one of the few mapped above.
        let doc = crate::api::routed_paths();
        for item in doc["paths"]
            .as_object()
            .into_iter()
            .flat_map(|p| p.values())
        {
            for operation in METHODS.iter().filter_map(|m| item.get(*m)) {
                let tag = operation["tags"][0].as_str().unwrap_or_default();
                let usage = token_use(operation, false);
                assert!(
                    usage != TokenUse::SessionOnly
                        || [
                            "auth",
                            "security",
                            "tokens",
                            "webhooks",
                            "notifications",
                            "messages",
                            "events",
                        ]
                        .contains(&tag),
                    "{} ({tag}) is closed to tokens",
                    operation["operationId"]
                );
            }
        }
    }
}
