import { index, prefix, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  // public
  index("routes/public/home.tsx"),
  route("login", "routes/public/login.tsx"),
  route("signup", "routes/public/signup.tsx"),
  route("reset-password", "routes/public/reset-password.tsx"),
  route("logout", "routes/public/logout.tsx"),
  route("theme-showcase", "routes/public/theme-showcase.tsx"),

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
  route("robots.txt", "routes/resources/robots.tsx"),

  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
