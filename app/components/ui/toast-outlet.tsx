import { lazy, Suspense, useEffect, useState } from "react";
import type { FlashToastData } from "./flash-toast.tsx";

/** The outlet and sonner, about 10 KB of JavaScript, in their own chunks. */
const Toasts = lazy(() => import("./toaster.tsx"));

/** Any of these means the visitor is using the page, and a toast may follow. */
const FIRST_USE = ["pointerdown", "keydown", "focusin", "click", "submit"] as const;

let outletWanted = false;
const onWanted = new Set<() => void>();

/** Mounts the outlet now (`toast.ts` calls it before each toast). */
export function wantToastOutlet() {
  if (outletWanted) return;
  outletWanted = true;
  for (const wake of onWanted) wake();
}

/**
 * The app's toast outlet, loaded only when a toast can appear: at once when the page carries a flash toast or a
 * toast is raised (`toast.ts`), and on the visitor's first interaction, so that its live region is in the page
 * before the toast that interaction may lead to. Pages nobody touches never download it. A toast raised before the
 * outlet has mounted is not lost: sonner shows it on mount.
 */
export function ToastOutlet({ toast }: { toast: FlashToastData | null }) {
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    if (toast) wantToastOutlet();
  }, [toast]);

  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    if (outletWanted) return want();
    onWanted.add(want);
    for (const type of FIRST_USE) window.addEventListener(type, wantToastOutlet, { capture: true, passive: true });
    return () => {
      onWanted.delete(want);
      for (const type of FIRST_USE) window.removeEventListener(type, wantToastOutlet, { capture: true });
    };
  }, [wanted]);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toasts toast={toast} />
    </Suspense>
  );
}
