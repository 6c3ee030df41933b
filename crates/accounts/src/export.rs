//! What the accounts crate holds about a member, table by table (see `kernel::export`).

use kernel::export::TableExport as T;

pub const TABLES: &[T] = &[
    T::member("users", &["id"])
        .secrets(&["password_hash", "failure_count", "locked_until"])
        .files(&["avatar", "profile_background"])
        .kept("The account is anonymised, not deleted: what points at it names a former member."),
    T::member("sessions", &["user_id"]).secrets(&["token_hash"]),
    T::member("api_tokens", &["user_id"]).secrets(&["token_hash"]),
    T::member("account_tokens", &["user_id"]).secrets(&["token_hash", "payload"]),
    T::member("sms_confirmations", &["user_id"]).secrets(&["code_hash", "token_hash"]),
    T::member("totp_devices", &["user_id"]).secrets(&["secret", "last_used_step"]),
    T::member("recovery_codes", &["user_id"]).secrets(&["code_hash"]),
    T::member("oauth_associations", &["user_id"]),
    T::member("oauth_states", &["user_id"]).secrets(&["state_hash", "pkce_verifier"]),
    T::member("notification_settings", &["user_id"]),
    T::member("data_exports", &["user_id", "requested_by_id"]).secrets(&["token_hash", "file_key"]),
    T::nobody("tags", "The profile tags members choose from."),
];
