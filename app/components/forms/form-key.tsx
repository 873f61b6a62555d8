import { useEffect, useRef } from "react";
import { pendingFormKey, renewFormKey } from "#app/lib/form-key.ts";
import { FORM_KEY_FIELD } from "#kernel/forms.ts";

/**
 * The hidden one-time key of a public form posted as a page (ADR 027): set when the form appears, the same for
 * every retry of one submission (the tab keeps it until the form is answered with success), new once `sent` says
 * the last one went through. Uncontrolled, so a re-render between the press and the post never changes it. Without
 * JavaScript it stays empty, and the server takes the form's content as its key.
 */
export function FormKey({ slot, sent }: { slot: string; sent: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!input.current) return;
    if (sent) renewFormKey(slot);
    input.current.value = pendingFormKey(slot);
  }, [slot, sent]);
  return <input type="hidden" name={FORM_KEY_FIELD} ref={input} defaultValue="" />;
}
