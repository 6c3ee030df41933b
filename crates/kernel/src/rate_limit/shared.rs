//! The rate limits' counters in Redis, so several instances share one quota (per-instance
//! limits multiply with the instance count). The same algorithm as the in-process limiter
//! (GCRA: `n` a minute, spaced, with a burst of `n`), run atomically in Redis by one script
//! on Redis's clock, so instances with drifting clocks still agree.

use std::time::Duration;

use redis::aio::ConnectionManager;
use sha2::{Digest, Sha256};

/// The deployment's key prefix: a digest of its database's address, which every instance
/// of it shares and no other deployment has.
fn namespace(database_url: &str) -> String {
    let digest: String = Sha256::digest(database_url.as_bytes())[..8]
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect();
    format!("cohort:{digest}")
}

/// GCRA over a key holding the "theoretical arrival time" in milliseconds: an attempt is let
/// through unless it comes earlier than that time less the burst's tolerance. Returns
/// `{0, attempts left}` when let through, otherwise `{milliseconds to wait, 0}`.
const GCRA: &str = r"
local clock = redis.call('TIME')
local now = clock[1] * 1000 + math.floor(clock[2] / 1000)
local interval = tonumber(ARGV[1])
local tolerance = tonumber(ARGV[2])
local tat = tonumber(redis.call('GET', KEYS[1]) or now)
if tat < now then tat = now end
local allowed_from = tat - tolerance
if now < allowed_from then return {allowed_from - now, 0} end
local next_tat = tat + interval
redis.call('SET', KEYS[1], next_tat, 'PX', next_tat - now)
return {0, math.floor((now + tolerance - next_tat) / interval) + 1}
";

/// Counters in the Redis every instance shares, under one deployment's namespace.
#[derive(Clone)]
pub struct SharedCounters {
    connection: ConnectionManager,
    namespace: String,
    script: redis::Script,
}

impl SharedCounters {
    /// Counters in the Redis at `url` (a `REDIS_URL` that cannot be read stops start-up), for
    /// the deployment whose database is `database_url`. Connected on first use, so an
    /// instance starts while Redis is away; while it is, each check fails fast (one attempt,
    /// a second to connect, a second to answer) and the caller counts alone.
    pub fn connect(url: &str, database_url: &str) -> redis::RedisResult<Self> {
        let client = redis::Client::open(url)?;
        let settings = redis::aio::ConnectionManagerConfig::new()
            .set_number_of_retries(0)
            .set_connection_timeout(Some(Duration::from_secs(1)))
            .set_response_timeout(Some(Duration::from_secs(1)));
        let connection = ConnectionManager::new_lazy_with_config(client, settings)?;
        Ok(Self::new(connection, &namespace(database_url)))
    }

    /// Counters on `connection`, their keys under `namespace` (one per deployment: the
    /// instances of one deployment share a database, and its identity names them).
    pub fn new(connection: ConnectionManager, namespace: &str) -> Self {
        Self {
            connection,
            namespace: namespace.to_owned(),
            script: redis::Script::new(GCRA),
        }
    }

    /// Counts one attempt on `key` against `per_minute`: `Ok(Ok(left))` when let through
    /// with `left` more attempts at once, `Ok(Err(wait))` when over the quota; an error when
    /// Redis does not answer.
    pub async fn check(
        &self,
        key: &str,
        per_minute: u32,
    ) -> redis::RedisResult<Result<u32, Duration>> {
        let per_minute = u64::from(per_minute.max(1));
        let interval = 60_000 / per_minute;
        let tolerance = interval * (per_minute - 1);
        let mut connection = self.connection.clone();
        let (wait, left): (u64, u64) = self
            .script
            .key(format!("{}:rate:{key}", self.namespace))
            .arg(interval)
            .arg(tolerance)
            .invoke_async(&mut connection)
            .await?;
        Ok(if wait > 0 {
            Err(Duration::from_millis(wait))
        } else {
            Ok(u32::try_from(left).unwrap_or(u32::MAX))
        })
    }
}
