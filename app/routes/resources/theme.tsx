import { redirect } from "react-router";
import { safeRedirect } from "#kernel/schemas/auth.ts";
import { readForm } from "#server/web/forms.ts";
import { themeCookie } from "#server/web/theme.ts";
import type { Route } from "./+types/theme";

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const theme = form.get("theme") === "dark" ? "dark" : "light";
  return redirect(safeRedirect(form.get("redirectTo"), "/"), {
    headers: { "Set-Cookie": await themeCookie.serialize(theme) },
  });
}

export function loader() {
  return redirect("/");
}
