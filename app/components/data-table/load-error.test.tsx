import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { LoadError, refusalMessage, TRY_AGAIN } from "./load-error.tsx";

function render(element: React.ReactElement): string {
  const Stub = createRoutesStub([{ path: "/", Component: () => element }]);
  return renderToStaticMarkup(<Stub initialEntries={["/"]} />);
}

/** What the error boundary receives when a loader's `.catch(throwAsRouteError)` threw (an error response). */
function routeError(status: number, body: unknown) {
  return { status, statusText: "", internal: false, data: body };
}

describe("LoadError", () => {
  it("shows the screen's title over 'Please try again in a moment.' in a destructive alert", () => {
    const html = render(<LoadError title="Error fetching posts" />);
    expect(html).toContain('role="alert"');
    expect(html).toContain("Error fetching posts");
    expect(html).toContain("<p>Please try again in a moment.</p>");
    expect(html).not.toContain("<a ");
  });

  it("takes another message, none, more inside the alert, and a way back below it", () => {
    expect(render(<LoadError title="Error fetching topic" message="Topic not found." />)).toContain(
      "<p>Topic not found.</p>",
    );
    expect(render(<LoadError title="Error loading territories: boom" message={null} />)).not.toContain("<p>");
    const html = render(
      <LoadError title="Error fetching page" back={{ to: "/admin/dynamic-pages", label: "All landing pages" }}>
        <p>More</p>
      </LoadError>,
    );
    expect(html).toContain("<p>More</p>");
    expect(html).toMatch(/<a [^>]*href="\/admin\/dynamic-pages"[^>]*>All landing pages<\/a>/);
  });
});

describe("refusalMessage", () => {
  it("is the refusal's message when the loader threw one, otherwise 'Please try again in a moment.'", () => {
    expect(refusalMessage(routeError(403, { code: "forbidden", title: "Not Allowed", message: "No." }))).toBe("No.");
    expect(refusalMessage(routeError(404, "Not found"))).toBe(TRY_AGAIN);
    expect(refusalMessage(new Error("boom"))).toBe(TRY_AGAIN);
    expect(TRY_AGAIN).toBe("Please try again in a moment.");
  });
});
