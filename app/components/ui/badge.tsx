import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "radix-ui";
import type * as React from "react";
import { cn } from "#app/lib/utils.ts";

/** The base look is the `.badge` component class in app.css; a className's utilities override it. */
export const badgeVariants = cva("badge [&_svg]:size-3 [&_svg]:shrink-0", {
  variants: {
    variant: {
      default: "border-transparent bg-primary text-primary-foreground",
      gold: "border-gold-300 bg-gold-100 text-gold-900 dark:border-gold-700 dark:bg-gold-900/40 dark:text-gold-200",
      secondary: "border-transparent bg-secondary text-secondary-foreground",
      outline: "border-border text-foreground",
      destructive: "border-transparent bg-destructive text-destructive-foreground",
      // Territory / category / number statuses.
      available:
        "border-emerald-200 bg-emerald-50 text-emerald-800 dark:border-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-300",
      partial:
        "border-purple-200 bg-purple-50 text-purple-800 dark:border-purple-800 dark:bg-purple-950/60 dark:text-purple-300",
      negotiations:
        "border-amber-200 bg-amber-50 text-amber-800 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-300",
      licensed: "border-red-200 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950/60 dark:text-red-300",
      // Support ticket statuses.
      open: "border-blue-200 bg-blue-50 text-blue-800 dark:border-blue-800 dark:bg-blue-950/60 dark:text-blue-300",
      pending_admin:
        "border-yellow-200 bg-yellow-50 text-yellow-800 dark:border-yellow-800 dark:bg-yellow-950/60 dark:text-yellow-200",
      pending_user:
        "border-orange-200 bg-orange-50 text-orange-800 dark:border-orange-800 dark:bg-orange-950/60 dark:text-orange-300",
      resolved:
        "border-green-200 bg-green-50 text-green-800 dark:border-green-800 dark:bg-green-950/60 dark:text-green-300",
      closed: "border-gray-200 bg-gray-100 text-gray-700 dark:border-gray-700 dark:bg-gray-800/60 dark:text-gray-300",
    },
  },
  defaultVariants: { variant: "default" },
});

export type BadgeVariant = NonNullable<VariantProps<typeof badgeVariants>["variant"]>;

/** Map a stored status value to its badge variant; unknown values get `outline`. */
export function statusBadgeVariant(status: string | null | undefined): BadgeVariant {
  switch (status) {
    case "available":
    case "unlicensed":
    case "active":
      return "available";
    case "partial":
      return "partial";
    case "negotiations":
    case "pending":
    case "reserved":
      return "negotiations";
    case "licensed":
      return "licensed";
    case "open":
    case "pending_admin":
    case "pending_user":
    case "resolved":
    case "closed":
      return status;
    case "inactive":
    case "expired":
    case "cancelled":
      return "closed";
    default:
      return "outline";
  }
}

export function Badge({
  className,
  variant,
  asChild = false,
  ...props
}: React.ComponentProps<"span"> & VariantProps<typeof badgeVariants> & { asChild?: boolean }) {
  const Comp = asChild ? Slot.Root : "span";
  return <Comp data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />;
}
