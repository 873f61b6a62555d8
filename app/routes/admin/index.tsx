import { redirect } from "react-router";
import { requireAdmin } from "#server/auth/guards.ts";
import type { Route } from "./+types/index";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  return redirect("/admin/dashboard");
}
