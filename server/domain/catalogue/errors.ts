/**
 * Refusals of the catalogue: the read models' (the number pages show them in their error view) and the category and
 * keyword writes' (with the product's strings from kernel/schemas/categories.ts).
 */
import { CATEGORY_TEXT, type CategoryUses, KEYWORD_TEXT } from "#kernel/schemas/categories.ts";
import { DomainError, NotFoundError, ValidationError } from "../errors.ts";

export type NumberNotFoundKind = "number" | "poundcode";

/**
 * A /number/{numberId} identifier names nothing. The message names the identifier as the visitor typed it:
 * 'Poundcode "{id}" not found by slug or name.' for identifiers beginning hash-, otherwise
 * 'Number or Poundcode "{id}" not found.'.
 */
export class NumberNotFoundError extends NotFoundError {
  override name = "NumberNotFoundError";
  readonly kind: NumberNotFoundKind;
  /** The identifier as given (not lower-cased). */
  readonly identifier: string;
  constructor(identifier: string, kind: NumberNotFoundKind) {
    super(
      "number_not_found",
      "Error Loading Page",
      kind === "poundcode"
        ? `Poundcode "${identifier}" not found by slug or name.`
        : `Number or Poundcode "${identifier}" not found.`,
    );
    this.identifier = identifier;
    this.kind = kind;
  }
}

/** The category named by the form does not exist (any more). */
export class CategoryNotFoundError extends NotFoundError {
  override name = "CategoryNotFoundError";
  constructor(title: string) {
    super("category_not_found", title, CATEGORY_TEXT.notFound);
  }
}

/** The keyword named by the form does not exist (any more). */
export class KeywordNotFoundError extends NotFoundError {
  override name = "KeywordNotFoundError";
  constructor(title: string) {
    super("keyword_not_found", title, KEYWORD_TEXT.notFound);
  }
}

/** A name, slug or keyword another row already has: a field error, titled like the failed save. */
export function duplicateField(field: string, message: string, title: string): ValidationError {
  return new ValidationError({ [field]: [message] }, title);
}

/** What still refers to a category, counted. */

function plural(n: number, one: string, other: string): string {
  return `${n} ${n === 1 ? one : other}`;
}

/** "2 licences, 1 reservation and 3 waitlist entries"; empty when nothing refers to the category. */
export function describeUses(uses: CategoryUses): string {
  const parts = [
    uses.licences ? plural(uses.licences, "license", "licenses") : null,
    uses.reservations ? plural(uses.reservations, "reservation", "reservations") : null,
    uses.waitlist ? plural(uses.waitlist, "waitlist entry", "waitlist entries") : null,
    uses.heldLinks
      ? plural(uses.heldLinks, "territory in negotiations or licensed", "territories in negotiations or licensed")
      : null,
  ].filter((p): p is string => p !== null);
  if (parts.length <= 1) return parts[0] ?? "";
  return `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

/**
 * The category is still in use: licences, reservations or waitlist entries name it, or a territory holds it in
 * negotiations or licensed. Deleting it would destroy that history (or be refused by the licences' foreign key),
 * so it is refused: 409.
 */
export class CategoryInUseError extends DomainError {
  override name = "CategoryInUseError";
  constructor(name: string, uses: CategoryUses) {
    super({
      code: "category_in_use",
      status: 409,
      title: CATEGORY_TEXT.errorDeleting,
      message: CATEGORY_TEXT.inUse(name, describeUses(uses) || "licenses or reservations"),
    });
  }
}
