/**
 * PGlite takes no lock on its data directory (STACK-NOTES): a second process would open it and silently lose
 * writes. We take our own exclusive lock file holding the pid; a stale one whose pid is dead is taken over.
 */
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";

export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
}

function pidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Acquire the lock or throw DataDirLockedError. Returns a release function (idempotent). */
export function acquireLock(lockFile: string): () => void {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lockFile, "wx", 0o600);
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(lockFile, "utf8").trim() === String(process.pid)) unlinkSync(lockFile);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      let holder = Number.NaN;
      try {
        holder = Number.parseInt(readFileSync(lockFile, "utf8").trim(), 10);
      } catch {
        // vanished between open and read: retry
      }
      if (pidAlive(holder)) {
        throw new DataDirLockedError(
          `The embedded database in ${lockFile.replace(/\/[^/]+$/, "")} is already in use (lock held by pid ${holder}). ` +
            "Stop that process first, point DATA_DIR elsewhere, or use a PostgreSQL server via DATABASE_URL.",
        );
      }
      try {
        unlinkSync(lockFile); // stale: its process is gone
      } catch {
        // someone else took it over first; retry
      }
    }
  }
  throw new DataDirLockedError(`Could not acquire the lock ${lockFile}`);
}
