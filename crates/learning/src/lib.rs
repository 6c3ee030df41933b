//! Quizzes, questions, attempts and certificates.
//!
//! The crate owns its tables, DTOs, services, policy and routes (DESIGN.md §2); its
//! features arrive with their issues.
