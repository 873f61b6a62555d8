import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "radix-ui";
import type * as React from "react";
import { cn } from "#app/lib/utils.ts";

/**
 * The base look is the `.btn` component class in app.css (it was 560 bytes of utilities on every button of every page
 * the server renders); a className's utilities override it, as they did through tailwind-merge. The icon rules stay
 * utilities, so an icon's own size class yields to them unless marked important (`size-5!`), as before.
 */
export const buttonVariants = cva("btn [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0", {
  variants: {
    variant: {
      default: "bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover",
      gold: "bg-accent text-accent-foreground shadow-gold hover:bg-accent-hover",
      outline:
        "border border-input bg-background text-foreground shadow-xs hover:border-navy-300 hover:bg-muted dark:bg-transparent dark:hover:border-navy-500",
      secondary: "bg-secondary text-secondary-foreground hover:bg-navy-200 dark:hover:bg-navy-700",
      ghost: "text-foreground hover:bg-muted",
      destructive: "bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90",
      link: "h-auto px-0 text-accent-text underline-offset-4 hover:underline active:translate-y-0",
      /** For navy surfaces (header, hero, footer) in both themes. */
      "outline-light": "border border-white/30 bg-white/5 text-white hover:border-white/60 hover:bg-white/10",
      "ghost-light": "text-white/90 hover:bg-white/10 hover:text-white",
    },
    size: {
      sm: "h-9 px-3 text-sm",
      default: "h-10 px-4 text-sm",
      lg: "h-12 px-6 text-base",
      xl: "h-14 px-8 text-base",
      icon: "size-10",
      "icon-sm": "size-9",
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
  if (asChild) {
    return <Slot.Root data-slot="button" className={cn(buttonVariants({ variant, size }), className)} {...props} />;
  }
  return <button data-slot="button" className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}
