/** External destinations: the call-analytics portal and the chat community. */
export const EXTERNAL_LINKS = {
  callAnalytics: "https://analytics.poundcodes.com",
  chatCommunity: "https://community.poundcodes.com",
} as const;

/** How visitors reach sales: shown in the header, footer, home and contact pages. */
export const CONTACT = {
  phone: "(800) 580-1500",
  phoneHref: "tel:+18005801500",
  salesEmail: "sales@poundcodes.com",
  hours: "Monday to Friday, 9:00 AM to 6:00 PM EST",
  /** The contact form addressed to a licensing advisor (`CONTACT_SERVICES.licensing` in kernel/schemas/contact.ts). */
  advisorForm: "/contact?service=licensing#contact-form",
} as const;
