import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl, RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { type AppServices, requestContext, servicesContext } from "#server/context.ts";
import { handleError } from "./entry.server.tsx";

describe("handleError", () => {
  it("logs route errors with the request id, and ignores aborted requests", () => {
    const error = vi.fn();
    const ctx = new RouterContextProvider();
    ctx.set(servicesContext, { logger: { error } } as unknown as AppServices);
    ctx.set(requestContext, { requestId: "req-42", ip: "127.0.0.1" });
    const boom = new Error("boom");
    handleError(boom, { request: new Request("http://localhost/number/x"), context: ctx, params: {} } as never);
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ err: boom, reqId: "req-42", method: "GET" }),
      "route error",
    );

    const aborted = new AbortController();
    aborted.abort();
    handleError(boom, {
      request: new Request("http://localhost/", { signal: aborted.signal }),
      context: ctx,
      params: {},
    } as never);
    expect(error).toHaveBeenCalledTimes(1);

    // A 4xx answer (no route, no action) is the client's doing, not a server error: not logged as one.
    for (const status of [404, 405]) {
      handleError(new ErrorResponseImpl(status, "x", "Error: no route"), {
        request: new Request("http://localhost/%0D%0Ax"),
        context: ctx,
        params: {},
      } as never);
    }
    expect(error).toHaveBeenCalledTimes(1);
  });
});

describe("handleRequest", () => {
  /**
   * entry.server.tsx over a stand-in for React's renderer, which calls back as React does: the shell, any error
   * after it, then all content, when the page is written in two pieces.
   */
  async function render(opts: { errorAfterShell?: boolean } = {}) {
    const captured: { element?: { props: Record<string, unknown> }; options?: Record<string, unknown> } = {};
    vi.resetModules();
    vi.doMock("react-dom/server", () => ({
      renderToPipeableStream: (element: { props: Record<string, unknown> }, options: Record<string, unknown>) => {
        captured.element = element;
        captured.options = options;
        queueMicrotask(() => {
          (options.onShellReady as () => void)();
          if (opts.errorAfterShell) (options.onError as (e: unknown) => void)(new Error("a boundary failed"));
          (options.onAllReady as () => void)();
        });
        return {
          pipe: (w: NodeJS.WritableStream) => {
            w.write("<html>");
            w.end("</html>");
          },
          abort: () => {},
        };
      },
    }));
    const { default: handle } = await import("./entry.server.tsx");
    // The registry was reset: the context key entry.server.tsx reads is the one of this fresh module graph.
    const fresh = await import("#server/context.ts");
    const ctx = new RouterContextProvider();
    ctx.set(fresh.requestContext, { requestId: "r", ip: "127.0.0.1", nonce: "n0nce-abc" });
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const res = (await handle(
        new Request("http://localhost/"),
        200,
        new Headers(),
        { isSpaMode: false } as never,
        ctx,
      )) as Response;
      return { res, captured, logged: error.mock.calls.length };
    } finally {
      error.mockRestore();
      // Files share a module registry (vitest.config.ts): the copy of entry.server.tsx built on the mock goes too.
      vi.doUnmock("react-dom/server");
      vi.resetModules();
    }
  }

  it("hands the response's CSP nonce to ServerRouter and to React's renderer, and answers the whole page", async () => {
    const { res, captured } = await render();
    expect(res.status).toBe(200);
    expect(captured.options?.nonce).toBe("n0nce-abc");
    expect(captured.element?.props.nonce).toBe("n0nce-abc");
    expect(res.headers.get("content-type")).toBe("text/html");
    expect(await res.text()).toBe("<html></html>");
  });

  it("answers 500 when a part of the page failed after its shell, and logs it", async () => {
    const { res, logged } = await render({ errorAfterShell: true });
    expect(res.status).toBe(500);
    expect(logged).toBe(1);
  });
});
