/**
 * The signed-in user's menu in the application shell's top bar: who is signed in, their profile and security, the
 * theme, the public site and sign out. A Radix menu: keyboard-operable, focus returns to its button.
 */
import { DropdownMenu } from "radix-ui";
import { Link, useFetcher, useLocation, useSubmit } from "react-router";
import { useResolvedTheme } from "#app/components/layout/use-theme.ts";
import { ChevronDown, Globe, LogOut, Moon, ShieldCheck, Sun, UserRound } from "#app/components/ui/icons.tsx";
import { cn } from "#app/lib/utils.ts";

export type ShellUser = { name: string; email: string; role: string };

const itemClass =
  "flex min-h-9 cursor-pointer items-center gap-2.5 rounded-md px-2.5 text-sm outline-none select-none data-[highlighted]:bg-muted data-[highlighted]:text-foreground";

function initials(name: string) {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join("") || "?"
  );
}

export function UserMenu({ user }: { user: ShellUser }) {
  const isDark = useResolvedTheme().theme === "dark";
  const theme = useFetcher();
  const submit = useSubmit();
  const location = useLocation();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="flex items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
        aria-label={`Account menu for ${user.name}`}
      >
        <span
          aria-hidden="true"
          className="grid size-8 place-items-center rounded-full bg-navy-900 text-xs font-semibold text-gold-300"
        >
          {initials(user.name)}
        </span>
        <span className="hidden max-w-40 truncate sm:inline">{user.name}</span>
        <ChevronDown aria-hidden="true" className="size-4 text-muted-foreground" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 grid w-64 gap-0.5 rounded-xl border border-border bg-popover p-1.5 text-popover-foreground shadow-lift"
        >
          <DropdownMenu.Label className="px-2.5 py-2">
            <span className="block truncate text-sm font-semibold">{user.name}</span>
            <span className="block truncate text-xs text-muted-foreground">{user.email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/dashboard/profile">
              <UserRound aria-hidden="true" className="size-4" /> Profile
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/dashboard/profile/two-factor">
              <ShieldCheck aria-hidden="true" className="size-4" /> Security
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className={itemClass}
            onSelect={() =>
              theme.submit(
                { theme: isDark ? "light" : "dark", redirectTo: `${location.pathname}${location.search}` },
                { method: "post", action: "/resources/theme" },
              )
            }
          >
            {isDark ? <Sun aria-hidden="true" className="size-4" /> : <Moon aria-hidden="true" className="size-4" />}
            {isDark ? "Light theme" : "Dark theme"}
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/">
              <Globe aria-hidden="true" className="size-4" /> PoundCodes website
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item
            className={cn(itemClass, "text-destructive data-[highlighted]:text-destructive")}
            onSelect={() => submit(null, { method: "post", action: "/logout" })}
          >
            <LogOut aria-hidden="true" className="size-4" /> Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
