/** Refusals of the newsletter links, with the product's strings from the kernel. */
import { NEWSLETTER_CONFIRM_LINK_INVALID, NEWSLETTER_UNSUBSCRIBE_LINK_INVALID } from "#kernel/schemas/newsletter.ts";
import { NotFoundError } from "../errors.ts";

/** The confirmation link is unknown, already used or expired. */
export class NewsletterConfirmLinkError extends NotFoundError {
  override name = "NewsletterConfirmLinkError";
  constructor() {
    super(
      "newsletter_confirm_link_invalid",
      NEWSLETTER_CONFIRM_LINK_INVALID.title,
      NEWSLETTER_CONFIRM_LINK_INVALID.message,
    );
  }
}

/** The unsubscribe link names no subscriber. */
export class NewsletterUnsubscribeLinkError extends NotFoundError {
  override name = "NewsletterUnsubscribeLinkError";
  constructor() {
    super(
      "newsletter_unsubscribe_link_invalid",
      NEWSLETTER_UNSUBSCRIBE_LINK_INVALID.title,
      NEWSLETTER_UNSUBSCRIBE_LINK_INVALID.message,
    );
  }
}
