import type * as React from "react";
import { cn } from "#app/lib/utils.ts";
import { controlClasses } from "./input";

export function Textarea({ className, rows = 4, ...props }: React.ComponentProps<"textarea">) {
  return (
    <textarea
      data-slot="textarea"
      rows={rows}
      className={cn(controlClasses, "min-h-24 py-2.5 leading-relaxed", className)}
      {...props}
    />
  );
}
