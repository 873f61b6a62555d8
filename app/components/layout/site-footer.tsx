import type * as React from "react";
import { Link } from "react-router";
import { NewsletterSignup } from "#app/components/newsletter/newsletter-signup.tsx";
import { Clock, Mail, Phone } from "#app/components/ui/icons.tsx";
import { CONTACT } from "#kernel/links.ts";
import { SISTER_COMPANIES } from "#kernel/schemas/company.ts";
import { Logo } from "./logo";
import { FacebookIcon, InstagramIcon, LinkedInIcon, XIcon, YouTubeIcon } from "./social-icons";

type FooterLink = { to: string; label: string };

const COLUMNS: { heading: string; links: FooterLink[] }[] = [
  {
    heading: "Company",
    links: [
      { to: "/about", label: "About Us" },
      { to: "/team", label: "Our Team" },
      { to: "/blog", label: "Blog" },
      { to: "/contact", label: "Contact" },
      { to: "/faq", label: "FAQ" },
      { to: SISTER_COMPANIES.agency.path, label: "Marketing Agency" },
      { to: SISTER_COMPANIES.philanthropy.path, label: "Philanthropy" },
    ],
  },
  {
    heading: "Numbers",
    links: [
      { to: "/products-services#poundcodes", label: "#Code Numbers" },
      { to: "/products-services#vanity-numbers", label: "Vanity Numbers" },
      { to: "/products-services#marketing-tools", label: "Marketing Tools" },
      { to: "/virtual-pbx-features", label: "Virtual PBX Features" },
    ],
  },
  {
    heading: "Services",
    links: [
      { to: "/services/instant-caller-data-enrich", label: "Instant Caller Data Enrich" },
      { to: "/services#priority", label: "Priority Services" },
      { to: "/services#crm", label: "CRM Integration" },
    ],
  },
  {
    heading: "Licensing",
    links: [
      { to: "/licensing/by-state", label: "By State" },
      { to: "/licensing/by-state-category", label: "By State & Category" },
      { to: "/licensing/by-state-keyword", label: "By State & Keyword" },
    ],
  },
  {
    heading: "Legal",
    links: [
      { to: "/privacy", label: "Privacy Policy" },
      { to: "/terms", label: "Terms of Service" },
      { to: "/terms-of-use", label: "Terms of Use" },
      { to: "/disclaimers", label: "Disclaimers" },
      { to: "/legal/adjunct-marketing-agreement", label: "Adjunct Marketing Agreement" },
    ],
  },
];

const SOCIAL: { href: string; label: string; Icon: (props: React.ComponentProps<"svg">) => React.ReactElement }[] = [
  { href: "https://www.facebook.com/poundcodes", label: "PoundCodes on Facebook", Icon: FacebookIcon },
  { href: "https://www.linkedin.com/company/poundcodes", label: "PoundCodes on LinkedIn", Icon: LinkedInIcon },
  { href: "https://x.com/poundcodes", label: "PoundCodes on X", Icon: XIcon },
  { href: "https://www.youtube.com/@poundcodes", label: "PoundCodes on YouTube", Icon: YouTubeIcon },
  { href: "https://www.instagram.com/poundcodes", label: "PoundCodes on Instagram", Icon: InstagramIcon },
];

const linkClass =
  "rounded-sm text-sm text-navy-200 transition-colors hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-300";

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="relative bg-navy-950 text-white dark:bg-[#070b19]">
      <div aria-hidden="true" className="h-px bg-gradient-to-r from-transparent via-gold-400/60 to-transparent" />
      <div className="mx-auto max-w-7xl px-4 pt-16 pb-10 sm:px-6 lg:px-8 lg:pt-20">
        <div className="grid gap-12 lg:grid-cols-12 lg:gap-8">
          <div className="lg:col-span-4 lg:pr-8">
            <Link
              to="/"
              aria-label="PoundCodes home"
              className="inline-block rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-gold-300"
            >
              <Logo />
            </Link>
            <p className="mt-5 max-w-sm text-sm leading-relaxed text-navy-200">
              Exclusive #Code and vanity phone numbers, licensed by territory and category, so your customers remember
              exactly how to reach you.
            </p>
            <ul className="mt-6 grid gap-3 text-sm">
              <li>
                <a
                  href={CONTACT.phoneHref}
                  className={`${linkClass} inline-flex items-center gap-2.5 font-medium text-white`}
                >
                  <Phone className="size-4 text-gold-300" aria-hidden="true" />
                  {CONTACT.phone}
                </a>
              </li>
              <li>
                <a href={`mailto:${CONTACT.salesEmail}`} className={`${linkClass} inline-flex items-center gap-2.5`}>
                  <Mail className="size-4 text-gold-300" aria-hidden="true" />
                  {CONTACT.salesEmail}
                </a>
              </li>
              <li className="flex items-start gap-2.5 text-navy-200">
                <Clock className="mt-0.5 size-4 shrink-0 text-gold-300" aria-hidden="true" />
                <span>
                  {CONTACT.hours}
                  <span className="block text-navy-300">Closed on weekends</span>
                </span>
              </li>
            </ul>
            <ul className="mt-7 flex flex-wrap gap-2" aria-label="Social networks">
              {SOCIAL.map(({ href, label, Icon }) => (
                <li key={href}>
                  <a
                    href={href}
                    aria-label={label}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="grid size-10 place-items-center rounded-full border border-white/15 text-navy-100 transition-colors hover:border-gold-300/70 hover:text-gold-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-300"
                  >
                    <Icon className="size-[18px]" />
                  </a>
                </li>
              ))}
            </ul>
            <NewsletterSignup className="mt-8" />
          </div>

          <div className="grid grid-cols-2 gap-x-6 gap-y-10 sm:grid-cols-3 lg:col-span-8 lg:grid-cols-5">
            {COLUMNS.map((column) => (
              <nav key={column.heading} aria-labelledby={`footer-${column.heading.toLowerCase()}`}>
                <h2
                  id={`footer-${column.heading.toLowerCase()}`}
                  className="text-xs font-semibold tracking-[0.16em] text-gold-300 uppercase"
                >
                  {column.heading}
                </h2>
                <ul className="mt-4 grid gap-3">
                  {column.links.map((link) => (
                    <li key={link.to}>
                      <Link to={link.to} className={linkClass}>
                        {link.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
            ))}
          </div>
        </div>

        <div className="mt-14 flex flex-col gap-3 border-t border-white/10 pt-8 text-xs text-navy-300 sm:flex-row sm:items-center sm:justify-between">
          <p>© {year} PoundCodes. All rights reserved.</p>
          <p>Memorable numbers, licensed by territory and category across the United States.</p>
        </div>
      </div>
    </footer>
  );
}
