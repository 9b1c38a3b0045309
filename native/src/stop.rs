//! Stopping a long computation when its caller asks (the Python bindings: at Ctrl-C).
//!
//! The searches and solvers that can run for a long time have a `_stoppable` form taking
//! `stop: &mut dyn FnMut() -> bool`, asked where they read their clock (every few hundred
//! to few thousand nodes or iterations); once it says true they end as at their deadline.
//! Without an interruption nothing changes: the same inputs give the same results.  `stop`
//! is asked on the calling thread only: work spread over threads runs through
//! [`on_threads`], where the calling thread asks it while the workers run and raises a
//! flag that they read.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, RecvTimeoutError};
use std::time::Duration;

/// How often the calling thread asks `stop` while worker threads run.
pub const POLL: Duration = Duration::from_millis(20);

/// Run each of `jobs` on a thread of its own and return their results in order.  While
/// they run, the calling thread asks `stop` every [`POLL`]; once it says true, `flag` is
/// raised (for the jobs to read, as they read their clock) and `stop` is not asked again.
/// A job that panics passes its panic on.
pub fn on_threads<T, F>(jobs: impl IntoIterator<Item = F>, flag: &AtomicBool, stop: &mut dyn FnMut() -> bool) -> Vec<T>
where
    T: Send,
    F: FnOnce() -> T + Send,
{
    std::thread::scope(|scope| {
        let (sender, results) = channel();
        let mut count = 0;
        for (i, job) in jobs.into_iter().enumerate() {
            let sender = sender.clone();
            scope.spawn(move || {
                // (the receiver outlives the jobs: it is dropped after the scope joins them)
                let _ = sender.send((i, job()));
            });
            count += 1;
        }
        drop(sender);
        let mut out: Vec<Option<T>> = (0..count).map(|_| None).collect();
        let mut received = 0;
        while received < count {
            match results.recv_timeout(POLL) {
                Ok((i, result)) => {
                    out[i] = Some(result);
                    received += 1;
                }
                Err(RecvTimeoutError::Timeout) => {
                    if !flag.load(Ordering::Relaxed) && stop() {
                        flag.store(true, Ordering::Relaxed);
                    }
                }
                // a job panicked: the scope passes its panic on when it ends
                Err(RecvTimeoutError::Disconnected) => break,
            }
        }
        out.into_iter().flatten().collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jobs_give_their_results_in_order() {
        let flag = AtomicBool::new(false);
        let out = on_threads((0..5u64).map(|i| move || i * i), &flag, &mut || false);
        assert_eq!(out, vec![0, 1, 4, 9, 16]);
        assert!(!flag.load(Ordering::Relaxed));
    }

    #[test]
    fn a_stop_raises_the_flag_the_jobs_read() {
        let flag = AtomicBool::new(false);
        let flag_ref = &flag;
        let mut asked = 0;
        let out = on_threads(
            (0..2).map(|_| {
                move || {
                    let mut spins = 0u64;
                    while !flag_ref.load(Ordering::Relaxed) {
                        spins += 1;
                        std::thread::yield_now();
                    }
                    spins
                }
            }),
            &flag,
            &mut || {
                asked += 1;
                asked == 3
            },
        );
        assert_eq!(out.len(), 2);
        assert_eq!(asked, 3, "not asked again once it said stop");
    }
}
