//! The file stores behind the kernel's storage port (`kernel::storage::Storage`): local disk
//! (the embedded default) and an S3-compatible object store through `object_store`.

mod local;
mod s3;

pub use local::LocalStorage;
pub use s3::S3Storage;
