import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { formRefusal } from "#app/components/contact/form-feedback.tsx";
import { landingPageJsonLd } from "#app/components/landing-page/json-ld.ts";
import { LandingPage } from "#app/components/landing-page/landing-page-view.tsx";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { pageMeta } from "#app/lib/seo.ts";
import type { RouteChrome } from "#app/root.tsx";
import { LEAD_SENT, leadSchema } from "#kernel/schemas/landing-page.ts";
import {
  LANDING_PAGE_ERROR_TITLE,
  LANDING_PAGE_GONE,
  LANDING_PAGE_UNAVAILABLE,
} from "#kernel/schemas/landing-page-strings.ts";
import { truncate } from "#kernel/text.ts";
import { getLandingPage } from "#server/domain/landing-pages/landing-pages.ts";
import { contentKey, submitLead } from "#server/domain/landing-pages/leads.ts";
import { shareImageVersion } from "#server/domain/landing-pages/share-image.ts";
import { redirectWithToast } from "#server/web/flash.ts";
import { cacheable, shows } from "#server/web/page-cache.ts";
import { throwAsRouteError } from "#server/web/respond.ts";
import { formAction, ledgerOptions, services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/landing-page";

/** The firm's own page: none of the site's header, menu, sign-in, newsletter or footer (a PoundCodes credit stays). */
export const handle: RouteChrome = { chrome: "none" };

/** Cached for anonymous visitors, dropped by the writes that change what it shows (server/web/page-cache.ts). */
export const pageCache = cacheable({
  keys: ({ params }) => shows.landingPage(params.poundCode ?? "", params.territorySlug ?? ""),
});

export async function loader({ params, context }: Route.LoaderArgs) {
  const s = services(context);
  // Route parameters arrive decoded once by the router; they are not decoded again.
  const view = await getLandingPage(s.db, {
    poundCode: params.poundCode,
    territorySlug: params.territorySlug,
  }).catch(throwAsRouteError);
  return { view, shareImage: `${view.path}/share.png?v=${shareImageVersion(view)}` };
}

export const meta: Route.MetaFunction = (args) => {
  const view = args.loaderData?.view;
  if (!view || args.error) {
    const neutral = isRouteErrorResponse(args.error) ? NEUTRAL_PAGES[args.error.data?.code as string] : undefined;
    const title = `${neutral?.title ?? "Page not found"} · PoundCodes`;
    return [{ title }, { name: "robots", content: "noindex" }];
  }
  const root = args.matches.find((m) => m?.id === "root")?.loaderData as { publicUrl?: string } | undefined;
  const origin = (root?.publicUrl ?? "").replace(/\/+$/, "");
  const name = view.businessName ?? `${view.poundCode} in ${view.territory.name}`;
  const description =
    (view.descriptionText && truncate(view.descriptionText, 155).text) ||
    `${name}: dial ${view.poundCode} from any mobile phone in ${view.territory.name}.`;
  return pageMeta(args, {
    title: view.pageTitle ?? name,
    description,
    path: view.path,
    image: args.loaderData?.shareImage,
    jsonLd: landingPageJsonLd(view, origin),
  });
};

/** The lead form: recorded for the page's licensee and emailed to them; a page not served takes no leads. */
export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    schema: leadSchema,
    publicForm: "landing-lead",
    refusals: "toast",
    run: async (value, { s, actor }) => {
      // Back to the page's canonical address: the request's own URL is the `.data` endpoint when JavaScript posts.
      const { leadKey, startedAt, ...lead } = value;
      const { pagePath } = await submitLead(
        s.db,
        actor,
        {
          ...lead,
          poundCode: args.params.poundCode,
          territorySlug: args.params.territorySlug,
          idempotencyKey: leadKey ?? contentKey(lead),
          startedAt: startedAt ?? null,
        },
        { ...ledgerOptions(s), dailyCap: s.config.leadDailyCap, salesEmail: s.config.salesEmail },
      );
      return redirectWithToast(s.config, `${pagePath}#contact`, {
        type: "success",
        title: LEAD_SENT.title,
        description: LEAD_SENT.message,
      });
    },
  });

export default function LandingPageRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <LandingPage
      view={loaderData.view}
      result={actionData?.ok === false ? actionData.result : null}
      refusal={formRefusal(actionData)}
    />
  );
}

/** 'Oops! Something went wrong.' with the reason: 'Territory not found.', the page-not-found text, or the server's. */
/**
 * The pages a landing page answers instead of the firm's content: neither the firm's nor a "not found" (a suspended
 * license's, 503; an ended license's, 410, with the way to the catalog).
 */
const NEUTRAL_PAGES: Record<string, { title: string; message: string; testId: string; browse: boolean }> = {
  landing_page_unavailable: { ...LANDING_PAGE_UNAVAILABLE, testId: "landing-page-unavailable", browse: false },
  landing_page_gone: { ...LANDING_PAGE_GONE, testId: "landing-page-gone", browse: true },
};

export function ErrorBoundary() {
  const error = useRouteError();
  const neutral = isRouteErrorResponse(error) ? NEUTRAL_PAGES[error.data?.code as string] : undefined;
  if (neutral) {
    return (
      <div className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-24 text-center sm:px-6" data-testid={neutral.testId}>
        <h1 className="font-semibold text-3xl tracking-tight">{neutral.title}</h1>
        <p className="text-lg text-muted-foreground">{neutral.message}</p>
        {neutral.browse ? (
          <div className="flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild>
              <Link to="/all-numbers">Browse numbers</Link>
            </Button>
          </div>
        ) : null}
      </div>
    );
  }
  const message =
    isRouteErrorResponse(error) && typeof error.data?.message === "string"
      ? error.data.message
      : "We could not load this page. Please try again in a moment.";
  return (
    <>
      <PageHeader title={LANDING_PAGE_ERROR_TITLE} />
      <div className="mx-auto grid w-full max-w-2xl gap-6 px-4 pb-24 text-center sm:px-6">
        <p className="text-lg text-muted-foreground" data-testid="landing-page-error">
          {message}
        </p>
        <div className="flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild>
            <Link to="/all-numbers">Browse numbers</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/contact">Contact us</Link>
          </Button>
        </div>
      </div>
    </>
  );
}
