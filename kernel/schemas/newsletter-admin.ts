/**
 * The admin newsletter (spec 2 §2, §5, §8): compose, test send, send, subscriber removal; the forms' schemas and
 * the product's strings. Browser-safe: zod only.
 */
import { z } from "zod";

/** A campaign's subject line, at most this long. */
export const CAMPAIGN_SUBJECT_MAX = 200;
/** A campaign's HTML content, at most this long (well under the edge's 1 MB body limit). */
export const CAMPAIGN_CONTENT_MAX = 200_000;

export const NEWSLETTER_ADMIN_TEXT = {
  pageTitle: "Newsletter",
  /** Spec 2 §5: both fields are required, with one message. */
  required: "Subject and content are required.",
  /** Under the compose card's title: what to do, not the rule (the rule's one wording is the refusal's, above). */
  composeHint: "Write a subject and the content, then preview it or send yourself a test before it goes out.",
  /** Spec 2 §8. */
  errorFetching: "Error fetching subscribers",
  errorRemoving: "Error removing subscriber",
  noSubscribers: "No subscribers yet. Addresses appear here once their owners confirm the footer sign-up.",
  noMatch: "No subscribers match your search.",
  noCampaigns: "No newsletters sent yet.",
  removeWarning:
    "The address is deleted from the list and receives no further newsletters, including any still being delivered. This cannot be undone.",
  removed: (email: string) => ({ title: "Subscriber removed", message: `${email} will not receive the newsletter.` }),
  sendDisabled: "There are no subscribers to send to yet.",
  started: (n: number) => ({
    title: "Newsletter sending",
    message: `Delivering to ${n === 1 ? "1 subscriber" : `${n.toLocaleString("en-US")} subscribers`}.`,
  }),
  testSent: (to: string) => ({
    title: "Test Email Sent",
    message: `A test of this newsletter is on its way to ${to}.`,
  }),
  campaignNotFound: "This newsletter does not exist.",
  noSubscribersRefusal: {
    title: "No subscribers",
    message: "There are no confirmed subscribers to send this newsletter to.",
  },
  alreadyStarted: {
    title: "Already sent",
    message: "This newsletter has already been sent or is being sent.",
  },
} as const;

const required = NEWSLETTER_ADMIN_TEXT.required;

const subjectField = z
  .string({ error: required })
  .trim()
  .min(1, required)
  .max(CAMPAIGN_SUBJECT_MAX, `Keep the subject under ${CAMPAIGN_SUBJECT_MAX} characters.`);

/** Content counts as empty when it has no text and no image (an editor's empty `<p></p>` is empty). */
const contentField = z
  .string({ error: required })
  .trim()
  .max(CAMPAIGN_CONTENT_MAX, "This newsletter is too long. Please shorten it.")
  .refine((html) => /<img\b/i.test(html) || html.replace(/<[^>]*>/g, "").replace(/&nbsp;|\s/g, "") !== "", required);

/** The compose form's fields, shared by its three buttons. */
export const campaignFields = { subject: subjectField, content: contentField };

export const sendCampaignSchema = z.object({ intent: z.literal("send-campaign"), ...campaignFields });
export const sendCampaignTestSchema = z.object({ intent: z.literal("send-test"), ...campaignFields });
export const previewCampaignSchema = z.object({ intent: z.literal("preview"), ...campaignFields });
export const removeSubscriberSchema = z.object({
  intent: z.literal("remove-subscriber"),
  id: z.uuid(NEWSLETTER_ADMIN_TEXT.errorRemoving),
});

export type CampaignInput = { subject: string; content: string };

/** A campaign's delivery progress, as the campaign page and its live endpoint show it. */
export type CampaignProgress = {
  status: "draft" | "sending" | "sent";
  recipients: number;
  sent: number;
  failed: number;
  bounced: number;
  pending: number;
  sentAt: string | null;
};
