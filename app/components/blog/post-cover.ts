/**
 * The cover of a post that has no image of its own: abstract brand art (navy ground, gold figures) drawn as an SVG
 * and chosen from the post's slug, so every post gets its own picture and the same post always gets the same one.
 * Served as a data URL, so it is an ordinary <img> with alt text and intrinsic size, and costs no request.
 */

export const COVER_WIDTH = 1200;
export const COVER_HEIGHT = 675;

/** FNV-1a: a stable 32-bit number from a string. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A small seeded random generator (mulberry32), so the art is the same on the server and in the browser. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r1 = (n: number) => Math.round(n * 10) / 10;

const GROUNDS: [string, string][] = [
  ["#0b1226", "#1f2d52"],
  ["#0b1226", "#2d406f"],
  ["#15203d", "#0b1226"],
  ["#0e162c", "#3a5088"],
];

function goldBars(rnd: () => number): string {
  const count = 3 + Math.floor(rnd() * 3);
  const w = 300 + rnd() * 90;
  const h = 64;
  const x0 = 610 + rnd() * 170;
  let out = "";
  for (let i = 0; i < count; i++) {
    const x = x0 + (rnd() - 0.5) * 36;
    const y = 575 - i * (h + 6);
    const inset = w * 0.07;
    out += `<polygon points="${r1(x + inset)},${y} ${r1(x + w - inset)},${y} ${r1(x + w)},${y + h} ${r1(x)},${y + h}" fill="url(#g)"/>`;
    out += `<polygon points="${r1(x + inset)},${y} ${r1(x + w - inset)},${y} ${r1(x + w - inset * 0.6)},${y + 14} ${r1(x + inset * 0.6)},${y + 14}" fill="#fff" fill-opacity=".22"/>`;
  }
  return out;
}

function rings(rnd: () => number): string {
  const cx = r1(COVER_WIDTH * (0.66 + rnd() * 0.22));
  const cy = r1(COVER_HEIGHT * (0.3 + rnd() * 0.4));
  let out = "";
  for (let i = 0; i < 7; i++) {
    const r = 70 + i * (58 + rnd() * 16);
    out += `<circle cx="${cx}" cy="${cy}" r="${r1(r)}" fill="none" stroke="url(#g)" stroke-width="${r1(2 + (6 - i) * 0.7)}" stroke-opacity="${r1(1 - i * 0.12)}"/>`;
  }
  out += `<circle cx="${cx}" cy="${cy}" r="22" fill="url(#g)"/>`;
  return out;
}

function poundSign(rnd: () => number): string {
  const x = r1(720 + rnd() * 120);
  const y = r1(150 + rnd() * 60);
  const size = 360;
  const bar = 46;
  const tilt = r1(-8 - rnd() * 8);
  let dots = "";
  for (let row = 0; row < 6; row++) {
    for (let col = 0; col < 9; col++) {
      const on = rnd() > 0.55;
      dots += `<circle cx="${90 + col * 48}" cy="${150 + row * 48}" r="${on ? 4 : 2.5}" fill="${on ? "#e3b23c" : "#9fb1d6"}" fill-opacity="${on ? 0.7 : 0.25}"/>`;
    }
  }
  return (
    dots +
    `<g transform="translate(${x} ${y}) skewX(${tilt})" fill="url(#g)">` +
    `<rect x="${size * 0.28}" y="0" width="${bar}" height="${size}" rx="10"/>` +
    `<rect x="${size * 0.62}" y="0" width="${bar}" height="${size}" rx="10"/>` +
    `<rect x="0" y="${size * 0.3}" width="${size}" height="${bar}" rx="10"/>` +
    `<rect x="0" y="${size * 0.62}" width="${size}" height="${bar}" rx="10"/></g>`
  );
}

/** The SVG source of a post's cover. */
export function postCoverSvg(seed: string): string {
  const h = hash(seed);
  const rnd = random(h);
  const [from, to] = GROUNDS[h % GROUNDS.length]!;
  const gx = r1(0.5 + rnd() * 0.4);
  const gy = r1(0.1 + rnd() * 0.4);
  const figure = [goldBars, rings, poundSign][Math.floor(h / GROUNDS.length) % 3]!(rnd);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}" width="${COVER_WIDTH}" height="${COVER_HEIGHT}">` +
    "<defs>" +
    `<linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>` +
    `<radialGradient id="l" cx="${gx}" cy="${gy}" r=".6"><stop offset="0" stop-color="#d4a017" stop-opacity=".32"/><stop offset="1" stop-color="#d4a017" stop-opacity="0"/></radialGradient>` +
    '<linearGradient id="g" x1="0" y1="0" x2="1" y2=".4"><stop offset="0" stop-color="#8a5d0b"/><stop offset=".3" stop-color="#f7dc8a"/><stop offset=".55" stop-color="#e3b23c"/><stop offset=".8" stop-color="#b98510"/><stop offset="1" stop-color="#f0cd6c"/></linearGradient>' +
    '<pattern id="p" width="48" height="48" patternUnits="userSpaceOnUse"><path d="M48 0H0v48" fill="none" stroke="#fff" stroke-opacity=".05"/></pattern>' +
    "</defs>" +
    `<rect width="${COVER_WIDTH}" height="${COVER_HEIGHT}" fill="url(#b)"/>` +
    `<rect width="${COVER_WIDTH}" height="${COVER_HEIGHT}" fill="url(#p)"/>` +
    `<rect width="${COVER_WIDTH}" height="${COVER_HEIGHT}" fill="url(#l)"/>` +
    figure +
    `<rect y="${COVER_HEIGHT - 6}" width="${COVER_WIDTH}" height="6" fill="url(#g)" fill-opacity=".85"/>` +
    "</svg>"
  );
}

/** The cover as a data URL for <img src>. */
export function postCoverDataUrl(seed: string): string {
  return `data:image/svg+xml,${encodeURIComponent(postCoverSvg(seed))}`;
}
