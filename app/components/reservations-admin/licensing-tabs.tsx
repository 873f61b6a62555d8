/** The two licensing screens as tabs on the title band: the reservations queue and the licences list. */
import { NavLink } from "react-router";
import { CalendarClock, FileBadge } from "#app/components/ui/icons.tsx";
import { cn } from "#app/lib/utils.ts";

const TABS = [
  { to: "/admin/reservations", label: "Reservations", icon: CalendarClock },
  { to: "/admin/licenses", label: "Licenses", icon: FileBadge },
] as const;

export function LicensingTabs() {
  return (
    <nav
      aria-label="Reservations and licenses"
      className="inline-flex rounded-lg border border-white/15 bg-white/5 p-1"
    >
      {TABS.map(({ to, label, icon: Icon }) => (
        <NavLink
          key={to}
          to={to}
          end
          className={({ isActive }) =>
            cn(
              "inline-flex items-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400",
              isActive ? "bg-white text-navy-950 shadow-sm" : "text-white/80 hover:bg-white/10 hover:text-white",
            )
          }
        >
          <Icon aria-hidden="true" className="size-4" />
          {label}
        </NavLink>
      ))}
    </nav>
  );
}
