/** Refusals of the catalogue read models, as domain errors the number pages show in their error view. */
import { NotFoundError } from "../errors.ts";

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
