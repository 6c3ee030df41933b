//! The test processor's tables, under the processor's string ids.

kernel::string_enum!(
    /// Where a test charge stands: settled either way, waiting for its card holder's
    /// authentication, or canceled by Cohort before they answered.
    ChargeStatus {
        Succeeded = "succeeded",
        Failed = "failed",
        RequiresAction = "requires_action",
        Canceled = "canceled",
    }
);

pub mod customer {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "test_processor_customers")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: String,
        /// Who the customer is on Cohort's side (never a card or an address).
        pub reference: String,
        pub created_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod setup {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "test_processor_setups")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: String,
        pub customer_id: String,
        pub client_secret: String,
        /// The card saved once the form confirmed the setup.
        pub method_id: Option<String>,
        pub created_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod method {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "test_processor_methods")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: String,
        pub customer_id: String,
        pub brand: String,
        pub last4: String,
        /// How charges of this card go (see `Behaviour`).
        pub behaviour: String,
        pub created_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod charge {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "test_processor_charges")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: String,
        pub idempotency_key: String,
        pub customer_id: String,
        pub method_id: String,
        pub amount_cents: i64,
        pub currency: String,
        pub status: super::ChargeStatus,
        pub failure_code: Option<String>,
        pub description: String,
        pub created_at: DateTimeUtc,
        /// What the card holder's browser shows to authenticate a `requires_action` charge.
        pub client_secret: Option<String>,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod refund {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "test_processor_refunds")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: String,
        pub idempotency_key: String,
        pub charge_id: String,
        pub amount_cents: i64,
        pub created_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod account {
    use sea_orm::entity::prelude::*;

    /// An owner's payout account: verified once its (simulated) onboarding is done.
    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "test_processor_accounts")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: String,
        pub reference: String,
        pub institution: Option<String>,
        /// The bank account number's last four digits (the rest is never kept).
        pub last4: Option<String>,
        pub verified: bool,
        pub created_at: DateTimeUtc,
        /// The onboarding link's secret, hashed, and when the link expires (single use).
        pub onboarding_link_hash: Option<String>,
        pub onboarding_link_expires_at: Option<DateTimeUtc>,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod payout {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "test_processor_payouts")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: String,
        pub idempotency_key: String,
        pub account_id: String,
        pub amount_cents: i64,
        pub currency: String,
        pub created_at: DateTimeUtc,
        /// The reversal that took the whole payout back, and the key that made it.
        pub reversal_id: Option<String>,
        pub reversal_key: Option<String>,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}
