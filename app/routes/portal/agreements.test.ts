/**
 * The agreements screens called as React Router calls them, behind the portal guard, with real sessions on a test
 * database: every loader, action and the PDF resource route refuse another licensee with 404; the signed link is
 * refused when tampered with, expired, or used by anyone but the user it was minted for.
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { portalMiddleware } from "#server/auth/guards.ts";
import { agreements, licensees, user } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import { draftAgreement } from "#server/domain/agreements/agreements.ts";
import { documentLinkPath } from "#server/domain/agreements/links.ts";
import { seedLicence } from "#server/domain/agreements/test-fixtures.ts";
import {
  answerOf,
  callRoute,
  formPost,
  routeContext,
  runMiddleware,
  signUpAndSignIn,
  TEST_ORIGIN,
  testServices,
} from "#server/web/test-support.ts";
import { loader as documentLoader } from "../resources/agreement-document.tsx";
import { loader as detailLoader, action as signAction } from "./agreement.tsx";
import { loader as pdfLoader } from "./agreement-pdf.tsx";
import { loader as listLoader } from "./agreements.tsx";

let t: TestDb;
let s: Awaited<ReturnType<typeof testServices>>;
type Person = { userId: string; cookie: string; licenseeId: string | null };
let owner: Person;
let other: Person;
let admin: Person;
let agreementId: string;

let ipSeq = 0;
async function person(name: string, opts: { licensee?: boolean; admin?: boolean } = {}): Promise<Person> {
  const email = `${name.toLowerCase().replace(/\W+/g, ".")}.${++ipSeq}@example.com`;
  const { cookie } = await signUpAndSignIn(s, {
    fullName: name,
    email,
    password: "s3cure-pass-2026",
    ip: `10.9.0.${ipSeq}`,
  });
  const [u] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (opts.admin) await t.db.update(user).set({ role: "admin" }).where(eq(user.id, u!.id));
  let licenseeId: string | null = null;
  if (opts.licensee !== false) {
    const [lic] = await t.db
      .insert(licensees)
      .values({ userId: u!.id, email, companyName: `${name} Law`, contactName: name })
      .returning({ id: licensees.id });
    licenseeId = lic!.id;
  }
  return { userId: u!.id, cookie, licenseeId };
}

const get = (p: Person | null, url: string) =>
  new Request(`${TEST_ORIGIN}${url}`, { headers: p ? { cookie: p.cookie, "user-agent": "Vitest" } : {} });
const post = (p: Person, url: string, fields: Record<string, string>) =>
  formPost(url, fields, { cookie: p.cookie, "user-agent": "Mozilla/5.0 (Vitest)" });

/** Runs a child route behind the portal layout's guard, as the router does (with `svc`'s configuration). */
async function portal<T>(
  request: Request,
  run: (ctx: ReturnType<typeof routeContext>) => Promise<T> | T,
  svc: Awaited<ReturnType<typeof testServices>> = s,
) {
  const context = routeContext(svc, "203.0.113.77");
  let out: unknown;
  try {
    out = await runMiddleware(portalMiddleware, { request, context }, async () => {
      out = await run(context);
      return out as Response;
    });
  } catch (err) {
    out = err;
  }
  return answerOf(out);
}

const detail = (p: Person | null, id: string, svc = s) =>
  portal(
    get(p, `/dashboard/agreements/${id}`),
    (context) =>
      callRoute(detailLoader, { request: get(p, `/dashboard/agreements/${id}`), context, params: { agreementId: id } }),
    svc,
  );
const pdf = (p: Person | null, id: string, svc = s) =>
  portal(
    get(p, `/dashboard/agreements/${id}/pdf`),
    (context) =>
      callRoute(pdfLoader, {
        request: get(p, `/dashboard/agreements/${id}/pdf`),
        context,
        params: { agreementId: id },
      }),
    svc,
  );
const sign = (p: Person, id: string, fields: Record<string, string>) =>
  portal(post(p, `/dashboard/agreements/${id}`, fields), (context) =>
    callRoute(signAction, {
      request: post(p, `/dashboard/agreements/${id}`, fields),
      context,
      params: { agreementId: id },
    }),
  );
async function fetchDocument(p: Person | null, path: string, id = agreementId, svc = s) {
  const res = (await callRoute(documentLoader, {
    request: get(p, path),
    context: routeContext(svc),
    params: { agreementId: id },
  })) as Response;
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}
const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

beforeAll(async () => {
  t = await createTestDb();
  s = await testServices(t);
  owner = await person("Dana Hartwell");
  other = await person("Mallory Quince");
  admin = await person("Ada Admin", { licensee: false, admin: true });
  const l = await seedLicence(t.db, owner.licenseeId!);
  agreementId = (await draftAgreement(t.db, { licenseeId: owner.licenseeId!, territoryLicenseId: l.licenceId }))
    .agreementId;
});
afterAll(() => t.close());

describe("the agreements list", () => {
  it("shows the licensee's own agreements and nobody else's", async () => {
    const mine = await portal(get(owner, "/dashboard/agreements"), (context) =>
      callRoute(listLoader, { request: get(owner, "/dashboard/agreements"), context }),
    );
    expect((mine.body as { agreements: { id: string }[] }).agreements.map((a) => a.id)).toEqual([agreementId]);
    const theirs = await portal(get(other, "/dashboard/agreements"), (context) =>
      callRoute(listLoader, { request: get(other, "/dashboard/agreements"), context }),
    );
    expect((theirs.body as { agreements: unknown[] }).agreements).toEqual([]);
  });

  it("sends a visitor to sign in", async () => {
    const r = await portal(get(null, "/dashboard/agreements"), () => ({}));
    expect(r.status).toBe(302);
    expect(r.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
  });
});

describe("another licensee gets 404 everywhere", () => {
  it("on the agreement page, its PDF address and its sign action, and nothing is written", async () => {
    expect((await detail(other, agreementId)).status).toBe(404);
    expect((await pdf(other, agreementId)).status).toBe(404);
    const shown = await detail(owner, agreementId);
    const hash = (shown.body as { agreement: { documentSha256: string } }).agreement.documentSha256;
    const r = await sign(other, agreementId, { signerName: "Mallory Quince", consent: "on", documentSha256: hash });
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ ok: false, code: "agreement_not_found" });
    const [row] = await t.db.select().from(agreements).where(eq(agreements.id, agreementId));
    expect(row).toMatchObject({ status: "pending", signedAt: null });
  });

  it("on the PDF link minted for the owner, and on a malformed or unknown id", async () => {
    const link = documentLinkPath(s.config.authSecret, { agreementId, userId: owner.userId });
    expect((await fetchDocument(other, link)).status).toBe(404);
    expect((await fetchDocument(null, link)).status).toBe(404);
    expect((await fetchDocument(admin, link)).status).toBe(404);
    expect((await detail(owner, "not-a-uuid")).status).toBe(404);
    expect((await detail(owner, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    // A link minted for someone for another agreement id does not open this one.
    const theirs = documentLinkPath(s.config.authSecret, { agreementId, userId: other.userId });
    expect((await fetchDocument(other, theirs)).status).toBe(404);
  });
});

describe("the PDF link", () => {
  it("redirects the owner to a short-lived signed link that serves the PDF inline or as a download", async () => {
    const r = await pdf(owner, agreementId);
    expect(r.status).toBe(302);
    const location = r.headers.get("location")!;
    expect(location).toMatch(new RegExp(`^/resources/agreements/${agreementId}/document\\?u=.+&e=\\d+&s=`));
    const doc = await fetchDocument(owner, location);
    expect(doc.status).toBe(200);
    expect(doc.headers.get("content-type")).toBe("application/pdf");
    expect(doc.headers.get("content-disposition")).toMatch(
      /^inline; filename="PoundCodes-Adjunct-Marketing-Agreement-PC-/,
    );
    expect(doc.headers.get("cache-control")).toBe("private, no-store");
    expect(Buffer.from(doc.bytes.slice(0, 5)).toString()).toBe("%PDF-");
    const dl = await pdf(owner, agreementId).then((x) => x);
    expect(dl.status).toBe(302);
    const download = documentLinkPath(s.config.authSecret, { agreementId, userId: owner.userId, download: true });
    expect((await fetchDocument(owner, download)).headers.get("content-disposition")).toMatch(/^attachment;/);
  });

  it("lets an administrator read any agreement with a link minted for them", async () => {
    expect((await detail(admin, agreementId)).status).toBe(200);
    const r = await pdf(admin, agreementId);
    expect((await fetchDocument(admin, r.headers.get("location")!)).status).toBe(200);
  });

  it("with ADMIN_2FA=required, gives an administrator without two-factor nothing of anyone else's", async () => {
    const required = await testServices(t, { ADMIN_2FA: "required" });
    expect((await detail(admin, agreementId, required)).status).toBe(404);
    expect((await pdf(admin, agreementId, required)).status).toBe(404);
    const minted = documentLinkPath(s.config.authSecret, { agreementId, userId: admin.userId });
    expect((await fetchDocument(admin, minted, agreementId, required)).status).toBe(404);
    // The owner is unaffected.
    expect((await detail(owner, agreementId, required)).status).toBe(200);
  });

  it("refuses a tampered link (404) and an expired one (410)", async () => {
    const link = documentLinkPath(s.config.authSecret, { agreementId, userId: owner.userId });
    const url = new URL(link, TEST_ORIGIN);
    const sig = url.searchParams.get("s")!;
    const flipped = new URL(url);
    flipped.searchParams.set("s", `${sig[0] === "A" ? "B" : "A"}${sig.slice(1)}`);
    const later = new URL(url);
    later.searchParams.set("e", String(Number(url.searchParams.get("e")) + 3600));
    const stripped = new URL(url);
    stripped.searchParams.delete("s");
    for (const u of [flipped, later, stripped]) {
      expect((await fetchDocument(owner, `${u.pathname}${u.search}`)).status).toBe(404);
    }
    const foreign = documentLinkPath("another-secret-another-secret-0000", { agreementId, userId: owner.userId });
    expect((await fetchDocument(owner, foreign)).status).toBe(404);
    const expired = documentLinkPath(
      s.config.authSecret,
      { agreementId, userId: owner.userId },
      new Date(Date.now() - 10 * 60 * 1000),
    );
    const gone = await fetchDocument(owner, expired);
    expect(gone.status).toBe(410);
    expect(Buffer.from(gone.bytes).toString()).toContain("expired");
  });
});

describe("signing through the page's action", () => {
  it("keeps what was typed and names each problem when the name is missing or consent unchecked", async () => {
    const shown = await detail(owner, agreementId);
    const hash = (shown.body as { agreement: { documentSha256: string } }).agreement.documentSha256;
    const r = await sign(owner, agreementId, { signerName: "  ", documentSha256: hash });
    expect(r.status).toBe(400);
    const body = r.body as { result: { error: Record<string, string[]> } };
    expect(body.result.error).toEqual({
      signerName: ["Please type your full name to sign."],
      consent: ["Please confirm that you agree to sign electronically."],
    });
    const kept = await sign(owner, agreementId, { signerName: "Dana Hartwell", documentSha256: hash });
    expect((kept.body as { result: { initialValue: Record<string, string> } }).result.initialValue.signerName).toBe(
      "Dana Hartwell",
    );
  });

  it("records the SHA-256 of the document the owner was shown, then refuses to sign again", async () => {
    const link = (await pdf(owner, agreementId)).headers.get("location")!;
    const before = await fetchDocument(owner, link);
    const shown = await detail(owner, agreementId);
    const hash = (shown.body as { agreement: { documentSha256: string } }).agreement.documentSha256;
    expect(hash).toBe(sha(before.bytes));
    const r = await sign(owner, agreementId, { signerName: "Dana Hartwell", consent: "on", documentSha256: hash });
    expect(r.status).toBe(302);
    expect(r.headers.get("location")).toBe(`/dashboard/agreements/${agreementId}`);
    expect(r.headers.get("set-cookie")).toContain("pc_flash=");
    const [row] = await t.db.select().from(agreements).where(eq(agreements.id, agreementId));
    expect(row).toMatchObject({
      status: "active",
      signerName: "Dana Hartwell",
      signerUserId: owner.userId,
      signerIp: "203.0.113.77",
      signerUserAgent: "Mozilla/5.0 (Vitest)",
      documentSha256: sha(before.bytes),
    });
    // The document now served is the signed one: the reviewed pages plus the certificate.
    const after = await fetchDocument(owner, (await pdf(owner, agreementId)).headers.get("location")!);
    expect(after.status).toBe(200);
    expect(after.bytes.byteLength).toBeGreaterThan(before.bytes.byteLength);
    const again = await sign(owner, agreementId, { signerName: "Dana Hartwell", consent: "on", documentSha256: hash });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ ok: false, code: "agreement_already_signed", title: "Already Signed" });
  });
});
