//! Throttling of sign-in, registration and OTP calls. Each key (an IP address or an account
//! identifier) gets a number of free attempts in a window; every counted attempt after that
//! doubles the wait before the next one (1 s, 2 s, 4 s ... up to a cap), answered as 429 with
//! Retry-After. Memory is bounded: past `max_keys` the stalest keys are dropped.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How strict one throttle is.
#[derive(Debug, Clone, Copy)]
pub struct Policy {
    /// Counted attempts allowed in a window before delays start.
    pub free_attempts: u32,
    /// After this long without a counted attempt, a key starts over.
    pub window: Duration,
    /// The first delay once the free attempts are used.
    pub base_delay: Duration,
    /// The longest delay.
    pub max_delay: Duration,
}

#[derive(Debug, Clone, Copy)]
struct Entry {
    count: u32,
    last_attempt: Instant,
    blocked_until: Option<Instant>,
}

/// One throttle: counted attempts per key.
#[derive(Debug)]
pub struct Throttle {
    policy: Policy,
    max_keys: usize,
    entries: Mutex<HashMap<String, Entry>>,
}

impl Throttle {
    /// A throttle with this policy, remembering at most `max_keys` keys.
    pub fn new(policy: Policy, max_keys: usize) -> Throttle {
        Throttle { policy, max_keys: max_keys.max(1), entries: Mutex::new(HashMap::new()) }
    }

    /// `Err(wait)` while the key must wait before trying again.
    pub fn check(&self, key: &str) -> Result<(), Duration> {
        self.check_at(key, Instant::now())
    }

    /// Counts an attempt (a failure, or any attempt for calls where every one counts).
    pub fn record(&self, key: &str) {
        self.record_at(key, Instant::now());
    }

    /// Forgets a key, after a successful sign-in.
    pub fn reset(&self, key: &str) {
        self.lock().remove(key);
    }

    /// How many keys are remembered.
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    /// True when no key is remembered.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Entry>> {
        self.entries.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn check_at(&self, key: &str, now: Instant) -> Result<(), Duration> {
        match self.lock().get(key).and_then(|entry| entry.blocked_until) {
            Some(until) if until > now => Err(until - now),
            _ => Ok(()),
        }
    }

    fn record_at(&self, key: &str, now: Instant) {
        let policy = self.policy;
        let mut entries = self.lock();
        if !entries.contains_key(key) && entries.len() >= self.max_keys {
            evict(&mut entries, policy, now, self.max_keys);
        }
        let entry = entries.entry(key.to_owned()).or_insert(Entry { count: 0, last_attempt: now, blocked_until: None });
        let idle = now.saturating_duration_since(entry.last_attempt);
        let blocked = entry.blocked_until.is_some_and(|until| until > now);
        if idle > policy.window && !blocked {
            *entry = Entry { count: 0, last_attempt: now, blocked_until: None };
        }
        entry.count += 1;
        entry.last_attempt = now;
        if entry.count > policy.free_attempts {
            let doublings = (entry.count - policy.free_attempts - 1).min(20);
            let delay = policy.base_delay.saturating_mul(1 << doublings).min(policy.max_delay);
            entry.blocked_until = Some(now + delay);
        }
    }
}

/// Drops keys idle past their window, then, if still full, the least recently used quarter.
fn evict(entries: &mut HashMap<String, Entry>, policy: Policy, now: Instant, max_keys: usize) {
    entries.retain(|_, entry| {
        now.saturating_duration_since(entry.last_attempt) <= policy.window
            || entry.blocked_until.is_some_and(|until| until > now)
    });
    if entries.len() >= max_keys {
        let mut by_age: Vec<(String, Instant)> = entries.iter().map(|(key, entry)| (key.clone(), entry.last_attempt)).collect();
        by_age.sort_by_key(|(_, last)| *last);
        for (key, _) in by_age.into_iter().take(max_keys.div_ceil(4)) {
            entries.remove(&key);
        }
    }
}

/// The throttles of the account calls.
#[derive(Debug)]
pub struct AuthThrottles {
    /// Failed sign-ins per IP address.
    pub login_by_ip: Throttle,
    /// Failed sign-ins per account identifier.
    pub login_by_identifier: Throttle,
    /// Registrations per IP address.
    pub register_by_ip: Throttle,
    /// OTP requests and failed OTP checks per IP address.
    pub otp_by_ip: Throttle,
    /// OTP requests and failed OTP checks per account identifier.
    pub otp_by_identifier: Throttle,
}

impl Default for AuthThrottles {
    fn default() -> AuthThrottles {
        let policy = |free_attempts: u32, minutes: u64| Policy {
            free_attempts,
            window: Duration::from_secs(minutes * 60),
            base_delay: Duration::from_secs(1),
            max_delay: Duration::from_secs(15 * 60),
        };
        const MAX_KEYS: usize = 50_000;
        AuthThrottles {
            login_by_ip: Throttle::new(policy(30, 15), MAX_KEYS),
            login_by_identifier: Throttle::new(policy(5, 15), MAX_KEYS),
            register_by_ip: Throttle::new(policy(30, 60), MAX_KEYS),
            otp_by_ip: Throttle::new(policy(20, 60), MAX_KEYS),
            otp_by_identifier: Throttle::new(policy(10, 60), MAX_KEYS),
        }
    }
}

/// The longest wait among several throttle checks, if any must wait.
pub fn longest_wait(checks: impl IntoIterator<Item = Result<(), Duration>>) -> Option<Duration> {
    checks.into_iter().filter_map(Result::err).max()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn throttle(max_keys: usize) -> Throttle {
        Throttle::new(
            Policy { free_attempts: 2, window: Duration::from_secs(60), base_delay: Duration::from_secs(1), max_delay: Duration::from_secs(8) },
            max_keys,
        )
    }

    #[test]
    fn delays_double_after_the_free_attempts_up_to_the_cap() {
        let throttle = throttle(10);
        let start = Instant::now();
        throttle.record_at("ip", start);
        throttle.record_at("ip", start);
        assert!(throttle.check_at("ip", start).is_ok());
        let mut waits = Vec::new();
        for _ in 0..5 {
            throttle.record_at("ip", start);
            waits.push(throttle.check_at("ip", start).unwrap_err().as_secs());
        }
        assert_eq!(waits, vec![1, 2, 4, 8, 8]);
        assert!(throttle.check_at("ip", start + Duration::from_secs(9)).is_ok());
        assert!(throttle.check_at("other", start).is_ok());
    }

    #[test]
    fn a_quiet_window_starts_over_and_reset_forgets() {
        let throttle = throttle(10);
        let start = Instant::now();
        for _ in 0..3 {
            throttle.record_at("id", start);
        }
        let later = start + Duration::from_secs(120);
        throttle.record_at("id", later);
        assert!(throttle.check_at("id", later).is_ok());
        throttle.reset("id");
        assert!(throttle.is_empty());
    }

    #[test]
    fn memory_stays_bounded() {
        let throttle = throttle(100);
        let start = Instant::now();
        for index in 0..10_000 {
            throttle.record_at(&format!("10.0.{}.{}", index / 256, index % 256), start + Duration::from_millis(index));
        }
        assert!(throttle.len() <= 100, "{}", throttle.len());
    }
}
