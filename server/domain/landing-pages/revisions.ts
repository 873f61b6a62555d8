/**
 * Content approval of licensee landing pages. A licensee proposes changes to the text of their own page
 * (/dashboard/page-content); nothing goes live until an administrator approves them (/admin/content-approval).
 *
 * Rules:
 * - A licensee proposes only for a page that is theirs (read through their licensee record; anything else is 404)
 *   and only while they hold an active licence of the page's #Code in its territory.
 * - A proposal holds only the fields that differ from the page, with rich text sanitized. At most one proposal per
 *   page waits: a new one replaces the licensee's waiting proposal (the partial unique index is the last guard).
 * - Approving applies exactly the proposed fields to the page and marks the proposal approved in one transaction,
 *   audited, with the licensee emailed through the outbox. Rejecting needs a note, leaves the page as it is and
 *   emails the licensee the note. The proposal's row is locked first, so two administrators approving at once
 *   apply it once: the second is told it has already been reviewed.
 */
import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { PageRevisionStatus } from "#kernel/enums.ts";
import { buildLandingView, type LandingViewContext, type RequiredPageContent } from "#kernel/landing-view.ts";
import type { ListQuery } from "#kernel/list-query.ts";
import {
  CONTENT_APPROVAL_TEXT,
  PAGE_CONTENT_TEXT,
  PAGE_FIELD_LABELS,
  type PageContentData,
  PROPOSABLE_FIELDS,
  type ProposableField,
  type ProposedChanges,
  type ProposePageData,
  pageContentSchema,
} from "#kernel/schemas/dynamic-pages.ts";
import { landingPagePath } from "#kernel/schemas/landing-page-strings.ts";
import type { Database, DbOrTx, Tx } from "#server/db/client.ts";
import { dynamicPageRevisions, dynamicPages, licensees, territories, user } from "#server/db/schema/index.ts";
import { CHANGE, recordChange } from "#server/domain/changes.ts";
import {
  pageChangesApprovedNotice,
  pageChangesRejectedNotice,
  pageChangesSubmittedNotice,
} from "#server/integrations/email/landing-page-templates.ts";
import { type Actor, assertAdmin } from "../actor.ts";
import { recordAudit } from "../audit/audit.ts";
import { enqueueEmail } from "../email/outbox.ts";
import { DomainError, isUniqueViolation, NotFoundError } from "../errors.ts";
import { listSql, type Page, pageOf, totalCount } from "../lists/list-sql.ts";
import {
  activeLicenceFor,
  cleanRichText,
  contentOf,
  normalizePoundCode,
  pageName,
  same,
  storedContent,
} from "./admin.ts";
import { richText } from "./landing-pages.ts";
import { isOwnPageLogo } from "./page-logos.ts";

export type RevisionOptions = { publicUrl: string; now?: Date };

/** LANDING_PAGE_APPROVAL: whether a firm's proposal waits for an administrator or goes live at once. */
export type PageApproval = "required" | "off";

/** The page is not the caller's (or does not exist): 404, as for a missing one. */
export class OwnPageNotFoundError extends NotFoundError {
  override name = "OwnPageNotFoundError";
  constructor() {
    super("dynamic_page_not_found", PAGE_CONTENT_TEXT.errorSubmitting, PAGE_CONTENT_TEXT.notYours);
  }
}

export class NoActiveLicenceError extends DomainError {
  override name = "NoActiveLicenceError";
  constructor() {
    super({
      code: "no_active_licence",
      status: 403,
      title: PAGE_CONTENT_TEXT.errorSubmitting,
      message: PAGE_CONTENT_TEXT.noLicence,
    });
  }
}

export class NothingChangedError extends DomainError {
  override name = "NothingChangedError";
  constructor() {
    super({
      code: "nothing_changed",
      status: 400,
      title: PAGE_CONTENT_TEXT.errorSubmitting,
      message: PAGE_CONTENT_TEXT.nothingChanged,
    });
  }
}

export class RevisionNotFoundError extends NotFoundError {
  override name = "RevisionNotFoundError";
  constructor() {
    super("revision_not_found", CONTENT_APPROVAL_TEXT.errorReviewing, CONTENT_APPROVAL_TEXT.notFound);
  }
}

export class RevisionAlreadyReviewedError extends DomainError {
  override name = "RevisionAlreadyReviewedError";
  constructor() {
    super({
      code: "revision_already_reviewed",
      status: 409,
      title: CONTENT_APPROVAL_TEXT.errorReviewing,
      message: CONTENT_APPROVAL_TEXT.alreadyReviewed,
    });
  }
}

type PageRow = typeof dynamicPages.$inferSelect;
const RICH: readonly ProposableField[] = ["companyDescription", "lawFirmHighlights"];
const FIELD_SCHEMAS = pageContentSchema.shape;

/** The page's current values of the proposable fields. */
const proposableOf = (page: PageRow): PageContentData => contentOf(page);

/**
 * Only the proposable fields of a stored `changes` object, each read again through its form schema (a value that no
 * longer passes is left out) and rich text sanitized again.
 */
function appliedChanges(changes: Record<string, unknown>): ProposedChanges {
  const out: Record<string, unknown> = {};
  for (const field of PROPOSABLE_FIELDS) {
    if (!Object.hasOwn(changes, field)) continue;
    const parsed = FIELD_SCHEMAS[field].safeParse(changes[field]);
    if (!parsed.success) continue;
    out[field] = RICH.includes(field) ? cleanRichText(parsed.data as string | null) : parsed.data;
  }
  return out as ProposedChanges;
}

/** The page's columns after the changes are applied (social links of networks the form does not show are kept). */
const appliedTo = (page: PageRow, changes: ProposedChanges) =>
  storedContent({ ...proposableOf(page), ...changes }, (page.socialMediaLinks ?? {}) as Record<string, string>);

const fieldLabels = (changes: object) => Object.keys(changes).map((k) => PAGE_FIELD_LABELS[k as ProposableField] ?? k);

async function licenseeOf(db: DbOrTx, actor: Actor) {
  if (!actor.userId) return null;
  const [row] = await db
    .select({
      id: licensees.id,
      email: licensees.email,
      name: sql<string>`coalesce(${licensees.contactName}, ${licensees.companyName}, ${licensees.email})`,
      companyName: licensees.companyName,
      phone: licensees.phone,
      logoUrl: licensees.lawFirmLogoUrl,
    })
    .from(licensees)
    .where(eq(licensees.userId, actor.userId));
  return row ?? null;
}

const licensedNow = activeLicenceFor(sql`${dynamicPages.licenseeId}`, {
  territoryId: sql`${dynamicPages.territoryId}`,
  poundCode: sql`${dynamicPages.poundCode}`,
});

export type OwnPage = {
  id: string;
  name: string;
  poundCode: string;
  territoryName: string;
  path: string;
  /** The licensee holds an active licence of the page's #Code in its territory. */
  editable: boolean;
  current: PageContentData;
  /** What the editor's live preview needs besides the form's values (kernel/landing-view.ts). */
  preview: Omit<LandingViewContext, "richText">;
  /** The required content the page lacks as it is now: while any is missing, the page is not public (404). */
  missing: RequiredPageContent[];
  pending: { id: string; changes: ProposedChanges; submittedAt: Date } | null;
  /** The last decision: by an administrator, or (`byAdministrator` false) applied at once with approval off. */
  lastReview: {
    status: Exclude<PageRevisionStatus, "pending">;
    note: string | null;
    reviewedAt: Date;
    byAdministrator: boolean;
  } | null;
};

/** The caller's own landing pages (through their licensee record); null when they have no licensee record. */
export async function listOwnPages(db: DbOrTx, actor: Actor): Promise<OwnPage[] | null> {
  const lic = await licenseeOf(db, actor);
  if (!lic) return null;
  const pages = await db
    .select({
      page: dynamicPages,
      territory: { id: territories.id, name: territories.name, state: territories.state, portion: territories.portion },
      editable: sql<boolean>`${licensedNow}`,
    })
    .from(dynamicPages)
    .innerJoin(territories, eq(territories.id, dynamicPages.territoryId))
    .where(eq(dynamicPages.licenseeId, lic.id))
    .orderBy(asc(territories.name), asc(dynamicPages.poundCode), asc(dynamicPages.id));
  if (!pages.length) return [];
  const revisions = await db
    .select()
    .from(dynamicPageRevisions)
    .where(eq(dynamicPageRevisions.licenseeId, lic.id))
    .orderBy(desc(dynamicPageRevisions.reviewedAt), desc(dynamicPageRevisions.id));
  const licensee = { companyName: lic.companyName, phone: lic.phone, logoUrl: lic.logoUrl };
  return pages.map(({ page, territory, editable }) => {
    const territoryName = territory.name;
    const current = proposableOf(page);
    const mine = revisions.filter((r) => r.dynamicPageId === page.id);
    const pending = mine.find((r) => r.status === "pending");
    const reviewed = mine.find((r) => r.status !== "pending" && r.reviewedAt);
    return {
      id: page.id,
      name: pageName(page.poundCode, territoryName),
      poundCode: normalizePoundCode(page.poundCode),
      territoryName,
      path: landingPagePath(page.poundCode, territoryName),
      editable: Boolean(editable),
      current,
      preview: {
        poundCode: normalizePoundCode(page.poundCode),
        territory,
        licensee,
        updatedAt: page.updatedAt.toISOString(),
      },
      missing: buildLandingView(current, {
        poundCode: page.poundCode,
        territory,
        licensee,
        updatedAt: page.updatedAt.toISOString(),
        richText,
      }).missing,
      pending: pending
        ? { id: pending.id, changes: appliedChanges(pending.changes), submittedAt: pending.updatedAt }
        : null,
      lastReview: reviewed
        ? {
            status: reviewed.status as Exclude<PageRevisionStatus, "pending">,
            note: reviewed.reviewNote,
            reviewedAt: reviewed.reviewedAt!,
            byAdministrator: reviewed.reviewedBy !== null,
          }
        : null,
    };
  });
}

/**
 * What a licensee sends for their page: the fields they edit (one left out is kept as it is), the logo as `undefined`
 * (keep it), `null` (remove it) or the URL of an image they just uploaded.
 */
export type PageProposal = { pageId: string } & Partial<Omit<ProposePageData, "intent" | "removeLogo" | "pageId">> & {
    lawFirmLogoUrl?: string | null;
  };

/**
 * The licensee proposes new content for their page: the fields that differ from the page are stored as one waiting
 * proposal (replacing theirs if one waits), and the support desk is told when `deskEmail` is given. With
 * `approval: "off"` the changes go live at once instead: the page is updated and the proposal recorded as applied, in
 * the same transaction (a proposal left waiting from before is applied with them).
 */
export async function proposePageChanges(
  db: Database,
  actor: Actor,
  input: PageProposal,
  opts: RevisionOptions & { deskEmail?: string; approval?: PageApproval },
): Promise<{ revisionId: string; replaced: boolean; fields: string[]; applied: boolean }> {
  const lic = await licenseeOf(db, actor);
  if (!lic) throw new OwnPageNotFoundError();
  const { pageId, ...proposed } = input;
  // A firm's page shows only a logo it uploaded itself (or, with none, its profile's).
  if (proposed.lawFirmLogoUrl && !isOwnPageLogo(proposed.lawFirmLogoUrl, actor.userId)) {
    throw new DomainError({
      code: "invalid_input",
      status: 400,
      title: PAGE_CONTENT_TEXT.errorSubmitting,
      message: "Upload your logo from this page.",
    });
  }
  const applyNow = opts.approval === "off";
  try {
    return await db.transaction(async (tx) => {
      if (applyNow) recordChange(tx, CHANGE.landingPages);
      const [row] = await tx
        .select({ page: dynamicPages, territoryName: territories.name })
        .from(dynamicPages)
        .innerJoin(territories, eq(territories.id, dynamicPages.territoryId))
        .where(and(eq(dynamicPages.id, pageId), eq(dynamicPages.licenseeId, lic.id)))
        .for("update", { of: dynamicPages });
      if (!row) throw new OwnPageNotFoundError();
      const [licensed] = await tx
        .select({ ok: sql<boolean>`${licensedNow}` })
        .from(dynamicPages)
        .where(eq(dynamicPages.id, pageId));
      if (!licensed?.ok) throw new NoActiveLicenceError();
      const current = proposableOf(row.page);
      const wanted = appliedChanges(proposed as Record<string, unknown>);
      const changes: Record<string, unknown> = {};
      for (const field of PROPOSABLE_FIELDS) {
        if (Object.hasOwn(wanted, field) && !same(current[field], wanted[field])) changes[field] = wanted[field];
      }
      if (!Object.keys(changes).length) throw new NothingChangedError();
      const now = opts.now ?? new Date();
      const [waiting] = await tx
        .select({ id: dynamicPageRevisions.id })
        .from(dynamicPageRevisions)
        .where(and(eq(dynamicPageRevisions.dynamicPageId, pageId), eq(dynamicPageRevisions.status, "pending")))
        .for("update");
      const decided = applyNow
        ? { status: "approved" as const, reviewedBy: null, reviewedAt: now, reviewNote: null }
        : { status: "pending" as const };
      let revisionId: string;
      if (waiting) {
        await tx
          .update(dynamicPageRevisions)
          .set({ changes, licenseeId: lic.id, submittedBy: actor.userId, updatedAt: now, ...decided })
          .where(eq(dynamicPageRevisions.id, waiting.id));
        revisionId = waiting.id;
      } else {
        const [created] = await tx
          .insert(dynamicPageRevisions)
          .values({
            dynamicPageId: pageId,
            licenseeId: lic.id,
            submittedBy: actor.userId,
            changes,
            createdAt: now,
            updatedAt: now,
            ...decided,
          })
          .returning({ id: dynamicPageRevisions.id });
        revisionId = created!.id;
      }
      if (applyNow) {
        await tx
          .update(dynamicPages)
          .set({ ...appliedTo(row.page, changes as ProposedChanges), updatedAt: now })
          .where(eq(dynamicPages.id, pageId));
      }
      const fields = fieldLabels(changes);
      await recordAudit(tx, actor, {
        action: applyNow
          ? "dynamic_page_revision.apply"
          : waiting
            ? "dynamic_page_revision.replace"
            : "dynamic_page_revision.submit",
        entityType: "dynamic_page_revision",
        entityId: revisionId,
        details: applyNow
          ? {
              dynamicPageId: pageId,
              before: Object.fromEntries(Object.keys(changes).map((k) => [k, current[k as ProposableField]])),
              after: changes,
            }
          : { dynamicPageId: pageId, changes },
      });
      if (opts.deskEmail && !applyNow) {
        await enqueueEmail(
          tx,
          pageChangesSubmittedNotice(opts.deskEmail, {
            pageName: pageName(row.page.poundCode, row.territoryName),
            path: landingPagePath(row.page.poundCode, row.territoryName),
            fields,
            licenseeName: lic.name,
            publicUrl: opts.publicUrl,
          }),
        );
      }
      return { revisionId, replaced: Boolean(waiting), fields, applied: applyNow };
    });
  } catch (err) {
    if (isUniqueViolation(err, "dynamic_page_revisions_one_pending_idx")) {
      throw new DomainError({
        code: "revision_pending",
        status: 409,
        title: PAGE_CONTENT_TEXT.errorSubmitting,
        message: "Other changes to this page were submitted at the same moment. Reload the page and try again.",
      });
    }
    throw err;
  }
}

export type FieldDiff = { field: ProposableField; label: string; before: unknown; after: unknown };

export type PendingRevision = {
  id: string;
  pageId: string;
  pageName: string;
  path: string;
  licenseeName: string;
  licenseeEmail: string;
  submittedAt: Date;
  /** Whether the licensee still holds the page's licence. */
  licensed: boolean;
  diff: FieldDiff[];
};

/** Every waiting proposal, oldest first, with a field-by-field before (the page now) and after. */
export async function listPendingRevisions(db: DbOrTx, actor: Actor): Promise<PendingRevision[]> {
  assertAdmin(actor);
  const rows = await db
    .select({
      revision: dynamicPageRevisions,
      page: dynamicPages,
      territoryName: territories.name,
      licenseeName: sql<string>`coalesce(${licensees.companyName}, ${licensees.contactName}, ${licensees.email})`,
      licenseeEmail: licensees.email,
      licensed: sql<boolean>`${licensedNow}`,
    })
    .from(dynamicPageRevisions)
    .innerJoin(dynamicPages, eq(dynamicPages.id, dynamicPageRevisions.dynamicPageId))
    .innerJoin(territories, eq(territories.id, dynamicPages.territoryId))
    .innerJoin(licensees, eq(licensees.id, dynamicPageRevisions.licenseeId))
    .where(eq(dynamicPageRevisions.status, "pending"))
    .orderBy(asc(dynamicPageRevisions.updatedAt), asc(dynamicPageRevisions.id));
  return rows.map((r) => {
    const current = proposableOf(r.page);
    const changes = appliedChanges(r.revision.changes);
    return {
      id: r.revision.id,
      pageId: r.page.id,
      pageName: pageName(r.page.poundCode, r.territoryName),
      path: landingPagePath(r.page.poundCode, r.territoryName),
      licenseeName: r.licenseeName,
      licenseeEmail: r.licenseeEmail,
      submittedAt: r.revision.updatedAt,
      licensed: Boolean(r.licensed),
      diff: (Object.keys(changes) as ProposableField[]).map((field) => ({
        field,
        label: PAGE_FIELD_LABELS[field],
        before: current[field],
        after: changes[field],
      })),
    };
  });
}

export type HistoryQuery = ListQuery<"reviewed" | "page", { status?: "approved" | "rejected" }>;
export type HistoryRow = {
  id: string;
  pageId: string;
  pageName: string;
  licenseeName: string;
  status: "approved" | "rejected";
  note: string | null;
  reviewerName: string | null;
  reviewedAt: Date;
  fields: string[];
};

const reviewer = alias(user, "reviewer");

/** The reviewed proposals (approved and rejected), newest first by default; search on page and licensee. */
export async function listRevisionHistory(db: DbOrTx, actor: Actor, query: HistoryQuery): Promise<Page<HistoryRow>> {
  assertAdmin(actor);
  const licenseeName = sql<string>`coalesce(${licensees.companyName}, ${licensees.contactName}, ${licensees.email})`;
  const list = listSql(query, {
    sorts: {
      reviewed: dynamicPageRevisions.reviewedAt,
      page: { by: territories.name, ties: [asc(dynamicPages.poundCode)] },
    },
    search: [dynamicPages.poundCode, territories.name, licensees.companyName, licensees.email],
    tiebreak: dynamicPageRevisions.id,
  });
  const where: SQL | undefined = and(
    query.filters.status
      ? eq(dynamicPageRevisions.status, query.filters.status)
      : sql`${dynamicPageRevisions.status} <> 'pending'`,
    list.search,
  );
  const rows = await db
    .select({
      id: dynamicPageRevisions.id,
      pageId: dynamicPages.id,
      poundCode: dynamicPages.poundCode,
      territoryName: territories.name,
      licenseeName,
      status: dynamicPageRevisions.status,
      note: dynamicPageRevisions.reviewNote,
      reviewerName: reviewer.name,
      reviewedAt: dynamicPageRevisions.reviewedAt,
      changes: dynamicPageRevisions.changes,
      total: totalCount(),
    })
    .from(dynamicPageRevisions)
    .innerJoin(dynamicPages, eq(dynamicPages.id, dynamicPageRevisions.dynamicPageId))
    .innerJoin(territories, eq(territories.id, dynamicPages.territoryId))
    .innerJoin(licensees, eq(licensees.id, dynamicPageRevisions.licenseeId))
    .leftJoin(reviewer, eq(reviewer.id, dynamicPageRevisions.reviewedBy))
    .where(where)
    .orderBy(...list.orderBy)
    .limit(list.limit)
    .offset(list.offset);
  const page = await pageOf(rows, list, () =>
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(dynamicPageRevisions)
      .innerJoin(dynamicPages, eq(dynamicPages.id, dynamicPageRevisions.dynamicPageId))
      .innerJoin(territories, eq(territories.id, dynamicPages.territoryId))
      .innerJoin(licensees, eq(licensees.id, dynamicPageRevisions.licenseeId))
      .where(where)
      .then((r) => Number(r[0]?.n ?? 0)),
  );
  return {
    total: page.total,
    rows: page.rows.map((r) => ({
      id: r.id,
      pageId: r.pageId,
      pageName: pageName(r.poundCode, r.territoryName),
      licenseeName: r.licenseeName,
      status: r.status as "approved" | "rejected",
      note: r.note,
      reviewerName: r.reviewerName,
      reviewedAt: r.reviewedAt ?? new Date(0),
      fields: fieldLabels(appliedChanges(r.changes)),
    })),
  };
}

/** The waiting proposal, locked, with its page (locked) and licensee; refuses one already reviewed. */
async function lockedPending(tx: Tx, revisionId: string) {
  const [revision] = await tx
    .select()
    .from(dynamicPageRevisions)
    .where(eq(dynamicPageRevisions.id, revisionId))
    .for("update");
  if (!revision) throw new RevisionNotFoundError();
  if (revision.status !== "pending") throw new RevisionAlreadyReviewedError();
  const [row] = await tx
    .select({
      page: dynamicPages,
      territoryName: territories.name,
      licenseeEmail: licensees.email,
      licenseeName: sql<string>`coalesce(${licensees.contactName}, ${licensees.companyName}, ${licensees.email})`,
    })
    .from(dynamicPages)
    .innerJoin(territories, eq(territories.id, dynamicPages.territoryId))
    .innerJoin(licensees, eq(licensees.id, revision.licenseeId))
    .where(eq(dynamicPages.id, revision.dynamicPageId))
    .for("update", { of: dynamicPages });
  if (!row) throw new RevisionNotFoundError();
  return { revision, ...row };
}

/** Marks the proposal reviewed, only if it still waits (a last guard beside the row lock). */
async function markReviewed(
  tx: Tx,
  actor: Actor,
  revisionId: string,
  status: "approved" | "rejected",
  note: string | null,
  now: Date,
) {
  const done = await tx
    .update(dynamicPageRevisions)
    .set({ status, reviewNote: note, reviewedBy: actor.userId, reviewedAt: now, updatedAt: now })
    .where(and(eq(dynamicPageRevisions.id, revisionId), eq(dynamicPageRevisions.status, "pending")))
    .returning({ id: dynamicPageRevisions.id });
  if (!done.length) throw new RevisionAlreadyReviewedError();
}

/** Applies exactly the proposed fields to the page and marks the proposal approved; the licensee is emailed. */
export async function approveRevision(
  db: Database,
  actor: Actor,
  input: { revisionId: string },
  opts: RevisionOptions,
): Promise<{ pageName: string; path: string; fields: string[] }> {
  assertAdmin(actor);
  const now = opts.now ?? new Date();
  return db.transaction(async (tx) => {
    recordChange(tx, CHANGE.landingPages);
    const { revision, page, territoryName, licenseeEmail, licenseeName } = await lockedPending(tx, input.revisionId);
    const changes = appliedChanges(revision.changes);
    const current = proposableOf(page);
    const before = Object.fromEntries(Object.keys(changes).map((k) => [k, current[k as ProposableField]]));
    if (Object.keys(changes).length) {
      await tx
        .update(dynamicPages)
        .set({ ...appliedTo(page, changes), updatedAt: now })
        .where(eq(dynamicPages.id, page.id));
    }
    await markReviewed(tx, actor, revision.id, "approved", null, now);
    const name = pageName(page.poundCode, territoryName);
    const path = landingPagePath(page.poundCode, territoryName);
    const fields = fieldLabels(changes);
    await recordAudit(tx, actor, {
      action: "dynamic_page_revision.approve",
      entityType: "dynamic_page_revision",
      entityId: revision.id,
      details: { dynamicPageId: page.id, before, after: changes },
    });
    await enqueueEmail(
      tx,
      pageChangesApprovedNotice(
        { email: licenseeEmail, name: licenseeName },
        { pageName: name, path, fields, publicUrl: opts.publicUrl },
      ),
    );
    return { pageName: name, path, fields };
  });
}

/** Marks the proposal rejected with the reviewer's note; the page stays as it is and the licensee is emailed. */
export async function rejectRevision(
  db: Database,
  actor: Actor,
  input: { revisionId: string; note: string },
  opts: RevisionOptions,
): Promise<{ pageName: string }> {
  assertAdmin(actor);
  const now = opts.now ?? new Date();
  return db.transaction(async (tx) => {
    const { revision, page, territoryName, licenseeEmail, licenseeName } = await lockedPending(tx, input.revisionId);
    await markReviewed(tx, actor, revision.id, "rejected", input.note, now);
    const name = pageName(page.poundCode, territoryName);
    const changes = appliedChanges(revision.changes);
    await recordAudit(tx, actor, {
      action: "dynamic_page_revision.reject",
      entityType: "dynamic_page_revision",
      entityId: revision.id,
      details: { dynamicPageId: page.id, note: input.note },
    });
    await enqueueEmail(
      tx,
      pageChangesRejectedNotice(
        { email: licenseeEmail, name: licenseeName },
        {
          pageName: name,
          path: landingPagePath(page.poundCode, territoryName),
          fields: fieldLabels(changes),
          note: input.note,
          publicUrl: opts.publicUrl,
        },
      ),
    );
    return { pageName: name };
  });
}
