/**
 * The command palette of the signed-in areas (⌘K / Ctrl+K, or its button in the top bar): jumps to any screen of the
 * area, and for administrators finds licensees, territories, #Codes, vanity numbers, reservations and tickets by
 * name (/admin/search). Built on `cmdk` (keyboard navigation, the listbox semantics) inside a Radix dialog.
 */
import { Command } from "cmdk";
import { useEffect, useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import { Search } from "#app/components/ui/icons.tsx";
import { SEARCH_KIND_LABELS, type SearchHit, type SearchKind } from "#kernel/search.ts";
import type { NavGroup } from "./nav-groups.ts";

const itemClass =
  "flex min-h-10 cursor-pointer items-center gap-3 rounded-lg px-3 text-sm data-[selected=true]:bg-muted data-[selected=true]:text-foreground";

export function CommandPalette({ groups, search }: { groups: NavGroup[]; search: boolean }) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const navigate = useNavigate();
  const found = useFetcher<{ q: string; hits: SearchHit[] }>();
  const load = found.load;

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() === "k" && (e.metaKey || e.ctrlKey)) {
        e.preventDefault();
        setOpen((o) => !o);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  useEffect(() => {
    if (!search || query.trim().length < 2) return;
    const t = window.setTimeout(() => load(`/admin/search?q=${encodeURIComponent(query.trim())}`), 150);
    return () => window.clearTimeout(t);
  }, [search, query, load]);

  const go = (to: string) => {
    setOpen(false);
    setQuery("");
    navigate(to);
  };
  const needle = query.trim().toLowerCase();
  const screens = groups
    .map((g) => ({
      ...g,
      items: g.items.filter((i) => !needle || `${g.label} ${i.label}`.toLowerCase().includes(needle)),
    }))
    .filter((g) => g.items.length);
  const hits = search && needle.length >= 2 && found.data?.q === query.trim() ? found.data.hits : [];
  const byKind = new Map<SearchKind, SearchHit[]>();
  for (const h of hits) byKind.set(h.kind, [...(byKind.get(h.kind) ?? []), h]);

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="flex h-9 min-w-0 flex-1 items-center gap-2 rounded-lg border border-border bg-background px-3 text-sm text-muted-foreground hover:border-input sm:max-w-sm"
        aria-keyshortcuts="Control+K Meta+K"
      >
        <Search aria-hidden="true" className="size-4 shrink-0" />
        <span className="truncate">{search ? "Search or jump to…" : "Jump to…"}</span>
        <kbd className="ml-auto hidden rounded border border-border px-1.5 font-sans text-xs sm:inline">Ctrl K</kbd>
      </button>
      <Command.Dialog
        open={open}
        onOpenChange={(o) => {
          setOpen(o);
          if (!o) setQuery("");
        }}
        label={search ? "Search or jump to a screen" : "Jump to a screen"}
        shouldFilter={false}
        overlayClassName="fixed inset-0 z-50 bg-navy-950/60"
        contentClassName="fixed top-[12vh] left-1/2 z-50 w-[min(40rem,calc(100vw-2rem))] -translate-x-1/2 overflow-hidden rounded-2xl border border-border bg-popover text-popover-foreground shadow-lift"
      >
        <div className="flex items-center gap-2 border-b border-border px-4">
          <Search aria-hidden="true" className="size-4 text-muted-foreground" />
          <Command.Input
            value={query}
            onValueChange={setQuery}
            placeholder={search ? "A screen, licensee, territory, number, reservation or ticket" : "A screen"}
            className="h-12 w-full bg-transparent text-sm outline-none placeholder:text-muted-foreground"
          />
        </div>
        <Command.List className="max-h-[60vh] overflow-y-auto p-2">
          <Command.Empty className="px-3 py-6 text-center text-sm text-muted-foreground">
            {found.state === "loading" ? "Searching…" : "Nothing found."}
          </Command.Empty>
          {[...byKind].map(([kind, list]) => (
            <Command.Group
              key={kind}
              heading={SEARCH_KIND_LABELS[kind]}
              className="[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:text-muted-foreground"
            >
              {list.map((h) => (
                <Command.Item
                  key={`${h.kind}-${h.id}`}
                  value={`${h.kind}-${h.id}`}
                  onSelect={() => go(h.href)}
                  className={itemClass}
                >
                  <span className="truncate font-medium">{h.label}</span>
                  <span className="ml-auto truncate text-xs text-muted-foreground">{h.detail}</span>
                </Command.Item>
              ))}
            </Command.Group>
          ))}
          {screens.map((g) => (
            <Command.Group
              key={g.label}
              heading={g.label}
              className="[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:text-muted-foreground"
            >
              {g.items.map(({ to, label, icon: Icon }) => (
                <Command.Item key={to} value={to} onSelect={() => go(to)} className={itemClass}>
                  <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
                  {label}
                </Command.Item>
              ))}
            </Command.Group>
          ))}
        </Command.List>
      </Command.Dialog>
    </>
  );
}
