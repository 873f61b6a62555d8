import { Link } from "react-router";
import { Hash, Phone } from "#app/components/ui/icons.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import type { TerritoryPopup } from "#kernel/catalogue.ts";
import { numberHref } from "./popup-data.ts";

/** Placeholder lines while the popup's numbers load. */
export function PopupNumbersLoading() {
  return (
    <div className="grid gap-2" role="status" aria-label="Loading available numbers">
      <Skeleton className="h-4 w-32" />
      <div className="flex gap-2">
        <Skeleton className="h-7 w-16" />
        <Skeleton className="h-7 w-16" />
        <Skeleton className="h-7 w-16" />
      </div>
      <Skeleton className="mt-2 h-4 w-40" />
      <Skeleton className="h-7 w-28" />
    </div>
  );
}

/** The contact hint shown when a territory lists no available number. */
export function PopupNumbersEmpty() {
  return (
    <p className="text-sm leading-relaxed text-muted-foreground">
      No numbers are listed as available here right now.{" "}
      <Link to="/contact" className="font-semibold text-accent-text underline-offset-4 hover:underline">
        Contact us
      </Link>{" "}
      and we will check availability for you.
    </p>
  );
}

/** What the popup says of a territory whose every #Code is licensed: where to turn instead. */
export function PopupFullyLicensed({ territoryName, territoryHref }: { territoryName: string; territoryHref: string }) {
  return (
    <div
      role="note"
      className="rounded-lg border border-red-200 bg-red-50/70 p-3 text-sm leading-relaxed text-red-950 dark:border-red-900 dark:bg-red-950/30 dark:text-red-100"
    >
      <p className="font-semibold">Every #Code in {territoryName} is licensed.</p>
      <p className="mt-1">
        <Link to={territoryHref} className="font-semibold underline underline-offset-4 hover:no-underline">
          Join the waitlist
        </Link>{" "}
        of a #Code there, or{" "}
        <Link to="/contact" className="font-semibold underline underline-offset-4 hover:no-underline">
          contact us
        </Link>{" "}
        about a neighboring territory.
      </p>
    </div>
  );
}

/** The available #Codes and vanity numbers, each linking to its page with this territory chosen. */
export function PopupNumbers({
  territorySlug,
  poundCodes,
  vanityNumbers,
}: {
  territorySlug: string;
  poundCodes: TerritoryPopup["poundCodes"];
  vanityNumbers: TerritoryPopup["vanityNumbers"];
}) {
  return (
    <div className="grid gap-4">
      {poundCodes.length > 0 ? (
        <div>
          <h4 className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            <Hash className="size-3.5" aria-hidden="true" />
            Available #Codes
          </h4>
          <ul className="mt-2 flex flex-wrap gap-2">
            {poundCodes.map((c) => (
              <li key={c.id}>
                <Link
                  to={numberHref(c.slug, territorySlug)}
                  className="inline-flex h-8 items-center rounded-md border border-gold-300 bg-gold-50 px-2.5 text-sm font-bold text-gold-900 transition-colors hover:border-gold-500 hover:bg-gold-100 dark:border-gold-700 dark:bg-gold-900/30 dark:text-gold-200 dark:hover:bg-gold-900/50"
                >
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {vanityNumbers.length > 0 ? (
        <div>
          <h4 className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            <Phone className="size-3.5" aria-hidden="true" />
            Available vanity numbers
          </h4>
          <ul className="mt-2 flex flex-wrap gap-2">
            {vanityNumbers.map((v) => (
              <li key={v.id}>
                <Link
                  to={numberHref(v.slug, territorySlug)}
                  className="inline-flex h-8 items-center rounded-md border border-border bg-background px-2.5 text-sm tabular-nums font-semibold text-foreground transition-colors hover:border-navy-300 hover:bg-muted dark:hover:border-navy-500"
                >
                  {v.numberText}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
