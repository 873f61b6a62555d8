import { RouterContextProvider } from "react-router";
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
  });
});
