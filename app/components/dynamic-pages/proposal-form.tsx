/**
 * A firm's editor of one of its landing pages: every field (page-fields.tsx), its logo as an upload, and a live
 * preview of the page as it will look (page-preview.tsx). It starts from the page as it is, with the firm's waiting
 * proposal laid over it, and posts to /dashboard/page-content (intent propose, multipart for the logo); a refused
 * field keeps what was typed. Works without JavaScript (the preview then shows the page as the form was loaded).
 */
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useDeferredValue, useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import { FieldLabel } from "#app/components/forms/field.tsx";
import { FormErrors } from "#app/components/forms/text-field.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { buildLandingView, type LandingViewContext, previewRichText } from "#kernel/landing-view.ts";
import { proposePageSchema } from "#kernel/schemas/dynamic-pages.ts";
import { formatBytes, IMAGE_ACCEPT } from "#kernel/schemas/profile.ts";
import { PageFields, type PageFormValues } from "./page-fields.tsx";
import { PagePreview } from "./page-preview.tsx";

export type ProposalPage = {
  id: string;
  name: string;
  preview: Omit<LandingViewContext, "richText">;
};

/** The firm's logo control: the logo the page shows now, a file to replace it, and removal of the page's own. */
function LogoField({
  id,
  current,
  profileLogo,
  maxBytes,
  onPick,
  onRemove,
}: {
  id: string;
  current: string | null;
  profileLogo: string | null;
  maxBytes: number;
  onPick: (url: string | null) => void;
  onRemove: (remove: boolean) => void;
}) {
  const shown = current ?? profileLogo;
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-4">
        {shown ? (
          <img
            src={shown}
            alt="Your page's logo now"
            className="h-14 w-auto max-w-48 rounded-lg border border-border bg-white object-contain p-2"
          />
        ) : null}
        <p className="text-sm text-muted-foreground">
          {current
            ? "This page has a logo of its own."
            : profileLogo
              ? "This page shows the company logo on your profile."
              : "No logo yet."}
        </p>
      </div>
      <div className="grid gap-1.5">
        <FieldLabel htmlFor={`${id}-file`} optional>
          New logo
        </FieldLabel>
        <Input
          id={`${id}-file`}
          name="logoFile"
          type="file"
          accept={IMAGE_ACCEPT}
          aria-describedby={`${id}-file-hint`}
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            onPick(file ? URL.createObjectURL(file) : null);
          }}
        />
        <p id={`${id}-file-hint`} className="text-sm text-muted-foreground">
          PNG, JPEG or GIF, up to {formatBytes(maxBytes)}. It goes live with the rest of your changes.
        </p>
      </div>
      {current ? (
        <label className="flex items-center gap-3 text-sm">
          <input
            type="checkbox"
            name="removeLogo"
            className="size-4 accent-navy-900"
            onChange={(e) => onRemove(e.currentTarget.checked)}
          />
          Remove this page's logo (your profile's company logo shows instead)
        </label>
      ) : null}
    </div>
  );
}

export function ProposalForm({
  page,
  defaults,
  lastResult,
  replacing,
  approval,
  maxBytes,
}: {
  page: ProposalPage;
  defaults: PageFormValues;
  lastResult?: SubmissionResult<string[]> | null;
  /** A proposal waits: submitting replaces it. */
  replacing: boolean;
  /** LANDING_PAGE_APPROVAL: whether the changes wait for our team or go live when saved. */
  approval: "required" | "off";
  maxBytes: number;
}) {
  const [form, fields] = useForm<PageFormValues>({
    id: `page-content-${page.id}`,
    lastResult,
    defaultValue: defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: proposePageSchema }) as never,
  });
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("pageId") === page.id;
  const [picked, setPicked] = useState<string | null>(null);
  const [removeLogo, setRemoveLogo] = useState(false);
  useEffect(() => (picked ? () => URL.revokeObjectURL(picked) : undefined), [picked]);

  const draft = useDeferredValue(form.value ?? defaults);
  const built = buildLandingView(
    { ...draft, lawFirmLogoUrl: removeLogo ? null : defaults.lawFirmLogoUrl || null },
    { ...page.preview, richText: previewRichText },
  );
  // A chosen file shows from the browser's own copy (a blob: URL, which the page's rules would not take).
  const view = picked ? { ...built, logoUrl: picked } : built;
  const direct = approval === "off";

  return (
    <div className="grid gap-8 xl:grid-cols-[minmax(0,1fr)_minmax(0,36rem)]">
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        className="grid content-start gap-6"
        noValidate
      >
        <input type="hidden" name="intent" value="propose" />
        <input type="hidden" name="pageId" value={page.id} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <PageFields
          form={form}
          fields={fields}
          editor="licensee"
          logo={
            <LogoField
              id={`${form.id}-logo`}
              current={defaults.lawFirmLogoUrl || null}
              profileLogo={page.preview.licensee.logoUrl}
              maxBytes={maxBytes}
              onPick={setPicked}
              onRemove={setRemoveLogo}
            />
          }
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" variant="gold" disabled={sending} aria-busy={sending || undefined}>
            {sending
              ? "Submitting…"
              : direct
                ? "Publish Changes"
                : replacing
                  ? "Submit New Changes"
                  : "Submit for Approval"}
            <span className="sr-only"> for {page.name}</span>
          </Button>
          <p className="text-sm text-muted-foreground">
            {direct
              ? "Your changes go live on your page when you publish them."
              : replacing
                ? "Your new changes replace the ones waiting for approval."
                : "Our team reviews your changes before they go live."}
          </p>
        </div>
      </Form>
      <div className="xl:sticky xl:top-24 xl:self-start">
        <PagePreview view={view} idPrefix={`${page.id}-`} />
      </div>
    </div>
  );
}
