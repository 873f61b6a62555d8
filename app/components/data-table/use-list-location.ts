import { useLocation, useNavigation } from "react-router";

/** Turns a list's search string ("" or "?…") into a link to this page. */
export function useListPath(): (search: string) => string {
  const { pathname } = useLocation();
  return (search) => `${pathname}${search}`;
}

/** True while the router loads another state of this same list (a sort, page or search link was followed). */
export function useListPending(): boolean {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  return navigation.state === "loading" && navigation.location?.pathname === pathname;
}
