/**
 * The site menu's sheet (the header's menu button opens it). Loaded the first time the button is pointed at, focused
 * or pressed, so that the dialog primitives are not in the JavaScript every marketing page downloads.
 */
import { Dialog } from "radix-ui";
import type { RefObject } from "react";
import { Form, Link, useLocation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { LogOut, Phone, UserRound, X } from "#app/components/ui/icons.tsx";
import { cn } from "#app/lib/utils.ts";
import { CONTACT } from "#kernel/links.ts";
import { MENU_LINKS } from "./nav-links";
import { type SiteHeaderUser, ThemeToggle } from "./site-header.tsx";

export default function MenuSheetDialog({
  user,
  open,
  onOpenChange,
  trigger,
}: {
  user: SiteHeaderUser | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button: focus returns to it when the sheet closes. */
  trigger: RefObject<HTMLButtonElement | null>;
}) {
  const { pathname } = useLocation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-navy-950/60 backdrop-blur-[2px] motion-safe:data-[state=open]:animate-[overlay-in_200ms_ease-out]" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            trigger.current?.focus();
          }}
          className="fixed inset-y-0 right-0 z-50 flex w-[min(24rem,calc(100%-2.5rem))] flex-col border-l border-white/10 bg-navy-950 text-white shadow-2xl outline-none motion-safe:data-[state=open]:animate-[sheet-in_260ms_cubic-bezier(0.2,0.8,0.2,1)]"
        >
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
                      onClick={() => onOpenChange(false)}
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
                <Form method="post" action="/logout" onSubmit={() => onOpenChange(false)}>
                  <Button type="submit" variant="outline-light" className="w-full">
                    <LogOut aria-hidden="true" />
                    Sign Out
                  </Button>
                </Form>
              </>
            ) : (
              <Button asChild variant="gold" size="lg" className="w-full">
                <Link to="/login" onClick={() => onOpenChange(false)}>
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
