/** Seeds the demo catalogue into an empty database (the seed itself checks emptiness). */
import { eq } from "drizzle-orm";
import type { AppServices } from "../context.ts";
import { user } from "./schema/index.ts";
import { seedDemo } from "./seed/seed.ts";

export async function seedIfEmpty(s: Pick<AppServices, "db" | "auth">) {
  return seedDemo(s.db, {
    createDemoUser: async ({ email, name, password }) => {
      const res = await s.auth.api.createUser({ body: { email, name, password, role: "user" } });
      await s.db.update(user).set({ emailVerified: true }).where(eq(user.id, res.user.id));
      return { id: res.user.id };
    },
  });
}
