import { redirect } from "react-router";
import { signOut } from "#server/auth/flows.ts";
import { flashHeader } from "#server/web/flash.ts";
import { services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/logout";

export async function action({ request, context }: Route.ActionArgs) {
  const s = services(context);
  const headers = await signOut(s, request.headers);
  headers.append(
    "Set-Cookie",
    await flashHeader(s.config, {
      type: "success",
      title: "Signed out",
      description: "You have been signed out.",
    }),
  );
  return redirect("/", { headers });
}

export function loader() {
  return redirect("/");
}
