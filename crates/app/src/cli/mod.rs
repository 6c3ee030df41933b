//! The command line's tools beside `serve`: backup and restore, doctor, storage migration,
//! the audit chain's and the money's checks, the demo seed and the benchmark's data set.

pub mod audit_verify;
pub mod backup;
pub mod doctor;
pub mod funding_reconcile;
pub mod scale;
pub mod seed;
pub mod storage_migrate;
