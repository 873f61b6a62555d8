/**
 * A module loaded on first use, once: every caller shares the one load, and a failed load (a network error) is
 * forgotten, so the next call tries again. `current()` is the module once it has loaded, else null. For what a page
 * needs only once the visitor acts (a form's check in the browser, with zod under it), kept out of its first
 * JavaScript.
 */
export function loadOnce<T>(load: () => Promise<T>): { load: () => Promise<T | null>; current: () => T | null } {
  let pending: Promise<T | null> | null = null;
  let loaded: T | null = null;
  return {
    load() {
      pending ??= load().then(
        (module) => {
          loaded = module;
          return module;
        },
        () => {
          pending = null;
          return null;
        },
      );
      return pending;
    },
    current: () => loaded,
  };
}
