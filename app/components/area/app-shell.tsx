/**
 * The application shell of the signed-in areas (/dashboard and /admin): a sidebar grouped by the work (collapsible
 * to icons on desktop, a drawer on phones), a top bar with the command palette and the signed-in user's menu, and
 * the page in <main>. None of the marketing site's header, menu, newsletter or footer. Pages keep their PageHeader,
 * which renders compact inside the shell (see page-header.tsx).
 */
import { Dialog } from "radix-ui";
import { type ReactNode, useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { Logo, LogoMark } from "#app/components/layout/logo.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { ChevronsLeft, ChevronsRight, Menu, X } from "#app/components/ui/icons.tsx";
import { cn } from "#app/lib/utils.ts";
import { CommandPalette } from "./command-palette.tsx";
import { useDelegatedLinks } from "./delegated-links.ts";
import { InAppShell } from "./in-app-shell.ts";
import type { NavGroup } from "./nav-groups.ts";
import { type ShellUser, UserMenu } from "./user-menu.tsx";

const COLLAPSED_KEY = "pc-sidebar-collapsed";

function useCurrentPath() {
  return useLocation()
    .pathname.replace(/(.)\/+$/, "$1")
    .toLowerCase();
}

/** The item a path belongs to: the exact one, else the longest one it is under (a record page marks its list). */
function currentItem(groups: NavGroup[], path: string): string | null {
  let best: string | null = null;
  for (const g of groups) {
    for (const i of g.items) {
      const to = i.to.toLowerCase();
      if (path === to) return i.to;
      if (path.startsWith(`${to}/`) && (!best || to.length > best.length)) best = i.to;
    }
  }
  return best;
}

/**
 * The sidebar's (and the drawer's) links: plain anchors under one click handler ({@link useDelegatedLinks}), since
 * they are the same on every page of an area and a `<Link>` each cost every signed-in page a few dozen route
 * resolutions. The classes of an item are chosen from fixed strings, not merged per item.
 */
function NavList({
  groups,
  collapsed = false,
  onNavigate,
}: {
  groups: NavGroup[];
  collapsed?: boolean;
  onNavigate?: () => void;
}) {
  const current = currentItem(groups, useCurrentPath());
  const onClick = useDelegatedLinks(onNavigate);
  const groupLabel = collapsed ? "sr-only" : GROUP_LABEL;
  const itemLabel = collapsed ? "sr-only" : "truncate";
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the clicks handled are those of the links inside, which keep their own roles and keys
    // biome-ignore lint/a11y/useKeyWithClickEvents: Enter on a link is a click on it; there is no key of the block's own
    <div className="grid gap-5" onClick={onClick}>
      {groups.map((g) => (
        <div key={g.label} className="grid gap-1">
          <p data-nav-group="" className={groupLabel}>
            {g.label}
          </p>
          <ul className="grid gap-0.5">
            {g.items.map(({ to, label, icon: Icon }) => {
              const here = current === to;
              return (
                <li key={to}>
                  <a
                    href={to}
                    data-discover="true"
                    aria-current={here ? "page" : undefined}
                    title={collapsed ? label : undefined}
                    className={ITEM[`${here ? "here" : "other"}${collapsed ? "Collapsed" : ""}`]}
                  >
                    <Icon aria-hidden="true" className={here ? "size-4 shrink-0 text-gold-300" : "size-4 shrink-0"} />
                    <span className={itemLabel}>{label}</span>
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </div>
  );
}

const GROUP_LABEL = "px-3 text-[0.6875rem] font-semibold tracking-[0.12em] text-navy-300 uppercase";
/** An item's classes: component classes in app.css (24 items on every signed-in page), and its padding. */
const ITEM = {
  here: "nav-item nav-item-here px-3",
  other: "nav-item nav-item-other px-3",
  hereCollapsed: "nav-item nav-item-here justify-center px-0",
  otherCollapsed: "nav-item nav-item-other justify-center px-0",
};

export function AppShell({
  label,
  home,
  groups,
  user,
  search,
  children,
}: {
  /** The navigation's name ("Admin", "Your account"). */
  label: string;
  /** The area's first screen. */
  home: string;
  groups: NavGroup[];
  user: ShellUser;
  /** Whether the palette also finds records (administrators). */
  search: boolean;
  children: ReactNode;
}) {
  const [collapsed, setCollapsed] = useState(false);
  const [drawer, setDrawer] = useState(false);
  useEffect(() => {
    setCollapsed(window.localStorage.getItem(COLLAPSED_KEY) === "1");
  }, []);
  const toggle = () => {
    setCollapsed((c) => {
      window.localStorage.setItem(COLLAPSED_KEY, c ? "0" : "1");
      return !c;
    });
  };

  return (
    <InAppShell.Provider value={true}>
      <div className="min-h-dvh bg-subtle lg:flex" data-app-shell="">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-background focus:px-4 focus:py-2"
        >
          Skip to content
        </a>
        <aside
          aria-label={`${label} sidebar`}
          className={cn(
            "sticky top-0 hidden h-dvh shrink-0 flex-col bg-navy-950 text-white lg:flex",
            collapsed ? "w-[4.5rem]" : "w-64",
          )}
          data-collapsed={collapsed || undefined}
        >
          <div
            className={cn(
              "flex h-16 items-center gap-2 border-b border-white/10 px-4",
              collapsed && "justify-center px-2",
            )}
          >
            <Link
              to={home}
              aria-label={`${label}: home`}
              className="-m-1 rounded-md p-1 focus-visible:outline-2 focus-visible:outline-gold-300"
            >
              {collapsed ? <LogoMark title="PoundCodes" /> : <Logo />}
            </Link>
          </div>
          <nav aria-label={label} className="flex-1 overflow-y-auto px-3 py-5">
            <NavList groups={groups} collapsed={collapsed} />
          </nav>
          <div className="border-t border-white/10 p-3">
            <Button
              type="button"
              variant="ghost-light"
              size="sm"
              onClick={toggle}
              aria-expanded={!collapsed}
              className={cn("w-full justify-start", collapsed && "justify-center")}
            >
              {collapsed ? <ChevronsRight aria-hidden="true" /> : <ChevronsLeft aria-hidden="true" />}
              <span className={cn(collapsed && "sr-only")}>{collapsed ? "Expand the menu" : "Collapse the menu"}</span>
            </Button>
          </div>
        </aside>

        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-border bg-background/95 px-3 backdrop-blur sm:px-5">
            <Dialog.Root open={drawer} onOpenChange={setDrawer}>
              <Dialog.Trigger asChild>
                <Button type="button" variant="ghost" size="icon-sm" className="lg:hidden" aria-label="Open the menu">
                  <Menu aria-hidden="true" />
                </Button>
              </Dialog.Trigger>
              <Dialog.Portal>
                <Dialog.Overlay className="fixed inset-0 z-50 bg-navy-950/60 lg:hidden" />
                <Dialog.Content
                  className="fixed inset-y-0 left-0 z-50 flex w-[min(20rem,86vw)] flex-col bg-navy-950 text-white shadow-lift lg:hidden"
                  aria-describedby={undefined}
                >
                  <div className="flex h-16 items-center justify-between border-b border-white/10 px-4">
                    <Dialog.Title className="sr-only">{label}</Dialog.Title>
                    <Link to={home} onClick={() => setDrawer(false)} aria-label={`${label}: home`}>
                      <Logo />
                    </Link>
                    <Dialog.Close asChild>
                      <Button type="button" variant="ghost-light" size="icon-sm" aria-label="Close the menu">
                        <X aria-hidden="true" />
                      </Button>
                    </Dialog.Close>
                  </div>
                  <nav aria-label={label} className="flex-1 overflow-y-auto px-3 py-5">
                    <NavList groups={groups} onNavigate={() => setDrawer(false)} />
                  </nav>
                </Dialog.Content>
              </Dialog.Portal>
            </Dialog.Root>
            <Link to={home} className="lg:hidden" aria-label={`${label}: home`}>
              <LogoMark />
            </Link>
            <CommandPalette groups={groups} search={search} />
            <div className="ml-auto">
              <UserMenu user={user} />
            </div>
          </header>
          <main id="main" className="flex-1 pb-16">
            {children}
          </main>
        </div>
      </div>
    </InAppShell.Provider>
  );
}
