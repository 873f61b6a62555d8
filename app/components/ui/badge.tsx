import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "radix-ui";
import type * as React from "react";
import { cn } from "#app/lib/utils.ts";

/** The look is the `.badge` component class in app.css with a variant class; a className's utilities override them. */
export const badgeVariants = cva("badge", {
  variants: {
    variant: {
      default: "badge-default",
      gold: "badge-gold",
      secondary: "badge-secondary",
      outline: "badge-outline",
      destructive: "badge-destructive",
      // Territory / category / number statuses.
      available: "badge-available",
      partial: "badge-partial",
      negotiations: "badge-negotiations",
      licensed: "badge-licensed",
      // Support ticket statuses.
      open: "badge-open",
      pending_admin: "badge-pending_admin",
      pending_user: "badge-pending_user",
      resolved: "badge-resolved",
      closed: "badge-closed",
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
  // The variant's classes never conflict with each other: they are merged only with a className's utilities.
  const classes = className ? cn(badgeVariants({ variant }), className) : badgeVariants({ variant });
  return <Comp data-slot="badge" className={classes} {...props} />;
}
