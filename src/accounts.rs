//! Accounts: roles, password hashing (argon2id) and random tokens. No I/O besides the OS random source.

use std::net::IpAddr;

use argon2::Argon2;
use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use sha2::{Digest, Sha256};

/// What a user may do. Event-level rights (owner, assigned arbiter) come on top of the role.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Role {
    /// Runs the server: every right.
    Admin,
    /// Creates events and owns them; assigns arbiters to them.
    Organizer,
    /// Runs rounds of the events they are assigned to.
    Arbiter,
    /// Linked to player entries; sees their own games.
    Player,
    /// Club manager: owns club rating lists.
    Club,
}

impl Role {
    /// The message naming the role in the reader's language (area `core`).
    pub fn key(&self) -> &'static str {
        match self {
            Role::Admin => "role_admin",
            Role::Organizer => "role_organizer",
            Role::Arbiter => "role_arbiter",
            Role::Player => "role_player",
            Role::Club => "role_club",
        }
    }

    /// Every role, in the order shown in forms.
    pub const ALL: [Role; 5] = [
        Role::Admin,
        Role::Organizer,
        Role::Arbiter,
        Role::Player,
        Role::Club,
    ];

    /// How much the role may do (higher is more): a new account's role list starts with the least.
    pub const fn rank(self) -> u8 {
        match self {
            Role::Player => 0,
            Role::Club => 1,
            Role::Arbiter => 2,
            Role::Organizer => 3,
            Role::Admin => 4,
        }
    }

    /// The stored and command-line name.
    pub const fn as_str(self) -> &'static str {
        match self {
            Role::Admin => "admin",
            Role::Organizer => "organizer",
            Role::Arbiter => "arbiter",
            Role::Player => "player",
            Role::Club => "club",
        }
    }

    /// Parses a stored or command-line role name.
    pub fn parse(s: &str) -> Option<Role> {
        Role::ALL.into_iter().find(|r| r.as_str() == s.trim())
    }
}

impl std::str::FromStr for Role {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Role::parse(s).ok_or_else(|| {
            format!("unknown role '{s}' (expected admin, organizer, arbiter, player or club)")
        })
    }
}

/// Why a user name or password was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AccountError {
    /// Names are 1–40 characters without control, bidirectional or invisible characters.
    #[error(
        "user name must be 1–40 characters, without control, direction-changing or invisible characters"
    )]
    BadName,
    /// Passwords are at least 8 characters.
    #[error("password must be at least 8 characters")]
    ShortPassword,
    /// The hasher failed (out of memory or no OS randomness).
    #[error("password hashing failed")]
    Hashing,
}

/// A user name as stored and compared: trimmed and in Unicode normalization form NFKC (so full-width
/// `ａｄｍｉｎ` and `admin` are one name).
pub fn normalize_name(name: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    name.trim().nfkc().collect::<String>().trim().to_string()
}

/// Checks a user name and returns it normalized ([`normalize_name`]): 1–40 characters, no control,
/// bidirectional or invisible characters (a name must not look like another).
pub fn validate_name(name: &str) -> Result<String, AccountError> {
    let name = normalize_name(name);
    if name.is_empty()
        || name.chars().count() > 40
        || name
            .chars()
            .any(|c| crate::text::is_forbidden(c) || crate::text::is_invisible(c))
    {
        return Err(AccountError::BadName);
    }
    Ok(name)
}

/// Hashes a password with argon2id and a fresh random salt (PHC string).
pub fn hash_password(password: &str) -> Result<String, AccountError> {
    if password.chars().count() < 8 {
        return Err(AccountError::ShortPassword);
    }
    Argon2::default()
        .hash_password(password.as_bytes())
        .map(|h| h.to_string())
        .map_err(|_| AccountError::Hashing)
}

/// A real password hash with the parameters of every account's, for logins with an unknown name
/// (so that they cost the same as a wrong password).
pub fn dummy_hash() -> &'static str {
    static HASH: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    HASH.get_or_init(|| hash_password(&random_token()).unwrap_or_default())
}

/// Checks a password against a stored PHC hash.
pub fn verify_password(password: &str, stored: &str) -> bool {
    match PasswordHash::new(stored) {
        Ok(parsed) => Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok(),
        Err(_) => false,
    }
}

/// A fresh random token (256 bits, hex) for sessions, setup links, CSRF and API tokens.
pub fn random_token() -> String {
    let mut bytes = [0u8; 32];
    // The OS random source failing is not recoverable for a server that hands out secrets.
    getrandom::fill(&mut bytes).expect("the operating system's random source failed");
    hex(&bytes)
}

/// The SHA-256 of a token, hex: tokens are stored hashed so a leaked database does not leak sessions.
pub fn token_hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

/// Lower-case hex of bytes.
pub fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        s.push(DIGITS[(b >> 4) as usize] as char);
        s.push(DIGITS[(b & 15) as usize] as char);
    }
    s
}

/// Compares two strings in time independent of where they differ (for tokens).
pub fn constant_time_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// How long to wait before the next login attempt after `failures` consecutive failures, when the
/// first `free` cost nothing: then 2, 4, 8 … seconds, at most 5 minutes.
pub fn login_delay_secs(failures: i64, free: i64) -> i64 {
    if failures < free {
        0
    } else {
        let exp = (failures - free + 1).min(9) as u32;
        (1i64 << exp).min(300)
    }
}

/// Failures one client may have at one account before its attempts there must wait.
pub const FREE_ACCOUNT_FAILURES: i64 = 3;
/// Failures a client address may have (at any accounts) before its attempts must wait (higher: a
/// venue's players share one address).
pub const FREE_CLIENT_FAILURES: i64 = 10;
/// A client with fewer failures than this at an account keeps one try there every
/// [`KEPT_TRY_SECS`], whatever other clients do to the account (its owner after a typo).
pub const FEW_FAILURES: i64 = 3;
/// How often a client with few failures may try an account under attack.
pub const KEPT_TRY_SECS: i64 = 30;
/// Failures an account may take per minute from clients that are failing at it, across all
/// addresses; past it they wait for the next minute (clients with few failures keep their try).
pub const ACCOUNT_FAILURES_PER_MINUTE: i64 = 20;

/// The unit the throttle and the stream bound count a client by: an IPv4 address, or an IPv6
/// address's /64 network (one subscriber's line holds 2^64 addresses); an IPv4 address written as
/// IPv6 is the IPv4 address.
pub fn client_block(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let net = u128::from(v6) & !((1u128 << 64) - 1);
                IpAddr::V6(std::net::Ipv6Addr::from(net))
            }
        },
    }
}

/// The throttle's counters for one attempt, each failures as (consecutive failures, seconds since
/// the last one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LoginCounts {
    /// Failures from this client (any account).
    pub client: (i64, i64),
    /// Failures from this client at this account.
    pub pair: (i64, i64),
    /// Failures at this account in the current minute, from any client.
    pub account_minute: i64,
    /// Seconds into the current minute.
    pub second: i64,
}

/// Whether an attempt may be checked, or how many seconds it must wait.
///
/// A client that is failing at many accounts waits out its delay. A client with few failures at the
/// account keeps one try every [`KEPT_TRY_SECS`] whatever the account's state, so neither an
/// attacker failing from fresh addresses nor a neighbour behind the same NAT locks the owner out
/// after a typo. Past that, each client's failures at the account cost it a growing delay, and the
/// account takes at most [`ACCOUNT_FAILURES_PER_MINUTE`] of them per minute across all addresses.
pub fn login_wait_secs(counts: LoginCounts) -> Option<i64> {
    let remaining = |(failures, since): (i64, i64), free| {
        let delay = login_delay_secs(failures, free);
        (since < delay).then(|| delay - since)
    };
    if let Some(wait) = remaining(counts.client, FREE_CLIENT_FAILURES) {
        return Some(wait);
    }
    if counts.pair.0 < FEW_FAILURES && counts.pair.1 >= KEPT_TRY_SECS {
        return None;
    }
    if let Some(wait) = remaining(counts.pair, FREE_ACCOUNT_FAILURES) {
        return Some(wait);
    }
    if counts.account_minute >= ACCOUNT_FAILURES_PER_MINUTE {
        let to_next_minute = (60 - counts.second).max(1);
        // A client with few failures need not wait past its kept try.
        return Some(if counts.pair.0 < FEW_FAILURES {
            to_next_minute.min(KEPT_TRY_SECS - counts.pair.1)
        } else {
            to_next_minute
        });
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn password_round_trip() {
        let h = hash_password("correct horse").unwrap();
        assert!(h.starts_with("$argon2id$"));
        assert!(verify_password("correct horse", &h));
        assert!(!verify_password("wrong horse!", &h));
        assert!(!verify_password("correct horse", "not a hash"));
    }

    #[test]
    fn short_password_refused() {
        assert_eq!(hash_password("short"), Err(AccountError::ShortPassword));
    }

    #[test]
    fn names_are_checked() {
        assert_eq!(validate_name("  陳仲輝 ").unwrap(), "陳仲輝");
        assert!(validate_name("").is_err());
        assert!(validate_name("a\u{7}b").is_err());
        assert!(validate_name("ad\u{200B}min").is_err(), "zero-width space");
        assert!(validate_name("ad\u{202E}nim").is_err(), "bidi override");
        assert_eq!(validate_name("ａｄｍｉｎ").unwrap(), "admin", "NFKC");
    }

    #[test]
    fn roles_parse() {
        for r in Role::ALL {
            assert_eq!(Role::parse(r.as_str()), Some(r));
        }
        assert_eq!(Role::parse("king"), None);
    }

    #[test]
    fn login_delay_grows() {
        assert_eq!(login_delay_secs(2, 3), 0);
        assert_eq!(login_delay_secs(3, 3), 2);
        assert_eq!(login_delay_secs(4, 3), 4);
        assert_eq!(login_delay_secs(50, 3), 300);
        assert_eq!(login_delay_secs(9, 10), 0);
        assert_eq!(login_delay_secs(10, 10), 2);
    }

    fn counts(client: (i64, i64), pair: (i64, i64), account_minute: i64) -> LoginCounts {
        LoginCounts {
            client,
            pair,
            account_minute,
            second: 10,
        }
    }

    #[test]
    fn a_locked_account_stays_open_to_a_client_that_has_not_failed() {
        let never = (0, i64::MAX);
        // A clean client may try, however many failures the account takes this minute.
        assert_eq!(login_wait_secs(counts(never, never, 500)), None);
        // A client guessing at the account waits out its own delay there.
        assert_eq!(
            login_wait_secs(counts((8, 1), (8, 1), 0)),
            Some(login_delay_secs(8, 3) - 1)
        );
        // A client address past its own free failures waits whatever the account.
        assert_eq!(
            login_wait_secs(counts((12, 0), never, 0)),
            Some(login_delay_secs(12, 10))
        );
        // Delays pass.
        assert_eq!(login_wait_secs(counts((8, 400), (8, 400), 0)), None);
    }

    /// The owner who mistyped once, while others fail at the account from fresh addresses every
    /// second, keeps a try every 30 s.
    #[test]
    fn one_typo_keeps_a_try_every_thirty_seconds() {
        let typo = |since| counts((1, since), (1, since), 60);
        assert_eq!(login_wait_secs(typo(3)), Some(KEPT_TRY_SECS - 3));
        assert_eq!(login_wait_secs(typo(29)), Some(1));
        assert_eq!(login_wait_secs(typo(30)), None);
    }

    /// Clients failing at an account share its budget per minute, whatever their addresses.
    #[test]
    fn an_account_takes_a_bounded_number_of_failures_per_minute() {
        let failing = (FEW_FAILURES, 20);
        assert_eq!(login_wait_secs(counts(failing, failing, 19)), None);
        assert_eq!(
            login_wait_secs(counts(failing, failing, ACCOUNT_FAILURES_PER_MINUTE)),
            Some(50)
        );
    }

    #[test]
    fn ipv6_clients_count_by_their_64_network() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:ffff:1:2:3".parse().unwrap();
        let other: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(client_block(a), client_block(b));
        assert_eq!(client_block(a), "2001:db8:1:2::".parse::<IpAddr>().unwrap());
        assert_ne!(client_block(a), client_block(other));
        let v4: IpAddr = "10.1.2.3".parse().unwrap();
        assert_eq!(client_block(v4), v4);
        assert_eq!(client_block("::ffff:10.1.2.3".parse().unwrap()), v4);
    }

    #[test]
    fn tokens_are_random_and_hashed() {
        let a = random_token();
        assert_eq!(a.len(), 64);
        assert_ne!(a, random_token());
        assert_eq!(token_hash(&a), token_hash(&a));
        assert!(constant_time_eq(&a, &a.clone()));
        assert!(!constant_time_eq(&a, "x"));
    }

    /// The hash an unknown name is checked against is a real argon2id hash with the accounts'
    /// parameters (a hash without its hash part costs nothing and lets names be probed by time).
    #[test]
    fn the_dummy_hash_is_a_real_hash_of_the_same_parameters() {
        let dummy = PasswordHash::new(dummy_hash()).expect("parses");
        let real_hash = hash_password("a-long-password").expect("hash");
        let real = PasswordHash::new(&real_hash).expect("parses");
        assert!(dummy.hash.is_some(), "has a hash part");
        assert_eq!(dummy.algorithm, real.algorithm);
        assert_eq!(dummy.params, real.params);
        assert!(!verify_password("a-long-password", dummy_hash()));
    }
}
