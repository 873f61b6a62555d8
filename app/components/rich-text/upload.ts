/**
 * Uploading an image for stored content (the editor's image button, a post's featured image): the file is posted
 * to the editor-image resource route, which checks and re-encodes it on the server and answers its /media/… URL.
 * Browser-only; no server code.
 */
import type { Answer } from "#kernel/answers.ts";

/** Where editor images are posted (app/routes/resources/editor-image.tsx). */
export const EDITOR_IMAGE_ENDPOINT = "/resources/editor-image";

/** What the endpoint answers: the stored image's URL, or the product's refusal. */
export type EditorImageAnswer = Answer<{ ok: true; url: string }>;

/** What the file picker offers; the server decides by the file's content, never by this. */
export const EDITOR_IMAGE_ACCEPT = "image/png,image/jpeg,image/gif";

export const UPLOAD_FAILED = "Upload Failed";
const NETWORK_MESSAGE = "The image could not be uploaded. Please check your connection and try again.";
const TOO_LARGE_MESSAGE = "The file is too large. Please choose an image under 900 KB.";

/** Posts the file; resolves with its URL or rejects with an Error carrying the product's message. */
export async function uploadEditorImage(file: File, endpoint: string = EDITOR_IMAGE_ENDPOINT): Promise<string> {
  const body = new FormData();
  body.set("file", file);
  let response: Response;
  try {
    response = await fetch(endpoint, { method: "POST", body, headers: { Accept: "application/json" } });
  } catch {
    throw new Error(NETWORK_MESSAGE);
  }
  if (response.status === 413) throw new Error(TOO_LARGE_MESSAGE);
  const answer = (await response.json().catch(() => null)) as EditorImageAnswer | null;
  if (answer?.ok) return answer.url;
  throw new Error(answer && !answer.ok ? answer.message : NETWORK_MESSAGE);
}
