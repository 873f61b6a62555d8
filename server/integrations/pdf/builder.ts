/**
 * A small document builder on pdf-lib: US Letter pages with the PoundCodes letterhead, wrapped paragraphs,
 * headings, key-value tables and a page footer. Only the standard PDF fonts are used (nothing is embedded or
 * subset), and the metadata dates are set by the caller, so the same input always gives the same bytes: a
 * document's SHA-256 can be recomputed later and compared.
 */
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";

export const NAVY = rgb(11 / 255, 31 / 255, 58 / 255);
export const GOLD = rgb(201 / 255, 162 / 255, 39 / 255);
export const INK = rgb(0.13, 0.15, 0.2);
export const MUTED = rgb(0.4, 0.43, 0.5);
export const RULE = rgb(0.85, 0.87, 0.9);

const PAGE = { width: 612, height: 792 } as const;
const MARGIN = { x: 64, top: 64, bottom: 72 } as const;

/**
 * The standard fonts speak WinAnsi only: typographic quotes and dashes are kept (WinAnsi has them), anything else
 * outside Latin-1 becomes its closest ASCII or a question mark, so text from the database never fails to draw.
 */
export function winAnsi(text: string): string {
  const map: Record<string, string> = {
    "\u2010": "-",
    "\u2011": "-",
    "\u2012": "-",
    "\u2212": "-",
    "\u00a0": " ",
    "\u2009": " ",
    "\u202f": " ",
    "\u2192": "->",
    "\u2713": "v",
  };
  const keep = new Set("\u2018\u2019\u201c\u201d\u2013\u2014\u2022\u2026\u20ac\u2122".split(""));
  let out = "";
  for (const ch of text.normalize("NFC")) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === "\n" || ch === "\t") out += ch === "\t" ? " " : ch;
    else if (code < 32 || (code >= 127 && code < 160)) continue;
    else if (code < 256 || keep.has(ch)) out += ch;
    else out += map[ch] ?? (ch.normalize("NFD").replace(/[^\u0020-\u00ff]/g, "") || "?");
  }
  return out;
}

export type DocumentInfo = {
  title: string;
  subject: string;
  author: string;
  keywords: string[];
  /** The document's date: it is written as both the creation and the modification date. */
  date: Date;
};

export type Fonts = { regular: PDFFont; bold: PDFFont; italic: PDFFont; mono: PDFFont };

/** Writes pages top to bottom; a new page starts when the next line would not fit. */
export class DocumentWriter {
  readonly doc: PDFDocument;
  readonly fonts: Fonts;
  private page!: PDFPage;
  private y = 0;
  private readonly letterhead: string;
  /** Pages before this index came from an existing document and are left as they are. */
  private firstNewPage = 0;

  private constructor(doc: PDFDocument, fonts: Fonts, letterhead: string) {
    this.doc = doc;
    this.fonts = fonts;
    this.letterhead = letterhead;
  }

  static async create(info: DocumentInfo, letterhead: string): Promise<DocumentWriter> {
    const doc = await PDFDocument.create({ updateMetadata: false });
    applyInfo(doc, info);
    const fonts: Fonts = {
      regular: await doc.embedFont(StandardFonts.Helvetica),
      bold: await doc.embedFont(StandardFonts.HelveticaBold),
      italic: await doc.embedFont(StandardFonts.HelveticaOblique),
      mono: await doc.embedFont(StandardFonts.Courier),
    };
    const w = new DocumentWriter(doc, fonts, letterhead);
    w.newPage();
    return w;
  }

  /** Opens an existing document to add pages to it (the signature certificate). */
  static async extend(bytes: Uint8Array, info: DocumentInfo, letterhead: string): Promise<DocumentWriter> {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    applyInfo(doc, info);
    const fonts: Fonts = {
      regular: await doc.embedFont(StandardFonts.Helvetica),
      bold: await doc.embedFont(StandardFonts.HelveticaBold),
      italic: await doc.embedFont(StandardFonts.HelveticaOblique),
      mono: await doc.embedFont(StandardFonts.Courier),
    };
    const w = new DocumentWriter(doc, fonts, letterhead);
    w.firstNewPage = doc.getPageCount();
    w.newPage();
    return w;
  }

  get contentWidth(): number {
    return PAGE.width - MARGIN.x * 2;
  }

  newPage(): void {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    const p = this.page;
    // Letterhead: a navy band with the gold mark, and a gold rule under it.
    p.drawRectangle({ x: 0, y: PAGE.height - 40, width: PAGE.width, height: 40, color: NAVY });
    p.drawRectangle({ x: 0, y: PAGE.height - 43, width: PAGE.width, height: 3, color: GOLD });
    p.drawText("#", { x: MARGIN.x, y: PAGE.height - 27, size: 14, font: this.fonts.bold, color: GOLD });
    const hash = this.fonts.bold.widthOfTextAtSize("#", 14);
    p.drawText("PoundCodes", {
      x: MARGIN.x + hash,
      y: PAGE.height - 27,
      size: 14,
      font: this.fonts.bold,
      color: rgb(1, 1, 1),
    });
    const right = winAnsi(this.letterhead);
    const size = 8.5;
    const width = this.fonts.regular.widthOfTextAtSize(right, size);
    p.drawText(right, {
      x: PAGE.width - MARGIN.x - width,
      y: PAGE.height - 25,
      size,
      font: this.fonts.regular,
      color: rgb(0.85, 0.88, 0.94),
    });
    this.y = PAGE.height - MARGIN.top - 12;
  }

  private ensure(height: number): void {
    if (this.y - height < MARGIN.bottom) this.newPage();
  }

  space(points: number): void {
    this.y -= points;
  }

  /** Splits text into lines that fit `width` at `size`. */
  wrap(text: string, font: PDFFont, size: number, width: number, firstWidth = width): string[] {
    const lines: string[] = [];
    const room = () => (lines.length === 0 ? firstWidth : width);
    for (const para of winAnsi(text).split("\n")) {
      let line = "";
      for (const word of para.split(/ +/)) {
        const next = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(next, size) <= room() || !line) {
          line = next;
        } else {
          lines.push(line);
          line = word;
        }
        // A single word longer than the line (a hash, a long address) is broken by characters.
        while (font.widthOfTextAtSize(line, size) > room() && line.length > 1) {
          let cut = line.length - 1;
          while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > room()) cut--;
          lines.push(line.slice(0, cut));
          line = line.slice(cut);
        }
      }
      lines.push(line);
    }
    return lines;
  }

  title(text: string, sub?: string): void {
    this.ensure(60);
    for (const line of this.wrap(text, this.fonts.bold, 20, this.contentWidth)) {
      this.page.drawText(line, { x: MARGIN.x, y: this.y, size: 20, font: this.fonts.bold, color: NAVY });
      this.y -= 25;
    }
    if (sub) {
      this.page.drawText(winAnsi(sub), {
        x: MARGIN.x,
        y: this.y + 4,
        size: 9.5,
        font: this.fonts.regular,
        color: MUTED,
      });
      this.y -= 14;
    }
    this.page.drawRectangle({ x: MARGIN.x, y: this.y, width: 48, height: 2, color: GOLD });
    this.y -= 20;
  }

  heading(text: string): void {
    this.ensure(40);
    this.y -= 6;
    this.page.drawText(winAnsi(text).toUpperCase(), {
      x: MARGIN.x,
      y: this.y,
      size: 9,
      font: this.fonts.bold,
      color: NAVY,
    });
    this.y -= 6;
    this.page.drawLine({
      start: { x: MARGIN.x, y: this.y },
      end: { x: MARGIN.x + this.contentWidth, y: this.y },
      thickness: 0.6,
      color: RULE,
    });
    this.y -= 14;
  }

  /** A paragraph; `lead` (a clause number and title) is set in bold before the text, on the same line. */
  paragraph(
    text: string,
    opts: { lead?: string; size?: number; color?: ReturnType<typeof rgb>; italic?: boolean } = {},
  ): void {
    const size = opts.size ?? 10;
    const leading = size * 1.45;
    const font = opts.italic ? this.fonts.italic : this.fonts.regular;
    const lead = opts.lead ? winAnsi(opts.lead) : "";
    // The bold lead sits on the first line, then a clear gap (viewers that substitute the standard fonts draw
    // them a little wider than their metrics); the text wraps in the room left beside it.
    const gap = lead ? size * 0.55 : 0;
    const leadWidth = lead ? this.fonts.bold.widthOfTextAtSize(lead, size) + gap : 0;
    const lines = this.wrap(text, font, size, this.contentWidth, this.contentWidth - leadWidth);
    lines.forEach((line, i) => {
      this.ensure(leading);
      let x = MARGIN.x;
      if (i === 0 && lead) {
        this.page.drawText(lead, { x, y: this.y, size, font: this.fonts.bold, color: NAVY });
        x += leadWidth;
      }
      this.page.drawText(line, { x, y: this.y, size, font, color: opts.color ?? INK });
      this.y -= leading;
    });
    this.y -= size * 0.6;
  }

  /** Label and value rows (the schedule, the signature record). `mono` values are set in Courier. */
  table(rows: readonly { label: string; value: string; mono?: boolean }[], labelWidth = 150): void {
    const size = 9.5;
    const leading = 13.5;
    const valueWidth = this.contentWidth - labelWidth;
    for (const row of rows) {
      const font = row.mono ? this.fonts.mono : this.fonts.regular;
      const lines = this.wrap(row.value || "-", font, row.mono ? 8.5 : size, valueWidth);
      this.ensure(leading * Math.min(lines.length, 3) + 6);
      this.page.drawText(winAnsi(row.label), {
        x: MARGIN.x,
        y: this.y,
        size: 8.5,
        font: this.fonts.bold,
        color: MUTED,
      });
      for (const line of lines) {
        this.ensure(leading);
        this.page.drawText(line, {
          x: MARGIN.x + labelWidth,
          y: this.y,
          size: row.mono ? 8.5 : size,
          font,
          color: INK,
        });
        this.y -= leading;
      }
      this.y -= 3;
      this.page.drawLine({
        start: { x: MARGIN.x, y: this.y + 8 },
        end: { x: MARGIN.x + this.contentWidth, y: this.y + 8 },
        thickness: 0.4,
        color: RULE,
      });
      this.y -= 4;
    }
    this.y -= 6;
  }

  /** A tinted box holding a short notice (pending signature, signed electronically). */
  notice(text: string, opts: { tone: "gold" | "navy" }): void {
    const size = 9.5;
    const leading = 13.5;
    const lines = this.wrap(text, this.fonts.regular, size, this.contentWidth - 24);
    const height = lines.length * leading + 14;
    this.ensure(height + 8);
    const color = opts.tone === "gold" ? rgb(0.99, 0.96, 0.87) : rgb(0.93, 0.95, 0.99);
    const edge = opts.tone === "gold" ? GOLD : NAVY;
    this.page.drawRectangle({ x: MARGIN.x, y: this.y - height + leading, width: this.contentWidth, height, color });
    this.page.drawRectangle({ x: MARGIN.x, y: this.y - height + leading, width: 3, height, color: edge });
    let y = this.y - 4;
    for (const line of lines) {
      this.page.drawText(line, { x: MARGIN.x + 14, y, size, font: this.fonts.regular, color: INK });
      y -= leading;
    }
    this.y -= height + 8;
  }

  /** Page numbers and the document reference on every page this writer added; call once, last. */
  footers(reference: string): void {
    const pages = this.doc.getPages();
    pages.forEach((p, i) => {
      if (i < this.firstNewPage) return;
      const text = winAnsi(
        this.firstNewPage ? `${reference}  ·  Page ${i + 1}` : `${reference}  ·  Page ${i + 1} of ${pages.length}`,
      );
      p.drawLine({
        start: { x: MARGIN.x, y: 48 },
        end: { x: PAGE.width - MARGIN.x, y: 48 },
        thickness: 0.5,
        color: RULE,
      });
      p.drawText(text, { x: MARGIN.x, y: 34, size: 7.5, font: this.fonts.regular, color: MUTED });
    });
  }

  /** The bytes; object streams off so the output is plain and stable across runs. */
  save(): Promise<Uint8Array> {
    return this.doc.save({ useObjectStreams: false });
  }
}

function applyInfo(doc: PDFDocument, info: DocumentInfo): void {
  doc.setTitle(winAnsi(info.title), { showInWindowTitleBar: true });
  doc.setSubject(winAnsi(info.subject));
  doc.setAuthor(winAnsi(info.author));
  doc.setKeywords(info.keywords.map(winAnsi));
  doc.setCreator("PoundCodes");
  doc.setProducer("PoundCodes (pdf-lib)");
  doc.setCreationDate(info.date);
  doc.setModificationDate(info.date);
  doc.setLanguage("en-US");
}
