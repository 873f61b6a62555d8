/**
 * The contact form's and the pricing inquiry's strings and the teams `/contact?service=` can address, without zod, so
 * the contact page does not pull the form library into its first JavaScript. The schemas are in contact.ts, which
 * re-exports all of this.
 */

export const CONTACT_SENT = {
  title: "Message Sent!",
  message: "Thanks for reaching out. We'll get back to you soon.",
} as const;
/** The contact form's failure toast title; the refusal's message goes under it. */
export const CONTACT_FAILED_TITLE = "Submission Failed";

export const INQUIRY_SENT = {
  title: "Inquiry Sent!",
  message: "Thank you for your interest. We will get back to you shortly.",
} as const;
/** The pricing inquiry form's failure toast title. */
export const INQUIRY_FAILED_TITLE = "Submission Error";

/** contacts.source of the leads these forms create. */
export const CONTACT_SOURCES = {
  contactForm: "contact_form",
  dataEnrichInquiry: "instant_caller_data_enrich_inquiry",
} as const;

/** How a contact's source reads in lists and emails. */
export const CONTACT_SOURCE_LABELS: Record<string, string> = {
  contact_form: "Contact form",
  instant_caller_data_enrich_inquiry: "Instant Caller Data Enrich inquiry",
  reservation: "Reservation",
  manual_entry: "Manual entry",
};

/** The teams `/contact?service=` can address, with the subject line it starts with and how the page greets. */
export const CONTACT_SERVICES = {
  licensing: {
    subject: "Licensing Advisor",
    label: "Licensing advisor",
    intro:
      "Tell us which #Code, vanity number or territory you have in mind. A licensing advisor will reply by email within one business day; for an answer now, call us during business hours.",
  },
  support: {
    subject: "Customer Support",
    label: "Customer support",
    intro:
      "Tell us which number or account this is about and what happened. A support specialist will reply by email, usually within one business day.",
  },
  crm: {
    subject: "CRM Integration",
    label: "CRM integration",
    intro:
      "Tell us which CRM or intake system you use and how you handle leads today. A solutions specialist will show you how calls, texts and web form leads can flow straight into it.",
  },
} as const;
export type ContactService = keyof typeof CONTACT_SERVICES;
