//! Bounded pools for the CPU-heavy work members' input asks of the server (decoding a
//! picture, reading a PDF, scanning a long text): at most one job per core at a time on the
//! blocking threads, a short queue behind them and a 429 beyond it, so a burst of hostile
//! files waits its turn instead of taking the request workers or the server's memory.

use std::sync::Arc;
use std::time::Duration;

use actix_web::http::StatusCode;
use tokio::sync::Semaphore;

use crate::{AppError, AppResult};

pub struct Pool {
    /// One permit per job running.
    workers: Arc<Semaphore>,
    /// One permit per job running or waiting.
    places: Arc<Semaphore>,
    /// What a member reads when the queue is full.
    busy: &'static str,
}

impl Pool {
    /// A pool of one worker per core and `places_per_core` places per core.
    pub fn per_core(places_per_core: usize, busy: &'static str) -> Self {
        let cores = std::thread::available_parallelism().map_or(2, usize::from);
        Self::new(cores, cores * places_per_core, busy)
    }

    /// A pool of `workers` running at once and `places` running or waiting.
    pub fn new(workers: usize, places: usize, busy: &'static str) -> Self {
        Self {
            workers: Arc::new(Semaphore::new(workers)),
            places: Arc::new(Semaphore::new(places.max(workers))),
            busy,
        }
    }

    /// Runs `job` on a blocking thread once a worker is free; a 429 at once when the queue
    /// is full.
    pub async fn run<T: Send + 'static>(
        &self,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> AppResult<T> {
        let running = self.start(job)?;
        running.await
    }

    /// [`Pool::run`], giving up waiting after `deadline` (queueing included): `None` then.
    /// A late job keeps its worker until it ends, so the pool stays bounded however many
    /// callers give up.
    pub async fn run_within<T: Send + 'static>(
        &self,
        deadline: Duration,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> AppResult<Option<T>> {
        let running = self.start(job)?;
        match tokio::time::timeout(deadline, running).await {
            Ok(answer) => answer.map(Some),
            Err(_) => Ok(None),
        }
    }

    /// Takes a place in the queue (or refuses), and returns the job's run: wait for a
    /// worker, then run on a blocking thread holding both permits.
    fn start<T: Send + 'static, F: FnOnce() -> T + Send + 'static>(
        &self,
        job: F,
    ) -> AppResult<impl Future<Output = AppResult<T>> + use<T, F>> {
        let place = self
            .places
            .clone()
            .try_acquire_owned()
            .map_err(|_| AppError::client(StatusCode::TOO_MANY_REQUESTS, "busy", self.busy))?;
        let workers = self.workers.clone();
        Ok(async move {
            let worker = workers
                .acquire_owned()
                .await
                .map_err(|e| AppError::Internal(e.into()))?;
            tokio::task::spawn_blocking(move || {
                let answer = job();
                drop((worker, place));
                answer
            })
            .await
            .map_err(|e| AppError::Internal(e.into()))
        })
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::Pool;

    fn pool(workers: usize, places: usize) -> &'static Pool {
        Box::leak(Box::new(Pool::new(workers, places, "Busy.")))
    }

    #[tokio::test]
    async fn jobs_past_the_queue_are_turned_away_and_the_rest_wait_their_turn() {
        let pool = pool(1, 2);
        let (release, blocked) = std::sync::mpsc::channel::<()>();
        let first = tokio::spawn(pool.run(move || blocked.recv().is_ok()));
        tokio::time::sleep(Duration::from_millis(50)).await;
        let second = tokio::spawn(pool.run(|| 2));
        tokio::time::sleep(Duration::from_millis(50)).await;
        let refused = pool.run(|| 3).await.unwrap_err();
        assert_eq!(refused.body().code, "busy");
        assert_eq!(refused.body().message, "Busy.");
        release.send(()).unwrap();
        assert!(first.await.unwrap().unwrap());
        assert_eq!(second.await.unwrap().unwrap(), 2);
        assert_eq!(pool.run(|| 4).await.unwrap(), 4, "places come back");
    }

    #[tokio::test]
    async fn a_late_job_is_given_up_on_but_keeps_its_worker_until_it_ends() {
        let pool = pool(1, 4);
        let slow = pool
            .run_within(Duration::from_millis(20), || {
                std::thread::sleep(Duration::from_millis(300));
                1
            })
            .await
            .unwrap();
        assert_eq!(slow, None);
        // The slow job still runs: the one worker is taken, so the next one is late too.
        let next = pool
            .run_within(Duration::from_millis(20), || 2)
            .await
            .unwrap();
        assert_eq!(next, None);
        tokio::time::sleep(Duration::from_millis(400)).await;
        assert_eq!(pool.run(|| 3).await.unwrap(), 3);
    }
}
