/**
 * Toasts that survive a redirect: a signed, short-lived cookie set by the action and consumed by the root loader.
 * Works without JavaScript (the page after the redirect renders it).
 */
import { createCookie, redirect } from "react-router";

export type FlashToast = {
  id: string;
  type: "success" | "error" | "info";
  title: string;
  description?: string;
  durationMs?: number;
};

let cached: { secret: string; cookie: ReturnType<typeof createCookie> } | undefined;

function flashCookie(secret: string, secure: boolean) {
  if (cached?.secret !== secret) {
    cached = {
      secret,
      cookie: createCookie("pc_flash", {
        httpOnly: true,
        sameSite: "lax",
        path: "/",
        secure,
        secrets: [secret],
        maxAge: 60,
      }),
    };
  }
  return cached.cookie;
}

/** The slice of Config the flash cookie needs. */
type CookieOpts = { authSecret: string; publicUrl: string };
const cookieFor = (o: CookieOpts) => flashCookie(o.authSecret, o.publicUrl.startsWith("https://"));

export async function flashHeader(opts: CookieOpts, toast: Omit<FlashToast, "id">): Promise<string> {
  return cookieFor(opts).serialize({ ...toast, id: crypto.randomUUID() });
}

export async function redirectWithToast(
  opts: CookieOpts,
  url: string,
  toast: Omit<FlashToast, "id">,
  init?: ResponseInit,
) {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await flashHeader(opts, toast));
  return redirect(url, { ...init, headers });
}

/** Read and clear. Returns the toast (or null) and the Set-Cookie header that clears it (or null). */
export async function consumeFlash(
  opts: CookieOpts,
  request: Request,
): Promise<{ toast: FlashToast | null; clear: string | null }> {
  const cookie = cookieFor(opts);
  const header = request.headers.get("Cookie");
  if (!header?.includes("pc_flash=")) return { toast: null, clear: null };
  const value = (await cookie.parse(header)) as FlashToast | null;
  const clear = await cookie.serialize("", { maxAge: 0 });
  if (!value || typeof value !== "object" || typeof value.title !== "string") return { toast: null, clear };
  return { toast: value, clear };
}
