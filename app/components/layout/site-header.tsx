import { LayoutDashboard, LogOut, Menu, Moon, Phone, Sun, UserRound, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useState } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/utils.ts";
import { CONTACT } from "#kernel/links.ts";
import { Logo } from "./logo";
import { MENU_LINKS } from "./nav-links";
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

function MenuSheet({ user }: { user: SiteHeaderUser | null }) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="ghost-light" size="icon-sm" aria-label="Open menu">
          <Menu className="size-5!" aria-hidden="true" />
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-navy-950/60 backdrop-blur-[2px] motion-safe:data-[state=open]:animate-[overlay-in_200ms_ease-out]" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-[min(24rem,calc(100%-2.5rem))] flex-col border-l border-white/10 bg-navy-950 text-white shadow-2xl outline-none motion-safe:data-[state=open]:animate-[sheet-in_260ms_cubic-bezier(0.2,0.8,0.2,1)]">
          <div className="flex h-16 items-center justify-between border-b border-white/10 px-5 lg:h-[4.5rem]">
            <Dialog.Title className="text-xs font-semibold tracking-[0.2em] text-gold-300 uppercase">Menu</Dialog.Title>
            <Dialog.Description className="sr-only">Site navigation</Dialog.Description>
            <Dialog.Close asChild>
              <Button variant="ghost-light" size="icon-sm" aria-label="Close menu">
                <X className="size-5!" aria-hidden="true" />
              </Button>
            </Dialog.Close>
          </div>

          <nav aria-label="Site menu" className="flex-1 overflow-y-auto px-3 py-4">
            <ul className="grid gap-1">
              {MENU_LINKS.map((link) => {
                const active = link.to === "/" ? pathname === "/" : pathname.startsWith(link.to);
                return (
                  <li key={link.to}>
                    <Link
                      to={link.to}
                      onClick={() => setOpen(false)}
                      aria-current={active ? "page" : undefined}
                      className={cn(
                        "group flex items-center justify-between rounded-lg px-3 py-3 text-lg font-medium text-white/85 transition-colors hover:bg-white/5 hover:text-white focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-gold-300",
                        active && "bg-white/[0.06] text-white",
                      )}
                    >
                      <span className="flex items-center gap-3">
                        <span
                          aria-hidden="true"
                          className={cn(
                            "h-5 w-0.5 rounded-full bg-transparent transition-colors",
                            active ? "bg-gold-400" : "group-hover:bg-white/25",
                          )}
                        />
                        {link.label}
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>

          <div className="grid gap-3 border-t border-white/10 px-5 py-5">
            {user ? (
              <>
                <div className="flex items-center gap-3 text-sm">
                  <span className="grid size-9 place-items-center rounded-full bg-white/10 text-gold-300">
                    <UserRound className="size-4" aria-hidden="true" />
                  </span>
                  <span className="min-w-0">
                    <span className="block truncate font-medium">{user.name}</span>
                    <span className="block truncate text-white/60">{user.email}</span>
                  </span>
                </div>
                <Form method="post" action="/logout" onSubmit={() => setOpen(false)}>
                  <Button type="submit" variant="outline-light" className="w-full">
                    <LogOut aria-hidden="true" />
                    Sign Out
                  </Button>
                </Form>
              </>
            ) : (
              <Button asChild variant="gold" size="lg" className="w-full">
                <Link to="/login" onClick={() => setOpen(false)}>
                  Sign Up / Sign In
                </Link>
              </Button>
            )}
            <div className="flex items-center justify-between gap-2">
              <a
                href={CONTACT.phoneHref}
                className="inline-flex items-center gap-2 rounded-md py-1 text-sm text-white/75 hover:text-white focus-visible:outline-2 focus-visible:outline-gold-300"
              >
                <Phone className="size-4 text-gold-300" aria-hidden="true" />
                {CONTACT.phone}
              </a>
              <ThemeToggle />
            </div>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
