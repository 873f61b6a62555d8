import { type FormEvent, type ReactNode, useId, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Search, X } from "#app/components/ui/icons.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { Select } from "#app/components/ui/select.tsx";
import { cn } from "#app/lib/utils.ts";
import type { ListDefinition, ListQuery } from "#kernel/list-query.ts";
import { useListPath } from "./use-list-location.ts";

export type ListFilterOption = { value: string; label: string };

/** A filter select: one of the list's filter parameters, with an "all" choice that clears it. */
export type ListFilterControl<N extends string = string> = {
  name: N;
  label: string;
  /** The choice that clears the filter, e.g. "All statuses". */
  allLabel: string;
  options: readonly ListFilterOption[];
};

export type ListSearchControl = {
  /** The visible label; "Search" unless set. */
  label?: string;
  /** What can be searched, e.g. "Recipient or subject". */
  placeholder?: string;
};

export type ListToolbarProps<S extends string, V extends Record<string, unknown>> = {
  list: ListDefinition<S, V>;
  query: ListQuery<S, V>;
  search?: ListSearchControl;
  filters?: readonly ListFilterControl<keyof V & string>[];
  /** Beside the form on wide screens, e.g. a "New …" button. */
  actions?: ReactNode;
  className?: string;
};

/**
 * The search box and filter selects of a list: one GET form. Without JavaScript the browser submits it and the
 * server reads the URL; with JavaScript it navigates to the same URL with the empty fields left out. The sort and
 * page size are kept; the page goes back to 1. Filters without a control here (set by a link elsewhere) are kept
 * too, and "Clear" drops the search and every filter.
 */
export function ListToolbar<S extends string, V extends Record<string, unknown>>({
  list,
  query,
  search,
  filters = [],
  actions,
  className,
}: ListToolbarProps<S, V>) {
  const id = useId();
  const path = useListPath();
  const navigate = useNavigate();
  const controlled = new Set<string>(["q", "page", ...filters.map((f) => f.name)]);
  const kept = [...list.params(query).entries()].filter(([name]) => !controlled.has(name));
  const narrowed = list.isNarrowed(query);
  const clearAll = Object.fromEntries(list.filterNames.map((name) => [name, undefined])) as Partial<V>;

  // The fields follow the URL: a link elsewhere (Clear, the browser's back button) shows its state here. Kept in
  // state rather than remounting the form, so focus stays on the button after a search. Only the fields the new URL
  // changed are replaced, and not when the change is this form's own search arriving: what was typed or chosen while
  // it was loading (a filter, or the next search in the box) is kept, not reset to what was searched before.
  const fieldsOf = (q: string, f: Partial<V>): Record<string, string> => ({
    q,
    ...Object.fromEntries(filters.map((x) => [x.name, String(f[x.name] ?? "")])),
  });
  const inUrl = fieldsOf(query.q, query.filters);
  const [values, setValues] = useState<Record<string, string>>(inUrl);
  const [lastUrl, setLastUrl] = useState(inUrl);
  const submitted = useRef<Record<string, string> | null>(null);
  if (Object.keys(inUrl).some((name) => inUrl[name] !== lastUrl[name])) {
    setLastUrl(inUrl);
    const ours = submitted.current;
    setValues((v) =>
      Object.fromEntries(
        Object.keys(inUrl).map((name) => {
          const moved = inUrl[name] !== lastUrl[name] && ours?.[name] !== inUrl[name];
          return [name, moved ? inUrl[name]! : v[name]!];
        }),
      ),
    );
  }
  const bind = (name: string) => ({
    name,
    value: values[name] ?? "",
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = list.parse(new URLSearchParams(new FormData(event.currentTarget) as unknown as string[][]));
    submitted.current = fieldsOf(next.q, next.filters);
    navigate(path(list.href({ ...next, page: 1 })), { preventScrollReset: true });
  }

  return (
    <div className={cn("flex flex-wrap items-end justify-between gap-4", className)}>
      <search className="min-w-0 flex-[1_1_18rem]">
        <form method="get" onSubmit={onSubmit} className="flex flex-wrap items-end gap-3">
          {kept.map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          {search ? (
            <div className="grid w-full gap-1.5 sm:w-auto">
              <Label htmlFor={`${id}-q`}>{search.label ?? "Search"}</Label>
              <Input
                id={`${id}-q`}
                {...bind("q")}
                type="search"
                placeholder={search.placeholder}
                maxLength={200}
                className="w-full sm:w-72"
              />
            </div>
          ) : null}
          {filters.map((filter) => (
            <div key={filter.name} className="grid min-w-40 flex-1 gap-1.5 sm:flex-none">
              <Label htmlFor={`${id}-${filter.name}`}>{filter.label}</Label>
              <Select id={`${id}-${filter.name}`} {...bind(filter.name)} wrapperClassName="w-full sm:w-48">
                <option value="">{filter.allLabel}</option>
                {filter.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </Select>
            </div>
          ))}
          <div className="flex items-center gap-2">
            <Button type="submit" variant="outline">
              <Search aria-hidden="true" />
              {filters.length > 0 ? "Apply" : "Search"}
            </Button>
            {narrowed ? (
              <Button asChild variant="ghost">
                <Link to={path(list.href(query, { q: "", filters: clearAll }))} preventScrollReset>
                  <X aria-hidden="true" />
                  Clear
                </Link>
              </Button>
            ) : null}
          </div>
        </form>
      </search>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}
