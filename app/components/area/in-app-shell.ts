import { createContext } from "react";

/**
 * True inside the signed-in areas' application shell: PageHeader renders its compact form. A module of its own so
 * that the marketing pages, whose PageHeader reads it, do not download the shell (its command palette and menus).
 */
export const InAppShell = createContext(false);
