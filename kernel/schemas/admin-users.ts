/** The admin users screen's forms: deactivate (with a reason), reactivate, change role, create a licensee record. */
import { z } from "zod";

export const DEACTIVATE_REASON_MAX = 300;

export const deactivateUserSchema = z.object({
  intent: z.literal("deactivate"),
  reason: z
    .string()
    .trim()
    .max(DEACTIVATE_REASON_MAX, `Keep the reason under ${DEACTIVATE_REASON_MAX} characters.`)
    .optional(),
});
export const reactivateUserSchema = z.object({ intent: z.literal("reactivate") });
export const setRoleSchema = z.object({
  intent: z.literal("set-role"),
  role: z.enum(["admin", "user"], { error: "Choose a role." }),
});
export const createLicenseeSchema = z.object({ intent: z.literal("create-licensee") });

export const adminUserActionSchema = z.discriminatedUnion("intent", [
  deactivateUserSchema,
  reactivateUserSchema,
  setRoleSchema,
  createLicenseeSchema,
]);

export const USER_ANSWERS = {
  deactivated: (name: string, sessions: number) => ({
    title: "User Deactivated",
    message: `${name} can no longer sign in${sessions ? `; ${sessions === 1 ? "1 open session was" : `${sessions} open sessions were`} ended` : ""}.`,
  }),
  reactivated: (name: string) => ({ title: "User Reactivated", message: `${name} can sign in again.` }),
  role: (name: string, role: "admin" | "user") => ({
    title: "Role Changed",
    message: role === "admin" ? `${name} is now an administrator.` : `${name} is no longer an administrator.`,
  }),
  licensee: (name: string) => ({ title: "Licensee Created", message: `${name} now has a licensee record.` }),
} as const;
