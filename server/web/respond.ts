/**
 * The one place a {@link DomainError} becomes an HTTP answer, for actions, loaders and resource routes alike.
 * Anything that is not a DomainError is re-thrown: it is a bug, logged by the server and shown as the generic
 * error page, never as a stack trace. The refusal's shape, like the success an action answers, is the answer contract
 * in kernel/answers.ts, which components read too.
 */
import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import type { Refusal } from "#kernel/answers.ts";
import { isDomainError } from "#server/domain/errors.ts";
import { keptEncoding, negotiateEncoding } from "#server/http/compression.ts";

type Replyable = {
  reply: (opts?: {
    fieldErrors?: Record<string, string[]>;
    formErrors?: string[];
    hideFields?: string[];
  }) => SubmissionResult<string[]>;
};

export type RefusalOptions = {
  /** Fields whose typed values are not sent back (passwords). */
  hideFields?: string[];
  /**
   * Where a refusal that is not about one field is shown: `inline` also puts it in the form's error list (forms
   * that must work without JavaScript), `toast` leaves it to the toast (dialogs).
   */
  refusals?: "inline" | "toast";
};

function retryHeaders(retryAfterSeconds: number | undefined): HeadersInit | undefined {
  return retryAfterSeconds ? { "Retry-After": String(retryAfterSeconds) } : undefined;
}

/** An action's answer to a thrown error: a DomainError becomes a {@link Refusal}; anything else is re-thrown. */
export function refusal(err: unknown, submission?: Replyable, opts: RefusalOptions = {}) {
  if (!isDomainError(err)) throw err;
  const inline = (opts.refusals ?? "inline") === "inline";
  const result = submission?.reply({
    fieldErrors: err.fieldErrors,
    formErrors: !err.fieldErrors && inline ? [err.message] : undefined,
    hideFields: opts.hideFields,
  });
  const body: Refusal = { ok: false, code: err.code, title: err.title, message: err.message, result };
  return data(body, { status: err.status, headers: retryHeaders(err.retryAfterSeconds) });
}

/** A loader's answer to a thrown error: a DomainError is thrown as a route error response for the error boundary. */
export function throwAsRouteError(err: unknown): never {
  if (!isDomainError(err)) throw err;
  throw data(
    { code: err.code, title: err.title, message: err.message },
    { status: err.status, headers: retryHeaders(err.retryAfterSeconds) },
  );
}

/** A JSON resource route's answer to a thrown error. */
export function jsonRefusal(err: unknown): Response {
  if (!isDomainError(err)) throw err;
  return Response.json(
    { error: err.message, code: err.code, title: err.title },
    { status: err.status, headers: retryHeaders(err.retryAfterSeconds) },
  );
}

/**
 * A CSV file to download: UTF-8 with a byte-order mark (spreadsheet programs then read accents correctly), never
 * cached, never sniffed as anything else. Cells a spreadsheet would run as formulas are the caller's to neutralise
 * (server/domain/crm/csv.ts).
 */
export function csvDownload(csv: string, filename: string): Response {
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/**
 * A text kept and sent many times as it is (a read model's document: the sitemap) as the answer, compressed once per
 * encoding ({@link keptEncoding}) rather than by the compression middleware on every response. `owner` is the kept
 * object the text belongs to, `name` the text's name in it.
 */
export async function keptTextResponse(
  request: Request,
  kept: { owner: object; name: string; text: string },
  headers: Record<string, string>,
): Promise<Response> {
  const accepted = negotiateEncoding(request.headers.get("accept-encoding"));
  const { encoding, bytes } = keptEncoding(kept.owner, kept.name, kept.text, accepted);
  const body = await bytes;
  const answer = new Headers(headers);
  answer.set("Vary", "Accept-Encoding");
  if (encoding !== "identity") answer.set("Content-Encoding", encoding);
  answer.set("Content-Length", String(body.byteLength));
  return new Response(body, { headers: answer });
}
