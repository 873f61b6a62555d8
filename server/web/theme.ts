import { createCookie } from "react-router";

export type Theme = "light" | "dark";
export const themeCookie = createCookie("pc_theme", {
  path: "/",
  sameSite: "lax",
  httpOnly: false,
  maxAge: 60 * 60 * 24 * 365,
});

export async function readTheme(request: Request): Promise<Theme | null> {
  const v = await themeCookie.parse(request.headers.get("Cookie"));
  return v === "dark" || v === "light" ? v : null;
}
