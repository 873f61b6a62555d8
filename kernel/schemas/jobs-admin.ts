/** The Background Jobs screen (/admin/jobs): its retry form and the product's words, for both sides. */
import { z } from "zod";

/** What an administrator calls each queue. */
export const JOB_LABELS: Readonly<Record<string, { label: string; description: string }>> = {
  "email.deliver": {
    label: "Email delivery",
    description:
      "Every minute, sends any email left waiting in the outbox. New emails and retries go out without waiting for it.",
  },
  "reservations.expire": {
    label: "Reservation expiry",
    description: "Releases reservations whose hold has run out and tells the waitlist.",
  },
  maintenance: {
    label: "Maintenance",
    description: "Prunes old rate-limit counters and old emails, and removes expired links from stored emails.",
  },
  "newsletter.batch": { label: "Newsletter sending", description: "Sends a newsletter campaign, one batch at a time." },
};

export function jobLabel(name: string): string {
  return JOB_LABELS[name]?.label ?? name;
}

export const JOB_RETRIED = { title: "Job Queued Again", message: "It runs again in a moment." };
export const JOB_NOT_FOUND = {
  title: "Job Not Found",
  message: "This job no longer exists; it may have been cleaned up.",
};
export const JOB_NOT_FAILED = {
  title: "Job Not Failed",
  message: "Only a failed job can be retried; this one has already run again or is still waiting.",
};
export const JOBS_NOT_RUNNING = {
  title: "Background Jobs Not Running",
  message: "Background jobs have not started on this server yet. Try again in a moment.",
};

export const retryJobSchema = z.object({
  intent: z.literal("retry"),
  queue: z.string({ error: "This job does not exist." }).trim().min(1, "This job does not exist.").max(100),
  id: z.uuid("This job does not exist."),
});
