/**
 * What a domain module needs of the job queue (server/jobs/queue.ts): to enqueue its own job inside the caller's
 * transaction. Domain modules name their job and its data; the runtime satisfies this for every queue.
 */
import type { DbOrTx } from "#server/db/client.ts";

export type JobQueuePort<Name extends string, Data> = {
  enqueue(
    tx: DbOrTx,
    name: Name,
    data: Data,
    options?: { singletonKey?: string; startAfterSeconds?: number; retryLimit?: number },
  ): Promise<string | null>;
};
