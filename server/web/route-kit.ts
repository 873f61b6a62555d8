/**
 * The route kit: what every loader and action needs, so a route module stays "guard → parse → one domain call →
 * answer". Route modules import from here (and from the guards), never from server/db.
 *
 * A form action is a few lines:
 *
 *   export const action = (args: Route.ActionArgs) =>
 *     formAction(args, {
 *       schema: contactSchema,
 *       publicForm: "contact",
 *       run: (value, { s, actor }) => submitContact(s.db, actor, value),
 *     });
 *
 * `run` returns the success answer (or a redirect); a DomainError it throws becomes the {@link Refusal} every
 * form understands, with the typed values kept.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { RouterContextProvider } from "react-router";
import { data } from "react-router";
import type { z } from "zod";
import type { Refusal } from "#kernel/answers.ts";
import { FORM_KEY_FIELD, readFormKey } from "#kernel/forms.ts";
import { getUser, type SessionUser } from "#server/auth/guards.ts";
import { type AppServices, requestContext, servicesContext } from "#server/context.ts";
import type { Actor } from "#server/domain/actor.ts";
import type { BillingOptions } from "#server/domain/billing/shared.ts";
import { CONTENT_ONLY } from "#server/domain/idempotency/once.ts";
import type { LedgerOptions } from "#server/domain/wallet/ledger.ts";
import { billingGateway } from "#server/integrations/stripe/client.ts";
import { readForm } from "./forms.ts";
import { guardPublicForm } from "./public-forms.ts";
import { type RefusalOptions, refusal } from "./respond.ts";

export type RouteArgs = { request: Request; context: Readonly<RouterContextProvider> };

/** The application's services (config, database, auth, mail, logger) for this request. */
export function services(context: Readonly<RouterContextProvider>): AppServices {
  return context.get(servicesContext);
}

/**
 * Which form of a page with several was sent: its `intent` field, read from a copy of the request (the action's
 * form kit reads the original), or `fallback` when there is none.
 */
export async function formIntent<F extends string | null>(request: Request, fallback: F): Promise<string | F> {
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  const intent = form?.get("intent");
  return typeof intent === "string" ? intent : fallback;
}

/** What a ledger entry needs: the low-balance threshold, the links' base, and the queue of auto-recharges. */
export function ledgerOptions(s: AppServices): LedgerOptions {
  return {
    lowBalanceCents: s.config.lowBalanceCents,
    publicUrl: s.config.publicUrl,
    recharge: s.jobs.started ? s.jobs : null,
  };
}

/** What a license's billing needs: links, sales' address, the dunning days, the provider and the timer queue. */
export function billingOptions(s: AppServices): BillingOptions {
  return {
    publicUrl: s.config.publicUrl,
    salesEmail: s.config.salesEmail,
    dunning: s.config.dunning,
    gateway: billingGateway(s.config.stripe),
    jobs: s.jobs.started ? s.jobs : null,
  };
}

/** The client's address as the server determined it from the connection. */
export function clientIp(context: Readonly<RouterContextProvider>): string {
  return context.get(requestContext).ip;
}

/** The caller as the domain sees it: the signed-in user (if any), their role and their address. */
export function actorFor(user: SessionUser | null, context: Readonly<RouterContextProvider>): Actor {
  return { userId: user?.id ?? null, role: user?.role, ip: clientIp(context) };
}

export type FormKit = {
  s: AppServices;
  user: SessionUser | null;
  actor: Actor;
  request: Request;
  context: Readonly<RouterContextProvider>;
  form: FormData;
  /**
   * A public form's one-time key (ADR 027): the one the browser sent, or CONTENT_ONLY for a form sent without it.
   * Pass it to the domain verb, which answers a retry with the first answer. Unset for other forms.
   */
  idempotencyKey?: string;
};

export type FormActionOptions<S extends z.ZodType, R> = RefusalOptions & {
  schema: S;
  /** Set for forms anyone can post: the honeypot and the per-address rate limit run first, under this name. */
  publicForm?: string;
  /** The domain call. Its DomainErrors become refusals; anything else is a bug and is re-thrown. */
  run: (value: z.output<S>, kit: FormKit) => Promise<R>;
};

/**
 * Reads the form safely, runs the public-form guard when asked, parses with the form's schema (400 with the
 * schema's messages), runs the domain call and answers. What the call changed is the domain's to record: the pages
 * showing it are dropped and its emails sent once its transaction commits (server/domain/changes.ts).
 */
export async function formAction<S extends z.ZodType, R>(args: RouteArgs, opts: FormActionOptions<S, R>) {
  const { request, context } = args;
  const s = services(context);
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: opts.schema });
  try {
    if (opts.publicForm) await guardPublicForm(s, clientIp(context), form, opts.publicForm);
  } catch (err) {
    return refusal(err, submission, opts);
  }
  if (submission.status !== "success") {
    const result = submission.reply({ hideFields: opts.hideFields });
    const first = Object.values(result.error ?? {}).flat()[0] ?? "Please check the form and try again.";
    const body: Refusal = { ok: false, code: "invalid_input", title: "Please check the form", message: first, result };
    return data(body, { status: 400 });
  }
  const user = await getUser(context, request);
  try {
    const answer = await opts.run(submission.value as z.output<S>, {
      s,
      user,
      actor: actorFor(user, context),
      request,
      context,
      form,
      ...(opts.publicForm ? { idempotencyKey: readFormKey(form.get(FORM_KEY_FIELD)) ?? CONTENT_ONLY } : {}),
    });
    return answer;
  } catch (err) {
    if (err instanceof Response) throw err;
    return refusal(err, submission, opts);
  }
}
