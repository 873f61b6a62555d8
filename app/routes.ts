import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

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
  route("reservations/confirm", "routes/public/confirm-reservation.tsx"),
  route("products-services", "routes/public/products-services.tsx"),
  route("about", "routes/public/about.tsx"),
  route("team", "routes/public/team.tsx"),
  route("marketing-agency", "routes/public/marketing-agency.tsx"),
  route("philanthropy", "routes/public/philanthropy.tsx"),
  route("services", "routes/public/services.tsx"),
  route("virtual-pbx-features", "routes/public/virtual-pbx-features.tsx"),
  route("licensing/by-state", "routes/public/licensing-by-state.tsx"),
  route("licensing/by-state-category", "routes/public/licensing-by-state-category.tsx"),
  route("licensing/by-state-keyword", "routes/public/licensing-by-state-keyword.tsx"),
  route("legal/adjunct-marketing-agreement", "routes/public/adjunct-marketing-agreement.tsx"),
  route("terms", "routes/public/terms.tsx"),
  route("terms-of-use", "routes/public/terms-of-use.tsx"),
  route("disclaimers", "routes/public/disclaimers.tsx"),
  route("privacy", "routes/public/privacy.tsx"),
  route("contact", "routes/public/contact.tsx"),
  route("services/instant-caller-data-enrich", "routes/public/instant-caller-data-enrich.tsx"),
  route("newsletter/confirm", "routes/public/newsletter-confirm.tsx"),
  route("newsletter/unsubscribe", "routes/public/newsletter-unsubscribe.tsx"),
  route("p/:poundCode/:territorySlug", "routes/public/landing-page.tsx"),
  route("blog", "routes/public/blog.tsx"),
  route("blog/:slug", "routes/public/blog-post.tsx"),
  route("faq", "routes/public/faq.tsx"),
  route("support-topics", "routes/public/support-topics.tsx"),
  route("support-topics/:slug", "routes/public/support-topic.tsx"),

  // portal: one layout runs the signed-in guard for every child loader and action
  layout("routes/portal/layout.tsx", [
    ...prefix("dashboard", [
      index("routes/portal/dashboard.tsx"),
      route("*", "routes/public/not-found.tsx", { id: "portal-not-found" }),
    ]),
  ]),

  // admin: one layout runs the admin guard for every child loader and action
  layout("routes/admin/layout.tsx", [
    ...prefix("admin", [
      index("routes/admin/index.tsx"),
      route("dashboard", "routes/admin/dashboard.tsx"),
      route("emails", "routes/admin/emails.tsx"),
      route("emails/:id", "routes/admin/email.tsx"),
      route("pricing-upload", "routes/admin/pricing-upload.tsx"),
      route("pricing-upload/run", "routes/admin/pricing-upload-run.tsx"),
      route("audit", "routes/admin/audit.tsx"),
      route("*", "routes/public/not-found.tsx", { id: "admin-not-found" }),
    ]),
  ]),

  // resources
  route("resources/theme", "routes/resources/theme.tsx"),
  route("resources/reserve", "routes/resources/reserve.tsx"),
  route("resources/waitlist", "routes/resources/waitlist.tsx"),
  route("resources/newsletter", "routes/resources/newsletter.tsx"),
  route("resources/territory-popup/:territoryId", "routes/resources/territory-popup.tsx"),
  route("resources/territories", "routes/resources/territories.tsx"),
  route("robots.txt", "routes/resources/robots.tsx"),
  route("sitemap.xml", "routes/resources/sitemap.tsx"),

  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
