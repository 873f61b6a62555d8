import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { DEMO_LICENSEE } from "../support/env.ts";
import { signInAs, signUp, uniqueEmail } from "../support/helpers.ts";

const png = async (w = 240, h = 240) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 16, g: 42, b: 94 } } })
    .png()
    .toBuffer();
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

/** A new member (no licensee record yet) who creates their profile on the 'No Licensee Profile' screen. */
async function newLicensee(page: Page, company = "Summit Ridge Law") {
  await signUp(page, { name: "Casey Summit", company, email: uniqueEmail("profile"), password: "summit-pass-2026" });
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/dashboard/profile");
  await expect(page.getByRole("heading", { name: "No Licensee Profile" })).toBeVisible();
  await expect(page.getByLabel(/Company name/)).toHaveValue(company);
  await page.getByLabel(/Phone/).fill("(404) 555-0188");
  await page.getByLabel(/^City/).fill("Atlanta");
  await page.getByRole("button", { name: "Create Profile" }).click();
  await expect(page.getByText("Profile Saved").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Save Changes" })).toBeVisible();
}

test.describe("the profile screen", () => {
  test("a visitor is sent to sign in", async ({ page }) => {
    await page.goto("/dashboard/profile");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%2Fprofile$/);
  });

  test("'No Licensee Profile': a new member creates their record, with the company typed at sign-up", async ({
    page,
  }) => {
    await newLicensee(page, "Hartwell Creek Injury Law");
    await expect(page.getByLabel(/Company name/)).toHaveValue("Hartwell Creek Injury Law");
    await expect(page.getByLabel(/^City/)).toHaveValue("Atlanta");
    await page.goto("/dashboard");
    await expect(page.getByText("Hartwell Creek Injury Law")).toBeVisible();
  });

  test("edit and save: a blank contact name is refused with the typed values kept; the fix is saved", async ({
    page,
  }) => {
    await newLicensee(page);
    await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("readonly", "");
    await page.getByLabel("Contact name").fill("");
    await page.getByLabel(/Postal code/).fill("30303");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Contact name is required.")).toBeVisible();
    await expect(page.getByLabel(/Postal code/)).toHaveValue("30303");
    await page.getByLabel("Contact name").fill("Casey R. Summit");
    // The creation's toast says the same words and may still be up: wait for this save's own answer.
    const saved = page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/dashboard/profile"),
    );
    await page.getByRole("button", { name: "Save Changes" }).click();
    expect((await saved).status()).toBeLessThan(400);
    await expect(page.getByText("Your information has been updated.").first()).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Contact name")).toHaveValue("Casey R. Summit");
    await expect(page.getByLabel(/Postal code/)).toHaveValue("30303");
  });

  test("upload an avatar and see it; a refused file says why; remove it; nobody else can read it", async ({
    page,
    browser,
    baseURL,
  }) => {
    await newLicensee(page);
    const card = page.getByTestId("avatar-card");
    await card
      .getByLabel(/Choose avatar/)
      .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await png() });
    await card.getByRole("button", { name: "Upload Avatar" }).click();
    await expect(page.getByText("Avatar Updated").first()).toBeVisible();
    const img = card.getByRole("img", { name: /avatar/ });
    await expect(img).toBeVisible();
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    const src = (await img.getAttribute("src"))!;
    expect(src).toMatch(/^\/media\/profile_images\/[^/]+\/[^/]+-\d+\.png$/);

    // an SVG, even declared as an image, is refused with the reason
    await card.getByLabel(/Replace avatar/).setInputFiles({ name: "me.svg", mimeType: "image/svg+xml", buffer: SVG });
    await card.getByRole("button", { name: "Upload Avatar" }).click();
    await expect(card.getByText("Only PNG, JPEG and GIF images can be uploaded.")).toBeVisible();
    await expect(card.getByText("Upload Failed")).toBeVisible();
    await expect(img).toHaveAttribute("src", src);

    // nobody else reads it: not a visitor, not another licensee
    const anon = await browser.newContext({ baseURL });
    expect((await anon.request.get(src)).status()).toBe(404);
    await anon.close();
    const otherCtx = await browser.newContext({ baseURL });
    const other = await otherCtx.newPage();
    await signInAs(other, DEMO_LICENSEE);
    expect((await other.request.get(src)).status()).toBe(404);
    await otherCtx.close();

    const mine = await page.request.get(src);
    expect(mine.status()).toBe(200);
    expect(mine.headers()["content-type"]).toBe("image/png");
    expect(mine.headers()["x-content-type-options"]).toBe("nosniff");

    await card.getByRole("button", { name: "Remove Avatar" }).click();
    await expect(page.getByText("Avatar Removed").first()).toBeVisible();
    await expect(card.getByRole("img")).toHaveCount(0);
    expect((await page.request.get(src)).status()).toBe(404);
  });

  test("a logo is public while it is current (it is on the landing page)", async ({ page, browser, baseURL }) => {
    await newLicensee(page);
    const card = page.getByTestId("logo-card");
    await card
      .getByLabel(/Choose company logo/)
      .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: await png(600, 200) });
    await card.getByRole("button", { name: "Upload Logo" }).click();
    await expect(page.getByText("Logo Updated").first()).toBeVisible();
    const src = (await card.getByRole("img").getAttribute("src"))!;
    const anon = await browser.newContext({ baseURL });
    const res = await anon.request.get(src);
    expect(res.status()).toBe(200);
    expect(res.headers()["cache-control"]).toContain("immutable");
    await card.getByRole("button", { name: "Remove Logo" }).click();
    await expect(page.getByText("Logo Removed").first()).toBeVisible();
    expect((await anon.request.get(src)).status()).toBe(404);
    await anon.close();
  });

  test("works without JavaScript: save, upload and remove", async ({ browser, baseURL }) => {
    const setup = await browser.newContext({ baseURL });
    const first = await setup.newPage();
    await newLicensee(first);
    const cookies = await setup.cookies();
    await setup.close();

    const ctx = await browser.newContext({ baseURL, javaScriptEnabled: false });
    await ctx.addCookies(cookies);
    const page = await ctx.newPage();
    await page.goto("/dashboard/profile");
    await page.getByLabel(/^City/).fill("Savannah");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByLabel(/^City/)).toHaveValue("Savannah");

    const card = page.getByTestId("avatar-card");
    await card
      .getByLabel(/Choose avatar/)
      .setInputFiles({ name: "me.gif", mimeType: "image/gif", buffer: await png() });
    await card.getByRole("button", { name: "Upload Avatar" }).click();
    await expect(
      card.getByText("The file is named .gif but contains a PNG image. Please upload the original file."),
    ).toBeVisible();
    await card
      .getByLabel(/Choose avatar/)
      .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await png() });
    await card.getByRole("button", { name: "Upload Avatar" }).click();
    await expect(card.getByRole("img", { name: /avatar/ })).toBeVisible();
    await card.getByRole("button", { name: "Remove Avatar" }).click();
    await expect(card.getByRole("img")).toHaveCount(0);
    await ctx.close();
  });
});
