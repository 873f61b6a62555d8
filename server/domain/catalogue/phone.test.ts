import { describe, expect, it } from "vitest";
import { dialDigits, formatDigits, keypadDigits, plainDigits } from "./phone.ts";

describe("keypadDigits", () => {
  it("maps letters to the phone keypad, keeps digits and drops the rest", () => {
    expect(keypadDigits("LAW")).toBe("529");
    expect(keypadDigits("law")).toBe("529");
    expect(keypadDigits("law-help")).toBe("5294357");
    expect(keypadDigits("4LAW")).toBe("4529");
    expect(keypadDigits("(800) LAW-HELP")).toBe("8005294357");
    expect(keypadDigits("abcdefghijklmnopqrstuvwxyz")).toBe("22233344455566677778889999");
    expect(keypadDigits("PQRS TUV WXYZ")).toBe("7777888" + "9999");
    expect(keypadDigits("")).toBe("");
    expect(keypadDigits("#!? é")).toBe("");
  });

  it("gives the digits a vanity number dials", () => {
    expect(dialDigits("(800) LAW-HELP")).toBe("8005294357");
    expect(dialDigits("1-800-LAW-HELPS")).toBe("8005294357");
    expect(plainDigits("1 (800) 529-4357")).toBe("8005294357");
    expect(plainDigits("(800) LAW-HELP")).toBe("800");
  });
});

describe("formatDigits", () => {
  it("writes ten digits as a US number and leaves anything else", () => {
    expect(formatDigits("8005294357")).toBe("(800) 529-4357");
    expect(formatDigits("529")).toBe("529");
  });
});
