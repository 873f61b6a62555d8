import { type RefObject, useEffect, useRef } from "react";

/** A ref always holding the latest `value` (set after each render), for callbacks read inside effects. */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}
