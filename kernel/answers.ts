/**
 * The answer contract: what every form action answers, and what the browser reads back. The route kit
 * (server/web/respond.ts, route-kit.ts) and the resource routes produce these shapes; components read them, so a
 * component never writes its own `{ ok: false, … }`. Browser-safe: types and two small readers.
 */
import type { SubmissionResult } from "@conform-to/react";

/** What every action answers when it refuses: the toast title and message, and the form's state. */
export type Refusal = {
  ok: false;
  /** Stable and machine-readable: the DomainError's code, or `invalid_input` for a form that did not parse. */
  code: string;
  title: string;
  message: string;
  /** Conform's reply: typed values kept, field errors (and form errors when refusals show inline). */
  result?: SubmissionResult<string[]>;
};

/** What every action answers when it succeeds (plus the action's own fields). */
export type Success<T extends object = object> = { ok: true; title: string; message: string } & T;

/**
 * An action's answer: its success `S` or a {@link Refusal}. `S` is a plain {@link Success} unless the action says
 * more (`Answer<Success<{ ticketId: string }>>`) or answers data instead of a toast
 * (`Answer<{ ok: true; url: string }>`).
 */
export type Answer<S extends { ok: true } = Success> = S | Refusal;

/** Any action's answer, as the generic readers (dialogs, the page's answer notice) take it: a success may lack a
 * title and message. */
export type AnyAnswer = Answer<{ ok: true; title?: string; message?: string }>;

/** Whether an action's answer (or anything else, e.g. a route's `actionData`) is a refusal. */
export function isRefusal(answer: unknown): answer is Refusal {
  if (typeof answer !== "object" || answer === null) return false;
  const a = answer as { ok?: unknown; message?: unknown };
  return a.ok === false && typeof a.message === "string";
}

/**
 * The refusal of the form whose `intent` is given, from a page's action data (a page with several forms posting to
 * one action); null for anything else.
 */
export function refusalFor(answer: unknown, intent: string): Refusal | null {
  return isRefusal(answer) && answer.result?.initialValue?.intent === intent ? answer : null;
}
