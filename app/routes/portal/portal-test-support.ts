/**
 * Tests only: call a portal route's loader as the portal layout would, behind the real portal guard, with a real
 * session (signed up through the auth flows) on a test database.
 */

import { portalMiddleware } from "#server/auth/guards.ts";
import {
  routeContext,
  runMiddleware,
  signUpAndSignIn,
  TEST_ORIGIN,
  type testServices,
} from "#server/web/test-support.ts";

type Services = Awaited<ReturnType<typeof testServices>>;
export type Member = { cookie: string; userId: string; email: string; licenseeId: string | null };

let seq = 0;
/**
 * A new account signed up through the flows and signed in; with `licensee`, `addLicensee` (the test's own insert) gives it a
 * licensees row and returns its id.
 */
export async function member(
  s: Services,
  opts: { name?: string; licensee?: boolean } = {},
  addLicensee?: (m: { userId: string; email: string; name: string }) => Promise<string>,
): Promise<Member> {
  seq += 1;
  const email = `member-${Date.now()}-${seq}@example.com`;
  const { cookie } = await signUpAndSignIn(s, {
    fullName: opts.name ?? "Avery Quinn",
    email,
    password: "s3cure-pass-2026",
    ip: `203.0.113.${seq}`,
  });
  const found = await s.auth.api.getSession({ headers: new Headers({ cookie }) });
  const userId = found!.user.id;
  const licenseeId =
    opts.licensee && addLicensee ? await addLicensee({ userId, email, name: opts.name ?? "Avery Quinn" }) : null;
  return { cookie, userId, email, licenseeId };
}

/** Runs `load` behind the portal guard for `path`, as `who` (null: anonymous). The guard's redirect is thrown. */
export async function behindPortalGuard<T>(
  s: Services,
  who: Member | null,
  path: string,
  load: (args: {
    request: Request;
    context: ReturnType<typeof routeContext>;
    params: Record<string, string>;
  }) => Promise<T>,
  params: Record<string, string> = {},
): Promise<T> {
  const request = new Request(`${TEST_ORIGIN}${path}`, { headers: who ? { cookie: who.cookie } : {} });
  const context = routeContext(s);
  let out: T | undefined;
  await runMiddleware(portalMiddleware, { request, context, params }, async () => {
    out = await load({ request, context, params });
    return new Response(null);
  });
  return out as T;
}
