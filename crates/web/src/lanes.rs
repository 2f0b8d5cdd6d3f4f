//! Lanes: blocking work run off the async threads, a bounded number at once, with a bounded
//! queue and a time limit, so that a burst of slow questions is refused clearly instead of
//! piling up, and quick questions have workers of their own.

use crate::ApiError;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

/// A kind of work: `workers` run at once, `queue` more may wait, none answers after `time`.
#[derive(Debug)]
pub struct Lane {
    name: &'static str,
    running: Arc<Semaphore>,
    admitted: Arc<Semaphore>,
    time: Duration,
}

impl Lane {
    /// A lane of `workers` at once and `queue` waiting.
    pub fn new(name: &'static str, workers: usize, queue: usize, time: Duration) -> Lane {
        let workers = workers.max(1);
        Lane {
            name,
            running: Arc::new(Semaphore::new(workers)),
            admitted: Arc::new(Semaphore::new(workers + queue)),
            time,
        }
    }

    /// The time limit of one question.
    pub fn time(&self) -> Duration {
        self.time
    }

    /// Runs `work` on a blocking thread when a worker is free. Busy (503) when the queue is
    /// full; timeout (504) when no answer came within the lane's time plus a grace second
    /// (the engines are given the time themselves: this is the backstop); internal (500) when
    /// the work panicked. The worker stays taken until the work really ends.
    pub async fn run<T: Send + 'static>(&self, work: impl FnOnce() -> T + Send + 'static) -> Result<T, ApiError> {
        let Ok(ticket) = self.admitted.clone().try_acquire_owned() else {
            return Err(ApiError::busy(format!(
                "the server is busy: every {} worker is taken and the queue is full; try again shortly",
                self.name
            )));
        };
        let limit = self.time + Duration::from_secs(1);
        let running = self.running.clone();
        let task = async move {
            let permit = running.acquire_owned().await.map_err(|_| ApiError::internal("the server is stopping"))?;
            tokio::task::spawn_blocking(move || {
                let answer = work();
                drop((permit, ticket));
                answer
            })
            .await
            .map_err(|_| ApiError::internal("the question failed inside the server (a bug: please report it)"))
        };
        match tokio::time::timeout(limit, task).await {
            Ok(answer) => answer,
            Err(_) => Err(ApiError::timeout(format!("no answer within {} ms", limit.as_millis()))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn runtime() -> tokio::runtime::Runtime {
        tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("runtime")
    }

    #[test]
    fn a_full_queue_is_refused_as_busy_and_the_lane_recovers() {
        runtime().block_on(async {
            let lane = Arc::new(Lane::new("heavy", 1, 1, Duration::from_secs(5)));
            let (release, wait) = std::sync::mpsc::channel::<()>();
            let wait = Arc::new(std::sync::Mutex::new(wait));
            // one running, one waiting: the third is refused
            let mut held = Vec::new();
            for _ in 0..2 {
                let (lane, wait) = (lane.clone(), wait.clone());
                held.push(tokio::spawn(async move {
                    lane.run(move || wait.lock().expect("lock").recv().expect("released")).await
                }));
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
            let refused = lane.run(|| 1).await.expect_err("busy");
            assert_eq!(refused.status(), axum::http::StatusCode::SERVICE_UNAVAILABLE);
            assert!(refused.message().contains("busy"), "{refused}");
            release.send(()).expect("send");
            release.send(()).expect("send");
            for h in held {
                h.await.expect("join").expect("answered");
            }
            assert_eq!(lane.run(|| 7).await, Ok(7));
        });
    }

    #[test]
    fn a_panicking_question_is_an_internal_error_and_the_lane_goes_on() {
        runtime().block_on(async {
            let lane = Lane::new("quick", 1, 0, Duration::from_secs(5));
            let failed = lane.run(|| -> u8 { panic!("a fault") }).await.expect_err("internal");
            assert_eq!(failed.status(), axum::http::StatusCode::INTERNAL_SERVER_ERROR);
            assert_eq!(lane.run(|| 3).await, Ok(3));
        });
    }

    #[test]
    fn an_answer_past_the_time_limit_is_a_timeout() {
        runtime().block_on(async {
            let lane = Lane::new("heavy", 1, 0, Duration::from_millis(10));
            let late = lane.run(|| std::thread::sleep(Duration::from_millis(1300))).await.expect_err("late");
            assert_eq!(late.status(), axum::http::StatusCode::GATEWAY_TIMEOUT);
        });
    }
}
