import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Every route in one cached manifest file, not a partial one worked out for each page (ADR 037).
  routeDiscovery: { mode: "initial" },
} satisfies Config;
