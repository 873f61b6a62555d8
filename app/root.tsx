import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import { useContext, useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  UNSAFE_FrameworkContext,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { SiteFooter } from "#app/components/layout/site-footer.tsx";
import { SiteHeader } from "#app/components/layout/site-header.tsx";
import { ToastOutlet } from "#app/components/ui/toast-outlet.tsx";
import { getUser } from "#server/auth/guards.ts";
import { consumeFlash } from "#server/web/flash.ts";
import { services } from "#server/web/route-kit.ts";
import { readTheme } from "#server/web/theme.ts";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";

/**
 * The stylesheet first: `precedence` makes React put it at the top of <head>, ahead of the route's module preloads,
 * so the render-blocking CSS is never queued behind JavaScript. Then Inter's Latin file (the one app.css names),
 * fetched with the CSS rather than after it.
 */
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
  { rel: "preload", href: interLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const s = services(context);
  const [user, theme, flash] = await Promise.all([
    getUser(context, request),
    readTheme(request),
    consumeFlash(s.config, request),
  ]);
  return data(
    {
      user: user
        ? {
            name: user.name,
            email: user.email,
            role: user.role,
            companyName: user.companyName,
            emailVerified: user.emailVerified,
          }
        : null,
      /** LICENSE_APPROVAL=auto: a verified account's own reservation is approved at once ("License now"). */
      selfServe: s.config.licenseApproval === "auto",
      theme,
      toast: flash.toast,
      publicUrl: s.config.publicUrl,
      /** Only the production site asks search engines to index it. */
      indexable: s.config.isProduction,
    },
    flash.clear ? { headers: { "Set-Cookie": flash.clear } } : undefined,
  );
}

export function shouldRevalidate({
  formMethod,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  // Re-read the session/flash after every submission and on every navigation between pages.
  if (formMethod && formMethod !== "GET") return true;
  if (currentUrl.pathname !== nextUrl.pathname) return true;
  return defaultShouldRevalidate;
}

/** Chooses the system theme before paint when the visitor has not picked one (no flash of the wrong theme). */
const themeScript = `(function(){try{var c=document.documentElement;if(!c.classList.contains('light')&&!c.classList.contains('dark')&&window.matchMedia('(prefers-color-scheme: dark)').matches){c.classList.add('dark')}}catch(e){}})();`;

/**
 * The Content-Security-Policy allows no eval. Zod probes for it (`new Function("")`) when its first object schema
 * is built, and a strict policy reports even a caught probe as a violation; jitless mode skips the probe. Zod reads
 * this global config, so it must be set before any module script runs.
 */
const noEvalScript = `window.__zod_globalConfig=Object.assign(window.__zod_globalConfig||{},{jitless:true});`;

/**
 * The Content-Security-Policy nonce entry.server hands to <ServerRouter nonce>. Browsers hide nonce values from
 * the page, so in the browser this is empty, which is what hydration then finds in the DOM.
 */
function useNonce(): string | undefined {
  return useContext(UNSAFE_FrameworkContext)?.nonce;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const theme = rootData?.theme ?? null;
  return (
    <html lang="en" className={theme ?? undefined} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: constant script, no user input */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: `${noEvalScript}${themeScript}` }} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh bg-background text-foreground antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * A route's `handle` may ask for other chrome than the site's: none (a licensee's landing page is the firm's, not
 * ours), or the application shell its layout renders (the signed-in areas).
 */
export type RouteChrome = { chrome?: "site" | "none" | "app" };

export default function App({ loaderData }: Route.ComponentProps) {
  const matches = useMatches();
  const bare = matches.some((m) => (m.handle as RouteChrome | undefined)?.chrome === "none");
  const app = matches.some((m) => (m.handle as RouteChrome | undefined)?.chrome === "app");
  // Marks the document interactive once React has hydrated it (what a browser test waits for before it changes a
  // form's select: React sets an uncontrolled select back to its default when it hydrates).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  if (app) {
    return (
      <>
        <Outlet />
        <ToastOutlet toast={loaderData.toast} />
      </>
    );
  }
  if (bare) {
    return (
      <div className="flex min-h-dvh flex-col">
        <main id="main" className="flex-1">
          <Outlet />
        </main>
        <ToastOutlet toast={loaderData.toast} />
      </div>
    );
  }
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-background focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <SiteHeader user={loaderData.user} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
      <ToastOutlet toast={loaderData.toast} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let title = "Something went wrong";
  let message = "An unexpected error occurred. Please try again in a moment.";
  let status = 500;
  if (isRouteErrorResponse(error)) {
    status = error.status;
    if (error.status === 404) {
      title = "Page not found";
      message = "The page you are looking for does not exist or has moved.";
    } else if (error.status === 403) {
      title = "Access Denied";
      message = "You do not have permission to view this page.";
    } else if (typeof error.data === "string" && error.data && error.status < 500) {
      message = error.data;
    }
  }
  return (
    <div className="mx-auto flex min-h-dvh max-w-2xl flex-col items-center justify-center gap-6 px-6 py-24 text-center">
      <p className="text-sm font-semibold uppercase tracking-widest text-accent-text">Error {status}</p>
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      <p className="text-lg text-muted-foreground">{message}</p>
      <div className="flex gap-3">
        <Link to="/" className="rounded-md bg-primary px-5 py-2.5 font-medium text-primary-foreground">
          Go to the home page
        </Link>
        <Link to="/contact" className="rounded-md border border-border px-5 py-2.5 font-medium">
          Contact us
        </Link>
      </div>
    </div>
  );
}
