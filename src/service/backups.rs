//! The administrator's copy of the whole database (`store::snapshot`; the CLI's `anqi backup` makes
//! the same copy to a file).

use super::{ServiceError, ServiceResult, policy};
use crate::store::{self, Db, users::User};

/// A consistent copy of the live database, for an administrator, recorded in the audit log.
pub async fn database_copy(db: &Db, by: &User) -> ServiceResult<Vec<u8>> {
    if !policy::may_copy_database(by.role) {
        return Err(ServiceError::Forbidden);
    }
    if store::backend(db) == store::Backend::Postgres {
        return Err(ServiceError::Refused(crate::i18n::Reason::new(
            "db_postgres_copy",
        )));
    }
    // Recorded first, so the copy holds its own audit entry.
    store::snapshot::record_download(db, by.id).await?;
    store::snapshot::copy_bytes(db)
        .await
        .map_err(|e| ServiceError::Internal(format!("database copy: {e}")))
}

/// An event's full backup as pretty JSON, for its organizer (the caller has checked the right; the
/// importer, `service::imports`, reads it back).
pub async fn event_backup(db: &Db, event_id: i64) -> ServiceResult<String> {
    let backup = store::backup::export(db, event_id).await?;
    serde_json::to_string_pretty(&backup)
        .map_err(|e| ServiceError::Internal(format!("backup JSON: {e}")))
}

/// The schema version of the open database (the health check reports it).
pub async fn schema_version(db: &Db) -> ServiceResult<i64> {
    Ok(store::schema_version(db).await?)
}
