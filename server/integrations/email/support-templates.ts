/**
 * Emails of the support tickets: each reply tells the other side (a licensee's reply goes to the support desk,
 * an administrator's reply to the ticket's owner), and a new ticket tells the desk. Each links to the thread.
 * Laid out by `message` in templates.ts.
 */
import type { EmailMessage } from "../../domain/email/outbox.ts";
import { message } from "./templates.ts";

/** Template names, as stored on outbox rows. */
export const SUPPORT_TEMPLATES = {
  ticketCreated: "support_ticket_created",
  replyToDesk: "support_ticket_reply_to_desk",
  replyToOwner: "support_ticket_reply_to_owner",
} as const;

/** The licensee's thread (works as a link from an email: the ticket is in the URL). */
export function portalTicketUrl(publicUrl: string, ticketId: string): string {
  return `${publicUrl}/dashboard/support-tickets?ticket=${ticketId}`;
}

/** The administrator's thread. */
export function adminTicketUrl(publicUrl: string, ticketId: string): string {
  return `${publicUrl}/admin/support-tickets/${ticketId}`;
}

/** One line for a subject: whitespace collapsed, at most `max` characters. */
function oneLine(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export type TicketEmailData = {
  ticketId: string;
  subject: string;
  priorityLabel: string;
  statusLabel: string;
  /** The status in the owner's words ('Awaiting your reply'), for the owner's emails. */
  ownerStatusLabel: string;
  /** The ticket owner's name and address. */
  ownerName: string;
  ownerEmail: string;
  /** The owner's company, when they have a licensee record. */
  company: string | null;
  publicUrl: string;
};

/** To the support desk: a licensee opened a ticket. */
export function ticketCreatedNotice(deskEmail: string, t: TicketEmailData & { description: string }): EmailMessage {
  return message(
    SUPPORT_TEMPLATES.ticketCreated,
    deskEmail,
    oneLine(`New support ticket: ${t.subject}`),
    [
      `${t.ownerName}${t.company ? ` (${t.company})` : ""} opened a support ticket with ${t.priorityLabel.toLowerCase()} priority.`,
      [`Subject: ${t.subject}`, `From: ${t.ownerName} <${t.ownerEmail}>`, `Priority: ${t.priorityLabel}`].join("\n"),
      `Description:\n${t.description}`,
      "Reply from the ticket's thread in the admin area; the licensee is emailed when you do.",
    ],
    { label: "Open the ticket", url: adminTicketUrl(t.publicUrl, t.ticketId) },
  );
}

/** To the support desk: the ticket's owner replied (the ticket is now waiting for an administrator). */
export function replyToDeskNotice(deskEmail: string, t: TicketEmailData & { reply: string }): EmailMessage {
  return message(
    SUPPORT_TEMPLATES.replyToDesk,
    deskEmail,
    oneLine(`New reply on ticket: ${t.subject}`),
    [
      `${t.ownerName}${t.company ? ` (${t.company})` : ""} replied to the ticket "${t.subject}". It is now ${t.statusLabel}.`,
      `Reply:\n${t.reply}`,
    ],
    { label: "Open the ticket", url: adminTicketUrl(t.publicUrl, t.ticketId) },
  );
}

/** To the ticket's owner: the support team replied. */
export function replyToOwnerNotice(t: TicketEmailData & { reply: string }): EmailMessage {
  return message(
    SUPPORT_TEMPLATES.replyToOwner,
    t.ownerEmail,
    oneLine(`PoundCodes support replied: ${t.subject}`),
    [
      `Hi ${t.ownerName},`,
      `Our support team replied to your ticket "${t.subject}" (status: ${t.ownerStatusLabel}).`,
      `Reply:\n${t.reply}`,
      "You can answer from the ticket's page in your dashboard. Please do not reply to this email: replies here are not read.",
    ],
    { label: "View the conversation", url: portalTicketUrl(t.publicUrl, t.ticketId) },
  );
}
