/**
 * The guard every public form passes before its domain call (ARCHITECTURE §6.5): a honeypot field that people
 * leave empty, and a per-address rate limit kept in the database.
 */
import type { RouterContextProvider } from "react-router";
import type { AppServices } from "../context.ts";
import { hitRateLimit, RATE_RULES } from "../domain/ratelimit/ratelimit.ts";
import { clientIp } from "./forms.ts";

export const HONEYPOT_FIELD = "website";

export type FormRejection = { ok: false; title: string; message: string; status: number };

export async function guardPublicForm(
  s: AppServices,
  context: Readonly<RouterContextProvider>,
  form: FormData,
  formName: string,
): Promise<FormRejection | null> {
  const trap = form.get(HONEYPOT_FIELD);
  if (typeof trap === "string" && trap.trim() !== "") {
    return {
      ok: false,
      title: "Submission Failed",
      message: "Your request could not be accepted. Please try again.",
      status: 400,
    };
  }
  if (!s.config.rateLimit) return null;
  const r = await hitRateLimit(s.db, `${formName}:${clientIp(context)}`, RATE_RULES.publicForm);
  if (!r.allowed) {
    const minutes = Math.ceil(r.retryAfterSeconds / 60);
    return {
      ok: false,
      title: "Too Many Requests",
      message: `You have sent several requests in a short time. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      status: 429,
    };
  }
  return null;
}
