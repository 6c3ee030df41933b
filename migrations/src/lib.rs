//! Schema migrations. Files are named `mYYYYMMDD_NNNNNN_<domain>_<change>.rs`; a landed
//! file is never edited: a change to the schema is a new file. DDL is built with
//! sea-query so that it renders on SQLite and PostgreSQL alike.

pub use sea_orm_migration::prelude::*;

mod columns;
mod m20261122_000001_kernel_dev_mail;
mod m20261122_000002_accounts_users;
mod m20261122_000003_accounts_sessions;
mod m20261122_000004_accounts_profile_and_security;
mod m20261122_000005_accounts_totp_devices;
mod m20261122_000006_accounts_phone_confirmation;
mod m20261122_000007_accounts_oauth;
mod m20261122_000008_accounts_notification_settings;
mod m20261122_000009_kernel_audit_log;
mod m20261122_000010_groups_working_groups;
mod m20261122_000011_groups_supplementary_materials;
mod m20261122_000012_groups_updates;
mod m20261122_000013_groups_membership;
mod m20261122_000014_discussions_posts;
mod m20261122_000015_content;
mod m20261122_000016_feed;
mod m20261122_000017_learning;
mod m20261123_000018_accounts_deactivation;
mod m20261124_000019_accounts_password_change_required;
mod m20261124_000020_feed_live_tickets;
mod m20261124_000021_speed_list_indexes;
mod m20261124_000022_feed_counts;
mod m20261124_000023_feed_sources;
mod m20261124_000024_public_comment_counts;
mod m20261124_000025_lecture_captions;
mod m20261124_000026_groups_goal_and_role_links;
mod m20261124_000027_projects;
mod m20261124_000028_project_favorites;
mod m20261124_000029_project_reviews;
mod m20261124_000030_project_team_and_needs;
mod m20261124_000031_project_budget_lines;
mod m20261124_000032_project_tags;
mod m20261124_000033_project_updates;
mod m20261124_000034_project_commenters;
mod m20261124_000035_project_media;
mod m20261124_000036_project_changes;
mod m20261124_000037_project_pledges;
mod m20261124_000038_test_processor;
mod m20261124_000039_project_pledging;
mod m20261124_000040_funding_approval;
mod m20261125_000041_outbox_unsubscribe;
mod m20261127_000042_lecture_caption_tracks;
mod m20261127_000043_trend_indexes;
mod m20261127_000044_audit_log_created_at;
mod m20261127_000045_group_update_views;
mod m20261128_000046_discussion_subscriptions;
mod m20261128_000047_oauth_record;
mod m20261128_000048_full_text_search;
mod m20261128_000049_email_digests;
mod m20261128_000050_reports;
mod m20261128_000051_data_exports;
mod m20261128_000052_project_update_hiding;
mod m20261128_000053_audit_chain;
mod m20261128_000054_research_references;
mod m20261128_000055_certificate_validity;
mod m20261128_000056_data_use_agreements;
mod m20261128_000057_patient_data_guardrail;
mod m20261129_000058_pledge_invariants;
mod m20261129_000059_payout_reversals;
mod m20261129_000060_onboarding_links;
mod m20261129_000061_charge_authentication;
mod m20261129_000062_ledger_postings;
mod m20261129_000063_deleted_replies;
mod m20261129_000064_trusted_reports;
mod m20261129_000065_export_attempts;
mod m20261130_000066_topic_state_on_replies;
mod m20261130_000067_discussion_search_access;
mod m20261130_000068_findable_posts_index;
mod m20261203_000069_api_tokens;
mod m20261203_000070_webhooks;
mod m20261206_000071_session_devices;
mod m20261206_000072_recovery_codes;
mod m20261206_000073_quiz_feedback;
mod m20261206_000074_post_reactions;
mod m20261207_000075_direct_messages;
mod m20261207_000076_meetings;
mod m20261207_000077_project_protocols;
mod m20261207_000078_project_milestones;
mod m20261207_000079_project_results;
mod m20261207_000080_project_milestone_files;

pub struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        every_migration()
            .into_iter()
            .map(|migration| Box::new(InTransaction(migration)) as Box<dyn MigrationTrait>)
            .collect()
    }
}

/// Runs a migration in one transaction with its row in `seaql_migrations`, on SQLite as on
/// PostgreSQL (SeaORM's default wraps PostgreSQL's only): a migration that fails halfway
/// leaves the schema as it found it, and the next start runs it again from the beginning.
/// Public for the crate's tests, which wrap a failing migration of their own in it.
pub struct InTransaction(pub Box<dyn MigrationTrait>);

impl MigrationName for InTransaction {
    fn name(&self) -> &str {
        self.0.name()
    }
}

#[async_trait::async_trait]
impl MigrationTrait for InTransaction {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        self.0.up(manager).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        self.0.down(manager).await
    }

    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }
}

fn every_migration() -> Vec<Box<dyn MigrationTrait>> {
    vec![
        Box::new(m20261122_000001_kernel_dev_mail::Migration),
        Box::new(m20261122_000002_accounts_users::Migration),
        Box::new(m20261122_000003_accounts_sessions::Migration),
        Box::new(m20261122_000004_accounts_profile_and_security::Migration),
        Box::new(m20261122_000005_accounts_totp_devices::Migration),
        Box::new(m20261122_000006_accounts_phone_confirmation::Migration),
        Box::new(m20261122_000007_accounts_oauth::Migration),
        Box::new(m20261122_000008_accounts_notification_settings::Migration),
        Box::new(m20261122_000009_kernel_audit_log::Migration),
        Box::new(m20261122_000010_groups_working_groups::Migration),
        Box::new(m20261122_000011_groups_supplementary_materials::Migration),
        Box::new(m20261122_000012_groups_updates::Migration),
        Box::new(m20261122_000013_groups_membership::Migration),
        Box::new(m20261122_000014_discussions_posts::Migration),
        Box::new(m20261122_000015_content::Migration),
        Box::new(m20261122_000016_feed::Migration),
        Box::new(m20261122_000017_learning::Migration),
        Box::new(m20261123_000018_accounts_deactivation::Migration),
        Box::new(m20261124_000019_accounts_password_change_required::Migration),
        Box::new(m20261124_000020_feed_live_tickets::Migration),
        Box::new(m20261124_000021_speed_list_indexes::Migration),
        Box::new(m20261124_000022_feed_counts::Migration),
        Box::new(m20261124_000023_feed_sources::Migration),
        Box::new(m20261124_000024_public_comment_counts::Migration),
        Box::new(m20261124_000025_lecture_captions::Migration),
        Box::new(m20261124_000026_groups_goal_and_role_links::Migration),
        Box::new(m20261124_000027_projects::Migration),
        Box::new(m20261124_000028_project_favorites::Migration),
        Box::new(m20261124_000029_project_reviews::Migration),
        Box::new(m20261124_000030_project_team_and_needs::Migration),
        Box::new(m20261124_000031_project_budget_lines::Migration),
        Box::new(m20261124_000032_project_tags::Migration),
        Box::new(m20261124_000033_project_updates::Migration),
        Box::new(m20261124_000034_project_commenters::Migration),
        Box::new(m20261124_000035_project_media::Migration),
        Box::new(m20261124_000036_project_changes::Migration),
        Box::new(m20261124_000037_project_pledges::Migration),
        Box::new(m20261124_000038_test_processor::Migration),
        Box::new(m20261124_000039_project_pledging::Migration),
        Box::new(m20261124_000040_funding_approval::Migration),
        Box::new(m20261125_000041_outbox_unsubscribe::Migration),
        Box::new(m20261127_000042_lecture_caption_tracks::Migration),
        Box::new(m20261127_000043_trend_indexes::Migration),
        Box::new(m20261127_000044_audit_log_created_at::Migration),
        Box::new(m20261127_000045_group_update_views::Migration),
        Box::new(m20261128_000046_discussion_subscriptions::Migration),
        Box::new(m20261128_000047_oauth_record::Migration),
        Box::new(m20261128_000048_full_text_search::Migration),
        Box::new(m20261128_000049_email_digests::Migration),
        Box::new(m20261128_000050_reports::Migration),
        Box::new(m20261128_000051_data_exports::Migration),
        Box::new(m20261128_000052_project_update_hiding::Migration),
        Box::new(m20261128_000053_audit_chain::Migration),
        Box::new(m20261128_000054_research_references::Migration),
        Box::new(m20261128_000055_certificate_validity::Migration),
        Box::new(m20261128_000056_data_use_agreements::Migration),
        Box::new(m20261128_000057_patient_data_guardrail::Migration),
        Box::new(m20261129_000058_pledge_invariants::Migration),
        Box::new(m20261129_000059_payout_reversals::Migration),
        Box::new(m20261129_000060_onboarding_links::Migration),
        Box::new(m20261129_000061_charge_authentication::Migration),
        Box::new(m20261129_000062_ledger_postings::Migration),
        Box::new(m20261129_000063_deleted_replies::Migration),
        Box::new(m20261129_000064_trusted_reports::Migration),
        Box::new(m20261129_000065_export_attempts::Migration),
        Box::new(m20261130_000066_topic_state_on_replies::Migration),
        Box::new(m20261130_000067_discussion_search_access::Migration),
        Box::new(m20261130_000068_findable_posts_index::Migration),
        Box::new(m20261203_000069_api_tokens::Migration),
        Box::new(m20261203_000070_webhooks::Migration),
        Box::new(m20261206_000071_session_devices::Migration),
        Box::new(m20261206_000072_recovery_codes::Migration),
        Box::new(m20261206_000073_quiz_feedback::Migration),
        Box::new(m20261206_000074_post_reactions::Migration),
        Box::new(m20261207_000075_direct_messages::Migration),
        Box::new(m20261207_000076_meetings::Migration),
        Box::new(m20261207_000077_project_protocols::Migration),
        Box::new(m20261207_000078_project_milestones::Migration),
        Box::new(m20261207_000079_project_results::Migration),
        Box::new(m20261207_000080_project_milestone_files::Migration),
    ]
}
