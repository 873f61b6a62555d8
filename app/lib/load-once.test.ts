import { describe, expect, it } from "vitest";
import { loadOnce } from "./load-once.ts";

describe("loadOnce", () => {
  it("loads once for every caller and keeps the module", async () => {
    let calls = 0;
    const mod = { answer: 42 };
    const lazy = loadOnce(async () => {
      calls += 1;
      return mod;
    });
    expect(lazy.current()).toBeNull();
    const [a, b] = await Promise.all([lazy.load(), lazy.load()]);
    expect(a).toBe(mod);
    expect(b).toBe(mod);
    expect(await lazy.load()).toBe(mod);
    expect(calls).toBe(1);
    expect(lazy.current()).toBe(mod);
  });

  it("answers null for a failed load and tries again on the next call", async () => {
    let calls = 0;
    const lazy = loadOnce(async () => {
      calls += 1;
      if (calls === 1) throw new Error("network down");
      return "loaded";
    });
    expect(await lazy.load()).toBeNull();
    expect(lazy.current()).toBeNull();
    expect(await lazy.load()).toBe("loaded");
    expect(lazy.current()).toBe("loaded");
    expect(calls).toBe(2);
  });
});
