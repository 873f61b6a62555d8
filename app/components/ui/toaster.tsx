import { useRouteLoaderData } from "react-router";
import { Toaster as Sonner } from "sonner";

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
          description: "opacity-90!",
        },
      }}
    />
  );
}
