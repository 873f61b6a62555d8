import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../db/test-utils.ts";
import { ReservationLimitError } from "./errors.ts";
import { MAX_ACTIVE_RESERVATIONS_PER_EMAIL, reserveTerritory } from "./reservations.ts";
import { seedCategory, seedTerritory, validReservation } from "./test-fixtures.ts";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

describe("per-email reservation cap", () => {
  it(`lets one email hold ${MAX_ACTIVE_RESERVATIONS_PER_EMAIL} territories at once, not more`, async () => {
    const cat = await seedCategory(t.db);
    const opts = {
      salesEmail: "sales@poundcodes.test",
      linkSecret: "order-link-secret-for-tests",
      publicUrl: "https://poundcodes.test",
    };
    for (let i = 0; i < MAX_ACTIVE_RESERVATIONS_PER_EMAIL; i++) {
      const terr = await seedTerritory(t.db);
      await reserveTerritory(
        t.db,
        { userId: null },
        validReservation(terr.id, cat.id, "Dana.Whitfield@Example.com"),
        opts,
      );
    }
    const extra = await seedTerritory(t.db);
    const err = await reserveTerritory(
      t.db,
      { userId: null },
      validReservation(extra.id, cat.id, "DANA.whitfield@example.com"),
      opts,
    ).catch((e) => e);
    expect(err).toBeInstanceOf(ReservationLimitError);
    expect(err.title).toBe("Reservation Limit Reached");
    // Another person can still reserve it.
    const other = await reserveTerritory(
      t.db,
      { userId: null },
      validReservation(extra.id, cat.id, "sam@example.com"),
      opts,
    );
    expect(other.reservationId).toBeTruthy();
  });
});
