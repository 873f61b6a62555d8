import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { CircleAlert, CircleCheck, Info, TriangleAlert } from "#app/components/ui/icons.tsx";
import { cn } from "#app/lib/utils.ts";

export const alertVariants = cva(
  "relative flex w-full items-start gap-3 rounded-lg border px-4 py-3.5 text-sm [&>svg]:mt-0.5 [&>svg]:size-4.5 [&>svg]:shrink-0",
  {
    variants: {
      variant: {
        info: "border-blue-200 bg-blue-50 text-blue-950 dark:border-blue-900 dark:bg-blue-950/40 dark:text-blue-100 [&>svg]:text-blue-700 dark:[&>svg]:text-blue-300",
        success:
          "border-emerald-200 bg-emerald-50 text-emerald-950 dark:border-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-100 [&>svg]:text-emerald-700 dark:[&>svg]:text-emerald-300",
        warning:
          "border-amber-200 bg-amber-50 text-amber-950 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-100 [&>svg]:text-amber-700 dark:[&>svg]:text-amber-300",
        destructive:
          "border-red-200 bg-red-50 text-red-950 dark:border-red-900 dark:bg-red-950/40 dark:text-red-100 [&>svg]:text-red-700 dark:[&>svg]:text-red-300",
        neutral: "border-border bg-muted text-foreground [&>svg]:text-muted-foreground",
      },
    },
    defaultVariants: { variant: "info" },
  },
);

const icons = {
  info: Info,
  success: CircleCheck,
  warning: TriangleAlert,
  destructive: CircleAlert,
  neutral: Info,
} as const;

/**
 * An inline message box with an icon. `role="alert"` is used for destructive alerts (announced at once),
 * `role="status"` otherwise. Pass `icon={false}` to hide the icon.
 */
export function Alert({
  className,
  variant,
  icon = true,
  children,
  ...props
}: React.ComponentProps<"div"> & VariantProps<typeof alertVariants> & { icon?: boolean }) {
  const Icon = icons[variant ?? "info"];
  return (
    <div
      data-slot="alert"
      role={variant === "destructive" ? "alert" : "status"}
      className={cn(alertVariants({ variant }), className)}
      {...props}
    >
      {icon ? <Icon aria-hidden="true" /> : null}
      <div className="grid min-w-0 flex-1 gap-1">{children}</div>
    </div>
  );
}

export function AlertTitle({ className, ...props }: React.ComponentProps<"p">) {
  return <p data-slot="alert-title" className={cn("leading-5 font-semibold", className)} {...props} />;
}

export function AlertDescription({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="alert-description" className={cn("leading-relaxed opacity-90", className)} {...props} />;
}
