//! The card processors behind the kernel's payment port (`kernel::payments::PaymentProvider`):
//! the built-in test processor (the embedded default, its state in the database) and the
//! Stripe adapter (`COHORT_PAYMENTS=stripe`), with Stripe's webhook signature scheme that
//! both follow.

pub mod stripe;
pub mod test_processor;
pub mod webhook;
