//! HTTP endpoints of the accounts crate, one file per use case.

pub mod affiliation;
pub mod api_tokens;
pub mod confirm_user;
pub mod email_confirm_start;
pub mod forgot_password;
pub mod login;
pub mod logout;
pub mod me;
pub mod notification_settings;
pub mod oauth;
pub mod otp_totp;
pub mod personalization;
pub mod phone;
pub mod pictures;
pub mod public_profile;
pub mod register;
pub mod sessions;
pub mod set_password;
pub mod staff_affiliations;
pub mod staff_users;
pub mod tags;
pub mod unlock_account;
pub mod update_me;
mod user_agent;
pub mod your_data;

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(login::login)
        .service(your_data::request)
        .service(your_data::download)
        .service(your_data::staff_export)
        .service(your_data::staff_delete)
        .service(logout::logout)
        .service(me::me)
        .service(update_me::update_me)
        .service(register::register)
        .service(confirm_user::confirm_user)
        .service(email_confirm_start::email_confirm_start)
        .service(tags::list)
        .service(forgot_password::forgot_password)
        .service(forgot_password::validate_token)
        .service(forgot_password::confirm)
        .service(set_password::validate_token)
        .service(set_password::set_password)
        .service(unlock_account::unlock_account)
        .service(otp_totp::start)
        .service(otp_totp::confirm)
        .service(otp_totp::disable)
        .service(otp_totp::count_recovery_codes)
        .service(otp_totp::renew_recovery_codes)
        .service(phone::phone_confirm_start)
        .service(phone::confirm_account_sms)
        .service(phone::resend_sms_code)
        .service(oauth::providers)
        .service(oauth::start)
        .service(oauth::callback)
        .service(oauth::disconnect)
        .service(oauth::import_orcid)
        .service(sessions::list)
        .service(sessions::end)
        .service(sessions::end_others)
        .service(api_tokens::list)
        .service(api_tokens::create)
        .service(api_tokens::revoke)
        .service(personalization::personalization_update)
        .service(affiliation::setup_university_email)
        .service(affiliation::confirm_university_email)
        .service(notification_settings::list)
        .service(notification_settings::update)
        .service(notification_settings::unsubscribe)
        .service(pictures::set_avatar)
        .service(pictures::set_background)
        .service(public_profile::public_profile)
        .service(staff_affiliations::list)
        .service(staff_affiliations::review)
        .service(staff_affiliations::history)
        .service(staff_users::list)
        .service(staff_users::create)
        .service(staff_users::detail)
        .service(staff_users::deactivate)
        .service(staff_users::reactivate)
        .service(staff_users::resend_confirmation)
        .service(staff_users::reset_two_factor)
        .service(staff_users::set_role)
        .service(staff_users::set_content_expert);
}

pub use kernel::MessageResponse;
