/** A fresh test database with the demo seed, for the catalogue tests (tests only). */

import type { DbOrTx } from "../../db/client.ts";
import { user } from "../../db/schema/index.ts";
import { seedDemo } from "../../db/seed/seed.ts";
import { createTestDb, type TestDb } from "../../db/test-utils.ts";

export async function createSeededDb(): Promise<TestDb> {
  const t = await createTestDb();
  const result = await seedDemo(t.db, {
    createDemoUser: async (input) => {
      const id = "catalogue-test-demo-user";
      await t.db.insert(user).values({ id, email: input.email, name: input.name, emailVerified: true });
      return { id };
    },
  });
  if (!result) throw new Error("demo seed did not run");
  return t;
}

/**
 * The database with a count of the queries started through it (select / insert / update / delete / execute
 * builders). Enough to show a read model does a fixed number of queries.
 */
export function countingDb<T extends DbOrTx>(db: T): { db: T; count: () => number } {
  let n = 0;
  const counted = new Set(["select", "selectDistinct", "insert", "update", "delete", "execute"]);
  const proxy = new Proxy(db, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof prop === "string" && counted.has(prop) && typeof value === "function") {
        return (...args: unknown[]) => {
          n++;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return value;
    },
  });
  return { db: proxy, count: () => n };
}
