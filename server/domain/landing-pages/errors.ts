/** Refusals of the licensee landing pages: the product's error texts, answered with 404. */
import { LANDING_PAGE_ERROR_TITLE, PAGE_CONTENT_NOT_FOUND, TERRITORY_NOT_FOUND } from "#kernel/schemas/landing-page.ts";
import { LANDING_PAGE_GONE, LANDING_PAGE_UNAVAILABLE } from "#kernel/schemas/landing-page-strings.ts";
import { DomainError, NotFoundError } from "../errors.ts";

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

/** The page's license is suspended for an unpaid invoice: a neutral 503, neither the firm's content nor a 404. */
export class LandingPageUnavailableError extends DomainError {
  override name = "LandingPageUnavailableError";
  constructor() {
    super({ code: "landing_page_unavailable", status: 503, retryAfterSeconds: 3600, ...LANDING_PAGE_UNAVAILABLE });
  }
}

/** The pair's page exists but no licensee holds it (its license ended): 410 Gone, not the firm's content. */
export class LandingPageGoneError extends DomainError {
  override name = "LandingPageGoneError";
  constructor() {
    super({ code: "landing_page_gone", status: 410, ...LANDING_PAGE_GONE });
  }
}
