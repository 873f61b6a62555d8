/**
 * `npm run backup -- <file>`: a backup of the database the server uses (README "Backups"). With DATABASE_URL,
 * `pg_dump -Fc` of that database; without it, a tarball of the embedded database in DATA_DIR, which is refused
 * while a server has it open (stop the server first).
 */
import path from "node:path";
import { backupPglite, backupPostgres } from "#server/db/backup.ts";

const file = process.argv[2];
if (!file || file.startsWith("-")) {
  console.error("Usage: npm run backup -- <file>   (e.g. backups/poundcodes-2026-11-28.dump)");
  process.exit(2);
}
const databaseUrl = process.env.DATABASE_URL?.trim();
try {
  if (databaseUrl) {
    await backupPostgres(databaseUrl, file);
    console.log(`Backed up the PostgreSQL database to ${file} (pg_dump custom format).`);
  } else {
    const dir = path.join(path.resolve(process.env.DATA_DIR?.trim() || "./data"), "pglite");
    await backupPglite(dir, file);
    console.log(`Backed up the embedded database in ${dir} to ${file}.`);
  }
} catch (err) {
  console.error(`Backup failed: ${(err as Error).message}`);
  process.exit(1);
}
