//! The rules of learning; handlers stay thin.

pub mod authoring;
pub mod certificates;
pub mod credential;
pub mod feedback;
pub mod progress;
pub mod quizzes;
pub mod quizzes_admin;
pub mod renewals;
pub mod taking;
pub mod trends;
