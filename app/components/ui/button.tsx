import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "radix-ui";
import type * as React from "react";
import { cn } from "#app/lib/utils.ts";

/**
 * The look is the `.btn` component class in app.css with a variant class and a size class (`btn-outline btn-sm`):
 * a few short classes on every button of every page the server renders instead of 250 bytes of utilities. A
 * className's utilities override them, as they did through tailwind-merge. An icon inside is sized by `.btn svg` (a
 * rule of the utilities layer), so an icon's own size class yields to it unless marked important (`size-5!`).
 */
export const buttonVariants = cva("btn", {
  variants: {
    variant: {
      default: "btn-default",
      gold: "btn-gold",
      outline: "btn-outline",
      secondary: "btn-secondary",
      ghost: "btn-ghost",
      destructive: "btn-destructive",
      link: "btn-link",
      /** For navy surfaces (header, hero, footer) in both themes. */
      "outline-light": "btn-outline-light",
      "ghost-light": "btn-ghost-light",
    },
    size: {
      sm: "btn-sm",
      default: "btn-md",
      lg: "btn-lg",
      xl: "btn-xl",
      icon: "btn-icon",
      "icon-sm": "btn-icon-sm",
    },
  },
  defaultVariants: { variant: "default", size: "default" },
});

/** Like a native <button>, `type` defaults to "submit" inside a form: pass type="button" for non-submitting buttons. */
export type ButtonProps = React.ComponentProps<"button"> &
  VariantProps<typeof buttonVariants> & {
    /** Render the child element (e.g. a react-router <Link>) with the button's styles. */
    asChild?: boolean;
  };

export function Button({ className, variant, size, asChild = false, ...props }: ButtonProps) {
  // The variant's classes never conflict with each other: they are merged only with a className's utilities.
  const classes = className ? cn(buttonVariants({ variant, size }), className) : buttonVariants({ variant, size });
  if (asChild) {
    return <Slot.Root data-slot="button" className={classes} {...props} />;
  }
  return <button data-slot="button" className={classes} {...props} />;
}
