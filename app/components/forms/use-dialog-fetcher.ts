import { useEffect, useRef, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { toast } from "#app/components/ui/toast.ts";
import type { AnyAnswer } from "#kernel/answers.ts";

/** What a dialog form's action answers: a refusal, or a success (its title and message are toasted when present). */
export type DialogResponse = AnyAnswer;

/**
 * A fetcher for a form inside a dialog. It lives with the dialog's root (always mounted), so a response that
 * arrives after the dialog was closed is still handled. Each opening is a new session: the field errors of an
 * earlier session are not shown in a later one. A refusal with a title or message becomes an error toast;
 * `onOk` handles success.
 *
 * The page's data is reloaded after `onOk`, not with the answer: a dialog inside a list row whose action removes the
 * row (releasing a hold, approving it) would otherwise be unmounted by the reloaded list before its answer was
 * handled, and its toast lost, whenever the reload came back quicker than React rendered the answer.
 */
export function useDialogFetcher<T extends DialogResponse>(
  open: boolean,
  onOk: (data: Extract<T, { ok: true }>) => void,
) {
  const fetcher = useFetcher<T>();
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const [session, setSession] = useState(open ? 1 : 0);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setSession(session + 1);
  }
  const [submittedIn, setSubmittedIn] = useState<number | null>(null);

  const onOkRef = useRef(onOk);
  useEffect(() => {
    onOkRef.current = onOk;
  });
  const data = fetcher.data as T | undefined;
  useEffect(() => {
    if (data === undefined || data === null) return;
    if (data.ok) {
      onOkRef.current(data as Extract<T, { ok: true }>);
      void revalidate.current();
    } else if (data.title) toast.error(data.title, { description: data.message });
    else if (data.message) toast.error(data.message);
  }, [data]);

  const submit = (formData: FormData, action: string) => {
    setSubmittedIn(session);
    fetcher.submit(formData, { method: "post", action, defaultShouldRevalidate: false });
  };

  const lastResult = data && !data.ok && submittedIn === session ? (data.result ?? null) : null;
  return { session, submit, submitting: fetcher.state !== "idle", lastResult };
}
