import { index, prefix, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  // public
  index("routes/public/home.tsx"),
  route("login", "routes/public/login.tsx"),
  route("signup", "routes/public/signup.tsx"),
  route("reset-password", "routes/public/reset-password.tsx"),
  route("logout", "routes/public/logout.tsx"),
  route("theme-showcase", "routes/public/theme-showcase.tsx"),
  route("all-numbers", "routes/public/all-numbers.tsx"),
  route("number/:numberId", "routes/public/number.tsx", { id: "number" }),
  route("number/:numberId/:territorySlug", "routes/public/number.tsx", { id: "number-territory" }),

  // portal
  ...prefix("dashboard", [index("routes/portal/dashboard.tsx")]),

  // admin
  ...prefix("admin", [
    index("routes/admin/index.tsx"),
    route("dashboard", "routes/admin/dashboard.tsx"),
    route("emails", "routes/admin/emails.tsx"),
    route("emails/:id", "routes/admin/email.tsx"),
  ]),

  // resources
  route("resources/theme", "routes/resources/theme.tsx"),
  route("resources/reserve", "routes/resources/reserve.tsx"),
  route("resources/waitlist", "routes/resources/waitlist.tsx"),
  route("resources/territory-popup/:territoryId", "routes/resources/territory-popup.tsx"),
  route("resources/territories", "routes/resources/territories.tsx"),
  route("robots.txt", "routes/resources/robots.tsx"),
  route("sitemap.xml", "routes/resources/sitemap.tsx"),

  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
