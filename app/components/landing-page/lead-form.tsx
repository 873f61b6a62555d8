import type { SubmissionResult } from "@conform-to/react";
import { type FormEvent, type SyntheticEvent, useEffect, useRef, useState } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import {
  FormRefusalNotice,
  FormSentNotice,
  usePageFlash,
  useRefusalToast,
} from "#app/components/contact/form-feedback.tsx";
import { Field, FormErrors } from "#app/components/forms/field.tsx";
import { Honeypot } from "#app/components/forms/honeypot.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Send } from "#app/components/ui/icons.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { loadOnce } from "#app/lib/load-once.ts";
import type { Refusal } from "#kernel/answers.ts";
import { LEAD_FAILED_TITLE, LEAD_SENT } from "#kernel/schemas/landing-page-strings.ts";

export type LeadFormProps = {
  businessName: string;
  /** Law firms get the usual note that a message creates no attorney-client relationship. */
  legal: boolean;
  result?: SubmissionResult<string[]> | null;
  refusal: Refusal | null;
};

/** The form's id; a field's id is `lead-<name>` and its error list `lead-<name>-error`. */
const FORM_ID = "lead";
const FIELDS = ["name", "email", "phone", "message"] as const;
type LeadErrors = Record<string, string[] | null | undefined>;

type Validation = typeof import("./lead-validation.ts");

/**
 * The lead check (zod and Conform's parsing under it) loads on first focus or submit, not with the page. Should it
 * fail to load, the form still posts: the server checks the lead with the same schema and answers the same messages.
 */
const validation = loadOnce(() => import("./lead-validation.ts"));
const loadValidation = validation.load;

/**
 * The key of this tab's unsent lead on this page: the one kept from an attempt that never got its answer, or a new
 * one. After a thank-you the next lead gets a new key.
 */
function pendingLeadKey(sent: boolean): string {
  const slot = `pc-lead-key:${window.location.pathname}`;
  try {
    const kept = sent ? null : window.sessionStorage.getItem(slot);
    const key = kept ?? crypto.randomUUID();
    window.sessionStorage.setItem(slot, key);
    return key;
  } catch {
    // Storage refused (a private window): the key lives as long as the form.
    return crypto.randomUUID();
  }
}

/** The landing page's lead form; a message goes to the licensee (their portal and their inbox). */
export function LeadForm(props: LeadFormProps) {
  const sent = usePageFlash([LEAD_SENT.title]);
  useRefusalToast(props.refusal, LEAD_FAILED_TITLE);
  return <LeadFormBody key={sent?.id ?? "form"} {...props} sent={!!sent} />;
}

/**
 * Checks a field when the visitor leaves it, again on each keystroke once it has been checked, and every field on
 * submit (focusing the first wrong one). Without JavaScript the browser posts the form, and the server's answer
 * (`result`) brings back the messages and what was typed.
 */
function LeadFormBody({ businessName, legal, result, refusal, sent }: LeadFormProps & { sent: boolean }) {
  const submitting = useNavigation().state === "submitting";
  const submit = useSubmit();
  const checked = useRef(new Set<string>());
  const holding = useRef(false);
  // The browser's own messages, until the server answers again.
  const [local, setLocal] = useState<{ errors: LeadErrors; answer: typeof result } | null>(null);
  const errors: LeadErrors = local && local.answer === result ? local.errors : (result?.error ?? {});
  const initial = (result?.initialValue ?? {}) as Record<string, unknown>;
  const formErrors = errors[""] ?? [];
  // The form's one-time key and the time it appeared, made here: the page itself may be a cached copy. A form sent
  // back with errors keeps its key, and so does the page reloaded after a network error (the key waits in the tab's
  // session storage until the thank-you), so a retry is still the same lead. Uncontrolled: set once, never reset.
  const leadKeyInput = useRef<HTMLInputElement>(null);
  const startedAtInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (leadKeyInput.current && !leadKeyInput.current.value) leadKeyInput.current.value = pendingLeadKey(sent);
    if (startedAtInput.current && !startedAtInput.current.value) startedAtInput.current.value = String(Date.now());
  }, [sent]);

  const show = (form: HTMLFormElement, check: Validation) => {
    const found = check.leadErrors(new FormData(form));
    const next: LeadErrors = { "": formErrors };
    for (const name of checked.current) next[name] = found[name];
    setLocal({ errors: next, answer: result });
    return found;
  };

  const onFieldEvent = (event: SyntheticEvent<HTMLFormElement>, leaving: boolean) => {
    const name = (event.target as HTMLInputElement).name;
    if (!(FIELDS as readonly string[]).includes(name)) return;
    if (!leaving && !checked.current.has(name)) return;
    const form = event.currentTarget;
    void loadValidation().then((check) => {
      if (!check) return;
      checked.current.add(name);
      show(form, check);
    });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    for (const name of FIELDS) checked.current.add(name);
    const decide = (check: Validation | null) => {
      if (!check) return true;
      const found = show(form, check);
      const first = FIELDS.find((name) => found[name]?.length);
      if (!first) return true;
      const control = form.elements.namedItem(first);
      if (control instanceof HTMLElement) control.focus();
      return false;
    };
    const loaded = validation.current();
    if (loaded) {
      if (!decide(loaded)) event.preventDefault();
      return;
    }
    // The check is not here yet: hold the post until it is (once, however often the button is pressed).
    event.preventDefault();
    if (holding.current) return;
    holding.current = true;
    void loadValidation().then((check) => {
      holding.current = false;
      if (decide(check)) void submit(form, { method: "post" });
    });
  };

  const field = (name: (typeof FIELDS)[number]) => {
    const id = `${FORM_ID}-${name}`;
    const value = initial[name];
    return {
      id,
      errorId: `${id}-error`,
      errors: errors[name] ?? [],
      input: { name, defaultValue: typeof value === "string" ? value : undefined },
    };
  };
  const name = field("name");
  const email = field("email");
  const phone = field("phone");
  const message = field("message");

  return (
    <Form
      method="post"
      id={FORM_ID}
      className="relative grid gap-4"
      noValidate
      aria-invalid={formErrors.length > 0 || undefined}
      aria-describedby={formErrors.length > 0 ? `${FORM_ID}-error` : undefined}
      onFocus={() => void loadValidation()}
      onBlur={(event) => onFieldEvent(event, true)}
      onInput={(event) => onFieldEvent(event, false)}
      onSubmit={onSubmit}
    >
      {sent ? <FormSentNotice title={LEAD_SENT.title} message={LEAD_SENT.message} /> : null}
      {refusal ? <FormRefusalNotice title={LEAD_FAILED_TITLE} message={refusal.message} /> : null}
      <FormErrors id={`${FORM_ID}-error`} errors={formErrors} />
      <Honeypot />
      <input
        type="hidden"
        name="leadKey"
        ref={leadKeyInput}
        defaultValue={typeof initial.leadKey === "string" ? initial.leadKey : ""}
      />
      <input
        type="hidden"
        name="startedAt"
        ref={startedAtInput}
        defaultValue={typeof initial.startedAt === "string" ? initial.startedAt : ""}
      />
      <Field id={name.id} errorId={name.errorId} errors={name.errors} label="Name">
        {(control) => <Input {...name.input} {...control} type="text" autoComplete="name" />}
      </Field>
      <Field id={email.id} errorId={email.errorId} errors={email.errors} label="Email">
        {(control) => <Input {...email.input} {...control} type="email" autoComplete="email" />}
      </Field>
      <Field id={phone.id} errorId={phone.errorId} errors={phone.errors} label="Phone">
        {(control) => <Input {...phone.input} {...control} type="tel" autoComplete="tel" />}
      </Field>
      <Field id={message.id} errorId={message.errorId} errors={message.errors} label="How can we help?" optional>
        {(control) => (
          <Textarea
            {...message.input}
            {...control}
            rows={4}
            placeholder="A few words about what happened and the best time to reach you."
          />
        )}
      </Field>
      <Button type="submit" variant="gold" size="lg" disabled={submitting}>
        <Send aria-hidden="true" />
        {submitting ? "Sending…" : "Send Message"}
      </Button>
      <p className="text-xs leading-relaxed text-muted-foreground">
        Your message goes directly to {businessName}.
        {legal
          ? " Sending it does not create an attorney-client relationship; please do not include confidential details."
          : ""}
      </p>
    </Form>
  );
}
