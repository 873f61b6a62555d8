import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CALLOUT_MAX_AREA, HIT_CIRCLE_MAX_AREA, layoutCallouts, leaderStart } from "./callouts.ts";
import { describeTerritory, formatAreaCodes, formatMonthlyPrice } from "./format.ts";
import type { MapShape, UsMapData } from "./map-data.ts";
import { nearestInDirection } from "./navigation.ts";
import { edgeKey, tabStopKey } from "./roving.ts";
import { TerritoryMapView } from "./territory-map-view.tsx";
import { pickerOptions } from "./territory-picker.tsx";
import { MAP_KEYBOARD_HINT } from "./territory-shapes.tsx";
import { focusAnchor, tooltipPosition } from "./tooltip-position.ts";
import { pointerHovers, tooltipKey } from "./tooltip-rule.ts";
import type { MapTerritory } from "./types.ts";
import { layoutMap } from "./use-map-layout.ts";

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
  {
    key: "CO",
    name: "Colorado",
    status: "licensed",
    areaCodes: ["303", "719"],
    monthly: { label: "Monthly fee", cents: 123400 },
  },
  { key: "DC", name: "District of Columbia", status: "available", areaCodes: ["202"], monthly: null },
  {
    key: "RI",
    name: "Rhode Island",
    status: "bogus" as MapTerritory["status"],
    areaCodes: [],
    monthly: { label: "Monthly fee", cents: 5050 },
  },
  { key: "ZZ", name: "Nowhere", status: "available", areaCodes: [], monthly: null },
];

describe("format", () => {
  it("formats the base monthly price in dollars, with two decimals like every price", () => {
    expect(formatMonthlyPrice(123400)).toBe("$1,234.00/mo");
    expect(formatMonthlyPrice(5050)).toBe("$50.50/mo");
    expect(formatMonthlyPrice(0)).toBe("$0.00/mo");
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
    expect(describeTerritory(["303", "719"], { label: "Monthly fee", cents: 123400 })).toBe(
      "Area codes 303, 719. Monthly fee $1,234.00/mo.",
    );
    expect(describeTerritory(["202"], null)).toBe("Area code 202. Pricing on request.");
    expect(describeTerritory([], { label: "#HELP monthly fee", cents: 100 })).toBe("#HELP monthly fee $1.00/mo.");
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

describe("layoutMap", () => {
  const layout = layoutMap(map, territories);

  it("orders the territories' shapes by name and leaves the others inactive", () => {
    expect(layout.activeShapes.map(({ shape }) => shape.key)).toEqual(["CO", "DC", "RI"]);
    expect(layout.inactiveShapes.map((s) => s.key)).toEqual(["WY"]);
  });

  it("reads an unknown status as available", () => {
    expect(layout.territoryByKey.get("RI")?.status).toBe("available");
    expect(layout.territoryByKey.get("CO")?.status).toBe("licensed");
  });

  it("gives callouts and hit circles only to small territories", () => {
    expect(layout.callouts.map((c) => c.key)).toEqual(["DC", "RI"]);
    expect(layout.hitCircles.map((s) => s.key)).toEqual(["DC"]);
  });
});

describe("tooltip position", () => {
  const tip = { width: 100, height: 50 };
  const wrapper = { width: 400, height: 300 };

  it("sits below and to the right of the anchor", () => {
    expect(tooltipPosition({ x: 10, y: 20 }, 16, tip, wrapper)).toEqual({ left: 26, top: 36 });
  });

  it("flips to the other side near the edges and stays inside the wrapper", () => {
    expect(tooltipPosition({ x: 390, y: 290 }, 16, tip, wrapper)).toEqual({ left: 274, top: 224 });
    expect(tooltipPosition({ x: 50, y: 10 }, 16, { width: 500, height: 50 }, wrapper)).toEqual({ left: 0, top: 26 });
  });

  it("points at the callout box of a small territory, else at the label point", () => {
    const layout = layoutMap(map, territories);
    const dc = layout.calloutByKey.get("DC");
    expect(focusAnchor("DC", layout.calloutByKey, layout.shapeByKey)).toEqual([(dc?.x ?? 0) + 20, (dc?.y ?? 0) + 8]);
    expect(focusAnchor("CO", layout.calloutByKey, layout.shapeByKey)).toEqual([350, 280]);
    expect(focusAnchor("ZZ", layout.calloutByKey, layout.shapeByKey)).toBeNull();
  });
});

describe("TerritoryMapView", () => {
  const html = renderToStaticMarkup(<TerritoryMapView map={map} territories={territories} selectedKey="CO" />);

  it("renders the spec's viewBox and an accessible group", () => {
    expect(html).toContain('viewBox="0 0 959 593"');
    expect(html).toContain('role="group" aria-label="Map of licensing territories"');
  });

  it("makes every territory with data a labelled button, the map one tab stop", () => {
    const buttons = html.match(/<path[^>]*role="button"[^>]*>/g) ?? [];
    expect(buttons).toHaveLength(3);
    // Arrow-key order follows the names; only the selected territory is in the tab order.
    expect(buttons.map((b) => /data-key="([^"]+)"/.exec(b)?.[1])).toEqual(["CO", "DC", "RI"]);
    expect(buttons.map((b) => /tabindex="(-?\d)"/.exec(b)?.[1])).toEqual(["0", "-1", "-1"]);
    const none = renderToStaticMarkup(<TerritoryMapView map={map} territories={territories} />);
    const tabStops = none.match(/<path[^>]*tabindex="0"[^>]*>/g) ?? [];
    expect(tabStops).toHaveLength(1);
    expect(tabStops[0]).toContain('data-key="CO"');
    // The map tells screen-reader users how to move in it.
    expect(html).toMatch(/role="group" aria-label="Map of licensing territories" aria-describedby="[^"]+"/);
    expect(html).toContain(MAP_KEYBOARD_HINT);
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
    expect(html).toContain("Area codes 303, 719. Monthly fee $1,234.00/mo.");
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

describe("roving tab stop", () => {
  const keys = ["CO", "DC", "RI"];

  it("is the territory focused last, else the selected one, else the first by name", () => {
    expect(tabStopKey(keys, "RI", "DC")).toBe("RI");
    expect(tabStopKey(keys, null, "DC")).toBe("DC");
    expect(tabStopKey(keys, "ZZ", "YY")).toBe("CO");
    expect(tabStopKey([], null, null)).toBeNull();
  });

  it("moves to the first and last territory with Home and End", () => {
    expect(edgeKey(keys, "Home")).toBe("CO");
    expect(edgeKey(keys, "End")).toBe("RI");
    expect(edgeKey(keys, "ArrowLeft")).toBeNull();
  });
});

describe("tooltip rule", () => {
  const base = { enabled: true, hoveredKey: null, focus: null, dismissed: false };

  it("shows the hovered territory, else the one focused from the keyboard", () => {
    expect(tooltipKey({ ...base, hoveredKey: "CO", focus: { key: "RI", fromKeyboard: true } })).toBe("CO");
    expect(tooltipKey({ ...base, focus: { key: "RI", fromKeyboard: true } })).toBe("RI");
  });

  it("shows nothing for a territory focused by a tap, a click or a script (focus given back by a popup)", () => {
    expect(tooltipKey({ ...base, focus: { key: "RI", fromKeyboard: false } })).toBeNull();
  });

  it("shows nothing while the page turns it off or after Escape", () => {
    expect(tooltipKey({ ...base, enabled: false, hoveredKey: "CO" })).toBeNull();
    expect(tooltipKey({ ...base, dismissed: true, hoveredKey: "CO" })).toBeNull();
  });

  it("takes no hover from a finger", () => {
    expect(pointerHovers("touch")).toBe(false);
    expect(pointerHovers("mouse")).toBe(true);
    expect(pointerHovers("pen")).toBe(true);
  });
});

describe("territory picker", () => {
  it("lists every territory by name with its status", () => {
    expect(pickerOptions(territories)).toEqual([
      { value: "CO", label: "Colorado (Fully Licensed)" },
      { value: "DC", label: "District of Columbia (Available)" },
      { value: "ZZ", label: "Nowhere (Available)" },
      { value: "RI", label: "Rhode Island (Available)" },
    ]);
  });

  it("sits above the map, labelled, and chooses the selected territory", async () => {
    const { TerritoryPicker } = await import("./territory-picker.tsx");
    const out = renderToStaticMarkup(
      <TerritoryPicker territories={territories} selectedKey="DC" onSelect={() => {}} />,
    );
    expect(out).toContain("Choose a territory");
    expect(out).toMatch(/<label for="([^"]+)"[^>]*>Choose a territory<\/label>.*<select[^>]*id="\1"/);
    expect(out).toContain('<option value="DC" selected="">District of Columbia (Available)</option>');
    expect(out).toContain("md:hidden");
    expect(
      renderToStaticMarkup(<TerritoryPicker territories={territories} selectedKey={null} onSelect={undefined} />),
    ).toBe("");
  });
});
