/** Refusals of the newsletter links and of the admin newsletter, with the product's strings from the kernel. */
import { NEWSLETTER_CONFIRM_LINK_INVALID, NEWSLETTER_UNSUBSCRIBE_LINK_INVALID } from "#kernel/schemas/newsletter.ts";
import { NEWSLETTER_ADMIN_TEXT } from "#kernel/schemas/newsletter-admin.ts";
import { DomainError, NotFoundError } from "../errors.ts";

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

/** The campaign named does not exist: 404. */
export class CampaignNotFoundError extends NotFoundError {
  override name = "CampaignNotFoundError";
  constructor() {
    super("newsletter_campaign_not_found", "Not Found", NEWSLETTER_ADMIN_TEXT.campaignNotFound);
  }
}

/** Sending needs at least one confirmed subscriber (the button is disabled too): 409. */
export class NoSubscribersError extends DomainError {
  override name = "NoSubscribersError";
  constructor() {
    super({
      code: "newsletter_no_subscribers",
      status: 409,
      title: NEWSLETTER_ADMIN_TEXT.noSubscribersRefusal.title,
      message: NEWSLETTER_ADMIN_TEXT.noSubscribersRefusal.message,
    });
  }
}

/** A campaign is sent once: 409. */
export class CampaignAlreadyStartedError extends DomainError {
  override name = "CampaignAlreadyStartedError";
  constructor() {
    super({
      code: "newsletter_campaign_started",
      status: 409,
      title: NEWSLETTER_ADMIN_TEXT.alreadyStarted.title,
      message: NEWSLETTER_ADMIN_TEXT.alreadyStarted.message,
    });
  }
}

/** The subscriber to remove is not on the list: 404 with the spec's 'Error removing subscriber'. */
export class SubscriberNotFoundError extends NotFoundError {
  override name = "SubscriberNotFoundError";
  constructor() {
    super(
      "newsletter_subscriber_not_found",
      NEWSLETTER_ADMIN_TEXT.errorRemoving,
      "This subscriber is no longer on the list.",
    );
  }
}
