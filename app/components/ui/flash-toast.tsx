import { useEffect } from "react";
import { toast as sonner } from "sonner";

export type FlashToastData = {
  id: string;
  type: "success" | "error" | "info";
  title: string;
  description?: string;
  durationMs?: number;
};

/**
 * Shows a toast carried by the flash cookie (set before a redirect). Renders nothing; fires once per toast id,
 * so re-renders and revalidations do not repeat it.
 */
export function FlashToast({ toast }: { toast: FlashToastData | null }) {
  const id = toast?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the toast's id on purpose
  useEffect(() => {
    if (!toast) return;
    const options = { id: toast.id, description: toast.description, duration: toast.durationMs };
    if (toast.type === "success") sonner.success(toast.title, options);
    else if (toast.type === "error") sonner.error(toast.title, options);
    else sonner.info(toast.title, options);
  }, [id]);
  return null;
}
