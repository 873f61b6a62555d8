/**
 * One spelling: every string a person reads (screens, emails, PDFs, page metadata) is US English. This test parses
 * the source of the app, the kernel and the server (emails, agreement documents, refusals, demo content) and reads
 * each string literal, template literal and JSX text in it: none may hold one of the British forms below.
 *
 * Code identifiers (variable names, file names, database columns) are not strings and are not read. Two kinds of
 * string are data rather than prose and are skipped: keys such as `licence_invitation` or `licence.end` (a stored
 * email template or audit action: no space, and `_`, `.` or `:` between lowercase words), and the stored values of
 * {@link NOT_PROSE}. Import paths, SQL (`sql` templates) and test code are skipped too.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "@babel/parser";
import { describe, expect, it } from "vitest";

/** The British forms refused, each with the US form to write instead. */
const BRITISH_FORMS: readonly { british: RegExp; us: string }[] = [
  { british: /\blicenc(?:e|es|ed|ing)\b/i, us: "license, licenses, licensed" },
  { british: /\bdiall(?:ed|ing|er|ers)\b/i, us: "dialed, dialing" },
  { british: /\bcatalogu(?:e|es|ed|ing)\b/i, us: "catalog, catalogs" },
  { british: /\bcolour(?:s|ed|ful|ing)?\b/i, us: "color, colors, colored" },
  { british: /\bcancell(?:ed|ing)\b/i, us: "canceled, canceling" },
  { british: /\blabell(?:ed|ing)\b/i, us: "labeled, labeling" },
  { british: /\bcentre(?:s|d)?\b/i, us: "center" },
  { british: /\b(?:honour|favour|behaviour|neighbour)(?:s|ed|ing|ite|ites|able|hood|ly)?\b/i, us: "honor, favor…" },
  {
    british:
      /\b(?:organ|recogn|author|custom|optim|prioritis|summar|final|real|util|apolog)is(?:e|ed|es|ing|ation|ations)\b/i,
    us: "-ize, -ization",
  },
  { british: /\banalys(?:e|ed|ing)\b/i, us: "analyze, analyzed" },
  { british: /\benrol(?:s|ment|ments)?\b/i, us: "enroll, enrollment" },
  { british: /\bfulfil(?:s|ment|ments)?\b/i, us: "fulfill, fulfillment" },
  { british: /\b(?:travel|model|total|signal|fuel)l(?:ed|ing)\b/i, us: "traveled, modeling…" },
  { british: /\b(?:programme|cheque|enquiry|enquiries|whilst|judgement|defence|offence)s?\b/i, us: "program, check…" },
];

/**
 * Strings that are data, not prose, though they hold a British form, each with why it stays: stored values (rows
 * keep them, no migration renames data, and the screens show a label instead, such as 'Ended' for a license whose
 * status is `cancelled`), and old addresses kept only to redirect to the new ones.
 */
const NOT_PROSE: ReadonlyMap<string, string> = new Map([
  ["cancelled", "a status stored in license, reservation, order and background-job rows, and a license's end_reason"],
  ["licences", "the old address /admin/licences, kept in app/routes.ts to redirect (301) to /admin/licenses"],
  ["licences/:licenseId", "the old address /admin/licences/:licenseId, kept to redirect (301) to /admin/licenses/…"],
]);

/** The British forms in one piece of text, as written there. */
function britishFormsIn(text: string): string[] {
  const found: string[] = [];
  for (const { british } of BRITISH_FORMS) {
    const all = new RegExp(british.source, "gi");
    for (const m of text.matchAll(all)) found.push(m[0]);
  }
  return found;
}

/** A key rather than prose: lowercase words joined by `_`, `.` or `:`, no space (a template name, an audit action). */
const KEY = /^[a-z0-9]+(?:[_.:][a-z0-9]+)+$/;

type Found = { file: string; line: number; text: string; forms: string[] };

type Node = { type: string; loc?: { start: { line: number } } | null; [key: string]: unknown };

const isNode = (v: unknown): v is Node => typeof v === "object" && v !== null && typeof (v as Node).type === "string";

/** `sql`, `sql.raw`, `tx.sql`: the name a tagged template is called by. */
function tagName(tag: Node): string {
  if (tag.type === "Identifier") return tag.name as string;
  if (tag.type === "MemberExpression" && isNode(tag.object) && isNode(tag.property)) {
    return `${tagName(tag.object)}.${tagName(tag.property)}`;
  }
  return "";
}

/** The strings of one source file a person may read, with their lines. */
function readableStrings(source: string, fileName: string): { line: number; text: string }[] {
  const ast = parse(source, {
    sourceType: "module",
    sourceFilename: fileName,
    plugins: fileName.endsWith(".tsx") ? ["typescript", "jsx"] : ["typescript"],
  });
  const out: { line: number; text: string }[] = [];
  const skip = new WeakSet<object>();
  const visit = (node: Node) => {
    if (skip.has(node)) return;
    switch (node.type) {
      case "ImportDeclaration":
      case "ExportAllDeclaration":
      case "ExportNamedDeclaration":
        if (isNode(node.source)) skip.add(node.source);
        break;
      case "ImportExpression":
        if (isNode(node.source)) skip.add(node.source);
        break;
      case "TSImportType":
        if (isNode(node.argument)) skip.add(node.argument);
        break;
      case "CallExpression":
        if (isNode(node.callee) && node.callee.type === "Import") {
          for (const a of node.arguments as Node[]) skip.add(a);
        }
        break;
      case "TaggedTemplateExpression":
        // SQL is code: its words are column names and stored values.
        if (isNode(node.tag) && /(?:^|\.)sql(?:\.|$)/.test(tagName(node.tag)) && isNode(node.quasi))
          skip.add(node.quasi);
        break;
      case "ObjectProperty":
      case "ObjectMethod":
      case "ClassProperty":
      case "TSPropertySignature":
        // A quoted key names a field; its value is read below like any other.
        if (!node.computed && isNode(node.key)) skip.add(node.key);
        break;
      case "StringLiteral":
        out.push({ line: node.loc?.start.line ?? 0, text: node.value as string });
        break;
      case "TemplateElement":
        out.push({ line: node.loc?.start.line ?? 0, text: (node.value as { cooked: string | null }).cooked ?? "" });
        break;
      case "JSXText":
        out.push({ line: node.loc?.start.line ?? 0, text: node.value as string });
        break;
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === "loc" || key === "leadingComments" || key === "trailingComments" || key === "innerComments") continue;
      if (Array.isArray(value)) for (const v of value) isNode(v) && visit(v);
      else if (isNode(value)) visit(value);
    }
  };
  visit(ast.program as unknown as Node);
  return out.filter(({ text }) => text.trim() !== "" && !KEY.test(text) && !NOT_PROSE.has(text));
}

const ROOT = path.resolve(import.meta.dirname, "..");

/** The source files whose strings reach people: the app, the kernel and the server, tests and migrations aside. */
function sourceFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (rel === "server/db/migrations" || rel === "app/generated") continue;
        walk(rel);
      } else if (/\.tsx?$/.test(entry.name) && !/test/.test(entry.name) && !entry.name.endsWith(".d.ts")) {
        files.push(rel);
      }
    }
  };
  for (const dir of ["app", "kernel", "server"]) walk(dir);
  return files.sort();
}

describe("US English in every string a person reads", () => {
  it("knows the British forms from the US ones", () => {
    expect(britishFormsIn("Monthly licence fees; licences; dialled; dialling; catalogue; colours; cancelled")).toEqual([
      "licence",
      "licences",
      "dialled",
      "dialling",
      "catalogue",
      "colours",
      "cancelled",
    ]);
    expect(britishFormsIn("Leads, reservations and licences")).toEqual(["licences"]);
    expect(
      britishFormsIn(
        "license, licenses, licensed, dialed, dialing, catalog, color, canceled, labeled, center, analyses, advertise, inquiry, program",
      ),
    ).toEqual([]);
  });

  it("reads strings, template literals and JSX text, and skips import paths, keys and stored values", () => {
    const source = [
      'import { x } from "./licence-thing.ts";',
      'const a = { "licence_key": "Your licence" };',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source of a template literal, read by the parser
      "const b = `Active licences: ${a}`;",
      'const c = "licence_invitation";',
      'const d = status === "cancelled";',
      'export const E = () => <p title="Catalogue">Dialled in two taps</p>;',
    ].join("\n");
    expect(readableStrings(source, "x.tsx").map((s) => `${s.line}:${s.text}`)).toEqual([
      "2:Your licence",
      "3:Active licences: ",
      "6:Catalogue",
      "6:Dialled in two taps",
    ]);
  });

  it("finds no British form in the app, the kernel or the server (emails, documents, refusals, metadata)", () => {
    const files = sourceFiles();
    expect(files).toContain("server/integrations/email/licensing-templates.ts");
    expect(files).toContain("kernel/schemas/company.ts");
    expect(files).toContain("app/routes/public/number.tsx");
    const found: Found[] = [];
    for (const file of files) {
      const source = readFileSync(path.join(ROOT, file), "utf8");
      for (const s of readableStrings(source, file)) {
        const forms = britishFormsIn(s.text);
        if (forms.length) found.push({ file, line: s.line, text: s.text.trim().slice(0, 100), forms });
      }
    }
    expect(found.map((f) => `${f.file}:${f.line} ${f.forms.join(", ")}: ${f.text}`)).toEqual([]);
  });
});
