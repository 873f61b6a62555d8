import type { LandingPageView } from "#kernel/schemas/landing-page-strings.ts";

/**
 * A landing page as structured data: a LegalService when the page lists areas of law, otherwise a LocalBusiness,
 * with its offices, contact details, logo and social profiles.
 */
export function landingPageJsonLd(view: LandingPageView, origin: string): Record<string, unknown> {
  const url = `${origin}${view.path}`;
  const legal = view.areasOfLaw.length > 0;
  const absolute = (u: string) => (u.startsWith("/") ? `${origin}${u}` : u);
  const ld: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": legal ? "LegalService" : "LocalBusiness",
    "@id": `${url}#business`,
    name: view.businessName ?? view.pageTitle ?? `${view.poundCode} in ${view.territory.name}`,
    url,
    areaServed: { "@type": "AdministrativeArea", name: view.territory.name },
  };
  if (view.descriptionText) ld.description = view.descriptionText;
  if (view.contact.phone) ld.telephone = view.contact.phone;
  if (view.contact.email) ld.email = view.contact.email;
  if (view.contact.address) ld.address = view.contact.address;
  if (view.logoUrl) {
    ld.logo = absolute(view.logoUrl);
    ld.image = absolute(view.logoUrl);
  }
  if (view.socialLinks.length) ld.sameAs = view.socialLinks.map((l) => l.url);
  if (legal) ld.knowsAbout = view.areasOfLaw;
  if (view.officeLocations.length) {
    ld.location = view.officeLocations.map((o) => ({
      "@type": "Place",
      ...(o.name ? { name: o.name } : {}),
      address: [o.address, o.city].filter(Boolean).join(", ") || undefined,
      ...(o.phone ? { telephone: o.phone } : {}),
    }));
  }
  if (view.partners.length) {
    ld.employee = view.partners.map((p) => ({
      "@type": "Person",
      name: p.name,
      ...(p.description ? { description: p.description } : {}),
    }));
  }
  return ld;
}
