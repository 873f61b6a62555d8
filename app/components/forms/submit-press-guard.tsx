import { type RefObject, useEffect, useRef } from "react";

/** Whether an event target is (inside) a submit button. */
export function isSubmitControl(target: EventTarget | null): boolean {
  return typeof Element !== "undefined" && target instanceof Element
    ? target.closest('button[type="submit"], input[type="submit"]') !== null
    : false;
}

/**
 * Pressing the submit button must submit. The dialog forms validate a field when it loses focus; when the focus
 * leaves a field because the visitor is pressing the submit button, that field's error would appear at once,
 * move the button away from under the finger and swallow the tap. So while the submit button is pressed, leaving a
 * field does not validate it on its own: the submit that follows validates every field and shows every error.
 *
 * Returns a ref for any element inside the form (a hidden span); the guard attaches to that element's form.
 */
export function useSubmitPressGuard(): RefObject<HTMLSpanElement | null> {
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const form = ref.current?.closest("form");
    if (!form) return;
    let pressing = false;
    const onPointerDown = (e: PointerEvent) => {
      pressing = form.contains(e.target as Node) && isSubmitControl(e.target);
    };
    const release = () => {
      pressing = false;
    };
    // The form's field validation listens on the document, so stopping the event at the form keeps it from there.
    const onFocusOut = (e: FocusEvent) => {
      if (pressing) e.stopPropagation();
    };
    document.addEventListener("pointerdown", onPointerDown, true);
    document.addEventListener("keydown", release, true);
    form.addEventListener("focusout", onFocusOut);
    form.addEventListener("click", release);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown, true);
      document.removeEventListener("keydown", release, true);
      form.removeEventListener("focusout", onFocusOut);
      form.removeEventListener("click", release);
    };
  }, []);
  return ref;
}

/** Place inside a dialog form to apply {@link useSubmitPressGuard}. */
export function SubmitPressGuard() {
  const ref = useSubmitPressGuard();
  return <span ref={ref} hidden />;
}
