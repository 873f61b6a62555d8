import { useEffect, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { Toaster as Sonner } from "sonner";
import { FlashToast, type FlashToastData } from "./flash-toast.tsx";

type RootData = { theme?: string | null } | undefined;

/** The app's single toast outlet: one toast at a time, 5 s by default, top-right, coloured by type. */
export function Toaster() {
  const root = useRouteLoaderData("root") as RootData;
  // No explicit choice: the page follows the system preference, and so do the toasts.
  const theme = root?.theme === "dark" || root?.theme === "light" ? root.theme : "system";
  return (
    <Sonner
      theme={theme}
      position="top-right"
      visibleToasts={1}
      duration={5000}
      richColors
      closeButton
      offset={{ top: 80, right: 16 }}
      mobileOffset={{ top: 72, left: 12, right: 12 }}
      containerAriaLabel="Notifications"
      toastOptions={{
        classNames: {
          toast: "font-sans! rounded-lg! shadow-lift! text-sm!",
          title: "font-semibold!",
          // Full opacity: the rich colours' text only just meets 4.5:1 on their backgrounds (a faded description
          // fell to 4.25:1 on the green success toast).
        },
      }}
    />
  );
}

/** How long the outlet's live region is in the page before the flash toast is added, so screen readers announce it. */
const LIVE_REGION_SETTLE_MS = 100;

/** The outlet and the page's flash toast: the chunk `ToastOutlet` loads lazily (default export for `React.lazy`). */
export default function Toasts({ toast }: { toast: FlashToastData | null }) {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(true), LIVE_REGION_SETTLE_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <>
      <Toaster />
      <FlashToast toast={settled ? toast : null} />
    </>
  );
}
