/**
 * The territories of a number page, packed for the trip from loader to browser and unpacked where the page renders.
 *
 * A number page shows ~60 territories. Sent as objects, each carries its ~30 field names and nested objects, and the
 * loader data streamed into the HTML (escaped twice: as JSON, then inside a script) was most of the page: 110 KB of
 * a 154 KB #4LAW page. Packed, every territory is one line of `|`-separated fields, and what repeats (the page's
 * quote heading, the price-line labels, the category names) is sent once in small dictionaries. The unpacked views
 * are the loader's, but for one field: a territory's `id` on the page is its URL slug. The page only compares ids
 * (selection, holds) and posts them to the reservation and waitlist actions, which take a slug as well as an id,
 * and 59 random UUIDs were 1.1 KB of /all-numbers' 14.4 KB of compressed HTML. ({@link unpackTerritories} ∘
 * {@link packTerritories} is the identity up to that: a test says so.) Browser-safe, no React.
 */
import type {
  CategoryQuote,
  MapTerritoryView,
  PriceLine,
  TerritoryCategory,
  TerritoryView,
} from "#kernel/catalogue.ts";
import type { CategoryDisplayStatus, DisplayStatus, ListStatus } from "#kernel/territory-status.ts";

export type PackedTerritories = {
  /** One line per territory, `~`-separated; fields `|`-separated (see FIELDS). */
  rows: string;
  /** The quote headings (category id and name) the rows point to. */
  heads: { categoryId: string; categoryName: string }[];
  /** The price lines' key, label and kind the rows point to (the cents are the row's own). */
  lines: Omit<PriceLine, "cents">[];
  /** The categories the rows' per-category statuses point to. */
  categories: Omit<TerritoryCategory, "status" | "monthlyCents">[];
  /** Every status string the rows use. */
  statuses: string[];
};

const ROW = "~";
const FIELD = "|";
const LIST = ",";
const PART = ":";

/** Text fields are URI-encoded, so no separator can occur in them ("~" is not encoded by encodeURIComponent). */
const text = (s: string) => encodeURIComponent(s).replace(/~/g, "%7E");
const untext = (s: string) => decodeURIComponent(s);
const num = (n: number | null) => (n === null ? "" : String(n));
const unnum = (s: string) => (s === "" ? null : Number(s));

function indexer<T>(list: T[], keyOf: (x: T) => string) {
  const at = new Map<string, number>();
  return (x: T): number => {
    const k = keyOf(x);
    let i = at.get(k);
    if (i === undefined) {
      i = list.length;
      list.push(x);
      at.set(k, i);
    }
    return i;
  };
}

// The loader's views are a read model kept between requests, so the same array is packed again and again: remember
// the packing per array, and the views per packing (the server renders from what the loader packed, identified by
// slug as the browser's are).
const packedOf = new WeakMap<readonly TerritoryView[], PackedTerritories>();
const viewsOf = new WeakMap<PackedTerritories, TerritoryView[]>();

export function packTerritories(views: readonly TerritoryView[]): PackedTerritories {
  const known = packedOf.get(views);
  if (known) return known;
  const packed = pack(views);
  packedOf.set(views, packed);
  viewsOf.set(
    packed,
    views.map((v) => ({ ...v, id: v.slug })),
  );
  return packed;
}

function pack(views: readonly TerritoryView[]): PackedTerritories {
  const packed: PackedTerritories = { rows: "", heads: [], lines: [], categories: [], statuses: [] };
  const head = indexer(packed.heads, (h) => `${h.categoryId}\n${h.categoryName}`);
  const line = indexer(packed.lines, (l) => `${l.key}\n${l.label}\n${l.kind}`);
  const category = indexer(packed.categories, (c) => `${c.categoryId}\n${c.name}\n${c.slug}\n${c.kind}`);
  const status = indexer(packed.statuses, (s) => s);
  const quoteOf = (q: CategoryQuote | null) =>
    q === null
      ? ""
      : [
          head({ categoryId: q.categoryId, categoryName: q.categoryName }),
          q.finalMonthlyCents,
          ...q.lines.map((l) => `${line({ key: l.key, label: l.label, kind: l.kind })}${PART}${l.cents}`),
        ].join(LIST);
  packed.rows = views
    .map((t) =>
      [
        text(t.key),
        text(t.name),
        text(t.state),
        t.portion === null ? "" : `=${text(t.portion)}`,
        text(t.slug),
        t.population,
        t.areaCodes.map(text).join(LIST),
        status(t.listStatus),
        status(t.mapStatus),
        t.pricing.baseMonthlyCents,
        t.pricing.setupCents,
        t.pricing.perMinuteCents,
        t.pricing.perSmsCents,
        t.pricing.perWebFormLeadCents,
        quoteOf(t.pricing.categoryQuote),
        t.categories
          .map(
            (c) =>
              `${category({ categoryId: c.categoryId, name: c.name, slug: c.slug, kind: c.kind })}${PART}${status(c.status)}${PART}${num(c.monthlyCents)}`,
          )
          .join(LIST),
      ].join(FIELD),
    )
    .join(ROW);
  return packed;
}

export function unpackTerritories(packed: PackedTerritories): TerritoryView[] {
  const known = viewsOf.get(packed);
  if (known) return known;
  const views = unpack(packed);
  viewsOf.set(packed, views);
  return views;
}

function unpack(packed: PackedTerritories): TerritoryView[] {
  if (packed.rows === "") return [];
  const quoteOf = (s: string): CategoryQuote | null => {
    if (s === "") return null;
    const [h, final, ...lines] = s.split(LIST);
    const head = packed.heads[Number(h)]!;
    return {
      categoryId: head.categoryId,
      categoryName: head.categoryName,
      finalMonthlyCents: Number(final),
      lines: lines.map((l): PriceLine => {
        const [i, cents] = l.split(PART);
        return { ...packed.lines[Number(i)]!, cents: Number(cents) };
      }),
    };
  };
  return packed.rows.split(ROW).map((row): TerritoryView => {
    const f = row.split(FIELD);
    const field = (i: number) => f[i] ?? "";
    const slug = untext(field(4));
    return {
      id: slug,
      key: untext(field(0)),
      name: untext(field(1)),
      state: untext(field(2)),
      portion: field(3) === "" ? null : untext(field(3).slice(1)),
      slug,
      population: Number(field(5)),
      areaCodes: field(6) === "" ? [] : field(6).split(LIST).map(untext),
      listStatus: packed.statuses[Number(field(7))] as ListStatus,
      mapStatus: packed.statuses[Number(field(8))] as DisplayStatus,
      pricing: {
        baseMonthlyCents: Number(field(9)),
        setupCents: Number(field(10)),
        perMinuteCents: Number(field(11)),
        perSmsCents: Number(field(12)),
        perWebFormLeadCents: Number(field(13)),
        categoryQuote: quoteOf(field(14)),
      },
      categories:
        field(15) === ""
          ? []
          : field(15)
              .split(LIST)
              .map((c): TerritoryCategory => {
                const [i, s, monthly] = c.split(PART);
                return {
                  ...packed.categories[Number(i)]!,
                  status: packed.statuses[Number(s)] as CategoryDisplayStatus,
                  monthlyCents: unnum(monthly ?? ""),
                };
              }),
    };
  });
}

/**
 * The home map's territories: only what the map and its popups show (no ids, prices beyond the base fee, quotes or
 * categories), one `|`-separated line each. The home page is the site's front door, and what it sends before the
 * first paint decides how soon that paint comes: this is 1.9 KB compressed where the full packing was 3.9 KB.
 */
export type PackedMapTerritories = { rows: string; statuses: string[] };

const mapPackedOf = new WeakMap<readonly TerritoryView[], PackedMapTerritories>();
const mapViewsOf = new WeakMap<PackedMapTerritories, MapTerritoryView[]>();

export function packMapTerritories(views: readonly TerritoryView[]): PackedMapTerritories {
  const known = mapPackedOf.get(views);
  if (known) return known;
  const packed: PackedMapTerritories = { rows: "", statuses: [] };
  const status = indexer(packed.statuses, (s) => s);
  packed.rows = views
    .map((t) =>
      [
        text(t.key),
        text(t.name),
        text(t.slug),
        t.population,
        t.areaCodes.map(text).join(LIST),
        status(t.mapStatus),
        t.pricing.baseMonthlyCents,
      ].join(FIELD),
    )
    .join(ROW);
  mapPackedOf.set(views, packed);
  return packed;
}

export function unpackMapTerritories(packed: PackedMapTerritories): MapTerritoryView[] {
  const known = mapViewsOf.get(packed);
  if (known) return known;
  const views =
    packed.rows === ""
      ? []
      : packed.rows.split(ROW).map((row): MapTerritoryView => {
          const f = row.split(FIELD);
          const field = (i: number) => f[i] ?? "";
          return {
            key: untext(field(0)),
            name: untext(field(1)),
            slug: untext(field(2)),
            population: Number(field(3)),
            areaCodes: field(4) === "" ? [] : field(4).split(LIST).map(untext),
            mapStatus: packed.statuses[Number(field(5))] as DisplayStatus,
            baseMonthlyCents: Number(field(6)),
          };
        });
  mapViewsOf.set(packed, views);
  return views;
}
