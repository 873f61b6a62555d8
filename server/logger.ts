import pino from "pino";

export type Logger = pino.Logger;

export function createLogger(level: string): Logger {
  return pino({ level, base: { app: "poundcodes" }, redact: ["req.headers.cookie", "req.headers.authorization"] });
}
