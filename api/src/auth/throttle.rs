//! Throttling of sign-in, registration and OTP calls, in two scopes:
//!
//! - per client address, in this node's memory, generous (many shoppers share a carrier's
//!   address): [`IpThrottle`];
//! - per account, in the database so that every node counts the same attempts, strict:
//!   [`crate::auth::throttle_repo`].
//!
//! An attempt is counted *before* the expensive work it guards (a password hash, a database
//! lookup), with one atomic check-and-count, so a burst of parallel requests is held to the
//! policy however it interleaves. Each key gets `free_attempts` in a window; after those every
//! attempt must wait a delay that doubles (1 s, 2 s, 4 s ... up to a cap), answered as 429 with
//! Retry-After.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use sha2::{Digest, Sha256};

/// How strict one throttle is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Policy {
    /// Attempts allowed in a window before delays start.
    pub free_attempts: u32,
    /// After this long without an attempt (and no wait pending), a key starts over.
    pub window: Duration,
    /// The first delay once the free attempts are used.
    pub base_delay: Duration,
    /// The longest delay.
    pub max_delay: Duration,
}

/// A key's counted attempts. Times are milliseconds on one clock: [`Instant`]-based in memory,
/// Unix time in the database (nodes keep their clocks in sync).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Attempts {
    /// Attempts counted in the current window.
    pub count: u32,
    /// When the last one was counted.
    pub last_ms: u64,
    /// No attempt is allowed before this (0: none pending).
    pub blocked_until_ms: u64,
}

fn millis(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}

impl Policy {
    /// Counts an attempt at `now_ms`: the key's new state, or how long it must wait first (and
    /// then nothing is counted).
    pub fn attempt(&self, current: Attempts, now_ms: u64) -> Result<Attempts, Duration> {
        if current.blocked_until_ms > now_ms {
            return Err(Duration::from_millis(current.blocked_until_ms - now_ms));
        }
        let mut next = if self.is_stale(current, now_ms) {
            Attempts::default()
        } else {
            current
        };
        next.count = next.count.saturating_add(1);
        next.last_ms = now_ms;
        if next.count >= self.free_attempts {
            let doublings = (next.count - self.free_attempts).min(20);
            let delay = self
                .base_delay
                .saturating_mul(1 << doublings)
                .min(self.max_delay);
            next.blocked_until_ms = now_ms.saturating_add(millis(delay));
        }
        Ok(next)
    }

    /// Takes back an attempt counted for something that turned out fine (a right password).
    pub fn refund(&self, current: Attempts) -> Attempts {
        let count = current.count.saturating_sub(1);
        let blocked_until_ms = if count < self.free_attempts {
            0
        } else {
            current.blocked_until_ms
        };
        Attempts {
            count,
            blocked_until_ms,
            ..current
        }
    }

    /// True when the key has nothing left to remember at `now_ms`: its window passed and no wait
    /// is pending.
    pub fn is_stale(&self, attempts: Attempts, now_ms: u64) -> bool {
        attempts.blocked_until_ms <= now_ms
            && now_ms.saturating_sub(attempts.last_ms) > millis(self.window)
    }

    /// How long a key must be kept after an attempt at `now_ms` (then it is stale).
    pub fn keep_for(&self, attempts: Attempts, now_ms: u64) -> Duration {
        let blocked = Duration::from_millis(attempts.blocked_until_ms.saturating_sub(now_ms));
        self.window.max(blocked)
    }
}

/// The longest key kept as it is; longer ones are kept as a digest, so a client cannot make the
/// server hold large keys.
pub const MAX_KEY_BYTES: usize = 64;

/// A key of bounded length: short keys as they are, long ones as a SHA-256 digest.
pub fn bounded_key(key: &str) -> String {
    if key.len() <= MAX_KEY_BYTES {
        key.to_owned()
    } else {
        digest(key)
    }
}

/// A fixed-length digest of a key (32 hex digits).
pub fn digest(key: &str) -> String {
    crate::hex::encode(&Sha256::digest(key.as_bytes())[..16])
}

/// One per-address throttle in this node's memory. Memory is bounded: keys are at most
/// [`MAX_KEY_BYTES`], and past `max_keys` the stale keys, then the least recently used quarter,
/// are dropped.
#[derive(Debug)]
pub struct IpThrottle {
    policy: Policy,
    max_keys: usize,
    epoch: Instant,
    entries: Mutex<HashMap<String, Attempts>>,
}

impl IpThrottle {
    /// A throttle with this policy, remembering at most `max_keys` keys.
    pub fn new(policy: Policy, max_keys: usize) -> IpThrottle {
        IpThrottle {
            policy,
            max_keys: max_keys.max(1),
            epoch: Instant::now(),
            entries: Mutex::new(HashMap::new()),
        }
    }

    /// Counts an attempt for `key`, or says how long it must wait.
    pub fn acquire(&self, key: &str) -> Result<(), Duration> {
        self.acquire_at(key, self.now_ms())
    }

    /// Takes back an attempt of `key` that turned out fine.
    pub fn refund(&self, key: &str) {
        let key = bounded_key(key);
        let mut entries = self.lock();
        if let Some(attempts) = entries.get_mut(&key) {
            *attempts = self.policy.refund(*attempts);
        }
    }

    /// How many keys are remembered.
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    /// True when no key is remembered.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn now_ms(&self) -> u64 {
        millis(self.epoch.elapsed())
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Attempts>> {
        self.entries
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn acquire_at(&self, key: &str, now_ms: u64) -> Result<(), Duration> {
        let key = bounded_key(key);
        let mut entries = self.lock();
        if !entries.contains_key(&key) && entries.len() >= self.max_keys {
            self.evict(&mut entries, now_ms);
        }
        let current = entries.get(&key).copied().unwrap_or_default();
        let next = self.policy.attempt(current, now_ms)?;
        entries.insert(key, next);
        Ok(())
    }

    /// Drops stale keys, then, if still full, the least recently used quarter.
    fn evict(&self, entries: &mut HashMap<String, Attempts>, now_ms: u64) {
        entries.retain(|_, attempts| !self.policy.is_stale(*attempts, now_ms));
        if entries.len() >= self.max_keys {
            let mut by_age: Vec<(String, u64)> = entries
                .iter()
                .map(|(key, attempts)| (key.clone(), attempts.last_ms))
                .collect();
            by_age.sort_by_key(|(_, last)| *last);
            for (key, _) in by_age.into_iter().take(self.max_keys.div_ceil(4)) {
                entries.remove(&key);
            }
        }
    }
}

/// A call throttled per account, in the database.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AccountLimit {
    /// Sign-in attempts per customer or admin identifier.
    Login,
    /// Registrations per e-mail address.
    Register,
    /// OTP requests and OTP tries per identifier.
    Otp,
}

impl AccountLimit {
    /// The name its records carry.
    pub fn as_str(self) -> &'static str {
        match self {
            AccountLimit::Login => "login",
            AccountLimit::Register => "register",
            AccountLimit::Otp => "otp",
        }
    }

    /// The policy: strict, since one account's attempts may come from any number of addresses.
    pub fn policy(self) -> Policy {
        match self {
            AccountLimit::Login => policy(5, 15),
            AccountLimit::Register => policy(10, 60),
            AccountLimit::Otp => policy(10, 60),
        }
    }
}

fn policy(free_attempts: u32, window_minutes: u64) -> Policy {
    Policy {
        free_attempts,
        window: Duration::from_secs(window_minutes * 60),
        base_delay: Duration::from_secs(1),
        max_delay: Duration::from_secs(15 * 60),
    }
}

/// The per-address throttles of the account calls: generous, because many shoppers can share
/// one address (a carrier's NAT, an office), and this node's own.
#[derive(Debug)]
pub struct IpThrottles {
    /// Sign-ins (customer and admin) per address.
    pub login: IpThrottle,
    /// Registrations (customer and admin) per address.
    pub register: IpThrottle,
    /// OTP requests and OTP tries per address.
    pub otp: IpThrottle,
}

impl Default for IpThrottles {
    fn default() -> IpThrottles {
        const MAX_KEYS: usize = 50_000;
        IpThrottles {
            login: IpThrottle::new(policy(100, 15), MAX_KEYS),
            register: IpThrottle::new(policy(60, 60), MAX_KEYS),
            otp: IpThrottle::new(policy(50, 60), MAX_KEYS),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strict() -> Policy {
        Policy {
            free_attempts: 3,
            window: Duration::from_secs(60),
            base_delay: Duration::from_secs(1),
            max_delay: Duration::from_secs(8),
        }
    }

    #[test]
    fn the_free_attempts_pass_then_each_must_wait_twice_as_long_up_to_the_cap() {
        let throttle = IpThrottle::new(strict(), 10);
        let mut now = 0;
        for _ in 0..3 {
            assert!(throttle.acquire_at("ip", now).is_ok());
        }
        let mut waits = Vec::new();
        for _ in 0..5 {
            let wait = throttle.acquire_at("ip", now).unwrap_err();
            waits.push(wait.as_secs());
            now += millis(wait);
            assert!(throttle.acquire_at("ip", now).is_ok());
        }
        assert_eq!(waits, vec![1, 2, 4, 8, 8]);
        assert!(throttle.acquire_at("other", now).is_ok());
    }

    #[test]
    fn a_burst_gets_exactly_the_free_attempts() {
        let throttle = IpThrottle::new(strict(), 10);
        let passed = (0..40)
            .filter(|_| throttle.acquire_at("ip", 5).is_ok())
            .count();
        assert_eq!(passed, 3);
    }

    #[test]
    fn a_quiet_window_starts_over_and_a_refund_lifts_the_wait() {
        let policy = strict();
        let mut attempts = Attempts::default();
        for _ in 0..3 {
            attempts = policy.attempt(attempts, 0).unwrap();
        }
        assert!(policy.attempt(attempts, 0).is_err());
        assert_eq!(policy.refund(attempts).blocked_until_ms, 0);
        assert!(policy.attempt(policy.refund(attempts), 0).is_ok());
        let later = 61_000 + attempts.blocked_until_ms;
        assert!(policy.is_stale(attempts, later));
        assert_eq!(policy.attempt(attempts, later).unwrap().count, 1);
    }

    #[test]
    fn memory_stays_bounded_in_keys_and_key_length() {
        let throttle = IpThrottle::new(strict(), 100);
        for index in 0..10_000u64 {
            let _ = throttle.acquire_at(&format!("10.0.{}.{}", index / 256, index % 256), index);
        }
        assert!(throttle.len() <= 100, "{}", throttle.len());
        let long = "x".repeat(100_000);
        assert_eq!(bounded_key(&long).len(), 32);
        assert_eq!(bounded_key("203.0.113.9"), "203.0.113.9");
    }
}
