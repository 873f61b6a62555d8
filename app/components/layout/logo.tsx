import { useId } from "react";
import { cn } from "#app/lib/utils.ts";

/** The gold # mark on its own (decorative unless a title is given). */
export function LogoMark({ className, title }: { className?: string; title?: string }) {
  const gradientId = `pc-gold${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  return (
    <svg
      viewBox="0 0 32 32"
      className={cn("size-8 shrink-0", className)}
      role={title ? "img" : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
      focusable="false"
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#f7dc8a" />
          <stop offset="0.45" stopColor="#e3b23c" />
          <stop offset="1" stopColor="#a8750d" />
        </linearGradient>
      </defs>
      <rect x="1" y="1" width="30" height="30" rx="8" fill={`url(#${gradientId})`} />
      <rect x="1.5" y="1.5" width="29" height="29" rx="7.5" fill="none" stroke="#fff" strokeOpacity="0.35" />
      <g stroke="#0b1226" strokeWidth="2.6" strokeLinecap="round">
        <path d="M13.6 7.5 11.4 24.5" />
        <path d="M21.1 7.5 18.9 24.5" />
        <path d="M8.5 12.6h16" />
        <path d="M7.5 19.4h16" />
      </g>
    </svg>
  );
}

/** Mark + "PoundCodes" wordmark, for navy surfaces. */
export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-2.5", className)}>
      <LogoMark />
      <span className="text-[1.1875rem] leading-none font-bold tracking-tight text-white">
        Pound<span className="font-semibold text-gold-300">Codes</span>
      </span>
    </span>
  );
}
