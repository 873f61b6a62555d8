/**
 * Toasts without sonner in the page's JavaScript: `toast.success(title, { description })` and the like load sonner
 * (about 9 KB) on the first call and show the toast in the app's outlet (`toast-outlet.tsx`), which this also
 * mounts. Import `toast` from here rather than from "sonner": a static "sonner" import puts the library in the
 * JavaScript of every page that imports the component. Calls return nothing (the toast appears a moment later).
 */
import type { ExternalToast } from "sonner";
import { wantToastOutlet } from "./toast-outlet.tsx";

type Show = (title: string, options?: ExternalToast) => void;

function shower(kind: "success" | "error" | "info" | "warning" | "message"): Show {
  return (title, options) => {
    wantToastOutlet();
    void import("sonner").then(({ toast }) => toast[kind](title, options));
  };
}

export const toast = {
  success: shower("success"),
  error: shower("error"),
  info: shower("info"),
  warning: shower("warning"),
  message: shower("message"),
};
