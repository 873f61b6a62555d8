/** Refusals of the licensee landing pages: the product's error texts, answered with 404. */
import { LANDING_PAGE_ERROR_TITLE, PAGE_CONTENT_NOT_FOUND, TERRITORY_NOT_FOUND } from "#kernel/schemas/landing-page.ts";
import { NotFoundError } from "../errors.ts";

/** No territory has this slug as its name or portion. */
export class LandingTerritoryNotFoundError extends NotFoundError {
  override name = "LandingTerritoryNotFoundError";
  constructor() {
    super("territory_not_found", LANDING_PAGE_ERROR_TITLE, TERRITORY_NOT_FOUND);
  }
}

/** The territory exists but has no page for this #Code, or the page's licensee is not active. */
export class LandingPageNotFoundError extends NotFoundError {
  override name = "LandingPageNotFoundError";
  constructor() {
    super("landing_page_not_found", LANDING_PAGE_ERROR_TITLE, PAGE_CONTENT_NOT_FOUND);
  }
}
