/** The links of the header's slide-in menu, in order. */
export const MENU_LINKS = [
  { to: "/", label: "Home" },
  { to: "/about", label: "About" },
  { to: "/products-services", label: "Products & Services" },
  { to: "/blog", label: "Our Blog" },
  { to: "/all-numbers", label: "Browse Numbers" },
  { to: "/contact", label: "Contact" },
] as const;
