import { describe, expect, it } from "vitest";
import {
  BLOG_MAX_PAGE,
  blogListHref,
  faqHref,
  isContentSlug,
  parseBlogQuery,
  parseFaqCategory,
  parseTopicSearch,
} from "./content.ts";

const params = (s: string) => new URLSearchParams(s);

describe("blog list URLs", () => {
  it("reads the search and the page, never failing", () => {
    expect(parseBlogQuery(params(""))).toEqual({ q: "", page: 1 });
    expect(parseBlogQuery(params("q=%20%20Radio%20%20%20ads%20&page=3"))).toEqual({ q: "Radio ads", page: 3 });
    for (const bad of ["0", "-2", "abc", "2.5", "1e3", ""]) expect(parseBlogQuery(params(`page=${bad}`)).page).toBe(1);
    expect(parseBlogQuery(params("page=999999")).page).toBe(BLOG_MAX_PAGE);
    expect(parseBlogQuery(params(`q=${"x".repeat(500)}`)).q).toHaveLength(200);
  });

  it("builds links that leave defaults out", () => {
    expect(blogListHref({})).toBe("/blog");
    expect(blogListHref({ q: " ", page: 1 })).toBe("/blog");
    expect(blogListHref({ q: "50% off", page: 2 })).toBe("/blog?q=50%25+off&page=2");
    expect(parseBlogQuery(new URL(`http://x${blogListHref({ q: "a&b=c", page: 4 })}`).searchParams)).toEqual({
      q: "a&b=c",
      page: 4,
    });
  });
});

describe("FAQ and support topic URLs", () => {
  it("reads and builds the category filter", () => {
    expect(parseFaqCategory(params(""))).toBeNull();
    expect(parseFaqCategory(params("category=%20%20"))).toBeNull();
    expect(parseFaqCategory(params("category=Call%20%20Routing"))).toBe("Call Routing");
    expect(faqHref(null)).toBe("/faq");
    expect(faqHref("Call Routing")).toBe("/faq?category=Call+Routing");
  });

  it("reads the topic search", () => {
    expect(parseTopicSearch(params("q=%20wallet%20"))).toBe("wallet");
    expect(parseTopicSearch(params(""))).toBe("");
  });

  it("knows a slug when it sees one", () => {
    expect(isContentSlug("what-is-a-pound-code-number")).toBe(true);
    for (const bad of ["", "Upper", "a_b", "../x", "a b", "x".repeat(201)]) expect(isContentSlug(bad)).toBe(false);
  });
});
