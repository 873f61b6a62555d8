import { useEffect, useState } from "react";

export type Resource<T> = {
  /** The last answer read for `url` (kept while the next one loads); null before the first. */
  data: T | null;
  /** The URL `data` answers. */
  dataUrl: string | null;
  state: "idle" | "loading" | "failed";
  /** Asks again (after a failure). */
  retry: () => void;
};

/**
 * JSON from a public resource route, read again whenever `url` or `version` changes (the page's loader data: a
 * reservation made here revalidates it). A newer request supersedes an older one; a failure is said, never thrown,
 * so an outage leaves the page working with what it has. `isAnswer` rejects a body of another shape.
 */
export function useResource<T>(
  url: string | null,
  isAnswer: (body: unknown) => body is T,
  version: unknown = null,
): Resource<T> {
  const [data, setData] = useState<{ url: string; body: T } | null>(null);
  const [state, setState] = useState<Resource<T>["state"]>("idle");
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: version and attempt are reasons to ask again.
  useEffect(() => {
    if (!url) {
      setState("idle");
      return;
    }
    const abort = new AbortController();
    setState("loading");
    // Past the browser's cache: asked again after a reservation, the answer must be the server's latest.
    fetch(url, { headers: { accept: "application/json" }, cache: "no-cache", signal: abort.signal })
      .then(async (res) => {
        const body: unknown = res.ok ? await res.json() : null;
        if (abort.signal.aborted) return;
        if (!isAnswer(body)) throw new Error(`${url} answered ${res.status}`);
        setData({ url, body });
        setState("idle");
      })
      .catch((err: unknown) => {
        if (abort.signal.aborted) return;
        console.warn(`${url} could not be loaded.`, err);
        setState("failed");
      });
    return () => abort.abort();
  }, [url, version, attempt]);

  return { data: data?.body ?? null, dataUrl: data?.url ?? null, state, retry: () => setAttempt((n) => n + 1) };
}
