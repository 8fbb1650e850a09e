//! `anqi backup FILE` and `anqi restore FILE`: a copy of the whole SQLite database, made while the
//! server runs, and putting such a copy back while it does not (`store::snapshot`). Not the JSON
//! export of one event (the event page's "Export" and "Import").

use std::path::PathBuf;

use clap::Args;

use super::Refusal;
use super::serve::DatabaseArg;
use crate::i18n::Reason;
use crate::store;

/// Options of `anqi backup`.
#[derive(Debug, Args)]
pub struct BackupArgs {
    /// The new file to write the copy to (refused if it exists).
    pub file: PathBuf,
    /// The database to use.
    #[command(flatten)]
    pub db: DatabaseArg,
}

/// Options of `anqi restore`.
#[derive(Debug, Args)]
pub struct RestoreArgs {
    /// A copy made by `anqi backup` (or the administrator's download).
    pub file: PathBuf,
    /// The database to use.
    #[command(flatten)]
    pub db: DatabaseArg,
}

/// The message of a refusal in the language of `LANG` (in English as it always was; a failure to
/// read or write a file and the database's own errors as they are).
fn message(e: store::snapshot::SnapshotError) -> String {
    use store::snapshot::SnapshotError as E;
    let file = |p: &std::path::PathBuf| p.display().to_string();
    let reason = match &e {
        E::Postgres => return super::lang().t("db_postgres_copy").into(),
        E::NotAFile(url) => Reason::new("cli_snapshot_not_a_file").arg("url", url),
        E::InUse(p) => Reason::new("cli_snapshot_in_use").arg("file", file(p)),
        E::NotABackup { path, why } => Reason::new("cli_snapshot_not_a_backup")
            .arg("file", file(path))
            .arg("why", why),
        E::Exists(p) => Reason::new("cli_snapshot_exists").arg("file", file(p)),
        E::Missing(p) => Reason::new("cli_snapshot_missing").arg("file", file(p)),
        E::Newer { path, found, known } => Reason::new("cli_snapshot_newer")
            .arg("file", file(path))
            .arg("found", found)
            .arg("known", known),
        E::Older { path, found, known } => Reason::new("cli_snapshot_older")
            .arg("file", file(path))
            .arg("found", found)
            .arg("known", known),
        E::SameFile(p) => Reason::new("cli_snapshot_same_file").arg("file", file(p)),
        E::Io { .. } | E::Store(_) => return e.to_string(),
    };
    Refusal::new(e.to_string(), reason).text(super::lang())
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
            "{}",
            super::lang().reason(
                &Reason::new("cli_backup_done")
                    .arg("file", args.file.display())
                    .arg("version", version)
            )
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
            "{}",
            super::lang().reason(
                &Reason::new("cli_restore_done")
                    .arg("database", &args.db.database_url)
                    .arg("file", args.file.display())
            )
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
