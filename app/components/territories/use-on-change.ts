import { useState } from "react";

/**
 * Calls `onChange` during render when `value` differs from the previous render's (React's way of adjusting state
 * when a prop changes, without an extra render pass of stale state). `onChange` may only set state.
 */
export function useOnChange<T>(value: T, onChange: (value: T) => void): void {
  const [previous, setPrevious] = useState(value);
  if (value !== previous) {
    setPrevious(value);
    onChange(value);
  }
}
