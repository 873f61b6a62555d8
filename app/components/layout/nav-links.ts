/** The site menu (spec: header slide-in menu), in order. */
export const MENU_LINKS = [
  { to: "/", label: "Home" },
  { to: "/about", label: "About" },
  { to: "/products-services", label: "Products & Services" },
  { to: "/blog", label: "Our Blog" },
  { to: "/all-numbers", label: "Browse Numbers" },
  { to: "/contact", label: "Contact" },
] as const;

export const SALES_PHONE_DISPLAY = "(800) 580-1500";
export const SALES_PHONE_TEL = "+18005801500";
export const SALES_EMAIL = "sales@poundcodes.com";
export const BUSINESS_HOURS = "Monday to Friday, 9:00 AM to 6:00 PM EST";
