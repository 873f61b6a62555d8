/**
 * The admin reservations and licenses screens (`/admin/reservations`, `/admin/licenses`): the forms (approve,
 * release, extend a hold, end a licence) and the product's words for their answers and refusals, shared by the
 * browser and the server.
 */
import { z } from "zod";

/** The most business days one extension adds to a hold. */
export const EXTEND_MAX_BUSINESS_DAYS = 10;
/** How long the set-your-password link in a new licensee's invitation works. */
export const INVITATION_VALID_DAYS = 7;
/** How long a waitlisted person is told they have to reserve a freed pair before the next in line is contacted. */
export const WAITLIST_RESPONSE_BUSINESS_DAYS = 2;

const reservationId = z.uuid({ error: "Choose a reservation." });
const licenceId = z.uuid({ error: "Choose a license." });

/** An optional dollar figure typed by an administrator ("2,000" or "1999.50"), as integer cents. */
const overrideDollars = (label: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? (v.replace(/[$,\s]/g, "") === "" ? undefined : v.replace(/[$,\s]/g, "")) : v),
    z
      .string()
      .regex(/^\d{1,7}(\.\d{1,2})?$/, `Enter the ${label} in dollars, for example 1999.50.`)
      .transform((v) => Math.round(Number(v) * 100))
      .optional(),
  );

/** Approval, with an optional negotiated monthly fee and/or setup deposit (a reason is then required). */
export const approveReservationSchema = z
  .object({
    intent: z.literal("approve"),
    reservationId,
    monthlyFeeCents: overrideDollars("monthly fee"),
    setupFeeCents: overrideDollars("setup deposit"),
    overrideReason: z.string().trim().max(300, "Keep the reason under 300 characters.").optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.monthlyFeeCents !== undefined || v.setupFeeCents !== undefined) && !v.overrideReason) {
      ctx.addIssue({
        code: "custom",
        path: ["overrideReason"],
        message: "Say why the price differs from the quote (a discount, a negotiated fee…).",
      });
    }
    if (v.monthlyFeeCents === 0) {
      ctx.addIssue({ code: "custom", path: ["monthlyFeeCents"], message: "The monthly fee must be more than $0." });
    }
  });
export const releaseReservationSchema = z.object({ intent: z.literal("release"), reservationId });
export const extendReservationSchema = z.object({
  intent: z.literal("extend"),
  reservationId,
  days: z.coerce
    .number({ error: "Enter a number of business days." })
    .int("Enter a whole number of business days.")
    .min(1, "Extend by at least 1 business day.")
    .max(EXTEND_MAX_BUSINESS_DAYS, `Extend by at most ${EXTEND_MAX_BUSINESS_DAYS} business days at a time.`),
});
export const reservationAdminActionSchema = z.discriminatedUnion("intent", [
  approveReservationSchema,
  releaseReservationSchema,
  extendReservationSchema,
]);
export type ApproveReservationData = z.infer<typeof approveReservationSchema>;
export type ReleaseReservationData = z.infer<typeof releaseReservationSchema>;
export type ExtendReservationData = z.infer<typeof extendReservationSchema>;

export const endLicenceSchema = z.object({
  intent: z.literal("end"),
  licenceId,
  reason: z.string().trim().max(300, "Keep the reason under 300 characters.").optional(),
});
export const licenceAdminActionSchema = z.discriminatedUnion("intent", [endLicenceSchema]);
export type EndLicenceData = z.infer<typeof endLicenceSchema>;

/** The queue's status filter. */
export const RESERVATION_QUEUE_STATUSES = ["active", "converted", "cancelled", "expired"] as const;

/** "#4LAW in Georgia is available again; 2 people on the waitlist were notified." */
function freedMessage(what: string, freed: boolean, notified: number): string {
  if (!freed) return `${what} stays unavailable: another hold or license still covers it.`;
  const told = notified === 1 ? "1 person on the waitlist was" : `${notified} people on the waitlist were`;
  return `${what} is available again${notified ? `; ${told} notified` : ""}.`;
}

export const RESERVATION_ADMIN_ANSWERS = {
  approved: (what: string, licensee: string, invited: boolean) => ({
    title: "Reservation Approved",
    message: `${what} is approved for ${licensee}: it becomes licensed once they sign the agreement and pay the deposit and first month${invited ? ". An invitation to choose a password was emailed" : ""}.`,
  }),
  released: (what: string, freed: boolean, notified: number) => ({
    title: "Reservation Released",
    message: freedMessage(what, freed, notified),
  }),
  extended: (what: string, until: string) => ({
    title: "Hold Extended",
    message: `${what} is held until ${until}.`,
  }),
  ended: (what: string, freed: boolean, notified: number) => ({
    title: "License Ended",
    message: freedMessage(what, freed, notified),
  }),
} as const;

export const RESERVATION_NOT_FOUND = {
  title: "Reservation Not Found",
  message: "This reservation does not exist.",
};
export const RESERVATION_NOT_ACTIVE = {
  title: "Reservation Not Active",
  message: (status: string) =>
    status === "converted"
      ? "This reservation was already approved: its license exists."
      : `This reservation is ${status}, so it can no longer be changed.`,
};
export const RESERVATION_LAPSED = {
  title: "Hold Has Lapsed",
  message: "This hold has run out. Extend it first if the requester is still negotiating, or let it expire.",
};
export const PAIR_ALREADY_LICENSED = {
  title: "Already Licensed",
  message: "This territory is already licensed for this offering. End that license before approving another.",
};
export const LICENCE_NOT_FOUND = { title: "License Not Found", message: "This license does not exist." };
export const LICENCE_NOT_ACTIVE = {
  title: "License Not Active",
  message: "This license has already ended.",
};
