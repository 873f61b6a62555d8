import { HONEYPOT_FIELD } from "#kernel/forms.ts";

/**
 * A field that people never see and leave empty; form-filling bots fill it in. The public-form guard on the
 * server refuses a submission whose honeypot is not empty.
 */
export function Honeypot() {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute -left-[10000px] size-px overflow-hidden opacity-0">
      <label>
        Website
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
