import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { requestContext, servicesContext } from "#server/context.ts";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // The Content-Security-Policy nonce the server put in this response's header: React Router's inline scripts
  // (and, through its context, <Scripts>, <ScrollRestoration> and the root's theme script) carry it.
  const nonce = loadContext.get(requestContext).nonce;

  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, {
      status: responseStatusCode,
      headers: responseHeaders,
    });
  }

  // The page is rendered whole, then sent: the server compresses a page in one piece (server/http/compression.ts),
  // so nothing would reach the client before the end anyway, and collecting React's output here spares each of its
  // chunks a trip through a Node stream and a web stream. Bots and SPA mode have always waited for all content.
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    let shellRendered = false;

    // Abort the render after `streamTimeout` so that it has time to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const page = new Writable({
      write(chunk: Uint8Array, _encoding, callback) {
        chunks.push(chunk);
        size += chunk.byteLength;
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        timeoutId = undefined;
        responseHeaders.set("Content-Type", "text/html");
        resolve(new Response(Buffer.concat(chunks, size), { headers: responseHeaders, status: responseStatusCode }));
        callback();
      },
    });

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          pipe(page);
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors in the shell reject the render and are logged by handleDocumentRequest; those after it are
          // logged here.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

/**
 * Errors thrown by loaders, actions and rendering go to the structured log with the request id (never to the
 * visitor, who sees the error boundary). Aborted requests are not errors, and neither are 4xx answers (no route
 * matches, no action for a POST): anyone can cause those at will, so they must not fill the error log.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  const ctx = context as Readonly<RouterContextProvider>;
  const logger = ctx.get(servicesContext).logger;
  logger.error(
    { err: error, reqId: ctx.get(requestContext).requestId, method: request.method, url: request.url },
    "route error",
  );
};
