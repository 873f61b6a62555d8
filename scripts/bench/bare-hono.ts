/**
 * The bench's reference for `/api/health`: a bare Hono route on @hono/node-server, the same Node and server adapter as
 * the app, with no middleware. Started by scripts/bench/run.ts on its own port.
 */
import { serve } from "@hono/node-server";
import { Hono } from "hono";

const app = new Hono();
app.get("/api/health", (c) => c.json({ status: "ok" }, 200, { "Cache-Control": "no-store" }));
serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 3300), hostname: "127.0.0.1" });
