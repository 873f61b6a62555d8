/** FAQ items of the demo site, in four categories; display_order is per category, starting at 1. */

export interface FaqItemSeed {
  question: string;
  answer: string;
  category: string;
  isPublished: boolean;
  displayOrder: number;
}

export const FAQ_CATEGORIES = ["General", "Licensing", "Billing", "Technical"] as const;

export const FAQ_ITEMS: readonly FaqItemSeed[] = [
  {
    category: "General",
    displayOrder: 1,
    isPublished: true,
    question: "What is a #Code?",
    answer:
      "A #Code is a short, memorable word dialed from a mobile phone after the pound key, such as #4LAW or #HELP. The caller presses #, types the letters and presses Call, and the call is routed to the business that licenses that code in the caller's territory. Only ten #Codes exist.",
  },
  {
    category: "General",
    displayOrder: 2,
    isPublished: true,
    question: "How is a #Code different from a vanity number?",
    answer:
      "A vanity number spells a word with the digits of an ordinary phone number, like (800) LAW-HELP, and works from any phone. A #Code has no area code or digits at all and is dialed from mobile phones. Many licensees use a #Code as the headline of their advertising and a vanity number as a fallback for landline callers.",
  },
  {
    category: "General",
    displayOrder: 3,
    isPublished: true,
    question: "Who uses #Codes?",
    answer:
      "Law firms, disability and veterans advocates, contractors, real estate teams, movers, tax professionals and other businesses that advertise on radio, television and billboards. A #Code is most valuable wherever the audience cannot write a phone number down.",
  },
  {
    category: "General",
    displayOrder: 4,
    isPublished: true,
    question: "How can I reach your team?",
    answer:
      "Call (800) 580-1500, use the contact form or start a live chat. Our office hours are Monday to Friday, 9:00 AM to 6:00 PM Eastern; we are closed on weekends. Licensees can also open a support ticket from their dashboard.",
  },
  {
    category: "Licensing",
    displayOrder: 1,
    isPublished: true,
    question: "What does a territory license include?",
    answer:
      "Exclusive use of one #Code in one territory for the term of your agreement, call routing to the number of your choice, call analytics, a landing page for your firm and access to web form, click-to-call and click-to-message lead capture.",
  },
  {
    category: "Licensing",
    displayOrder: 2,
    isPublished: true,
    question: "How are territories defined?",
    answer:
      "Most territories are whole states. California, Texas, Florida, New York and Illinois are divided into portions along county lines, such as Southern California or East Texas, so regional businesses can license only the market they serve. The full-state fee for a split state is shown on each portion's card.",
  },
  {
    category: "Licensing",
    displayOrder: 3,
    isPublished: true,
    question: "How do I reserve a territory?",
    answer:
      "Open the territory map or list, select an available territory, choose a #Code in the category section and press Select Category & Reserve. Your reservation holds the territory while our team prepares your agreement. If the territory is licensed or in negotiations, you can join the waitlist instead.",
  },
  {
    category: "Licensing",
    displayOrder: 4,
    isPublished: true,
    question: "What happens if the #Code I want is already taken?",
    answer:
      "Join the waitlist from the territory card. Waitlisted businesses are contacted in the order they joined when a license ends or a negotiation falls through. In the meantime you can reserve another available #Code in the same territory.",
  },
  {
    category: "Licensing",
    displayOrder: 5,
    isPublished: true,
    question: "Can I add a neighboring territory later?",
    answer:
      "Yes. Licensees can take an option on an available adjacent territory. The option lasts five business days and the territory is priced at your own per-million-people monthly rate.",
  },
  {
    category: "Billing",
    displayOrder: 1,
    isPublished: true,
    question: "How are license fees calculated?",
    answer:
      "Each territory has a base monthly fee based on its 2020 Census population, with a minimum of $95.00 per month, and a one-time setup deposit. Each #Code is priced as a percentage of the base fee, and an optional keyword group adds a multiplier. The exact fees are shown on the territory card before you reserve.",
  },
  {
    category: "Billing",
    displayOrder: 2,
    isPublished: true,
    question: "Is the setup deposit refundable?",
    answer:
      "Yes, if you cancel within five business days of paying it. For example, a $200.00 deposit is refunded in full when the reservation is canceled within that window. After that, the deposit is applied to the setup of your license.",
  },
  {
    category: "Billing",
    displayOrder: 3,
    isPublished: true,
    question: "What do minutes, text messages and web form leads cost?",
    answer:
      "Usage is paid from your prepaid wallet: $0.05 per minute, $0.02 per SMS message and $0.50 per web form submission. Some large markets apply a multiplier to minutes and SMS, which is shown on the territory card; the web form price is the same everywhere.",
  },
  {
    category: "Billing",
    displayOrder: 4,
    isPublished: true,
    question: "How do I top up my wallet?",
    answer:
      "Open Billing in your dashboard and choose a top-up of $10.00, $25.00 or $50.00. Payment is handled by our card processor; the new balance appears once the payment is confirmed. Your transaction history lists every top-up and usage charge.",
  },
  {
    category: "Technical",
    displayOrder: 1,
    isPublished: true,
    question: "Which phones can dial a #Code?",
    answer:
      "#Codes are dialed from mobile phones on the major U.S. wireless networks. Landline and most VoIP callers should use your regular number or a vanity number, which is why we recommend showing one alongside your #Code in printed materials.",
  },
  {
    category: "Technical",
    displayOrder: 2,
    isPublished: true,
    question: "Can I change where my #Code calls ring?",
    answer:
      "Yes. Open a support ticket with the new destination number and the hours it should be used. Routing changes are usually completed within one business day, and you can route after-hours calls to an answering service.",
  },
  {
    category: "Technical",
    displayOrder: 3,
    isPublished: true,
    question: "Where do I see my calls and leads?",
    answer:
      "Call recordings, durations and caller locations are in the call analytics portal linked from your dashboard. Web form submissions appear under Form Submissions, and wallet charges appear under Billing.",
  },
  {
    category: "Technical",
    displayOrder: 4,
    isPublished: false,
    question: "Do you offer an API for call data?",
    answer:
      "Licensees on a managed marketing plan can receive a daily export of call and lead data for their CRM. Contact our team to arrange the format and delivery schedule.",
  },
];
