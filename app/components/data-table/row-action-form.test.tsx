import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { RowActionForm, RowActionsHost } from "./row-action-form.tsx";

function render(ui: React.ReactNode) {
  const Stub = createRoutesStub([{ path: "/admin/things", Component: () => ui }]);
  return renderToStaticMarkup(<Stub initialEntries={["/admin/things?q=law&page=2"]} />);
}

const toggle = (id: string) => (
  <RowActionForm intent="toggle" values={{ thingId: id }} context={`${id}, now shown`} pendingLabel="Saving…">
    Hide
  </RowActionForm>
);

describe("RowActionForm", () => {
  it("is a plain POST form to the page itself, keyed by its intent and values", () => {
    const html = render(
      <RowActionsHost>
        {toggle("a")}
        {toggle("b")}
      </RowActionsHost>,
    );
    // No action attribute: without JavaScript the browser posts to the page's URL, query included.
    expect(html).toContain('<form data-row-action="row-action:toggle:a" method="post">');
    expect(html).toContain('<form data-row-action="row-action:toggle:b" method="post">');
    expect(html).not.toMatch(/\saction=/);
    expect(html).toContain('<input type="hidden" name="intent" value="toggle"/>');
    expect(html).toContain('<input type="hidden" name="thingId" value="a"/>');
    expect(html).toContain('Hide<span class="sr-only"> a, now shown</span></button>');
    expect(html).not.toContain("disabled");
  });

  it("needs the host above it", () => {
    expect(() => render(toggle("a"))).toThrow(/RowActionsHost/);
  });
});
