/**
 * The one-time key of a public form's submission (ADR 027), in the browser: made when the form is first sent, kept
 * in the tab's session storage under the form's slot until the form is answered with success, so every retry of
 * that submission (a second press, a resend after a network error, the page reloaded) sends the same key and the
 * server answers it with the first answer. The page itself may be a cached copy shared by every visitor, so the
 * server cannot make the key.
 */
const prefix = "pc-form-key:";
/** Keys of tabs whose storage is refused (a private window): they last as long as the page. */
const inMemory = new Map<string, string>();

/** The key of this tab's unanswered submission of the form in `slot`, made now if there is none. */
export function pendingFormKey(slot: string): string {
  try {
    const kept = window.sessionStorage.getItem(prefix + slot);
    if (kept) return kept;
    const key = crypto.randomUUID();
    window.sessionStorage.setItem(prefix + slot, key);
    return key;
  } catch {
    const key = inMemory.get(slot) ?? crypto.randomUUID();
    inMemory.set(slot, key);
    return key;
  }
}

/** The form in `slot` was answered with success: its next submission is a new one, with a new key. */
export function renewFormKey(slot: string): void {
  inMemory.delete(slot);
  try {
    window.sessionStorage.removeItem(prefix + slot);
  } catch {
    // storage refused: nothing kept
  }
}
