import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { usePageFlash } from "#app/components/contact/form-feedback.tsx";
import { Honeypot } from "#app/components/forms/honeypot.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { LoaderCircle, MailCheck } from "#app/components/ui/icons.tsx";
import { toast } from "#app/components/ui/toast.ts";
import { pendingFormKey, renewFormKey } from "#app/lib/form-key.ts";
import { loadOnce } from "#app/lib/load-once.ts";
import { cn } from "#app/lib/utils.ts";
import type { Answer } from "#kernel/answers.ts";
import { FORM_KEY_FIELD } from "#kernel/forms.ts";
import { NEWSLETTER_CHECK_INBOX, NEWSLETTER_FAILED_TITLE } from "#kernel/schemas/newsletter-strings.ts";

/** Where the sign-up form posts. */
export const NEWSLETTER_ACTION = "/resources/newsletter";
/** The sign-up's one-time key slot (ADR 027): a retry sends the same key until a sign-up is answered ok. */
const KEY_SLOT = "newsletter";

type Notice = { kind: "success" | "error"; title: string; message: string };

/**
 * The address check (and zod under it) loads on first focus or submit, not with the page. Should it fail to load,
 * the form still posts: the server checks the address too.
 */
const loadValidation = loadOnce(() => import("./newsletter-validation.ts")).load;

/**
 * The newsletter sign-up, made for the navy footer. Double opt-in: the answer always asks the visitor to confirm
 * from their inbox, whatever the address. With JavaScript it posts in place; without, the browser posts the form
 * and comes back to this page (`redirectTo`, at this section) with the answer as a flash toast, shown here inline
 * too. Pass another `id` when a page shows a second sign-up besides the footer's.
 */
export function NewsletterSignup({ id = "newsletter", className }: { id?: string; className?: string }) {
  const fetcher = useFetcher<Answer>();
  const location = useLocation();
  const inputId = useId();
  const messageId = `${inputId}-message`;
  const flash = usePageFlash([NEWSLETTER_CHECK_INBOX.title, NEWSLETTER_FAILED_TITLE]);
  const [clientError, setClientError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const checking = useRef(false);

  const answer = fetcher.data;
  useEffect(() => {
    if (!answer) return;
    if (answer.ok) {
      const next = {
        kind: "success" as const,
        title: answer.title ?? NEWSLETTER_CHECK_INBOX.title,
        message: answer.message ?? NEWSLETTER_CHECK_INBOX.message,
      };
      setNotice(next);
      renewFormKey(KEY_SLOT);
      formRef.current?.reset();
      toast.success(next.title, { description: next.message });
    } else {
      const fieldError = answer.result?.error?.email?.[0];
      const message = fieldError ?? answer.message ?? "Please try again in a moment.";
      setNotice({ kind: "error", title: NEWSLETTER_FAILED_TITLE, message });
      if (!fieldError) toast.error(NEWSLETTER_FAILED_TITLE, { description: message });
    }
  }, [answer]);

  const shown: Notice | null = clientError
    ? { kind: "error", title: NEWSLETTER_FAILED_TITLE, message: clientError }
    : (notice ??
      (flash
        ? {
            kind: flash.type === "success" ? "success" : "error",
            title: flash.title,
            message: flash.description ?? "",
          }
        : null));
  const submitting = fetcher.state !== "idle";

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (checking.current) return;
    const data = new FormData(event.currentTarget);
    checking.current = true;
    const check = await loadValidation();
    checking.current = false;
    const error = check ? check.newsletterEmailError(data.get("email")) : null;
    if (error) {
      setNotice(null);
      setClientError(error);
      return;
    }
    setClientError(null);
    setNotice(null);
    // In place: the answer comes back as data, not as a redirect.
    data.delete("redirectTo");
    data.set(FORM_KEY_FIELD, pendingFormKey(KEY_SLOT));
    fetcher.submit(data, { method: "post", action: NEWSLETTER_ACTION });
  };

  const invalid = shown?.kind === "error";
  return (
    <section id={id} aria-labelledby={`${inputId}-title`} className={cn("scroll-mt-24", className)}>
      <h2 id={`${inputId}-title`} className="text-xs font-semibold tracking-[0.16em] text-gold-300 uppercase">
        Newsletter
      </h2>
      <p className="mt-3 max-w-sm text-sm leading-relaxed text-navy-200">
        Licensing news, newly opened territories and marketing tips for your #Code, about once a month.
      </p>
      <form
        ref={formRef}
        method="post"
        action={NEWSLETTER_ACTION}
        onSubmit={onSubmit}
        noValidate
        className="relative mt-4 flex max-w-md flex-col gap-2 sm:flex-row"
      >
        <Honeypot />
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}#${id}`} />
        <label htmlFor={inputId} className="sr-only">
          Email address
        </label>
        <input
          id={inputId}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@company.com"
          required
          maxLength={254}
          aria-invalid={invalid || undefined}
          aria-describedby={messageId}
          onFocus={() => void loadValidation()}
          className="h-11 w-full min-w-0 rounded-md border border-white/20 bg-white/5 px-3.5 text-sm text-white placeholder:text-navy-300 transition-[border-color,box-shadow] hover:border-white/35 focus-visible:border-gold-300 focus-visible:ring-3 focus-visible:ring-gold-300/30 focus-visible:outline-none aria-invalid:border-red-300"
        />
        <Button type="submit" variant="gold" className="h-11 shrink-0 px-5" disabled={submitting}>
          {submitting ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
          {submitting ? "Subscribing…" : "Subscribe"}
        </Button>
      </form>
      <div id={messageId} aria-live="polite" className="mt-3 max-w-md text-sm">
        {shown ? (
          <p
            role={shown.kind === "error" ? "alert" : "status"}
            className={cn(
              "flex items-start gap-2 leading-relaxed",
              shown.kind === "success" ? "text-emerald-300" : "text-red-300",
            )}
          >
            {shown.kind === "success" ? <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" /> : null}
            <span>
              <strong className="font-semibold">{shown.title}.</strong> {shown.message}
            </span>
          </p>
        ) : (
          <p className="text-xs text-navy-300">We'll email you a link to confirm. Unsubscribe at any time.</p>
        )}
      </div>
    </section>
  );
}
