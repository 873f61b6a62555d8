/**
 * A PostgreSQL server of a test's own, for the tests that stop, restart and kill it (the database fault tests): its
 * own data directory under the OS temp dir, its own port (31432–31439 are the fault tests': below Linux's range of
 * ports for outgoing connections, 32768–60999, where a client connection's own port could hold it), the PostgreSQL 15
 * binaries of Debian's packages (`POSTGRES_BIN` to use others). PostgreSQL refuses to run as root: as root, every
 * command runs as the `postgres` user through `runuser`.
 *
 * `pg_ctl` starts the server in the background, so an instance left behind by a test process that was killed keeps
 * its port: {@link startPostgres} first stops any earlier instance of these tests on the same port (found by its data
 * directory's lock file), and only those.
 */
import { execFile, execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";

const run = promisify(execFile);
const BIN = process.env.POSTGRES_BIN ?? "/usr/lib/postgresql/15/bin";
const PREFIX = "pc-pg-instance-";

/** Whether the binaries are here (the tests that need them skip otherwise). */
export function postgresAvailable(): boolean {
  return existsSync(path.join(BIN, "initdb")) && existsSync(path.join(BIN, "pg_ctl"));
}

const asRoot = () => process.getuid?.() === 0;

/** A PostgreSQL command, as the `postgres` user when we are root. */
async function pgCommand(command: string, args: string[], timeoutMs = 60_000): Promise<string> {
  const file = path.join(BIN, command);
  const [bin, argv] = asRoot() ? ["runuser", ["-u", "postgres", "--", file, ...args]] : [file, args];
  const { stdout } = await run(bin, argv, { timeout: timeoutMs, cwd: tmpdir() });
  return stdout;
}

function postgresUid(): { uid: number; gid: number } {
  const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
  const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
  return { uid, gid };
}

/** The pids whose parent is `pid` (Linux). */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) out.push(Number(entry));
    } catch {
      // ended while we looked
    }
  }
  return out;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Stops and removes what an earlier run of these tests left on `port` (its lock file names the port). */
async function removeLeftovers(port: number): Promise<void> {
  for (const entry of readdirSync(tmpdir())) {
    if (!entry.startsWith(PREFIX)) continue;
    const dir = path.join(tmpdir(), entry);
    const lock = path.join(dir, "data", "postmaster.pid");
    try {
      const lines = readFileSync(lock, "utf8").split("\n");
      if (Number(lines[3]) !== port) continue;
      await pgCommand("pg_ctl", ["stop", "-D", path.join(dir, "data"), "-m", "immediate", "-w"]).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // not a running instance of ours
    }
  }
}

export type PostgresInstance = {
  port: number;
  /** The server's `postgres` database, as its superuser (trust authentication on 127.0.0.1). */
  url: string;
  /** The URL of another database on this server. */
  urlOf: (database: string) => string;
  /** The postmaster's pid while it runs. */
  postmasterPid: () => number | null;
  start: () => Promise<void>;
  /** `pg_ctl stop -m fast` (or another mode). */
  stop: (mode?: "smart" | "fast" | "immediate") => Promise<void>;
  /** `pg_ctl restart -m fast`, as an operator restarts it. */
  restart: () => Promise<void>;
  /** `kill -9` of the postmaster, then waits for its backends to notice and go (a new start needs them gone). */
  killPostmaster: () => Promise<void>;
  /** One statement on a connection of its own. */
  query: <R extends pg.QueryResultRow = pg.QueryResultRow>(
    sql: string,
    values?: unknown[],
    database?: string,
  ) => Promise<R[]>;
  /** Stops the server at once and deletes its data directory. */
  remove: () => Promise<void>;
};

/** Creates a cluster in a new temp directory and starts it on `port`. */
export async function startPostgres(port: number): Promise<PostgresInstance> {
  await removeLeftovers(port);
  const dir = mkdtempSync(path.join(tmpdir(), PREFIX));
  const data = path.join(dir, "data");
  if (asRoot()) {
    const { uid, gid } = postgresUid();
    chownSync(dir, uid, gid);
  }
  await pgCommand("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C", "--no-sync"]);
  // The socket directory is the instance's own; fsync off: the tests kill PostgreSQL, never the machine.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const ctl = (...args: string[]) => pgCommand("pg_ctl", ["-D", data, "-w", "-t", "60", ...args]);
  // The server's output goes to its log file: a server holding our pipe would keep the command from finishing.
  const logFile = path.join(dir, "server.log");
  const start = async () => {
    try {
      await ctl("start", "-o", options, "-l", logFile);
    } catch (err) {
      // pg_ctl says only "could not start server": the reason is in the server's log.
      const log = existsSync(logFile)
        ? readFileSync(logFile, "utf8").trim().split("\n").slice(-5).join("\n")
        : "(no log)";
      throw new Error(`PostgreSQL did not start on port ${port}:\n${log}`, { cause: err });
    }
  };
  const postmasterPid = () => {
    try {
      const pid = Number(readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0]);
      return pid > 0 && alive(pid) ? pid : null;
    } catch {
      return null;
    }
  };
  const urlOf = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const instance: PostgresInstance = {
    port,
    url: urlOf("postgres"),
    urlOf,
    postmasterPid,
    start,
    stop: async (mode = "fast") => {
      await ctl("stop", "-m", mode);
    },
    restart: async () => {
      await ctl("restart", "-m", "fast", "-o", options, "-l", logFile);
    },
    killPostmaster: async () => {
      const pid = postmasterPid();
      if (!pid) throw new Error("PostgreSQL is not running");
      const backends = childrenOf(pid);
      process.kill(pid, "SIGKILL");
      const deadline = Date.now() + 30_000;
      while ([pid, ...backends].some(alive)) {
        if (Date.now() > deadline) throw new Error("the killed postmaster's processes did not go");
        await sleep(50);
      }
    },
    query: async (sql, values, database = "postgres") => {
      const c = new pg.Client({ connectionString: urlOf(database) });
      await c.connect();
      try {
        return (await c.query(sql, values)).rows;
      } finally {
        await c.end();
      }
    },
    remove: async () => {
      if (postmasterPid()) await ctl("stop", "-m", "immediate").catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await start();
  return instance;
}
