/**
 * The profile screen's loader and action, and the /media route, called as React Router calls them: real requests
 * with real sessions, behind the portal guard, on a test database, with local-disk storage and with S3 storage
 * (the official SDK against a real S3-protocol server on loopback).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { portalMiddleware } from "#server/auth/guards.ts";
import { licensees, user } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import { CHANGE } from "#server/domain/changes.ts";
import { fileOf, gifBytes, HTML_BYTES, pngBytes, SVG_BYTES } from "#server/domain/profile/test-fixtures.ts";
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
import { startS3Server, type TestS3Server } from "#tests/support/s3-test-server.ts";
import { loader as mediaLoader } from "../resources/media.tsx";
import { action, loader } from "./profile.tsx";

type Services = Awaited<ReturnType<typeof testServices>>;

let t: TestDb;
let s3: TestS3Server;
const stores = {} as Record<"local disk" | "S3", Services>;
const MAX = 300 * 1024;

beforeAll(async () => {
  t = await createTestDb();
  s3 = await startS3Server();
  const env = { RATE_LIMIT: "false", UPLOAD_MAX_BYTES: String(MAX) };
  stores["local disk"] = await testServices(t, env);
  stores.S3 = await testServices(t, { ...env, ...s3.env });
});
afterAll(async () => {
  await s3?.stop();
  await t.close();
});

let seq = 0;
/** A member signed up through the real flow and signed in, with a licensee record unless asked otherwise. */
async function member(s: Services, opts: { licensee?: boolean; company?: string } = {}) {
  seq += 1;
  const email = `member${seq}-${Date.now()}@example.com`;
  const { cookie } = await signUpAndSignIn(s, {
    fullName: `Jordan Member${seq}`,
    companyName: opts.company,
    email,
    password: "s3cure-pass-2026",
    ip: `192.0.2.${seq % 250}`,
  });
  const [u] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (opts.licensee !== false) {
    await t.db.insert(licensees).values({ userId: u!.id, email, contactName: `Jordan Member${seq}` });
  }
  return { cookie, userId: u!.id, email };
}

/** Runs a loader or action behind the portal guard, as the layout's middleware does. */
async function guarded(s: Services, request: Request, fn: (args: never) => unknown) {
  const context = routeContext(s);
  let out: unknown;
  try {
    out = await runMiddleware(portalMiddleware, { request, context }, async () => {
      out = await callRoute(fn, { request, context });
      return out as Response;
    });
  } catch (err) {
    if (err instanceof Response) return answerOf(err);
    throw err;
  }
  return answerOf(out);
}

const page = (cookie?: string) =>
  new Request(`${TEST_ORIGIN}/dashboard/profile`, { headers: cookie ? { cookie } : {} });

function multipart(cookie: string, kind: string, file: File | null) {
  const body = new FormData();
  body.set("intent", "upload-image");
  body.set("kind", kind);
  body.set("image", file ?? new File([], "", { type: "application/octet-stream" }));
  return new Request(`${TEST_ORIGIN}/dashboard/profile`, {
    method: "POST",
    headers: { cookie, origin: TEST_ORIGIN },
    body,
  });
}

const post = (cookie: string, fields: Record<string, string>) => formPost("/dashboard/profile", fields, { cookie });

async function media(s: Services, url: string, cookie?: string) {
  const request = new Request(`${TEST_ORIGIN}${url}`, { headers: cookie ? { cookie } : {} });
  const [, , area, owner, file] = url.split("/");
  const res = (await callRoute(mediaLoader, {
    request,
    context: routeContext(s),
    params: { area: area!, owner: owner!, file: file! },
  })) as Response;
  return res;
}

const rowOf = async (userId: string) => (await t.db.select().from(licensees).where(eq(licensees.userId, userId)))[0];

const fields = {
  contactName: "Jordan Reyes",
  phone: "(404) 555-0177",
  companyName: "Reyes Injury Law",
  addressLine1: "200 Peachtree St",
  addressLine2: "",
  city: "Atlanta",
  stateProvince: "GA",
  postalCode: "30303",
  country: "United States",
};

describe("the guard", () => {
  it("sends a visitor to sign in", async () => {
    const r = await guarded(stores["local disk"], page(), loader);
    expect(r.status).toBe(302);
    expect(r.headers.get("location")).toBe("/login?redirectTo=%2Fdashboard%2Fprofile");
  });
});

describe("the profile form", () => {
  const s = () => stores["local disk"];

  it("loads the member's record, the read-only email and whether two-factor is on", async () => {
    const m = await member(s());
    const r = await guarded(s(), page(m.cookie), loader);
    expect(r.body).toMatchObject({
      profile: { account: { email: m.email, twoFactorEnabled: false }, licensee: { email: m.email } },
      maxBytes: MAX,
    });
  });

  it("saves and redirects with 'Profile Saved'; the email cannot be changed through the form", async () => {
    const m = await member(s());
    const r = await guarded(s(), post(m.cookie, { intent: "save", ...fields, email: "evil@example.com" }), action);
    expect(r.status).toBe(302);
    expect(r.headers.get("location")).toBe("/dashboard/profile");
    expect(r.headers.get("set-cookie")).toContain("pc_flash=");
    expect(await rowOf(m.userId)).toMatchObject({ ...fields, addressLine2: null, email: m.email });
  });

  it("refuses a blank contact name with 400, the message, and every typed value kept", async () => {
    const m = await member(s());
    const r = await guarded(s(), post(m.cookie, { intent: "save", ...fields, contactName: "  " }), action);
    expect(r.status).toBe(400);
    const body = r.body as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } };
    expect(body.result.error).toEqual({ contactName: ["Contact name is required."] });
    expect(body.result.initialValue).toMatchObject({ city: "Atlanta", companyName: "Reyes Injury Law" });
    expect((await rowOf(m.userId))!.city).toBeNull();
  });

  it("shows 'No Licensee Profile' data and creates the record, carrying the company typed at sign-up", async () => {
    const m = await member(s(), { licensee: false, company: "Hartwell & Reyes" });
    const before = await guarded(s(), page(m.cookie), loader);
    expect(before.body).toMatchObject({ profile: { licensee: null, account: { companyName: "Hartwell & Reyes" } } });
    const saveFirst = await guarded(s(), post(m.cookie, { intent: "save", ...fields }), action);
    expect(saveFirst.body).toMatchObject({ ok: false, title: "No Licensee Profile" });
    const r = await guarded(s(), post(m.cookie, { intent: "create", ...fields, companyName: "" }), action);
    expect(r.status).toBe(302);
    expect(await rowOf(m.userId)).toMatchObject({
      email: m.email,
      contactName: "Jordan Reyes",
      companyName: "Hartwell & Reyes",
    });
    const again = await guarded(s(), post(m.cookie, { intent: "create", ...fields }), action);
    expect(again).toMatchObject({ status: 409, body: { code: "licensee_exists" } });
  });
});

describe.each(["local disk", "S3"] as const)("images on %s storage", (store) => {
  const s = () => stores[store];

  it("runs on the adapter it names", () => {
    expect(s().storage.kind).toBe(store === "S3" ? "s3" : "local");
  });

  it.each([
    ["a PNG renamed .gif", async () => fileOf(await pngBytes(), "me.gif", "image/gif"), 415],
    ["an SVG", async () => fileOf(SVG_BYTES, "me.svg", "image/svg+xml"), 415],
    ["an HTML file named .png", async () => fileOf(HTML_BYTES, "me.png", "image/png"), 415],
    ["a 0-byte file", async () => fileOf(new Uint8Array(0), "me.png"), 400],
    ["a file over the limit", async () => fileOf(new Uint8Array(MAX + 10).fill(1), "me.png"), 413],
  ])("refuses %s: 'Upload Failed' with a clear message, nothing stored", async (_label, make, status) => {
    const m = await member(s());
    const r = await guarded(s(), multipart(m.cookie, "avatar", await make()), action);
    expect(r.status).toBe(status);
    expect(r.body).toMatchObject({ ok: false, intent: "upload-image", kind: "avatar", title: "Upload Failed" });
    expect((r.body as { message: string }).message).toMatch(/\w+ \w+ \w+/);
    expect((await rowOf(m.userId))!.avatarUrl).toBeNull();
  });

  it("asks for a file when none was chosen", async () => {
    const m = await member(s());
    const r = await guarded(s(), multipart(m.cookie, "logo", null), action);
    expect(r).toMatchObject({ status: 400, body: { kind: "logo", message: "Please choose an image to upload." } });
  });

  it("refuses a body declared larger than the limit before reading it", async () => {
    const m = await member(s());
    const req = multipart(m.cookie, "avatar", fileOf(await pngBytes(), "a.png"));
    const big = new Request(req, {
      headers: { ...Object.fromEntries(req.headers), "content-length": String(MAX * 4) },
    });
    const r = await guarded(s(), big, action);
    expect(r).toMatchObject({ status: 413, body: { title: "Upload Failed" } });
  });

  it("uploads an avatar, serves it to its owner only, and removal deletes it", async () => {
    const owner = await member(s());
    const other = await member(s());
    const up = await guarded(s(), multipart(owner.cookie, "avatar", fileOf(await pngBytes(), "Me.PNG")), action);
    expect(up.status).toBe(302);
    const url = (await rowOf(owner.userId))!.avatarUrl!;
    expect(url).toMatch(new RegExp(`^/media/profile_images/${owner.userId}/${owner.userId}-\\d+\\.png$`));

    const mine = await media(s(), url, owner.cookie);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-type")).toBe("image/png");
    expect(mine.headers.get("x-content-type-options")).toBe("nosniff");
    expect(mine.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
    expect(new Uint8Array(await mine.arrayBuffer()).slice(1, 4)).toEqual(new TextEncoder().encode("PNG"));
    expect((await media(s(), url, other.cookie)).status).toBe(404);
    expect((await media(s(), url)).status).toBe(404);

    // another member's removal acts on their own record: 404, the owner's image stays
    const theirs = await guarded(s(), post(other.cookie, { intent: "remove-image", kind: "avatar" }), action);
    expect(theirs).toMatchObject({ status: 404, body: { title: "Deletion Failed" } });
    expect((await media(s(), url, owner.cookie)).status).toBe(200);

    const gone = await guarded(s(), post(owner.cookie, { intent: "remove-image", kind: "avatar" }), action);
    expect(gone.status).toBe(302);
    expect((await rowOf(owner.userId))!.avatarUrl).toBeNull();
    expect((await media(s(), url, owner.cookie)).status).toBe(404);
    expect(await s().storage.get(url.slice("/media/".length))).toBeNull();
  });

  it("serves an avatar to an administrator, but not to one without two-factor when ADMIN_2FA=required", async () => {
    const owner = await member(s());
    const admin = await member(s(), { licensee: false });
    await t.db.update(user).set({ role: "admin" }).where(eq(user.id, admin.userId));
    await guarded(s(), multipart(owner.cookie, "avatar", fileOf(await pngBytes(), "me.png")), action);
    const url = (await rowOf(owner.userId))!.avatarUrl!;
    expect((await media(s(), url, admin.cookie)).status).toBe(200);
    const required: Services = { ...s(), config: { ...s().config, admin2fa: "required" } };
    expect((await media(required, url, admin.cookie)).status).toBe(404);
    expect((await media(required, url, owner.cookie)).status).toBe(200);
  });

  it("serves a logo publicly (it is on the landing page) and drops the public pages when it changes", async () => {
    const owner = await member(s());
    const dropped: string[][] = [];
    const stop = s().changes.subscribe((keys) => dropped.push([...keys]));
    const context = routeContext(s());
    const request = multipart(owner.cookie, "logo", fileOf(await gifBytes(), "logo.gif", "image/gif"));
    await runMiddleware(
      portalMiddleware,
      { request, context },
      async () => (await callRoute(action, { request, context })) as Response,
    ).catch((e: unknown) => e);
    stop();
    expect(dropped).toEqual([[CHANGE.landingPages]]);
    const url = (await rowOf(owner.userId))!.lawFirmLogoUrl!;
    const res = await media(s(), url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/gif");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });
});

describe("/media", () => {
  it("answers 404 for keys the domain never made", async () => {
    const s = stores["local disk"];
    for (const url of [
      "/media/profile_images/x/y-1.png",
      "/media/agreements/a/a-1.pdf",
      "/media/company_logos/a/..%2F..%2Fx",
    ]) {
      expect((await media(s, url)).status).toBe(404);
    }
  });
});
