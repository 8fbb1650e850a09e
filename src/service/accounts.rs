//! Signing in, passwords and API tokens: the login throttle (by client address and by account name,
//! checked and counted in one transaction), password changes that end the account's other sessions
//! and its tokens, and tokens that can be listed, revoked and expire. Password hashing runs off the
//! async workers.

use std::net::IpAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

use super::{Reason, ServiceError};
use crate::accounts::{self, LoginCounts};
pub use crate::store::sessions::{ApiToken, SESSION_DAYS};
pub use crate::store::users::Account;
use crate::store::{self, Db, users::User};

/// How a sign-in attempt ended.
#[derive(Debug)]
pub enum SignIn {
    /// The password was right.
    In(User),
    /// Wrong name or password (the same answer for both, so names cannot be probed).
    Failed,
    /// Too many recent failures: try again in this many seconds (the same for every name).
    Wait(i64),
    /// The password was right but an administrator disabled the account.
    Disabled,
    /// Too many password checks are running or waiting: try again in this many seconds (nothing
    /// was checked or counted).
    Busy(i64),
}

fn client_key(client: Option<IpAddr>) -> String {
    match client {
        Some(ip) => format!("ip:{}", accounts::client_block(ip)),
        None => "ip:unknown".into(),
    }
}

/// The key of one client's failures at one account.
fn pair_key(client: Option<IpAddr>, name: &str) -> String {
    format!(
        "{}|account:{}",
        client_key(client),
        accounts::normalize_name(name)
    )
}

/// The key of an account's failures in the current minute (from any client), and the seconds
/// into that minute.
fn minute_key(name: &str) -> (String, i64) {
    let now = chrono::Utc::now().timestamp();
    (
        format!(
            "minute:{}|account:{}",
            now.div_euclid(60),
            accounts::normalize_name(name)
        ),
        now.rem_euclid(60),
    )
}

/// Seconds since a moment (a very large number when there is none).
fn since(at: Option<chrono::DateTime<chrono::Utc>>) -> i64 {
    at.map(|t| (chrono::Utc::now() - t).num_seconds())
        .unwrap_or(i64::MAX)
}

/// The bound on password checks (argon2id: 19 MiB and tens of milliseconds of CPU each) running at
/// once, with a short queue behind it. A login beyond both is refused at once, without hashing, so a
/// burst of wrong logins from many addresses costs a bounded amount of memory.
#[derive(Debug)]
pub struct PasswordChecks {
    turns: tokio::sync::Semaphore,
    at_once: usize,
    /// Running and queued checks of logins (each holds a [`Place`]).
    admitted: AtomicUsize,
    /// The most logins admitted at once: `at_once` running plus the queue.
    capacity: usize,
    running: AtomicUsize,
    peak: AtomicUsize,
}

/// A login's place among the admitted checks (running or queued), given back when dropped.
#[derive(Debug)]
pub struct Place(Arc<PasswordChecks>);

impl Drop for Place {
    fn drop(&mut self) {
        self.0.admitted.fetch_sub(1, Ordering::SeqCst);
    }
}

impl PasswordChecks {
    /// At most `at_once` checks run at once (at least one) and `queue` more logins wait for a turn.
    pub fn new(at_once: usize, queue: usize) -> Arc<PasswordChecks> {
        let at_once = at_once.max(1);
        Arc::new(PasswordChecks {
            turns: tokio::sync::Semaphore::new(at_once),
            at_once,
            admitted: AtomicUsize::new(0),
            capacity: at_once + queue,
            running: AtomicUsize::new(0),
            peak: AtomicUsize::new(0),
        })
    }

    /// The default bound: twice the processor cores at once (the checks are CPU-bound: more at once
    /// only hold more memory), and as many again waiting.
    pub fn for_this_machine() -> Arc<PasswordChecks> {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        PasswordChecks::new(2 * cores, 2 * cores)
    }

    /// How many checks may run at once.
    pub fn at_once(&self) -> usize {
        self.at_once
    }

    /// The most checks that have run at once so far.
    pub fn peak(&self) -> usize {
        self.peak.load(Ordering::SeqCst)
    }

    /// A place for a login's check, or `None` when the running and queued checks are all taken.
    pub fn admit(self: &Arc<Self>) -> Option<Place> {
        self.admitted
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| {
                (n < self.capacity).then_some(n + 1)
            })
            .ok()
            .map(|_| Place(self.clone()))
    }

    /// Runs `work` on the blocking pool in its turn (at most `at_once` at a time). When the last
    /// check of a burst ends, the heap's free pages are given back to the system.
    pub async fn run<T: Send + 'static>(
        self: &Arc<Self>,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ServiceError> {
        let _turn = self
            .turns
            .acquire()
            .await
            .map_err(|e| ServiceError::Internal(format!("password check: {e}")))?;
        let checks = self.clone();
        tokio::task::spawn_blocking(move || {
            let now = checks.running.fetch_add(1, Ordering::SeqCst) + 1;
            checks.peak.fetch_max(now, Ordering::SeqCst);
            let out = work();
            if checks.running.fetch_sub(1, Ordering::SeqCst) == 1 {
                crate::process::trim_heap();
            }
            out
        })
        .await
        .map_err(|e| ServiceError::Internal(format!("password check: {e}")))
    }
}

/// The bound of the password work of signed-in people (new accounts, password changes): they wait
/// for a turn rather than being refused. Logins have their server's own [`PasswordChecks`].
fn checks() -> Arc<PasswordChecks> {
    static CHECKS: OnceLock<Arc<PasswordChecks>> = OnceLock::new();
    CHECKS.get_or_init(PasswordChecks::for_this_machine).clone()
}

/// Runs a password check (argon2) in its turn on the blocking pool.
async fn verify(password: String, hash: String) -> Result<bool, ServiceError> {
    checks()
        .run(move || accounts::verify_password(&password, &hash))
        .await
}

/// [`verify`] in a login's turn among `checks`.
async fn verify_in(
    checks: &Arc<PasswordChecks>,
    password: String,
    hash: String,
) -> Result<bool, ServiceError> {
    checks
        .run(move || accounts::verify_password(&password, &hash))
        .await
}

/// Hashes a new password in its turn on the blocking pool (signed-in work: it waits for a turn
/// rather than being refused).
async fn hash(password: String) -> Result<String, ServiceError> {
    checks()
        .run(move || accounts::hash_password(&password))
        .await?
        .map_err(|e| match e {
            accounts::AccountError::ShortPassword => ServiceError::Invalid {
                field: "password",
                reason: Reason::new("svc_password_short"),
            },
            other => ServiceError::Internal(other.to_string()),
        })
}

/// Checks a login. Every attempt, whatever the name, takes the same path: a place among the
/// bounded password checks ([`PasswordChecks`]; none free: [`SignIn::Busy`] at once), the throttle
/// (an attempt is counted before its password is checked, so parallel guesses are counted one by
/// one), then one argon2 verification (against a dummy hash of the same parameters for an unknown
/// name).
pub async fn sign_in(
    db: &Db,
    checks: &Arc<PasswordChecks>,
    name: &str,
    password: &str,
    client: Option<IpAddr>,
) -> Result<SignIn, ServiceError> {
    let Some(_place) = checks.admit() else {
        log(&format!(
            "login refused: {} password checks running or waiting",
            checks.capacity
        ));
        return Ok(SignIn::Busy(BUSY_RETRY_SECS));
    };
    let (minute, second) = minute_key(name);
    let keys = [client_key(client), pair_key(client, name), minute];
    let reserved = store::throttle::reserve(db, &keys, |counts| {
        let counts = LoginCounts {
            client: (counts[0].failures, since(counts[0].last_failed_at)),
            pair: (counts[1].failures, since(counts[1].last_failed_at)),
            account_minute: counts[2].failures,
            second,
        };
        match accounts::login_wait_secs(counts) {
            Some(wait) => Err(wait),
            None => Ok(()),
        }
    })
    .await
    .map_err(ServiceError::Store)?;
    if let Err(wait) = reserved {
        log(&format!("login throttled: {}, wait {wait} s", keys[1]));
        return Ok(SignIn::Wait(wait));
    }
    let creds = store::users::credentials(db, &accounts::normalize_name(name))
        .await
        .map_err(ServiceError::Store)?;
    let hash = match &creds {
        Some(c) => c.password_hash.clone(),
        None => accounts::dummy_hash().to_string(),
    };
    let right = verify_in(checks, password.to_string(), hash).await?;
    match creds {
        Some(c) if right => {
            store::throttle::release(db, &keys[0])
                .await
                .map_err(ServiceError::Store)?;
            store::throttle::clear(db, &keys[1])
                .await
                .map_err(ServiceError::Store)?;
            store::throttle::release(db, &keys[2])
                .await
                .map_err(ServiceError::Store)?;
            // Only the right password learns that the account is disabled: names cannot be probed.
            if c.disabled {
                log(&format!("login refused: {} is disabled", keys[1]));
                return Ok(SignIn::Disabled);
            }
            Ok(SignIn::In(c.user))
        }
        _ => {
            log(&format!("login failed: {}", keys[1]));
            Ok(SignIn::Failed)
        }
    }
}

/// How soon a login refused for busy password checks is told to try again.
pub const BUSY_RETRY_SECS: i64 = 2;

/// Changes a password after checking the current one; ends the account's other sessions (all but
/// `keep_session`) and revokes its API tokens. Returns false when the current password is wrong.
pub async fn change_password(
    db: &Db,
    user: &User,
    current: &str,
    new: &str,
    keep_session: Option<&str>,
) -> Result<bool, ServiceError> {
    let creds = store::users::credentials(db, &user.name)
        .await
        .map_err(ServiceError::Store)?
        .ok_or(ServiceError::NotFound)?;
    if !verify(current.to_string(), creds.password_hash).await? {
        return Ok(false);
    }
    let hashed = hash(new.to_string()).await?;
    store::users::set_password(db, user.id, &hashed)
        .await
        .map_err(ServiceError::Store)?;
    end_access(db, user.id, keep_session).await?;
    Ok(true)
}

/// Ends every session of an account but `keep_session`, and revokes all its API tokens.
pub async fn end_access(
    db: &Db,
    user_id: i64,
    keep_session: Option<&str>,
) -> Result<(), ServiceError> {
    store::sessions::end_sessions_of(db, user_id, keep_session)
        .await
        .map_err(ServiceError::Store)?;
    store::sessions::revoke_api_tokens_of(db, user_id)
        .await
        .map_err(ServiceError::Store)?;
    Ok(())
}

/// How long a new API token lasts unless asked otherwise, and at most.
pub const TOKEN_DAYS_DEFAULT: i64 = 90;
/// The longest a token may last.
pub const TOKEN_DAYS_MAX: i64 = 365;

/// A freshly made API token: shown once, never stored in clear.
#[derive(Debug)]
pub struct NewToken {
    /// The bearer token.
    pub token: String,
    /// Its public id in the list.
    pub id: String,
}

/// Makes an API token for a user, valid for `days` (1 to 365; default 90).
pub async fn create_token(
    db: &Db,
    user_id: i64,
    label: &str,
    days: Option<i64>,
) -> Result<NewToken, ServiceError> {
    let label = crate::text::clean_line(label, 60).map_err(|reason| ServiceError::Invalid {
        field: "label",
        reason,
    })?;
    let label = if label.is_empty() {
        "web".into()
    } else {
        label
    };
    let days = days.unwrap_or(TOKEN_DAYS_DEFAULT);
    if !(1..=TOKEN_DAYS_MAX).contains(&days) {
        return Err(ServiceError::Invalid {
            field: "days",
            reason: Reason::new("svc_token_days").arg("max", TOKEN_DAYS_MAX),
        });
    }
    let token = accounts::random_token();
    let id = store::sessions::create_api_token(db, user_id, &token, &label, days)
        .await
        .map_err(ServiceError::Store)?;
    Ok(NewToken { token, id })
}

/// Revokes one of a user's tokens.
pub async fn revoke_token(db: &Db, user_id: i64, id: &str) -> Result<(), ServiceError> {
    if id.trim().is_empty() {
        return Err(ServiceError::Invalid {
            field: "id",
            reason: Reason::new("svc_token_id_missing"),
        });
    }
    if store::sessions::revoke_api_token(db, user_id, id.trim())
        .await
        .map_err(ServiceError::Store)?
    {
        Ok(())
    } else {
        Err(ServiceError::NotFound)
    }
}

/// Sets the public display name of a user (at most 60 characters, no control or direction
/// characters; empty removes it).
pub async fn set_display_name(db: &Db, user_id: i64, name: &str) -> Result<(), ServiceError> {
    let name = crate::text::clean_line(name, 60).map_err(|reason| ServiceError::Invalid {
        field: "display_name",
        reason,
    })?;
    store::users::set_display_name(db, user_id, &name)
        .await
        .map_err(ServiceError::Store)
}

/// One line on the server's log (stderr).
fn log(message: &str) {
    eprintln!("[{}] {message}", store::now());
}

/// A user name as typed, checked (1–40 characters, no control, direction or invisible characters)
/// and normalized as names are stored.
pub fn user_name(typed: &str) -> Result<String, ServiceError> {
    accounts::validate_name(typed)
        .map_err(|_| ServiceError::invalid("name", Reason::new("svc_user_name_bad")))
}

/// Creates an account with a role the creator may grant (see `policy::grantable_roles`); the
/// password is hashed off the async workers. A taken name is an invalid `name`.
pub async fn create_user(
    db: &Db,
    by: &User,
    name: &str,
    role: accounts::Role,
    password: &str,
) -> Result<User, ServiceError> {
    if !super::policy::grantable_roles(by.role).contains(&role) {
        return Err(ServiceError::Forbidden);
    }
    let name = user_name(name)?;
    let hash = hash(password.to_string()).await?;
    store::users::create_made_by(db, Some(by.id), &name, role, &hash)
        .await
        .map_err(|e| taken(e, &name))
}

fn taken(e: store::StoreError, name: &str) -> ServiceError {
    match e {
        store::StoreError::Conflict => {
            ServiceError::invalid("name", Reason::new("svc_user_name_taken").arg("name", name))
        }
        other => ServiceError::Store(other),
    }
}

/// Creates the first administrator with the one-time setup token; `NotFound` when the token is
/// not (or no longer) valid.
pub async fn set_up_admin(
    db: &Db,
    token: &str,
    name: &str,
    password: &str,
) -> Result<User, ServiceError> {
    let name = user_name(name)?;
    let hash = hash(password.to_string()).await?;
    store::users::create_admin_with_token(db, token, &name, &hash)
        .await
        .map_err(|e| taken(e, &name))?
        .ok_or(ServiceError::NotFound)
}

/// Whether a setup link is still good (no administrator yet, token unused).
pub async fn setup_link_valid(db: &Db, token: &str) -> Result<bool, ServiceError> {
    Ok(store::users::setup_token_valid(db, token).await?)
}

/// An administrator's correction of another account: disable it (or, `disabled = false`,
/// re-enable it). Disabling ends all its sessions and revokes its API tokens in the same
/// transaction; a disabled account cannot sign in.
pub async fn set_disabled(
    db: &Db,
    by: &User,
    target_id: i64,
    disabled: bool,
    correction: &super::events::Correction,
) -> Result<(), ServiceError> {
    if !super::policy::may_correct_account(by, target_id) {
        return Err(ServiceError::Forbidden);
    }
    let reason = correction.check()?;
    store::users::get(db, target_id)
        .await?
        .ok_or(ServiceError::NotFound)?;
    if store::users::set_disabled(db, by, target_id, disabled, &reason).await? {
        Ok(())
    } else {
        let key = if disabled {
            "svc_account_already_disabled"
        } else {
            "svc_account_not_disabled"
        };
        Err(ServiceError::Conflict(Reason::new(key)))
    }
}

/// An administrator sets a new password for another account; all its sessions end and its API
/// tokens are revoked (in the same transaction as the new password).
pub async fn reset_password(
    db: &Db,
    by: &User,
    target_id: i64,
    password: &str,
    correction: &super::events::Correction,
) -> Result<(), ServiceError> {
    if !super::policy::may_correct_account(by, target_id) {
        return Err(ServiceError::Forbidden);
    }
    let reason = correction.check()?;
    let hashed = hash(password.to_string()).await?;
    Ok(store::users::reset_password(db, by, target_id, &hashed, &reason).await?)
}

/// The latest corrections of accounts for the administrators' accounts page, times in the default
/// event time zone (accounts belong to no event).
pub async fn corrections_log(
    db: &Db,
    by: &User,
) -> Result<Vec<super::events::AuditLine>, ServiceError> {
    if by.role != accounts::Role::Admin {
        return Ok(vec![]);
    }
    let zone = super::events::time_zone("")?;
    Ok(store::audit::account_corrections(db, 50)
        .await?
        .into_iter()
        .map(|r| super::events::AuditLine {
            at: super::events::local_time(zone, &r.at),
            user: r.user,
            action: r.action,
            detail: r.detail,
            reason: r.reason,
        })
        .collect())
}

/// Starts a session for a signed-in account; returns the token for its cookie.
pub async fn start_session(db: &Db, user_id: i64) -> Result<String, ServiceError> {
    let token = accounts::random_token();
    store::sessions::create(db, user_id, &token).await?;
    Ok(token)
}

/// Ends the session with this token (signing out).
pub async fn end_session(db: &Db, token: &str) -> Result<(), ServiceError> {
    Ok(store::sessions::delete(db, token).await?)
}

/// What the account page shows its holder.
#[derive(Debug, Clone)]
pub struct Overview {
    /// The entries linked to the account: (event id, event name, start number).
    pub entries: Vec<(i64, String, i64)>,
    /// The account's API tokens (never their secrets).
    pub tokens: Vec<store::sessions::ApiToken>,
    /// The display name (empty when none is set).
    pub display_name: String,
}

/// The account page's facts of the account `user_id` (its holder is the caller).
pub async fn overview(db: &Db, user_id: i64) -> Result<Overview, ServiceError> {
    Ok(Overview {
        entries: store::players::entries_of_user(db, user_id).await?,
        tokens: store::sessions::api_tokens_of(db, user_id).await?,
        display_name: store::users::display_name(db, user_id).await?,
    })
}

/// Every account, for the accounts page (those who may create accounts only).
pub async fn accounts(db: &Db, by: &User) -> Result<AccountsView, ServiceError> {
    if !super::policy::may_create_users(by.role) {
        return Err(ServiceError::Forbidden);
    }
    let listed = if super::policy::sees_every_account(by.role) {
        store::users::accounts(db).await?
    } else {
        store::users::accounts_of_organizer(db, by.id).await?
    };
    let accounts: Vec<AccountLine> = listed
        .into_iter()
        .map(|a| AccountLine {
            may_correct: super::policy::may_correct_account(by, a.user.id),
            user: a.user,
            disabled: a.disabled,
        })
        .collect();
    let mut grantable = super::policy::grantable_roles(by.role);
    grantable.sort_by_key(|r| r.rank());
    Ok(AccountsView {
        may_correct_any: accounts.iter().any(|a| a.may_correct),
        accounts,
        grantable,
        corrections: corrections_log(db, by).await?,
    })
}

/// The accounts page: the accounts its viewer may see, what they may do to each, and the roles
/// they may give a new account.
#[derive(Debug, Clone)]
pub struct AccountsView {
    /// The accounts, by name.
    pub accounts: Vec<AccountLine>,
    /// Whether the viewer may correct any of them (the corrections section is shown).
    pub may_correct_any: bool,
    /// The roles the viewer may give, the least rights first (a new account's default).
    pub grantable: Vec<accounts::Role>,
    /// The latest account corrections (administrators; empty for others).
    pub corrections: Vec<super::events::AuditLine>,
}

/// One account of the accounts page.
#[derive(Debug, Clone)]
pub struct AccountLine {
    /// The account.
    pub user: User,
    /// Disabled by an administrator.
    pub disabled: bool,
    /// Whether the viewer may disable, enable or reset it (`policy::may_correct_account`).
    pub may_correct: bool,
}

/// The live account of a session token (none when the session ended, expired or its account is
/// disabled).
pub async fn user_of_session(db: &Db, token: &str) -> Result<Option<User>, ServiceError> {
    Ok(store::sessions::user_for(db, token).await?)
}

/// The live account of an API token (none when revoked, expired or its account is disabled).
pub async fn user_of_api_token(db: &Db, token: &str) -> Result<Option<User>, ServiceError> {
    Ok(store::sessions::user_for_api_token(db, token).await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Twenty checks asked at once through a bound of 2 running and 3 waiting: 5 get a place, the
    /// rest are refused at once, and never more than 2 run together.
    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn password_checks_are_bounded_with_a_short_queue() {
        let checks = PasswordChecks::new(2, 3);
        let places: Vec<Place> = (0..20).filter_map(|_| checks.admit()).collect();
        assert_eq!(places.len(), 5);
        let runs: Vec<_> = places
            .into_iter()
            .map(|place| {
                let checks = checks.clone();
                tokio::spawn(async move {
                    let _place = place;
                    checks
                        .run(|| std::thread::sleep(std::time::Duration::from_millis(50)))
                        .await
                })
            })
            .collect();
        for run in runs {
            run.await.unwrap().unwrap();
        }
        assert_eq!(checks.peak(), 2);
        // The places are given back.
        assert!(checks.admit().is_some());
    }
}
