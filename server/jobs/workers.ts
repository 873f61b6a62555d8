/**
 * The registration point of background work: every queue's handler is registered here, and server/main.ts
 * starts them all once pg-boss has started. A new kind of work adds its name to JOB_NAMES (./queue.ts) and one
 * line to WORKERS, a function that calls `s.jobs.work(name, handler)`.
 */
import type { AppServices } from "../context.ts";
import { registerEmailDelivery } from "./email-delivery.ts";
import { registerLicenseDunning } from "./license-dunning.ts";
import { registerMaintenance } from "./maintenance.ts";
import { registerNewsletterDelivery } from "./newsletter.ts";
import { registerReservationExpiry } from "./reservation-expiry.ts";
import { registerWalletRecharge } from "./wallet-recharge.ts";

/** What a handler may use. */
export type WorkerServices = Pick<AppServices, "config" | "db" | "logger" | "mail" | "jobs">;

export type WorkerRegistration = (s: WorkerServices) => Promise<void>;

/** Every queue's handler, one line each. */
export const WORKERS: readonly WorkerRegistration[] = [
  registerEmailDelivery,
  registerReservationExpiry,
  registerMaintenance,
  registerNewsletterDelivery,
  registerLicenseDunning,
  registerWalletRecharge,
];

/** Registers every handler (each process that runs workers). */
export async function startWorkers(s: WorkerServices): Promise<void> {
  for (const register of WORKERS) await register(s);
}
