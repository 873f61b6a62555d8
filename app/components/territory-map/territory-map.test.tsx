import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CALLOUT_MAX_AREA, HIT_CIRCLE_MAX_AREA, layoutCallouts, leaderStart } from "./callouts";
import { describeTerritory, formatAreaCodes, formatMonthlyPrice } from "./format";
import type { MapShape, UsMapData } from "./map-data";
import { nearestInDirection } from "./navigation";
import { TerritoryMapView } from "./TerritoryMapView";
import type { MapTerritory } from "./types";

function square(key: string, x: number, y: number, size: number): MapShape {
  return {
    key,
    d: `m${x} ${y} ${size} 0 0 ${size}-${size} 0z`,
    label: [x + size / 2, y + size / 2],
    bbox: [x, y, x + size, y + size],
    area: size * size,
  };
}

const map: UsMapData = {
  viewBox: [0, 0, 959, 593],
  shapes: [
    square("CO", 300, 230, 100),
    square("DC", 834, 255, 3),
    square("WY", 300, 120, 100),
    square("RI", 903, 171, 10),
  ],
  borders: { states: "m300 230 100 0", portions: "m0 0 1 1" },
  source: "test",
};

const territories: MapTerritory[] = [
  { key: "CO", name: "Colorado", status: "licensed", areaCodes: ["303", "719"], baseMonthlyCents: 123400 },
  { key: "DC", name: "District of Columbia", status: "available", areaCodes: ["202"], baseMonthlyCents: null },
  { key: "RI", name: "Rhode Island", status: "bogus" as MapTerritory["status"], areaCodes: [], baseMonthlyCents: 5050 },
  { key: "ZZ", name: "Nowhere", status: "available", areaCodes: [], baseMonthlyCents: null },
];

describe("format", () => {
  it("formats the base monthly price in dollars", () => {
    expect(formatMonthlyPrice(123400)).toBe("$1,234/mo");
    expect(formatMonthlyPrice(5050)).toBe("$50.50/mo");
    expect(formatMonthlyPrice(0)).toBe("$0/mo");
    expect(formatMonthlyPrice(null)).toBeNull();
    expect(formatMonthlyPrice(undefined)).toBeNull();
    expect(formatMonthlyPrice(Number.NaN)).toBeNull();
  });

  it("shortens long area code lists", () => {
    expect(formatAreaCodes([])).toBe("");
    expect(formatAreaCodes(["212", "646"])).toBe("212, 646");
    expect(formatAreaCodes(["1", "2", "3", "4"], 2)).toBe("1, 2 +2 more");
  });

  it("describes a territory for screen readers", () => {
    expect(describeTerritory(["303", "719"], 123400)).toBe("Area codes 303, 719. Base price $1,234/mo.");
    expect(describeTerritory(["202"], null)).toBe("Area code 202. Pricing on request.");
    expect(describeTerritory([], 100)).toBe("Base price $1/mo.");
  });
});

describe("nearestInDirection", () => {
  const points = [
    { key: "E", point: [20, 0] as const },
    { key: "FAR_E", point: [60, 2] as const },
    { key: "S", point: [0, 20] as const },
    { key: "NE_STEEP", point: [5, -30] as const },
  ];

  it("picks the nearest point within the cone of the direction", () => {
    expect(nearestInDirection([0, 0], points, "right")).toBe("E");
    expect(nearestInDirection([0, 0], points, "down")).toBe("S");
    expect(nearestInDirection([0, 0], points, "up")).toBe("NE_STEEP");
    expect(nearestInDirection([0, 0], points, "left")).toBeNull();
  });
});

describe("callouts", () => {
  it("adds callouts only for small shapes with a slot", () => {
    const shapes = [square("RI", 903, 171, 10), square("DE", 850, 230, 30), square("TX", 400, 400, 5)];
    const callouts = layoutCallouts(shapes);
    expect(callouts.map((c) => c.key)).toEqual(["RI"]);
    expect(30 * 30).toBeGreaterThanOrEqual(CALLOUT_MAX_AREA);
    const [x] = leaderStart(callouts[0] as (typeof callouts)[number]);
    expect(x).toBe(callouts[0]?.x);
  });
});

describe("TerritoryMapView", () => {
  const html = renderToStaticMarkup(<TerritoryMapView map={map} territories={territories} selectedKey="CO" />);

  it("renders the spec's viewBox and an accessible group", () => {
    expect(html).toContain('viewBox="0 0 959 593"');
    expect(html).toContain('role="group" aria-label="Map of licensing territories"');
  });

  it("makes every territory with data a labelled, focusable button", () => {
    const buttons = html.match(/<path[^>]*role="button"[^>]*>/g) ?? [];
    expect(buttons).toHaveLength(3);
    // Tab order follows the names.
    expect(buttons.map((b) => /data-key="([^"]+)"/.exec(b)?.[1])).toEqual(["CO", "DC", "RI"]);
    for (const b of buttons) expect(b).toContain('tabindex="0"');
    expect(html).toContain('aria-label="Colorado: Fully Licensed"');
    expect(html).toContain('aria-label="District of Columbia: Available"');
    // Unknown status is shown as available.
    expect(html).toContain('aria-label="Rhode Island: Available"');
  });

  it("marks the selected territory pressed and outlines it in gold", () => {
    expect(html).toMatch(/data-key="CO"[^>]*aria-pressed="true"/);
    expect(html).toMatch(/data-key="DC"[^>]*aria-pressed="false"/);
    expect(html).toContain("stroke-gold-400");
  });

  it("draws shapes without data in grey and out of the tab order", () => {
    const wy = /<path[^>]*d="m300 120[^"]*"[^>]*>/.exec(html)?.[0] ?? "";
    expect(wy).toContain("fill-navy-100");
    expect(wy).not.toContain("tabindex");
    expect(wy).not.toContain("data-key");
  });

  it("describes each territory with its area codes and price", () => {
    expect(html).toContain("Area codes 303, 719. Base price $1,234/mo.");
    expect(html).toContain("Area code 202. Pricing on request.");
  });

  it("gives tiny shapes a callout and an enlarged hit area", () => {
    expect(map.shapes.find((s) => s.key === "DC")?.area).toBeLessThan(HIT_CIRCLE_MAX_AREA);
    expect(html).toMatch(/<circle data-key="DC"[^>]*r="6"/);
    expect(html).toMatch(/<g data-key="DC"[^>]*>.*?>DC<\/text>/);
    expect(html).toMatch(/<g data-key="RI"[^>]*>.*?>RI<\/text>/);
  });

  it("shows the legend with the spec's labels", () => {
    for (const label of ["Available", "Partially Licensed", "In Negotiations", "Fully Licensed"]) {
      expect(html).toContain(`${label}</li>`);
    }
  });
});
