//! Where an S3-compatible object store keeps the files (`COHORT_STORAGE_URL=s3://bucket/prefix`),
//! read with the configuration; the `storage` crate's `S3Storage` opens it.

use std::fmt;

use super::checked;

/// Where the files go: the bucket, a prefix inside it, and how to reach the service.
#[derive(Clone, PartialEq, Eq)]
pub struct S3Location {
    pub bucket: String,
    /// Slash-separated, without leading or trailing slash; empty for the bucket's root.
    pub prefix: String,
    /// The service's address (`AWS_ENDPOINT_URL`); unset means AWS itself.
    pub endpoint: Option<String>,
    pub region: String,
    pub access_key_id: Option<String>,
    pub secret_access_key: Option<String>,
}

impl fmt::Debug for S3Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Never the secret key: configurations are logged and printed.
        f.debug_struct("S3Location")
            .field("bucket", &self.bucket)
            .field("prefix", &self.prefix)
            .field("endpoint", &self.endpoint)
            .field("region", &self.region)
            .field("access_key_id", &self.access_key_id)
            .finish_non_exhaustive()
    }
}

impl S3Location {
    /// Reads `s3://bucket/prefix`; the service's address, region and keys come from `env`.
    pub fn parse(url: &str, env: impl Fn(&str) -> Option<String>) -> Result<Self, String> {
        let rest = url
            .strip_prefix("s3://")
            .ok_or("must be an s3://bucket/prefix address")?;
        let (bucket, prefix) = rest.split_once('/').unwrap_or((rest, ""));
        let bucket_fine = (3..=63).contains(&bucket.len())
            && bucket
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '.');
        if !bucket_fine {
            return Err(format!("names no valid bucket ({bucket:?})"));
        }
        let prefix = prefix.trim_matches('/').to_owned();
        if !prefix.is_empty() {
            checked(&prefix).map_err(|_| format!("has an invalid prefix ({prefix:?})"))?;
        }
        Ok(Self {
            bucket: bucket.to_owned(),
            prefix,
            endpoint: env("AWS_ENDPOINT_URL"),
            region: env("AWS_REGION").unwrap_or_else(|| "us-east-1".into()),
            access_key_id: env("AWS_ACCESS_KEY_ID"),
            secret_access_key: env("AWS_SECRET_ACCESS_KEY"),
        })
    }

    /// `s3://bucket/prefix`, as configured.
    pub fn url(&self) -> String {
        format!("s3://{}/{}", self.bucket, self.prefix)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_bucket_prefix_and_the_service_from_the_environment() {
        let env = |name: &str| match name {
            "AWS_ENDPOINT_URL" => Some("http://127.0.0.1:9000".to_owned()),
            "AWS_SECRET_ACCESS_KEY" => Some("very secret".to_owned()),
            _ => None,
        };
        let location = S3Location::parse("s3://cohort-media/prod/media/", env).unwrap();
        assert_eq!(location.bucket, "cohort-media");
        assert_eq!(location.prefix, "prod/media");
        assert_eq!(location.endpoint.as_deref(), Some("http://127.0.0.1:9000"));
        assert_eq!(location.region, "us-east-1");
        assert!(!format!("{location:?}").contains("very secret"));
        for bad in [
            "https://x/y",
            "s3://",
            "s3://UPPER",
            "s3://ok-bucket/a/../b",
        ] {
            assert!(S3Location::parse(bad, env).is_err(), "{bad}");
        }
    }
}
