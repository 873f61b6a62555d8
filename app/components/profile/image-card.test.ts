import { describe, expect, it } from "vitest";
import { imageRefusal } from "./image-card.tsx";

const refused = { ok: false, intent: "upload-image", kind: "avatar", title: "Upload Failed", message: "Too big." };

describe("an image form's refusal", () => {
  it("is read for the card that sent it, and for no other", () => {
    expect(imageRefusal(refused, "avatar")).toEqual({ title: "Upload Failed", message: "Too big." });
    expect(imageRefusal(refused, "logo")).toBeNull();
    expect(imageRefusal({ ok: true }, "avatar")).toBeNull();
    expect(imageRefusal(undefined, "avatar")).toBeNull();
    // A removal refused through the route kit carries its kind in the typed values.
    const removal = {
      ok: false,
      title: "Deletion Failed",
      message: "Try again.",
      result: { initialValue: { intent: "remove-image", kind: "logo" } },
    };
    expect(imageRefusal(removal, "logo")).toEqual({ title: "Deletion Failed", message: "Try again." });
  });

  it("is the same object for the same answer, so a re-render does not toast it again", () => {
    expect(imageRefusal(refused, "avatar")).toBe(imageRefusal(refused, "avatar"));
    const again = { ...refused };
    expect(imageRefusal(again, "avatar")).not.toBe(imageRefusal(refused, "avatar"));
    expect(imageRefusal(again, "avatar")).toEqual(imageRefusal(refused, "avatar"));
  });
});
