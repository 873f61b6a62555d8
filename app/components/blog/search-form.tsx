import { Form, Link, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Search, X } from "#app/components/ui/icons.tsx";
import { Input } from "#app/components/ui/input.tsx";

export type SearchFormProps = {
  /** The list's path; the form GETs it with ?q=. */
  action: string;
  /** The current search ("" for none). */
  q: string;
  /** The field's accessible name. */
  label: string;
  placeholder: string;
  id: string;
};

/**
 * A list's search box: a GET form on the list's own URL (?q=), so it works without JavaScript and the result can
 * be bookmarked. Made for the navy page header.
 */
export function SearchForm({ action, q, label, placeholder, id }: SearchFormProps) {
  const navigation = useNavigation();
  const searching =
    navigation.state === "loading" &&
    navigation.location.pathname === action &&
    navigation.location.search.includes("q=");
  return (
    <Form method="get" action={action} role="search" className="flex max-w-2xl flex-col gap-3 sm:flex-row">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="relative sm:flex-1">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          key={q}
          id={id}
          name="q"
          type="search"
          defaultValue={q}
          maxLength={200}
          placeholder={placeholder}
          className="h-12 border-white/20 pl-11 text-base shadow-lg dark:bg-navy-900"
        />
      </div>
      <div className="flex gap-2">
        <Button type="submit" variant="gold" size="lg" className="flex-1 sm:flex-none" disabled={searching}>
          {searching ? "Searching…" : "Search"}
        </Button>
        {q ? (
          <Button asChild variant="outline-light" size="lg">
            <Link to={action} aria-label="Clear search">
              <X aria-hidden="true" />
              Clear
            </Link>
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
