//! Learning (spec 2 §2 Certificates and quizzes, §4 Quiz flow): quizzes taken one question
//! at a time with attempts and delays enforced on the server, scoring, and certificates
//! (a PDF, and a public page that confirms a code is genuine).

pub mod api;
mod entity;
pub mod enums;
pub mod export;
mod policy;
pub mod seed;
pub mod service;

pub use api::configure;
