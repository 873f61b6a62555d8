/**
 * Vanity numbers on the administrator's side (/admin/vanity-numbers): the list with each number's derived status,
 * one number with its territories, and the writes: create, update, delete. Each write is one transaction with its
 * audit row, and every verb refuses a caller who is not an administrator, whatever the route in front of it did.
 *
 * The form edits the number itself (text, slug, fees, description, notes, on sale or pending, and the primary
 * licensee and territory, the spec's assignment fields). The per-territory statuses are not edited here: they
 * are written only through server/domain/availability (docs/decisions/005-vanity-numbers-per-territory.md).
 * When the slug changes, featured numbers that linked to the old slug follow it in the same transaction.
 *
 * Delete rule: a number that reservations (of any status: they are the sales history), licences or waitlist
 * entries name, or that a territory holds in negotiations or licensed, is never deleted (VanityNumberInUseError,
 * 409); the administrator sets it to Pending to take it off sale. Otherwise the number goes, and with it only its
 * territory status rows (all "available", so nothing is held by them); the audit row keeps the number.
 */
import { and, asc, eq, ne, or, sql } from "drizzle-orm";
import type { TerritoryCategoryStatus, VanityNumberStatus } from "#kernel/enums.ts";
import type { ListQuery } from "#kernel/list-query.ts";
import {
  type AdminVanityDetail,
  type AdminVanityRow,
  type DeleteVanityData,
  VANITY_TEXT,
  type VanityChoices,
  type VanityFormData,
} from "#kernel/schemas/numbers-admin.ts";
import type { Database, DbOrTx, Tx } from "#server/db/client.ts";
import {
  featuredNumbers,
  licensees,
  reservations,
  territories,
  territoryLicenses,
  territoryVanityNumbers,
  vanityNumbers,
  waitlistEntries,
} from "#server/db/schema/index.ts";
import { CHANGE, recordChange } from "#server/domain/changes.ts";
import { type Actor, assertAdmin } from "../actor.ts";
import { changedFields, recordAudit } from "../audit/audit.ts";
import { DomainError, NotFoundError, sqlState, uniqueRefusal } from "../errors.ts";
import { listSql, type Page, pageOf, totalCount } from "../lists/list-sql.ts";
import { CellError, readMoney } from "../pricing-import/cells.ts";
import { duplicateField } from "./errors.ts";
import { vanityNumberStatuses } from "./vanity.ts";

export type VanityListQuery = ListQuery<"number" | "created">;

/** The number named by the form does not exist (any more). */
export class VanityNumberNotFoundError extends NotFoundError {
  override name = "VanityNumberNotFoundError";
  constructor(title: string) {
    super("vanity_number_not_found", title, VANITY_TEXT.notFound);
  }
}

/** What still refers to a vanity number, counted. */
export type VanityUses = { licences: number; reservations: number; waitlist: number; heldTerritories: number };

function plural(n: number, one: string, other: string): string {
  return `${n} ${n === 1 ? one : other}`;
}

export function describeVanityUses(uses: VanityUses): string {
  const parts = [
    uses.licences ? plural(uses.licences, "license", "licenses") : null,
    uses.reservations ? plural(uses.reservations, "reservation", "reservations") : null,
    uses.waitlist ? plural(uses.waitlist, "waitlist entry", "waitlist entries") : null,
    uses.heldTerritories
      ? plural(uses.heldTerritories, "territory in negotiations or licensed", "territories in negotiations or licensed")
      : null,
  ].filter((p): p is string => p !== null);
  if (parts.length <= 1) return parts[0] ?? "";
  return `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

/** Reservations, licences or waitlist entries name the number, or a territory holds it: 409, nothing deleted. */
export class VanityNumberInUseError extends DomainError {
  override name = "VanityNumberInUseError";
  constructor(text: string, uses: VanityUses) {
    super({
      code: "vanity_number_in_use",
      status: 409,
      title: VANITY_TEXT.errorDeleting,
      message: VANITY_TEXT.inUse(text, describeVanityUses(uses) || "licenses or reservations"),
    });
  }
}

const licenseeName = sql<
  string | null
>`coalesce(${licensees.companyName}, ${licensees.contactName}, ${licensees.email})`;
const territoryName = sql<string | null>`${territories.name}`;

const rowFields = {
  id: vanityNumbers.id,
  numberText: vanityNumbers.numberText,
  slug: vanityNumbers.slug,
  stored: vanityNumbers.status,
  monthlyFeeCents: vanityNumbers.monthlyFeeCents,
  setupFeeCents: vanityNumbers.setupFeeCents,
  licenseeId: vanityNumbers.licenseeId,
  licenseeName,
  territoryId: vanityNumbers.territoryId,
  territoryName,
  associatedPoundCode: vanityNumbers.associatedPoundCode,
  description: vanityNumbers.description,
  notes: vanityNumbers.notes,
  createdAt: vanityNumbers.createdAt,
};

type RawRow = { [K in keyof typeof rowFields]: unknown } & {
  id: string;
  stored: VanityNumberStatus;
  createdAt: Date;
};

function toRow(r: RawRow, statuses: Map<string, VanityNumberStatus>): AdminVanityRow {
  const { stored, ...rest } = r as RawRow & Omit<AdminVanityRow, "saleState" | "status">;
  return {
    ...(rest as Omit<AdminVanityRow, "saleState" | "status">),
    saleState: stored === "pending" ? "pending" : "available",
    status: statuses.get(r.id) ?? (stored === "pending" ? "pending" : "available"),
  };
}

/** One page of vanity numbers (search on number, slug, #Code, licensee), with their derived statuses. */
export async function listVanityNumbersForAdmin(
  db: DbOrTx,
  actor: Actor,
  query: VanityListQuery,
): Promise<Page<AdminVanityRow>> {
  assertAdmin(actor);
  const list = listSql(query, {
    sorts: { number: vanityNumbers.numberText, created: vanityNumbers.createdAt },
    search: [
      vanityNumbers.numberText,
      vanityNumbers.slug,
      vanityNumbers.associatedPoundCode,
      licensees.companyName,
      territories.name,
    ],
    tiebreak: vanityNumbers.id,
  });
  const rows = await db
    .select({ ...rowFields, total: totalCount() })
    .from(vanityNumbers)
    .leftJoin(licensees, eq(licensees.id, vanityNumbers.licenseeId))
    .leftJoin(territories, eq(territories.id, vanityNumbers.territoryId))
    .where(list.search)
    .orderBy(...list.orderBy)
    .limit(list.limit)
    .offset(list.offset);
  const statuses = await vanityNumberStatuses(
    db,
    rows.map((r) => r.id),
  );
  const page = await pageOf(rows, list, () =>
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(vanityNumbers)
      .leftJoin(licensees, eq(licensees.id, vanityNumbers.licenseeId))
      .leftJoin(territories, eq(territories.id, vanityNumbers.territoryId))
      .where(list.search)
      .then((r) => Number(r[0]?.n ?? 0)),
  );
  return { total: page.total, rows: page.rows.map((r) => toRow(r as RawRow, statuses)) };
}

/** One number with every visible territory and the number's status there (a territory without a row: available). */
export async function getVanityNumberForAdmin(db: DbOrTx, actor: Actor, id: string): Promise<AdminVanityDetail> {
  assertAdmin(actor);
  const [row] = await db
    .select(rowFields)
    .from(vanityNumbers)
    .leftJoin(licensees, eq(licensees.id, vanityNumbers.licenseeId))
    .leftJoin(territories, eq(territories.id, vanityNumbers.territoryId))
    .where(eq(vanityNumbers.id, id));
  if (!row) throw new VanityNumberNotFoundError(VANITY_TEXT.errorFetching);
  const statuses = await vanityNumberStatuses(db, [id]);
  const pairs = await db
    .select({
      territoryId: territories.id,
      name: territories.name,
      state: territories.state,
      status: sql<TerritoryCategoryStatus>`coalesce(${territoryVanityNumbers.status}, 'available')`,
    })
    .from(territories)
    .leftJoin(
      territoryVanityNumbers,
      and(eq(territoryVanityNumbers.territoryId, territories.id), eq(territoryVanityNumbers.vanityNumberId, id)),
    )
    .where(ne(territories.status, "inactive"))
    .orderBy(asc(territories.state), asc(territories.name), asc(territories.id));
  return { ...toRow(row as RawRow, statuses), territories: pairs };
}

/** The licensees and territories the form offers (besides None). */
export async function vanityFormChoices(db: DbOrTx, actor: Actor): Promise<VanityChoices> {
  assertAdmin(actor);
  const [ls, ts] = await Promise.all([
    db
      .select({ value: licensees.id, label: licenseeName })
      .from(licensees)
      .orderBy(asc(licenseeName), asc(licensees.id)),
    db
      .select({ value: territories.id, label: sql<string>`${territories.name}` })
      .from(territories)
      .orderBy(asc(territories.state), asc(territories.name), asc(territories.id)),
  ]);
  return {
    licensees: ls.map((l) => ({ value: l.value, label: l.label ?? "Unnamed licensee" })),
    territories: ts,
  };
}

type Stored = {
  numberText: string;
  slug: string;
  status: VanityNumberStatus;
  associatedPoundCode: string | null;
  monthlyFeeCents: number | null;
  setupFeeCents: number | null;
  licenseeId: string | null;
  territoryId: string | null;
  description: string | null;
  notes: string | null;
};
const STORED_KEYS: readonly (keyof Stored)[] = [
  "numberText",
  "slug",
  "status",
  "associatedPoundCode",
  "monthlyFeeCents",
  "setupFeeCents",
  "licenseeId",
  "territoryId",
  "description",
  "notes",
];

/** The fee text in integer cents, with the pricing import's reader; a bad amount is a field error. */
function cents(field: "monthlyFee" | "setupFee", label: string, raw: string | null, title: string): number | null {
  if (raw === null) return null;
  try {
    return readMoney(label, raw);
  } catch (err) {
    if (err instanceof CellError) throw duplicateField(field, `${err.message}.`, title);
    throw err;
  }
}

async function refuseTaken(tx: Tx, v: Stored, title: string, exceptId?: string): Promise<void> {
  const others = await tx
    .select({ numberText: vanityNumbers.numberText, slug: vanityNumbers.slug })
    .from(vanityNumbers)
    .where(
      and(
        or(eq(vanityNumbers.numberText, v.numberText), eq(vanityNumbers.slug, v.slug)),
        exceptId ? ne(vanityNumbers.id, exceptId) : undefined,
      ),
    );
  if (others.some((o) => o.slug === v.slug)) throw duplicateField("slug", VANITY_TEXT.slugTaken(v.slug), title);
  if (others.length) throw duplicateField("numberText", VANITY_TEXT.textTaken(v.numberText), title);
}

async function refuseMissingAssignment(tx: Tx, v: Stored, title: string): Promise<void> {
  if (v.licenseeId) {
    const [l] = await tx.select({ id: licensees.id }).from(licensees).where(eq(licensees.id, v.licenseeId));
    if (!l) throw duplicateField("licenseeId", VANITY_TEXT.licenseeNotFound, title);
  }
  if (v.territoryId) {
    const [t] = await tx.select({ id: territories.id }).from(territories).where(eq(territories.id, v.territoryId));
    if (!t) throw duplicateField("territoryId", VANITY_TEXT.territoryNotFound, title);
  }
}

function fromDatabase(err: unknown, v: Pick<Stored, "numberText" | "slug">, title: string): unknown {
  return uniqueRefusal(err, {
    vanity_numbers_slug_unique: () => duplicateField("slug", VANITY_TEXT.slugTaken(v.slug), title),
    vanity_numbers_number_text_unique: () => duplicateField("numberText", VANITY_TEXT.textTaken(v.numberText), title),
  });
}

/**
 * Creates the number (no `id`) or updates it (`id`). Fees arrive as typed dollars and are stored in integer
 * cents; a licensee or territory of None is null. On update, a number that is on sale keeps whatever non-pending
 * value it stored.
 */
export async function saveVanityNumber(
  db: Database,
  actor: Actor,
  input: VanityFormData,
): Promise<{ id: string; numberText: string; created: boolean }> {
  assertAdmin(actor);
  const title = input.id ? VANITY_TEXT.errorUpdating : VANITY_TEXT.errorCreating;
  const fields: Stored = {
    numberText: input.numberText,
    slug: input.slug,
    status: input.status,
    associatedPoundCode: input.associatedPoundCode,
    monthlyFeeCents: cents("monthlyFee", "Monthly fee", input.monthlyFee, title),
    setupFeeCents: cents("setupFee", "Setup fee", input.setupFee, title),
    licenseeId: input.licenseeId,
    territoryId: input.territoryId,
    description: input.description,
    notes: input.notes,
  };
  const id = input.id;
  try {
    if (!id) {
      return await db.transaction(async (tx) => {
        recordChange(tx, CHANGE.catalog);
        await refuseTaken(tx, fields, title);
        await refuseMissingAssignment(tx, fields, title);
        const [row] = await tx.insert(vanityNumbers).values(fields).returning({ id: vanityNumbers.id });
        await recordAudit(tx, actor, {
          action: "vanity_number.create",
          entityType: "vanity_number",
          entityId: row!.id,
          details: { after: fields },
        });
        return { id: row!.id, numberText: fields.numberText, created: true };
      });
    }
    return await db.transaction(async (tx) => {
      recordChange(tx, CHANGE.catalog);
      const [current] = await tx
        .select(
          Object.fromEntries(STORED_KEYS.map((k) => [k, vanityNumbers[k]])) as {
            [K in keyof Stored]: (typeof vanityNumbers)[K];
          },
        )
        .from(vanityNumbers)
        .where(eq(vanityNumbers.id, id))
        .for("update");
      if (!current) throw new VanityNumberNotFoundError(title);
      const next: Stored = {
        ...fields,
        status: fields.status === "pending" || current.status === "pending" ? fields.status : current.status,
      };
      await refuseTaken(tx, next, title, id);
      await refuseMissingAssignment(tx, next, title);
      const changes = changedFields(current, next, STORED_KEYS);
      if (changes) {
        await tx
          .update(vanityNumbers)
          .set({ ...next, updatedAt: sql`now()` })
          .where(eq(vanityNumbers.id, id));
        let relinked = 0;
        if (current.slug !== next.slug) {
          const moved = await tx
            .update(featuredNumbers)
            .set({ numberIdLink: next.slug, updatedAt: sql`now()` })
            .where(eq(featuredNumbers.numberIdLink, current.slug))
            .returning({ id: featuredNumbers.id });
          relinked = moved.length;
        }
        await recordAudit(tx, actor, {
          action: "vanity_number.update",
          entityType: "vanity_number",
          entityId: id,
          details: relinked ? { ...changes, relinkedFeaturedNumbers: relinked } : changes,
        });
      }
      return { id, numberText: next.numberText, created: false };
    });
  } catch (err) {
    throw fromDatabase(err, fields, title);
  }
}

const countOf = (query: ReturnType<typeof sql>) => sql<number>`(${query})`.mapWith(Number);

/** Deletes the number when nothing refers to it (the delete rule above). The row is locked first. */
export async function deleteVanityNumber(
  db: Database,
  actor: Actor,
  input: Omit<DeleteVanityData, "intent">,
): Promise<{ numberText: string }> {
  assertAdmin(actor);
  const title = VANITY_TEXT.errorDeleting;
  try {
    return await db.transaction(async (tx) => {
      recordChange(tx, CHANGE.catalog);
      const [current] = await tx.select().from(vanityNumbers).where(eq(vanityNumbers.id, input.id)).for("update");
      if (!current) throw new VanityNumberNotFoundError(title);
      const [uses] = await tx
        .select({
          licences: countOf(
            sql`select count(*) from ${territoryLicenses} where ${territoryLicenses.vanityNumberId} = ${input.id}`,
          ),
          reservations: countOf(
            sql`select count(*) from ${reservations} where ${reservations.vanityNumberId} = ${input.id}`,
          ),
          waitlist: countOf(
            sql`select count(*) from ${waitlistEntries} where ${waitlistEntries.vanityNumberId} = ${input.id}`,
          ),
          heldTerritories: countOf(
            sql`select count(*) from ${territoryVanityNumbers} where ${territoryVanityNumbers.vanityNumberId} = ${input.id} and ${territoryVanityNumbers.status} <> 'available'`,
          ),
        })
        .from(vanityNumbers)
        .where(eq(vanityNumbers.id, input.id));
      const u = uses!;
      if (u.licences || u.reservations || u.waitlist || u.heldTerritories) {
        throw new VanityNumberInUseError(current.numberText, u);
      }
      await tx.delete(vanityNumbers).where(eq(vanityNumbers.id, input.id));
      await recordAudit(tx, actor, {
        action: "vanity_number.delete",
        entityType: "vanity_number",
        entityId: input.id,
        details: { before: current },
      });
      return { numberText: current.numberText };
    });
  } catch (err) {
    // Licences restrict the delete: a last guard if one was written at the same moment.
    if (sqlState(err) === "23503") {
      throw new VanityNumberInUseError("This vanity number", {
        licences: 1,
        reservations: 0,
        waitlist: 0,
        heldTerritories: 0,
      });
    }
    throw err;
  }
}
