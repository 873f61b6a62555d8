/**
 * The firm's live preview of its landing page: the real page component, drawn from the editor's values, at a phone's
 * width (390 px) or a desktop's (1440 px, scaled to fit). The page lays itself out by its own width (container
 * queries), so what the preview shows is what a visitor on that device sees. Nothing in it can be focused or
 * clicked (`inert`); its frame scrolls and takes keyboard focus to do so.
 */
import { useEffect, useRef, useState } from "react";
import { LandingPage } from "#app/components/landing-page/landing-page-view.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Monitor, Smartphone } from "#app/components/ui/icons.tsx";
import type { LandingPageView } from "#kernel/schemas/landing-page-strings.ts";

const DEVICES = {
  phone: { label: "Phone", width: 390, Icon: Smartphone },
  desktop: { label: "Desktop", width: 1440, Icon: Monitor },
};
type Device = keyof typeof DEVICES;

export function PagePreview({ view, idPrefix }: { view: LandingPageView; idPrefix: string }) {
  const [device, setDevice] = useState<Device>("phone");
  const frame = useRef<HTMLElement>(null);
  const [room, setRoom] = useState(560);
  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    const measure = () => setRoom(el.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const width = DEVICES[device].width;
  const zoom = Math.min(1, room / width);
  const titleId = `${idPrefix}preview-title`;
  return (
    <section aria-labelledby={titleId} className="grid gap-3" data-testid="page-preview" data-device={device}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={titleId} className="text-base font-semibold tracking-tight">
          Preview
        </h3>
        <fieldset className="flex gap-1 rounded-lg bg-muted p-1">
          <legend className="sr-only">Preview width</legend>
          {(Object.keys(DEVICES) as Device[]).map((d) => {
            const { label, Icon } = DEVICES[d];
            return (
              <Button
                key={d}
                type="button"
                size="sm"
                variant={device === d ? "default" : "ghost"}
                aria-pressed={device === d}
                onClick={() => setDevice(d)}
              >
                <Icon aria-hidden="true" /> {label}
              </Button>
            );
          })}
        </fieldset>
      </div>
      <section
        ref={frame}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the frame scrolls, and a keyboard user scrolls it by focusing it
        tabIndex={0}
        aria-label={`Preview of your page at ${DEVICES[device].label.toLowerCase()} width`}
        className="max-h-[44rem] overflow-y-auto rounded-xl border border-border bg-background shadow-card focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <div inert className="mx-auto bg-background" style={{ width, zoom }}>
          <LandingPage view={view} refusal={null} preview={{ idPrefix }} />
        </div>
      </section>
      <p className="text-xs text-muted-foreground">
        {device === "phone" ? "390 px wide, as on a phone." : `1440 px wide, shown at ${Math.round(zoom * 100)}%.`} The
        page follows each visitor's light or dark theme.
      </p>
    </section>
  );
}
