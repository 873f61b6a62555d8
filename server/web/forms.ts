/** Shared helpers for route actions: client IP, request headers for auth calls, reading a form safely. */
import type { RouterContextProvider } from "react-router";
import { requestContext } from "../context.ts";

export function clientIp(context: Readonly<RouterContextProvider>): string {
  return context.get(requestContext).ip;
}

/** Reads the form; a malformed body (e.g. wrong content type) becomes an empty form, never a 500. */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    return new FormData();
  }
}
