import { type SubmissionResult, useForm } from "@conform-to/react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Input } from "#app/components/ui/input.tsx";
import { CheckboxField } from "./checkbox-field.tsx";
import { Field, FieldErrorList, FormErrors, fieldWiring } from "./field.tsx";
import { SelectField } from "./select-field.tsx";
import { TextField } from "./text-field.tsx";
import { TextareaField } from "./textarea-field.tsx";

type Fields = { name: string; company?: string; message?: string; category: string; agree: boolean };

function Form({ lastResult }: { lastResult: SubmissionResult<string[]> | null }) {
  const [form, fields] = useForm<Fields>({ id: "f", lastResult });
  return (
    <>
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField meta={fields.name} label="Full name" autoComplete="name" hint="As on your ID." />
      <TextField meta={fields.company} label="Company" optional />
      <TextareaField meta={fields.message} label="Message" optional rows={5} placeholder="Say hello" />
      <SelectField
        meta={fields.category}
        label="Category"
        placeholder="Choose a category"
        options={[
          { value: "law", label: "#4LAW" },
          { value: "help", label: "#HELP" },
        ]}
      />
      <CheckboxField meta={fields.agree} label={<>I agree to the terms</>} />
    </>
  );
}

const html = (lastResult: SubmissionResult<string[]> | null) => renderToStaticMarkup(<Form lastResult={lastResult} />);

/** The opening tag of the element with this id. */
function tag(out: string, id: string) {
  const match = out.match(new RegExp(`<[a-z]+[^>]*\\sid="${id}"[^>]*>`));
  if (!match) throw new Error(`no element #${id}`);
  return match[0];
}

describe("Conform-wired fields", () => {
  it("label their controls and mark optional fields, with no error state before validation", () => {
    const out = html(null);
    expect(out).toContain('for="f-name">Full name</label>');
    expect(out).toContain("Company<span");
    expect(out).toContain("(optional)");
    expect(tag(out, "f-name")).toContain('aria-describedby="f-name-hint"');
    expect(tag(out, "f-name")).toContain('autoComplete="name"');
    expect(out).toContain('<p id="f-name-hint"');
    expect(out).not.toContain('aria-invalid="');
    expect(out).not.toContain('role="alert"');
    expect(tag(out, "f-message")).toContain('rows="5"');
    expect(tag(out, "f-message")).toContain('placeholder="Say hello"');
    expect(out).toContain('<option value="">Choose a category</option>');
    expect(out).toContain('<option value="help">#HELP</option>');
    expect(tag(out, "f-agree")).toContain('type="checkbox"');
    expect(out).toContain('for="f-agree"');
  });

  it("wire errors to their controls with aria-invalid and aria-describedby, error list first", () => {
    const out = html({
      status: "error",
      initialValue: { name: "J", message: "Hi", category: "help", agree: "on" },
      error: {
        "": ["Something went wrong."],
        name: ["Too short"],
        message: ["Too long"],
        category: ["Pick one"],
        agree: ["Please agree"],
      },
    });
    expect(tag(out, "f-error")).toContain('role="alert"');
    expect(out).toContain("Something went wrong.");
    expect(tag(out, "f-name")).toContain('aria-invalid="true"');
    expect(tag(out, "f-name")).toContain('aria-describedby="f-name-error f-name-hint"');
    expect(tag(out, "f-name")).toContain('value="J"');
    expect(out).toMatch(/<ul id="f-name-error"[^>]*><li>Too short<\/li><\/ul>/);
    expect(tag(out, "f-company")).not.toContain('aria-invalid="');
    for (const [id, message] of [
      ["f-message", "Too long"],
      ["f-category", "Pick one"],
      ["f-agree", "Please agree"],
    ] as const) {
      expect(tag(out, id)).toContain('aria-invalid="true"');
      expect(tag(out, id)).toContain(`aria-describedby="${id}-error"`);
      expect(out).toContain(`<li>${message}</li>`);
    }
    expect(out).toContain(">Hi</textarea>");
    expect(out).toContain('<option value="help" selected="">#HELP</option>');
    expect(tag(out, "f-agree")).toContain('checked=""');
  });
});

describe("Field", () => {
  it("hands its control the id and ARIA wiring", () => {
    const out = renderToStaticMarkup(
      <Field id="email" label="Email" hint="We reply here." errors={["Enter a valid email."]}>
        {(control) => <Input {...control} name="email" type="email" />}
      </Field>,
    );
    expect(out).toContain('for="email"');
    expect(tag(out, "email")).toContain('aria-invalid="true"');
    expect(tag(out, "email")).toContain('aria-describedby="email-error email-hint"');
    expect(out).toContain('<p id="email-hint"');
    expect(out).toContain('<ul id="email-error"');
  });

  it("describes a valid control by its hint only, and an unhinted valid control not at all", () => {
    expect(fieldWiring({ id: "a", hint: "Help" }).control).toEqual({
      id: "a",
      "aria-invalid": undefined,
      "aria-describedby": "a-hint",
    });
    expect(fieldWiring({ id: "a", errors: [] }).control["aria-describedby"]).toBeUndefined();
    expect(fieldWiring({ id: "a", errors: ["x"], errorId: "e" }).control["aria-describedby"]).toBe("e");
  });

  it("renders no error list or form alert without errors", () => {
    expect(renderToStaticMarkup(<FieldErrorList id="x" errors={[]} />)).toBe("");
    expect(renderToStaticMarkup(<FormErrors errors={[]} />)).toBe("");
  });
});
