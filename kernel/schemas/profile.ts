/**
 * The licensee profile screen (/dashboard/profile): the profile form's schema and the product's strings, shared by
 * the route action (server), the domain and the form (browser), and the rules of avatar and logo uploads that the
 * browser checks first and the server enforces. Browser-safe: zod only.
 */
import { z } from "zod";
import { COMPANY_MAX, NAME_MAX, optionalPhoneField, optionalText, requiredText } from "./contact.ts";

export const PROFILE_SAVED = { title: "Profile Saved", message: "Your information has been updated." } as const;
/** The failure title of a save the server refused as a whole (not one field). */
export const PROFILE_SAVE_FAILED_TITLE = "Error saving profile";
export const NO_LICENSEE_PROFILE = {
  title: "No Licensee Profile",
  message:
    "Your account is not linked to a licensee record yet. Fill in your details below to create one: your profile, images and landing page all hang off it.",
} as const;
export const PROFILE_LOGIN_MESSAGE = "Please log in to view your profile.";
export const ACCESS_DENIED_TITLE = "Access Denied";

export const UPLOAD_FAILED_TITLE = "Upload Failed";
export const DELETION_FAILED_TITLE = "Deletion Failed";

export const ADDRESS_MAX = 200;
export const CITY_MAX = 120;
export const REGION_MAX = 120;
export const POSTAL_CODE_MAX = 20;
export const COUNTRY_MAX = 120;

/** The licensee fields a member edits (spec doc 2); the email is read-only and never read from the form. */
export const profileSchema = z.object({
  contactName: requiredText("Contact name", NAME_MAX),
  phone: optionalPhoneField,
  companyName: optionalText("Company name", COMPANY_MAX),
  addressLine1: optionalText("Address line 1", ADDRESS_MAX),
  addressLine2: optionalText("Address line 2", ADDRESS_MAX),
  city: optionalText("City", CITY_MAX),
  stateProvince: optionalText("State / province", REGION_MAX),
  postalCode: optionalText("Postal code", POSTAL_CODE_MAX),
  country: optionalText("Country", COUNTRY_MAX),
});
export type ProfileInput = z.output<typeof profileSchema>;

/** The two images of a licensee: the member's avatar and the company logo shown on their public landing page. */
export const PROFILE_IMAGE_KINDS = ["avatar", "logo"] as const;
export type ProfileImageKind = (typeof PROFILE_IMAGE_KINDS)[number];
export const PROFILE_IMAGE_LABELS: Record<ProfileImageKind, string> = { avatar: "Avatar", logo: "Company logo" };
/** The short names on buttons and in toast titles ("Upload Logo", "Logo Updated"). */
export const PROFILE_IMAGE_SHORT: Record<ProfileImageKind, string> = { avatar: "Avatar", logo: "Logo" };
/** The storage area (bucket) of each kind, as the spec names them. */
export const PROFILE_IMAGE_AREAS = { avatar: "profile_images", logo: "company_logos" } as const;
export type ProfileImageArea = (typeof PROFILE_IMAGE_AREAS)[ProfileImageKind];

/** What the file input offers; the server decides by the file's content, never by this. */
export const IMAGE_ACCEPT = "image/png,image/jpeg,image/gif";

/** The forms of the profile page: the profile itself (save or create) and removing an image. */
export const profileIntentSchema = z.discriminatedUnion("intent", [
  profileSchema.extend({ intent: z.literal("save") }),
  profileSchema.extend({ intent: z.literal("create") }),
  z.object({ intent: z.literal("remove-image"), kind: z.enum(PROFILE_IMAGE_KINDS) }),
]);

/** The upload form's refusals, in the product's words. */
export const UPLOAD_MESSAGES = {
  noFile: "Please choose an image to upload.",
  empty: "The file is empty. Please choose a PNG, JPEG or GIF image.",
  tooLarge: (maxBytes: number) => `The file is too large. Images can be at most ${formatBytes(maxBytes)}.`,
  notImage: "Only PNG, JPEG and GIF images can be uploaded.",
  nameMismatch: (ext: string, actual: string) =>
    `The file is named .${ext} but contains a ${actual} image. Please upload the original file.`,
  unreadable: "The image could not be read. It may be damaged; please try another file.",
  tooManyPixels: "The image is too large to process. Please upload one under 40 megapixels.",
  storeFailed: "We could not store your image right now. Please try again in a moment.",
  noLicensee: "Create your licensee profile before adding images.",
  nothingToRemove: (kind: ProfileImageKind) => `There is no ${PROFILE_IMAGE_LABELS[kind].toLowerCase()} to remove.`,
} as const;

export const IMAGE_UPDATED = (kind: ProfileImageKind) => ({
  title: `${PROFILE_IMAGE_SHORT[kind]} Updated`,
  message: kind === "logo" ? "Your new logo is live on your landing page." : "Your new avatar is saved.",
});
export const IMAGE_REMOVED = (kind: ProfileImageKind) => ({
  title: `${PROFILE_IMAGE_SHORT[kind]} Removed`,
  message: `Your ${PROFILE_IMAGE_LABELS[kind].toLowerCase()} has been removed.`,
});

/** The titles of the profile page's confirmations, which the page also shows inline (they arrive as flash toasts). */
export const PROFILE_NOTICE_TITLES: readonly string[] = [
  PROFILE_SAVED.title,
  ...PROFILE_IMAGE_KINDS.flatMap((k) => [IMAGE_UPDATED(k).title, IMAGE_REMOVED(k).title]),
];

/** 5242880 → "5 MB"; 1536000 → "1.5 MB"; small sizes in KB. */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${Number((n / (1024 * 1024)).toFixed(1))} MB`;
  return `${Math.max(1, Math.round(n / 1024))} KB`;
}
