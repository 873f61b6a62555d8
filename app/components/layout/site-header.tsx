import { lazy, Suspense, useRef, useState } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { LayoutDashboard, LogOut, Menu, Moon, Sun } from "#app/components/ui/icons.tsx";
import { cn } from "#app/lib/utils.ts";
import { Logo } from "./logo";
import { useResolvedTheme } from "./use-theme";

export type SiteHeaderUser = { name: string; email: string; role: string };

function dashboardPath(user: SiteHeaderUser) {
  return user.role === "admin" ? "/admin/dashboard" : "/dashboard";
}

/** Desktop shortcuts shown inline at lg+ (the full menu is in the sheet). */
const INLINE_LINKS = [
  { to: "/all-numbers", label: "Browse Numbers" },
  { to: "/products-services", label: "Products & Services" },
  { to: "/about", label: "About" },
  { to: "/blog", label: "Blog" },
  { to: "/contact", label: "Contact" },
] as const;

export function SiteHeader({ user }: { user: SiteHeaderUser | null }) {
  return (
    <header className="sticky top-0 z-40 border-b border-white/10 bg-navy-950 text-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6 lg:h-[4.5rem] lg:px-8">
        <Link
          to="/"
          className="-m-1 rounded-md p-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-300"
          aria-label="PoundCodes home"
        >
          <Logo />
        </Link>

        <nav aria-label="Primary" className="ml-8 hidden items-center gap-1 xl:flex">
          {INLINE_LINKS.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              className={({ isActive }) =>
                cn(
                  "rounded-md px-3 py-2 text-sm font-medium text-white/75 transition-colors hover:text-white focus-visible:outline-2 focus-visible:outline-gold-300",
                  isActive && "text-white after:mt-0.5 after:block after:h-0.5 after:rounded-full after:bg-gold-400",
                )
              }
            >
              {link.label}
            </NavLink>
          ))}
        </nav>

        <div className="ml-auto flex items-center gap-1.5 sm:gap-2">
          <ThemeToggle className="hidden sm:inline-flex" />
          {user ? (
            <>
              <Button asChild variant="gold" size="sm">
                <Link to={dashboardPath(user)}>
                  <LayoutDashboard aria-hidden="true" />
                  Dashboard
                </Link>
              </Button>
              <Form method="post" action="/logout" className="hidden sm:block">
                <Button type="submit" variant="outline-light" size="sm">
                  <LogOut aria-hidden="true" />
                  Sign Out
                </Button>
              </Form>
            </>
          ) : (
            <Button asChild variant="gold" size="sm">
              <Link to="/login">Sign Up / Sign In</Link>
            </Button>
          )}
          <MenuSheet user={user} />
        </div>
      </div>
    </header>
  );
}

/** Posts the other theme to /resources/theme (works without JavaScript); the root loader reads the cookie. */
export function ThemeToggle({ className, withLabel = false }: { className?: string; withLabel?: boolean }) {
  const location = useLocation();
  const isDark = useResolvedTheme().theme === "dark";
  const next = isDark ? "light" : "dark";
  const label = isDark ? "Switch to light theme" : "Switch to dark theme";
  return (
    <Form method="post" action="/resources/theme" preventScrollReset className={cn("inline-flex", className)}>
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}${location.hash}`} />
      <Button
        type="submit"
        name="theme"
        value={next}
        variant="ghost-light"
        size={withLabel ? "default" : "icon-sm"}
        aria-label={withLabel ? undefined : label}
        title={label}
      >
        {isDark ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
        {withLabel ? <span>{label}</span> : null}
      </Button>
    </Form>
  );
}

const loadMenuSheet = () => import("./menu-sheet.tsx");
const MenuSheetDialog = lazy(loadMenuSheet);

/** The menu button; the sheet's code loads on the first sign of use (pointer, focus, press). */
function MenuSheet({ user }: { user: SiteHeaderUser | null }) {
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={button}
        type="button"
        variant="ghost-light"
        size="icon-sm"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={loadMenuSheet}
        onFocus={loadMenuSheet}
        onClick={() => {
          setAsked(true);
          setOpen(true);
        }}
      >
        <Menu className="size-5!" aria-hidden="true" />
      </Button>
      {asked ? (
        <Suspense fallback={null}>
          <MenuSheetDialog user={user} open={open} onOpenChange={setOpen} trigger={button} />
        </Suspense>
      ) : null}
    </>
  );
}
