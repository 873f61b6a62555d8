/**
 * The compose card states its rule once: a refused issue shows 'Subject and content are required.' (the spec's
 * words) and nothing else says the same thing in other words next to it.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { defineList } from "#kernel/list-query.ts";
import { NEWSLETTER_ADMIN_TEXT } from "#kernel/schemas/newsletter-admin.ts";
import AdminNewsletter from "./newsletter.tsx";

type Props = Parameters<typeof AdminNewsletter>[0];

function render(actionData: unknown): string {
  const list = defineList({ sorts: { subscribed: "desc", email: "asc" }, defaultSort: "subscribed" });
  const loaderData = {
    query: list.parse(new URLSearchParams()),
    total: 0,
    active: 3,
    adminEmail: "admin@example.com",
    subscribers: [],
    campaigns: [],
  } as unknown as Props["loaderData"];
  const Stub = createRoutesStub([
    {
      path: "/admin/newsletter",
      Component: () => (
        <AdminNewsletter {...({ loaderData, actionData, params: {}, matches: [] } as unknown as Props)} />
      ),
    },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={["/admin/newsletter"]} />);
}

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("the newsletter compose card", () => {
  it("says what to do before anything is sent, without restating the rule in other words", () => {
    const page = text(render(undefined));
    expect(page).toContain(NEWSLETTER_ADMIN_TEXT.composeHint);
    expect(page).not.toMatch(/required/i);
  });

  it("shows a refusal once, in the spec's words", () => {
    const required = NEWSLETTER_ADMIN_TEXT.required;
    const page = text(
      render({
        ok: false,
        code: "invalid_input",
        title: "Please check the form",
        message: required,
        result: {
          status: "error",
          initialValue: { intent: "send-campaign", subject: "Only a subject", content: "" },
          error: { subject: [required], content: [required] },
        },
      }),
    );
    expect(page.split(required).length - 1).toBe(1);
    expect(page.match(/required/gi)).toHaveLength(1);
  });
});
