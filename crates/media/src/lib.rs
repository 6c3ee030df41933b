//! What members upload and what the site draws: files recognised by their bytes (`files`),
//! pictures cleaned, downscaled and thumbnailed (`images`), attached documents (`documents`),
//! one-page PDFs with embedded fonts (`pdf`), and the demo pictures (`artwork`).

pub mod artwork;
pub mod documents;
pub mod files;
pub mod images;
pub mod pdf;
