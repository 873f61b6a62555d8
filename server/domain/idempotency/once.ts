/**
 * Public forms are idempotent (ADR 027): a retried submission — a second press, a resend after a lost answer, a
 * reload after a network error — gets the first submission's answer, and nothing is recorded twice (no second
 * contact, sign-up, waitlist entry or hold, no second email).
 *
 * A submission is known by the form, who sent it (the signed-in account, if any), the browser's one-time key and
 * what the form said. The key is made in the browser when the form appears (the page may be a cached copy, so the
 * server cannot make it) and kept until the form is answered with success; a form sent without JavaScript has none,
 * and its content alone is the key ({@link CONTENT_ONLY}). The same key with other content is another submission.
 * A key is answered for {@link SUBMISSION_RETENTION_DAYS} days; content alone for {@link CONTENT_ONLY_MINUTES}
 * minutes, so the same message sent again on purpose later (a sign-up whose email got lost) is a new one.
 *
 * A domain verb claims the submission first thing in its transaction ({@link firstAnswer}) and keeps its answer
 * with the claim before it commits ({@link keepAnswer}): a refusal rolls the claim back with everything else, so a
 * retry is decided afresh; a concurrent retry on PostgreSQL waits on the claim's unique key until the first commits,
 * then reads its answer. Claims are pruned after {@link SUBMISSION_RETENTION_DAYS} days.
 */
import { createHash } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "#server/db/client.ts";
import { idempotencyKeys } from "#server/db/schema/index.ts";
import type { Actor } from "../actor.ts";

/** The key of a form sent without one (no JavaScript): its content alone identifies it. */
export const CONTENT_ONLY = "content";

/** How long a submission's first answer is kept for its retries. */
export const SUBMISSION_RETENTION_DAYS = 7;
/** How long a submission without a key (its content alone) counts as the same one. */
export const CONTENT_ONLY_MINUTES = 60;

/** One submission of a public form, as the domain knows it, and how long a retry of it is answered as it. */
export type FormSubmission = { form: string; key: string; windowSeconds: number };

/**
 * The submission of `form` by `actor` with the browser's `key` (or {@link CONTENT_ONLY}) and `content` (what the
 * form said, as the verb reads it). Undefined without a key: the call is not a form's (scripts, tests, admins).
 */
export function formSubmission(
  form: string,
  actor: Pick<Actor, "userId">,
  key: string | undefined,
  content: unknown,
): FormSubmission | undefined {
  if (key === undefined) return undefined;
  const hash = createHash("sha256")
    .update(JSON.stringify([form, actor.userId ?? "", key, content]))
    .digest("hex");
  const windowSeconds = key === CONTENT_ONLY ? CONTENT_ONLY_MINUTES * 60 : SUBMISSION_RETENTION_DAYS * 86_400;
  return { form, key: hash, windowSeconds };
}

/**
 * Claims the submission in `tx`, as the transaction's first write. Answers `{ answer }`, the first submission's
 * answer, when it was made within its window (the caller returns it and records nothing); null when this is the
 * first, or the earlier one is past its window (the caller records it and ends with {@link keepAnswer}), or when
 * there is no submission.
 */
export async function firstAnswer(tx: Tx, submission: FormSubmission | undefined): Promise<{ answer: unknown } | null> {
  if (!submission) return null;
  const [claimed] = await tx
    .insert(idempotencyKeys)
    .values({ form: submission.form, key: submission.key })
    .onConflictDoUpdate({
      target: [idempotencyKeys.form, idempotencyKeys.key],
      set: { createdAt: sql`now()`, answer: null },
      setWhere: sql`${idempotencyKeys.createdAt} < now() - make_interval(secs => ${submission.windowSeconds})`,
    })
    .returning({ key: idempotencyKeys.key });
  if (claimed) return null;
  const [first] = await tx
    .select({ answer: idempotencyKeys.answer })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.form, submission.form), eq(idempotencyKeys.key, submission.key)));
  return { answer: first?.answer ?? null };
}

/** Keeps `answer` with the submission claimed by {@link firstAnswer} in the same transaction, and returns it. */
export async function keepAnswer<T>(tx: Tx, submission: FormSubmission | undefined, answer: T): Promise<T> {
  if (submission)
    await tx
      .update(idempotencyKeys)
      .set({ answer: (answer ?? null) as unknown })
      .where(and(eq(idempotencyKeys.form, submission.form), eq(idempotencyKeys.key, submission.key)));
  return answer;
}

/** Deletes claims older than `days` (maintenance). Returns how many. */
export async function pruneSubmissions(db: DbOrTx, days = SUBMISSION_RETENTION_DAYS): Promise<number> {
  const rows = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(days => ${days})`))
    .returning({ key: idempotencyKeys.key });
  return rows.length;
}
