import { data } from "react-router";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { ProfileFlashNotice } from "#app/components/profile/flash-notice.tsx";
import { imageRefusal, ProfileImageCard } from "#app/components/profile/image-card.tsx";
import { ProfileForm, type ProfileFormValues } from "#app/components/profile/profile-form.tsx";
import { SecuritySection } from "#app/components/profile/security-section.tsx";
import { Alert, AlertDescription } from "#app/components/ui/alert.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import {
  IMAGE_REMOVED,
  IMAGE_UPDATED,
  NO_LICENSEE_PROFILE,
  PROFILE_IMAGE_KINDS,
  PROFILE_SAVED,
  type ProfileImageKind,
  profileIntentSchema,
  UPLOAD_MESSAGES,
} from "#kernel/schemas/profile.ts";
import { areaUser } from "#server/auth/guards.ts";
import { isDomainError } from "#server/domain/errors.ts";
import { UploadError } from "#server/domain/images/errors.ts";
import { removeProfileImage, setProfileImage } from "#server/domain/profile/images.ts";
import { createProfile, getProfile, updateProfile } from "#server/domain/profile/profile.ts";
import { redirectWithToast } from "#server/web/flash.ts";
import { readForm } from "#server/web/forms.ts";
import { throwAsRouteError } from "#server/web/respond.ts";
import { actorFor, formAction, services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/profile";

const PROFILE_PATH = "/dashboard/profile";

export const meta: Route.MetaFunction = () => [
  { title: "Profile · PoundCodes" },
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const user = areaUser(context);
  const s = services(context);
  const profile = await getProfile(s.db, actorFor(user, context)).catch(throwAsRouteError);
  return { profile, maxBytes: s.config.uploadMaxBytes };
}

/**
 * Three kinds of post: the profile form (`save`, or `create` for an account without a licensee record) and the
 * image removal, urlencoded through the route kit; the image upload, multipart, read here behind a size check.
 */
export async function action(args: Route.ActionArgs) {
  const type = args.request.headers.get("content-type") ?? "";
  if (type.toLowerCase().startsWith("multipart/form-data")) return uploadImage(args);
  return formAction(args, {
    schema: profileIntentSchema,
    // The licensee's company, phone, email and logo show on their public landing page.
    run: async (value, { s, actor, context }) => {
      if (value.intent === "remove-image") {
        await removeProfileImage(s.db, s.storage, actor, value.kind, { onCleanupError: cleanupLogger(context) });
        const done = IMAGE_REMOVED(value.kind);
        return redirectWithToast(s.config, PROFILE_PATH, {
          type: "success",
          title: done.title,
          description: done.message,
        });
      }
      const { intent, ...fields } = value;
      if (intent === "create") await createProfile(s.db, actor, fields);
      else await updateProfile(s.db, actor, fields);
      return redirectWithToast(s.config, PROFILE_PATH, {
        type: "success",
        title: PROFILE_SAVED.title,
        description: PROFILE_SAVED.message,
      });
    },
  });
}

function cleanupLogger(context: Route.ActionArgs["context"]) {
  const log = services(context).logger;
  return (key: string, err: unknown) => log.warn({ key, err }, "stored image left behind after its row moved on");
}

/** What the page shows after a refused upload or removal: which image, and the product's title and message. */
type ImageAnswer = { ok: false; intent: "upload-image"; kind: ProfileImageKind | null; title: string; message: string };

async function uploadImage({ request, context }: Route.ActionArgs) {
  const s = services(context);
  const actor = actorFor(areaUser(context), context);
  const maxBytes = s.config.uploadMaxBytes;
  const answer = (err: unknown, kind: ProfileImageKind | null) => {
    if (!isDomainError(err)) throw err;
    const body: ImageAnswer = { ok: false, intent: "upload-image", kind, title: err.title, message: err.message };
    return data(body, { status: err.status });
  };
  // Refuse what cannot fit before reading it (the form around the file takes a few hundred bytes).
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes + 64 * 1024) {
    return answer(new UploadError("file_too_large", UPLOAD_MESSAGES.tooLarge(maxBytes), 413), null);
  }
  const form = await readForm(request);
  const kindValue = form.get("kind");
  const kind = PROFILE_IMAGE_KINDS.find((k) => k === kindValue) ?? null;
  if (!kind) return answer(new UploadError("invalid_input", UPLOAD_MESSAGES.noFile), null);
  const picked = form.get("image");
  // A form sent with no file chosen carries an empty part without a name.
  const file = picked instanceof File && !(picked.name === "" && picked.size === 0) ? picked : null;
  try {
    await setProfileImage(
      s.db,
      s.storage,
      actor,
      {
        kind,
        file: file && {
          name: file.name,
          size: file.size,
          bytes: async () => new Uint8Array(await file.arrayBuffer()),
        },
      },
      { maxBytes, onCleanupError: cleanupLogger(context) },
    );
  } catch (err) {
    return answer(err, kind);
  }
  const done = IMAGE_UPDATED(kind);
  return redirectWithToast(s.config, PROFILE_PATH, { type: "success", title: done.title, description: done.message });
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, maxBytes } = loaderData;
  const { account, licensee } = profile;
  const answer = actionData as { ok?: boolean; result?: { initialValue?: Record<string, unknown> } } | undefined;
  const sentIntent = answer?.ok === false ? answer.result?.initialValue?.intent : undefined;
  const formResult =
    sentIntent === "save" || sentIntent === "create"
      ? ((actionData as { result?: Parameters<typeof ProfileForm>[0]["result"] }).result ?? null)
      : null;
  const defaults: ProfileFormValues = licensee
    ? {
        contactName: licensee.contactName ?? account.name,
        phone: licensee.phone ?? "",
        companyName: licensee.companyName ?? account.companyName ?? "",
        addressLine1: licensee.addressLine1 ?? "",
        addressLine2: licensee.addressLine2 ?? "",
        city: licensee.city ?? "",
        stateProvince: licensee.stateProvince ?? "",
        postalCode: licensee.postalCode ?? "",
        country: licensee.country ?? "",
      }
    : { contactName: account.name, companyName: account.companyName ?? "" };
  const displayName = licensee?.contactName ?? account.name;

  return (
    <>
      <PageHeader
        title="Your Profile"
        subtitle="The contact details, address and images your #Codes and landing pages are published with."
      />
      <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 pb-24 sm:px-6">
        <ProfileFlashNotice />
        {licensee ? (
          <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
            <Card>
              <CardHeader>
                <CardTitle>Licensee details</CardTitle>
                <CardDescription>Keep these current: we use them for your agreements and billing.</CardDescription>
              </CardHeader>
              <CardContent>
                <ProfileForm intent="save" email={licensee.email} defaultValue={defaults} result={formResult} />
              </CardContent>
            </Card>
            <div className="grid content-start gap-8">
              <ProfileImageCard
                kind="avatar"
                url={licensee.avatarUrl}
                name={displayName}
                maxBytes={maxBytes}
                refusal={imageRefusal(actionData, "avatar")}
              />
              <ProfileImageCard
                kind="logo"
                url={licensee.logoUrl}
                name={licensee.companyName ?? displayName}
                maxBytes={maxBytes}
                refusal={imageRefusal(actionData, "logo")}
              />
            </div>
          </div>
        ) : (
          <Card className="max-w-3xl">
            <CardHeader>
              <Alert variant="warning" className="mb-4">
                <h2 className="leading-5 font-semibold">{NO_LICENSEE_PROFILE.title}</h2>
                <AlertDescription>{NO_LICENSEE_PROFILE.message}</AlertDescription>
              </Alert>
              <CardTitle>Create your licensee profile</CardTitle>
              <CardDescription>
                We filled in what you gave us at sign-up. You can add your avatar and company logo once it is created.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <ProfileForm intent="create" email={account.email} defaultValue={defaults} result={formResult} />
            </CardContent>
          </Card>
        )}
        <SecuritySection twoFactorEnabled={account.twoFactorEnabled} />
      </div>
    </>
  );
}
