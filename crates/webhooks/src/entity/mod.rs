pub mod delivery;
pub mod webhook;
