/** Typed errors of the catalogue read models; routes turn them into the spec's error views (spec 1 §8). */

export type NumberNotFoundKind = "number" | "poundcode";

/**
 * A /number/{numberId} identifier names nothing. `message` is the spec's text with the identifier as the visitor
 * typed it: 'Poundcode "{id}" not found by slug or name.' (identifiers beginning hash-) or
 * 'Number or Poundcode "{id}" not found.' (everything else).
 */
export class NumberNotFoundError extends Error {
  override name = "NumberNotFoundError";
  readonly code = "number_not_found";
  readonly kind: NumberNotFoundKind;
  /** The identifier as given (not lower-cased). */
  readonly identifier: string;
  constructor(identifier: string, kind: NumberNotFoundKind) {
    super(
      kind === "poundcode"
        ? `Poundcode "${identifier}" not found by slug or name.`
        : `Number or Poundcode "${identifier}" not found.`,
    );
    this.identifier = identifier;
    this.kind = kind;
  }
}
