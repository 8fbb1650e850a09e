//! `anqi backup FILE` and `anqi restore FILE`: a copy of the whole SQLite database, made while the
//! server runs, and putting such a copy back while it does not (`store::snapshot`). Not the JSON
//! export of one event (the event page's "Export" and "Import").

use std::path::PathBuf;

use clap::Args;

use super::serve::DatabaseArg;
use crate::store;

/// Options of `anqi backup`.
#[derive(Debug, Args)]
pub struct BackupArgs {
    /// The new file to write the copy to (refused if it exists).
    pub file: PathBuf,
    #[command(flatten)]
    pub db: DatabaseArg,
}

/// Options of `anqi restore`.
#[derive(Debug, Args)]
pub struct RestoreArgs {
    /// A copy made by `anqi backup` (or the administrator's download).
    pub file: PathBuf,
    #[command(flatten)]
    pub db: DatabaseArg,
}

/// The message of a refusal: PostgreSQL's in the language of `LANG`, the others in English.
fn message(e: store::snapshot::SnapshotError) -> String {
    match e {
        store::snapshot::SnapshotError::Postgres => super::lang().t("db_postgres_copy").into(),
        other => other.to_string(),
    }
}

/// Runs `anqi backup`; returns the exit status (0 written, 1 refused or failed).
pub fn backup(args: BackupArgs) -> i32 {
    runtime(async move {
        // Never migrates: the server that uses the database owns its schema.
        let db = store::snapshot::open_existing(&args.db.database_url)
            .await
            .map_err(message)?;
        let copied = store::snapshot::copy_into(&db, &args.file).await;
        db.close().await;
        copied.map_err(message)?;
        let version = store::snapshot::check_copy(&args.file)
            .await
            .map_err(message)?;
        println!(
            "wrote {} (schema version {version}, integrity ok)",
            args.file.display()
        );
        Ok(())
    })
}

/// Runs `anqi restore`; returns the exit status (0 restored, 1 refused or failed).
pub fn restore(args: RestoreArgs) -> i32 {
    runtime(async move {
        store::snapshot::restore(&args.file, &args.db.database_url)
            .await
            .map_err(message)?;
        println!(
            "restored {} from {}",
            args.db.database_url,
            args.file.display()
        );
        Ok(())
    })
}

fn runtime(work: impl Future<Output = Result<(), String>>) -> i32 {
    super::user::block_on(async {
        match work.await {
            Ok(()) => 0,
            Err(e) => {
                eprintln!("anqi: {e}");
                1
            }
        }
    })
}
