/**
 * "Where do I stand?": one order as its page shows it (every step, done or not, and the next one), and the new
 * licensee's checklist on the dashboard. Read-only.
 *
 * Who may see an order: whoever holds its signed link (the requester's emails carry it), the signed-in account that
 * reserved it or is its licensee, and administrators. Anyone else gets the same 404 as a missing order. The page
 * names the offering, the territory, the figures and the requester's first name; nothing else personal.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { OrderState } from "#kernel/enums.ts";
import { landingPagePath } from "#kernel/schemas/landing-page-strings.ts";
import { ORDER_STATE_LABELS } from "#kernel/schemas/orders.ts";
import type { DbOrTx } from "#server/db/client.ts";
import { builtOnce } from "#server/db/prepared.ts";
import { clientWalletTransactions, licensees, licenseOrders, territoryLicenses } from "#server/db/schema/index.ts";
import { type Actor, isAdmin } from "../actor.ts";
import { pageOfPair } from "../landing-pages/admin.ts";
import { territoryPageUrl } from "../reservations/expiry.ts";
import { dueAtCheckoutCents } from "./checkout.ts";
import { verifyOrderToken } from "./links.ts";
import { isClosed, OrderNotFoundError } from "./machine.ts";
import { quotedFigures } from "./price.ts";
import { orderRecord } from "./records.ts";

export type OrderStepKey = "reserved" | "approved" | "signed" | "paid" | "live";

export type OrderStep = { key: OrderStepKey; label: string; done: boolean; at: string | null };

/** What the visitor can do now. */
export type OrderNext =
  | { kind: "confirm_email" }
  | { kind: "await_review" }
  | { kind: "sign_in" }
  | { kind: "sign"; agreementId: string }
  | { kind: "pay"; dueCents: number }
  | { kind: "live"; pagePath: string | null }
  | { kind: "closed"; numberPath: string };

export type OrderView = {
  id: string;
  state: OrderState;
  stateLabel: string;
  offeringName: string;
  territoryName: string;
  firstName: string;
  monthlyFeeCents: number;
  setupFeeCents: number;
  /** What the one checkout collects: the setup deposit and the first month. */
  dueCents: number;
  /** The figures are the quote (before approval) rather than the license's. */
  quoted: boolean;
  /** An administrator set these figures (a discount or a negotiated fee). */
  negotiated: boolean;
  holdUntil: string;
  steps: OrderStep[];
  next: OrderNext;
  /** The caller is the order's licensee (may sign and pay). */
  isOwner: boolean;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The order's page for this caller; see the module comment for who may see it. */
export async function getOrder(
  db: DbOrTx,
  actor: Actor,
  orderId: string,
  opts: { token: string | null; linkSecret: string; approval: "auto" | "manual" },
): Promise<OrderView> {
  const row = await orderRecord(db, orderId);
  if (!row) throw new OrderNotFoundError();
  const { order, reservation: r, license } = row;
  const owners = [r.userId, row.licenseeUserId].filter((v): v is string => v != null);
  const isOwner = actor.userId != null && owners.includes(actor.userId);
  if (!isOwner && !isAdmin(actor) && !verifyOrderToken(opts.linkSecret, order.id, opts.token)) {
    throw new OrderNotFoundError();
  }

  const figures = license
    ? { monthlyFeeCents: license.monthlyFeeCents, setupFeeCents: license.setupFeeCents, quoted: false }
    : { ...(await quotedFigures(db, { territoryId: r.territoryId, ...row.offering.offering })), quoted: true };
  const licensedToCaller = actor.userId != null && row.licenseeUserId === actor.userId;
  const page =
    order.state === "active" && row.offering.kind === "category"
      ? await pageOfPair(db, r.territoryId, row.offering.name)
      : null;
  const pagePath = page ? landingPagePath(page.poundCode, row.territoryName) : null;

  const steps: OrderStep[] = [
    { key: "reserved", label: "Reserved", done: true, at: iso(r.createdAt) },
    {
      key: "approved",
      label: opts.approval === "auto" ? "Approved" : "Approved by PoundCodes",
      done: order.approvedAt != null,
      at: iso(order.approvedAt),
    },
    { key: "signed", label: "Agreement signed", done: order.signedAt != null, at: iso(order.signedAt) },
    { key: "paid", label: "Deposit and first month paid", done: order.paidAt != null, at: iso(order.paidAt) },
    { key: "live", label: "License active, page live", done: order.activatedAt != null, at: iso(order.activatedAt) },
  ];

  let next: OrderNext;
  if (order.state === "active") next = { kind: "live", pagePath };
  else if (isClosed(order.state))
    next = {
      kind: "closed",
      numberPath: territoryPageUrl("", row.offering.slug, row.territorySlug),
    };
  else if (order.state === "held") next = r.confirmedAt ? { kind: "await_review" } : { kind: "confirm_email" };
  else if (!licensedToCaller) next = { kind: "sign_in" };
  else if (order.state === "approved") next = { kind: "sign", agreementId: order.agreementId! };
  else next = { kind: "pay", dueCents: dueAtCheckoutCents(figures) };

  return {
    id: order.id,
    state: order.state,
    stateLabel: ORDER_STATE_LABELS[order.state],
    offeringName: row.offering.name,
    territoryName: row.territoryName,
    firstName: r.name.trim().split(/\s+/)[0] ?? "",
    ...figures,
    dueCents: dueAtCheckoutCents(figures),
    negotiated: order.priceOverride != null,
    holdUntil: r.expiresAt.toISOString(),
    steps,
    next,
    isOwner: licensedToCaller,
  };
}

/** One step; `href` is where to do it, or null when there is nothing to do yet (it follows from another step). */
export type ChecklistItem = {
  key: "sign" | "pay" | "page" | "wallet";
  label: string;
  done: boolean;
  href: string | null;
};

/** The account's latest order past approval (the checklist's subject); read on every visit of the dashboard. */
const latestOrderOfUser = builtOnce((db) =>
  db
    .select({ orderId: licenseOrders.id, licenseeId: licensees.id })
    .from(licenseOrders)
    .innerJoin(territoryLicenses, eq(territoryLicenses.id, licenseOrders.licenseId))
    .innerJoin(licensees, eq(licensees.id, territoryLicenses.licenseeId))
    .where(
      and(
        eq(licensees.userId, sql.placeholder("userId")),
        inArray(licenseOrders.state, ["approved", "signed", "paid", "active"]),
      ),
    )
    .orderBy(desc(licenseOrders.createdAt))
    .limit(1)
    .prepare("checklist_latest_order_of_user"),
);

/** A top-up of the licensee's wallet, if any: the checklist's last step. */
const anyTopUpOfLicensee = builtOnce((db) =>
  db
    .select({ id: clientWalletTransactions.id })
    .from(clientWalletTransactions)
    .where(
      and(
        eq(clientWalletTransactions.licenseeId, sql.placeholder("licenseeId")),
        eq(clientWalletTransactions.transactionType, "top_up"),
      ),
    )
    .limit(1)
    .prepare("checklist_top_up_of_licensee"),
);

/**
 * The new licensee's first steps, ticked from the records: sign, pay, review the page, fund the wallet. Shown
 * while the latest order is open or active and something is left; null when there is nothing to show.
 */
export async function licenseeChecklist(
  db: DbOrTx,
  actor: Actor,
): Promise<{ orderPath: string; what: string; items: ChecklistItem[] } | null> {
  if (!actor.userId) return null;
  const [latest] = await latestOrderOfUser(db).execute({ userId: actor.userId });
  const record = latest ? await orderRecord(db, latest.orderId) : null;
  if (!latest || !record) return null;
  const { order } = record;
  const [funded] = await anyTopUpOfLicensee(db).execute({ licenseeId: latest.licenseeId });
  const orderHref = `/orders/${order.id}`;
  const live = order.state === "active";
  const items: ChecklistItem[] = [
    {
      key: "sign",
      label: "Sign your license agreement",
      done: order.signedAt != null,
      href: order.agreementId ? `/dashboard/agreements/${order.agreementId}` : orderHref,
    },
    { key: "pay", label: "Pay the deposit and first month", done: order.paidAt != null, href: orderHref },
    ...(record.offering.kind === "category"
      ? [
          live
            ? {
                key: "page" as const,
                label: "Set up your landing page: it goes public once it has your details",
                done: true,
                href: "/dashboard/page-content",
              }
            : { key: "page" as const, label: "Your landing page goes live once you pay", done: false, href: null },
        ]
      : []),
    {
      key: "wallet",
      label: "Fund your wallet for calls and text messages",
      done: funded != null,
      href: "/dashboard/billing",
    },
  ];
  // Once the license is live and the wallet funded, the checklist retires.
  if (live && funded) return null;
  return { orderPath: orderHref, what: record.what, items };
}
