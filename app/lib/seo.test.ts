import { describe, expect, it } from "vitest";
import { pageMeta } from "./seo.ts";

const args = (root: Record<string, unknown>) => ({ matches: [{ id: "root", loaderData: root }] });

describe("pageMeta", () => {
  it("gives title, description, canonical and Open Graph from the site's origin", () => {
    const tags = pageMeta(args({ publicUrl: "https://poundcodes.com/", indexable: true }), {
      title: "About Us",
      description: "Who we are.",
      path: "/about",
      image: "/og.png",
    });
    expect(tags).toContainEqual({ title: "About Us · PoundCodes" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://poundcodes.com/about" });
    expect(tags).toContainEqual({ property: "og:url", content: "https://poundcodes.com/about" });
    expect(tags).toContainEqual({ property: "og:image", content: "https://poundcodes.com/og.png" });
    expect(tags.find((t) => "name" in t && t.name === "robots")).toBeUndefined();
  });

  it("says noindex outside production and for pages that ask for it", () => {
    const staging = pageMeta(args({ publicUrl: "http://localhost:3000", indexable: false }), {
      title: "About Us",
      description: "x",
      path: "/about",
    });
    expect(staging).toContainEqual({ name: "robots", content: "noindex, nofollow" });
    const own = pageMeta(args({ publicUrl: "https://poundcodes.com", indexable: true }), {
      title: "Sign In",
      description: "x",
      path: "/login",
      noindex: true,
    });
    expect(own).toContainEqual({ name: "robots", content: "noindex, nofollow" });
  });

  it("adds JSON-LD blocks", () => {
    const tags = pageMeta(args({ publicUrl: "https://poundcodes.com", indexable: true }), {
      title: "T",
      description: "D",
      path: "/",
      jsonLd: [{ "@type": "Organization" }, { "@type": "WebSite" }],
    });
    expect(tags.filter((t) => "script:ld+json" in t)).toHaveLength(2);
  });
});
