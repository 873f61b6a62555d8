/**
 * The navigation of the signed-in areas, one definition each: the area layouts render it, and the route-table
 * test checks every entry points at a route of its area. A screen joins its area's list when it is built.
 */
import {
  BookMarked,
  BookOpen,
  CalendarClock,
  ChartColumn,
  ClipboardCheck,
  Cog,
  Contact,
  CreditCard,
  FilePenLine,
  FileSignature,
  FileText,
  FolderTree,
  History,
  type IconComponent,
  LayoutDashboard,
  LayoutTemplate,
  LifeBuoy,
  Mail,
  MapPinned,
  MessageCircleQuestion,
  Newspaper,
  PenLine,
  Phone,
  Scale,
  Star,
  Upload,
  UserRound,
  Users,
  Wallet,
} from "#app/components/ui/icons.tsx";

export type AreaNavItem = {
  to: string;
  label: string;
  icon: IconComponent;
  /** Only for admins. */
  adminOnly?: boolean;
};

export const PORTAL_NAV: readonly AreaNavItem[] = [
  { to: "/dashboard", label: "Overview", icon: LayoutDashboard },
  { to: "/dashboard/profile", label: "Profile", icon: UserRound },
  { to: "/dashboard/submissions", label: "Form Submissions", icon: FileText },
  { to: "/dashboard/billing", label: "Billing & Wallet", icon: CreditCard },
  { to: "/dashboard/agreements", label: "Agreements", icon: FileSignature },
  { to: "/dashboard/support-tickets", label: "Support Tickets", icon: LifeBuoy },
  { to: "/dashboard/page-content", label: "Dynamic Page Content", icon: LayoutTemplate },
];

export const ADMIN_NAV: readonly AreaNavItem[] = [
  { to: "/admin/dashboard", label: "Dashboard", icon: LayoutDashboard },
  { to: "/admin/users", label: "Users & Licensees", icon: Users },
  { to: "/admin/reservations", label: "Reservations", icon: CalendarClock },
  { to: "/admin/territories", label: "Territories", icon: MapPinned },
  { to: "/admin/categories", label: "Categories & Keywords", icon: FolderTree },
  { to: "/admin/vanity-numbers", label: "Vanity Numbers", icon: Phone },
  { to: "/admin/featured-numbers", label: "Featured Numbers", icon: Star },
  { to: "/admin/contacts", label: "Contacts & Leads", icon: Contact },
  { to: "/admin/dynamic-pages", label: "Dynamic Pages", icon: LayoutTemplate },
  { to: "/admin/content-approval", label: "Content Approval", icon: ClipboardCheck },
  { to: "/admin/pricing-upload", label: "Pricing Upload", icon: Upload },
  { to: "/admin/support-tickets", label: "Support Tickets", icon: LifeBuoy },
  { to: "/admin/analytics", label: "Analytics", icon: ChartColumn },
  { to: "/admin/billing", label: "Billing", icon: Wallet },
  { to: "/admin/lead-disputes", label: "Lead Disputes", icon: Scale },
  { to: "/admin/newsletter", label: "Newsletter", icon: Newspaper },
  { to: "/admin/content-editor", label: "Content Editor", icon: FilePenLine },
  { to: "/admin/faq", label: "FAQ", icon: MessageCircleQuestion },
  { to: "/admin/blog", label: "Blog", icon: PenLine },
  { to: "/admin/support-topics", label: "Support Topics", icon: BookMarked },
  { to: "/admin/audit", label: "Audit Log", icon: History },
  { to: "/admin/emails", label: "Mailbox", icon: Mail },
  { to: "/admin/jobs", label: "Background Jobs", icon: Cog },
  { to: "/admin/assistant-guide", label: "Assistant Guide", icon: BookOpen },
];
