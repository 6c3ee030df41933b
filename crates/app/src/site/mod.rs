//! Serving the site: the front end's pages (rendered on the server where public, with their
//! head and the reads they start with), the media and private files, and the well-known
//! addresses, sitemap and robots.

pub(crate) mod known_paths;
pub(crate) mod media;
pub(crate) mod page_head;
pub(crate) mod preloads;
pub(crate) mod prerender;
pub(crate) mod private_files;
pub(crate) mod public_reads;
pub(crate) mod site_index;
pub(crate) mod spa;
pub(crate) mod well_known;
