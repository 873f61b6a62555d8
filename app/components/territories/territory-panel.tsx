import { BellPlus, MapPin, MessageCircleQuestionMark, MousePointerClick } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import type { PriceLine, TerritoryView } from "#kernel/catalogue.ts";
import { formatCents, formatCentsShort } from "#kernel/format.ts";
import { cn } from "#app/lib/utils.ts";
import {
  ACTION_LABELS,
  ASK_A_QUESTION,
  askQuestionHref,
  type CardStatus,
  groupQuoteLines,
  MONTHLY_NOTE,
  PANEL_HINT,
  PANEL_TITLE,
} from "./actions";

const MAX_AREA_CODES = 10;

export type TerritoryPanelProps = {
  /** The hovered territory, or else the selected one; null shows the hint. */
  territory: TerritoryView | null;
  status: CardStatus | null;
  /** Whether `territory` is the selected one (not only hovered). */
  selected: boolean;
  onAction: () => void;
  /** Reserve room for a category quote (pages about one #Code). */
  expectQuote?: boolean;
  titleId: string;
  className?: string;
};

/** The sticky 'Territory Details' card (spec 1 §2): status, area codes, pricing and the action. */
export function TerritoryPanel({
  territory,
  status,
  selected,
  onAction,
  expectQuote = false,
  titleId,
  className,
}: TerritoryPanelProps) {
  return (
    <div
      className={cn(
        "relative flex flex-col overflow-hidden rounded-2xl border border-border bg-card text-card-foreground shadow-card",
        // Room for the tallest content, so hovering or selecting does not move the page.
        // Room for the tallest territory (measured on the demo catalogue at 390 and 1440 px, with the hover hint).
        // On phones the hint card stays compact: the panel only grows on the first tap.
        territory
          ? expectQuote
            ? "min-h-[49rem]"
            : "min-h-[40rem]"
          : expectQuote
            ? "lg:min-h-[49rem]"
            : "lg:min-h-[40rem]",
        className,
      )}
    >
      <div aria-hidden="true" className="h-1 bg-gradient-to-r from-gold-300 via-gold-500 to-gold-300" />
      <div className="flex flex-1 flex-col p-6 sm:p-7">
        <h2 id={titleId} className="text-xs font-semibold tracking-[0.16em] text-accent-text uppercase">
          {PANEL_TITLE}
        </h2>
        {territory && status ? (
          <Details territory={territory} status={status} selected={selected} onAction={onAction} />
        ) : (
          <Empty />
        )}
      </div>
    </div>
  );
}

function Empty() {
  return (
    <div className="flex flex-1 flex-col">
      <div className="mt-6 grid size-12 place-items-center rounded-xl bg-navy-950 text-gold-300 ring-1 ring-navy-800 dark:bg-navy-800/70 dark:ring-navy-700">
        <MousePointerClick className="size-5.5" aria-hidden="true" />
      </div>
      <p className="mt-5 text-base leading-relaxed text-muted-foreground">{PANEL_HINT}</p>
      <ol className="mt-auto grid gap-4 border-t border-border pt-6 text-sm">
        {[
          ["Pick a territory", "A whole state or a portion of one."],
          ["Review the pricing", "Monthly fee, deposit and usage rates."],
          ["Reserve it", "We hold it for you while we prepare your agreement."],
        ].map(([title, body], i) => (
          <li key={title} className="flex gap-3">
            <span className="grid size-6 shrink-0 place-items-center rounded-full border border-gold-300 bg-gold-50 text-xs font-bold text-gold-900 dark:border-gold-700 dark:bg-gold-900/30 dark:text-gold-200">
              {i + 1}
            </span>
            <span>
              <span className="block font-semibold text-foreground">{title}</span>
              <span className="block text-muted-foreground">{body}</span>
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-1.5">
      <dt className={cn("text-sm", strong ? "font-semibold text-foreground" : "text-muted-foreground")}>{label}</dt>
      <dd className={cn("text-sm tabular-nums", strong ? "font-bold text-foreground" : "font-medium text-foreground")}>
        {value}
      </dd>
    </div>
  );
}

function lineValue(line: PriceLine): string {
  if (line.kind === "usage") return formatCents(line.cents);
  if (line.kind === "adjustment" && line.cents > 0) return `+${formatCents(line.cents)}`;
  return formatCents(line.cents);
}

function Details({
  territory,
  status,
  selected,
  onAction,
}: {
  territory: TerritoryView;
  status: CardStatus;
  selected: boolean;
  onAction: () => void;
}) {
  const { pricing } = territory;
  const quote = pricing.categoryQuote;
  const grouped = quote ? groupQuoteLines(quote.lines) : null;
  const codes = territory.areaCodes.slice(0, MAX_AREA_CODES);
  const moreCodes = territory.areaCodes.length - codes.length;
  const deposit = grouped?.oneOff[0]?.cents ?? pricing.setupCents;
  const usage: { key: string; label: string; value: string }[] =
    grouped && grouped.usage.length > 0
      ? grouped.usage.map((l) => ({ key: l.key, label: l.label, value: formatCents(l.cents) }))
      : [
          { key: "per_minute", label: "Per minute", value: formatCents(pricing.perMinuteCents) },
          { key: "per_sms", label: "Per SMS", value: formatCents(pricing.perSmsCents) },
        ];

  return (
    <div className="flex flex-1 flex-col">
      <div className="mt-3 flex items-start justify-between gap-3">
        <h3 className="text-2xl leading-tight font-bold tracking-tight text-foreground">{territory.name}</h3>
        <Badge variant={status.badge} className="mt-1">
          {status.label}
        </Badge>
      </div>
      {/* Always laid out, shown only while previewing, so selecting does not move anything. */}
      <p
        aria-hidden={selected || undefined}
        className={cn("mt-1 text-xs text-muted-foreground", selected && "invisible")}
      >
        Click or press Enter to select this territory.
      </p>

      <div className="mt-5">
        <p className="flex items-center gap-1.5 text-xs font-medium tracking-wide text-muted-foreground uppercase">
          <MapPin className="size-3.5" aria-hidden="true" />
          Area codes
        </p>
        {codes.length > 0 ? (
          <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={`Area codes of ${territory.name}`}>
            {codes.map((c) => (
              <li
                key={c}
                className="rounded-md border border-border bg-subtle px-2 py-0.5 font-mono text-xs font-semibold text-foreground"
              >
                {c}
              </li>
            ))}
            {moreCodes > 0 ? <li className="px-1 py-0.5 text-xs text-muted-foreground">+{moreCodes} more</li> : null}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-muted-foreground">Available on request.</p>
        )}
      </div>

      <div className="mt-5 rounded-xl border border-border bg-subtle p-4">
        <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Monthly fee</p>
        <p className="mt-1 flex flex-wrap items-baseline gap-x-2">
          <span className="text-3xl font-bold tracking-tight text-foreground tabular-nums">
            {formatCentsShort(pricing.baseMonthlyCents)}
          </span>
          <span className="text-sm text-muted-foreground">/ month</span>
        </p>
        <p className="mt-0.5 text-xs text-muted-foreground">{MONTHLY_NOTE}</p>

        {quote && grouped ? (
          <div className="mt-4 border-t border-border pt-3">
            <p className="text-xs font-semibold text-foreground">{quote.categoryName} pricing</p>
            <dl className="mt-1 divide-y divide-border/60">
              {grouped.monthly.map((l) => (
                <Row key={l.key} label={l.label} value={lineValue(l)} />
              ))}
              {grouped.total.map((l) => (
                <Row key={l.key} label={l.label} value={formatCents(l.cents)} strong />
              ))}
            </dl>
          </div>
        ) : null}

        <dl className="mt-3 divide-y divide-border/60 border-t border-border pt-1">
          <Row label="Setup deposit" value={formatCentsShort(deposit)} />
          {usage.map((u) => (
            <Row key={u.key} label={u.label} value={u.value} />
          ))}
        </dl>
      </div>

      <div className="mt-auto grid gap-2 pt-6">
        {status.action === "reserve" ? (
          <Button type="button" variant="gold" size="lg" className="w-full" onClick={onAction}>
            {ACTION_LABELS.reserve}
          </Button>
        ) : status.action === "waitlist" ? (
          <>
            <Button type="button" size="lg" className="w-full" onClick={onAction}>
              <BellPlus aria-hidden="true" />
              {ACTION_LABELS.waitlist}
            </Button>
            <Button asChild variant="outline" size="lg" className="w-full">
              <Link to={askQuestionHref(territory.name)}>
                <MessageCircleQuestionMark aria-hidden="true" />
                {ASK_A_QUESTION}
              </Link>
            </Button>
          </>
        ) : (
          <Button type="button" variant="outline" size="lg" className="w-full" disabled>
            {ACTION_LABELS.inquire}
          </Button>
        )}
      </div>
    </div>
  );
}
