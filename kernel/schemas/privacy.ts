/** The privacy policy page's strings: its sections are editable content rows whose key starts with the prefix. */

export const PRIVACY_KEY_PREFIX = "privacy_policy_";

/** Shown when there are no privacy policy rows. */
export const PRIVACY_EMPTY_MESSAGE = "Privacy Policy content is not available at the moment. Please check back later.";

export type PrivacySection = {
  /** The content key, e.g. privacy_policy_sharing. */
  key: string;
  /** Anchor id on the page, e.g. "sharing". */
  id: string;
  title: string;
  /** Sanitized HTML. */
  html: string;
};

export type PrivacyPolicy = {
  /** Where the text came from: the content rows, the built-in text (the read failed) or nothing (no rows). */
  source: "content" | "fallback" | "empty";
  sections: PrivacySection[];
  /** ISO timestamp of the newest row's updated_at (or the built-in text's date); null when empty. */
  lastUpdated: string | null;
};
