/** Rows for the landing page tests, inserted directly (tests only). */
import { randomBytes } from "node:crypto";
import type { Database } from "../../db/client.ts";
import { dynamicPages, licensees, type NewDynamicPage, user } from "../../db/schema/index.ts";
import { seedTerritory } from "../reservations/test-fixtures.ts";

/** A user with a licensee row; `status` inactive models a deactivated licensee. */
export async function seedLicensee(
  db: Database,
  opts: { status?: "active" | "inactive"; banned?: boolean; companyName?: string; phone?: string | null } = {},
): Promise<{ id: string; userId: string; email: string }> {
  const userId = `user_${randomBytes(8).toString("hex")}`;
  const email = `${userId}@licensee.example`;
  await db.insert(user).values({ id: userId, name: "Dana Whitfield", email, emailVerified: true, banned: opts.banned });
  const [row] = await db
    .insert(licensees)
    .values({
      userId,
      email,
      contactName: "Dana Whitfield",
      companyName: opts.companyName ?? "Whitfield Injury Law",
      phone: opts.phone === undefined ? "(555) 010-4477" : opts.phone,
      status: opts.status ?? "active",
    })
    .returning({ id: licensees.id });
  return { id: row!.id, userId, email };
}

/** A complete landing page, as an admin would fill it in. */
export const FULL_PAGE = {
  pageTitle: "Hurt in an accident? Dial #4LAW",
  businessNameOnPage: "Whitfield Injury Law",
  companyDescription: "Whitfield Injury Law represents injured people.\n\nWe advance all case costs.",
  areasOfLaw: ["Car Accidents", " Truck Accidents ", "", "Car Accidents"],
  services: ["Free case evaluation"],
  officeLocations: [
    { name: "Main Office", address: "1 Main Street", city: "Springfield, ST 00001", phone: "(555) 010-1000" },
    { name: "", address: "2 Side Street", city: "Springfield", phone: "" },
    { name: "", address: "", city: "Nowhere", phone: "(555) 010-9999" },
  ],
  partnersInfo: [
    { name: "Dana Whitfield", description: "Founding partner." },
    { name: "  ", description: "A partner without a name is not shown." },
  ],
  lawFirmHighlights: "<p>Over <strong>1,000</strong> clients.</p><script>alert(1)</script>",
  yearsInBusiness: 12,
  lawFirmLogoUrl: "https://cdn.example.com/logo.png",
  testimonialLink: "https://reviews.example.com/whitfield",
  attorneyDirectoryUrl: "javascript:alert(1)",
  socialMediaLinks: {
    facebook: "https://www.facebook.com/whitfieldlaw",
    x: "https://x.com/whitfieldlaw",
    linkedin: "javascript:alert(1)",
    youtube: "ftp://example.com/video",
    instagram: "not a url",
    tiktok: "https://www.tiktok.com/@whitfieldlaw",
  },
  contactInfo: { phone: "(555) 010-2000", email: "intake@whitfield.example", address: "1 Main Street, Springfield" },
} satisfies Partial<NewDynamicPage>;

/** A territory, an active licensee and their page for `poundCode` there. */
export async function seedLandingPage(
  db: Database,
  opts: {
    territoryName?: string;
    poundCode?: string;
    page?: Partial<NewDynamicPage>;
    licensee?: Parameters<typeof seedLicensee>[1];
  } = {},
) {
  const territory = await seedTerritory(db, { name: opts.territoryName });
  const licensee = await seedLicensee(db, opts.licensee);
  const [page] = await db
    .insert(dynamicPages)
    .values({
      poundCode: opts.poundCode ?? "#4LAW",
      territoryId: territory.id,
      licenseeId: licensee.id,
      ...(opts.page ?? FULL_PAGE),
    })
    .returning();
  return { territory, licensee, page: page! };
}
