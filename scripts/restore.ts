/**
 * `npm run restore -- <file> [--replace]`: puts a backup made by `npm run backup` back (README "Backups"). With
 * DATABASE_URL, `pg_restore` into that database, which must be empty; without it, into DATA_DIR's embedded database,
 * which must not exist yet unless --replace moves it aside (refused while a server has it open). Mail that was
 * waiting to be sent is not sent again: it is marked failed for an administrator to review in /admin/emails.
 */
import path from "node:path";
import { restorePglite, restorePostgres } from "#server/db/backup.ts";

const args = process.argv.slice(2);
const replace = args.includes("--replace");
const file = args.find((a) => !a.startsWith("-"));
if (!file || args.some((a) => a.startsWith("-") && a !== "--replace")) {
  console.error("Usage: npm run restore -- <file> [--replace]");
  process.exit(2);
}
const databaseUrl = process.env.DATABASE_URL?.trim();
try {
  let held: number;
  if (databaseUrl) {
    ({ held } = await restorePostgres(file, databaseUrl));
    console.log(`Restored ${file} into the PostgreSQL database.`);
  } else {
    const dir = path.join(path.resolve(process.env.DATA_DIR?.trim() || "./data"), "pglite");
    const restored = await restorePglite(file, dir, { replace });
    held = restored.held;
    if (restored.movedAside) console.log(`Moved the database that was there to ${restored.movedAside}.`);
    console.log(`Restored ${file} into ${dir}.`);
  }
  console.log(
    held === 0
      ? "No email was waiting to be sent."
      : `${held} email${held === 1 ? " was" : "s were"} waiting to be sent: marked failed, not sent again. Review and retry ${held === 1 ? "it" : "them"} at /admin/emails.`,
  );
} catch (err) {
  console.error(`Restore failed: ${(err as Error).message}`);
  process.exit(1);
}
