import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { TERRITORY_FEE_FIELDS, type TerritoryFeesInput } from "#kernel/schemas/territories-admin.ts";
import { FEE_CHANGE_HELP, TerritoryFeesForm } from "./fees-form.tsx";

const defaults = Object.fromEntries(
  TERRITORY_FEE_FIELDS.map((f) => [f.name, f.kind === "multiplier" ? "1" : "100.00"]),
) as TerritoryFeesInput;

function render() {
  const Stub = createRoutesStub([
    {
      path: "/admin/territories/t1",
      Component: () => (
        <TerritoryFeesForm
          action="/admin/territories/t1"
          defaults={defaults}
          initialPreview={{
            rows: [],
            setupCents: 0,
            fullStateSetupCents: 0,
            perMinuteCents: 5,
            perSmsCents: 2,
            perWebFormLeadCents: 50,
          }}
        />
      ),
    },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={["/admin/territories/t1"]} />);
}

describe("the territory fee editor", () => {
  it("says beside the fee fields that a change applies to new licenses only", () => {
    expect(FEE_CHANGE_HELP).toBe(
      "Fee changes apply to new licenses. Existing licenses keep the price their subscription was started with.",
    );
    const html = render();
    expect(html).toContain(`<p id="territory-fees-apply"`);
    expect(html).toContain(`${FEE_CHANGE_HELP}</p>`);
    // The fee fieldset is described by it, and the line comes before the first fee field.
    expect(html).toMatch(/<fieldset[^>]*aria-describedby="territory-fees-apply"/);
    expect(html.indexOf(FEE_CHANGE_HELP)).toBeLessThan(html.indexOf("Base monthly fee"));
  });
});
