/**
 * The portal dashboard's 'Dynamic Page Content' card for licensees: their own landing pages' text, edited at
 * /dashboard/page-content and approved by an administrator before it goes live. (Administrators keep the spec's
 * admin-only card, which opens /admin/dynamic-pages.)
 */
import type { ResolvedCard } from "#app/components/dashboard/cards.ts";
import { LayoutTemplate } from "#app/components/ui/icons.tsx";

export const PAGE_CONTENT_CARD: ResolvedCard = {
  title: "Dynamic Page Content",
  description: "Edit the text of your landing pages; changes go live once approved.",
  icon: LayoutTemplate,
  to: "/dashboard/page-content",
  external: false,
  disabled: null,
};
