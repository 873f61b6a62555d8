/**
 * `cn`: join class names (clsx) and let later Tailwind utilities win over earlier conflicting ones
 * (tailwind-merge). Browser-safe, no server imports.
 */
import { type ClassValue, clsx } from "clsx";
import { twMerge } from "tailwind-merge";

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
