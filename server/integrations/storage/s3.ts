/**
 * The S3-compatible adapter of {@link ObjectStorage}, on the official AWS SDK. One bucket holds every area: the
 * storage key (`profile_images/{userId}/{file}`) is the object key as it is. `endpoint` points the client at
 * another S3-protocol service (MinIO, R2, a local test server); path-style addressing is used then, because such
 * services rarely resolve bucket sub-domains. Without an endpoint the client talks to AWS in `region`.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { assertStorageKey, contentTypeOfKey, type ObjectStorage } from "./storage.ts";

export type S3StorageConfig = {
  /** Base URL of an S3-compatible service; undefined for AWS itself. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

/** How long one request may take before it is abandoned, so a stalled service cannot hold a request forever. */
const REQUEST_TIMEOUT_MS = 15_000;

export function s3Storage(config: S3StorageConfig): ObjectStorage & { readonly client: S3Client } {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: Boolean(config.endpoint),
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    maxAttempts: 2,
    requestHandler: { requestTimeout: REQUEST_TIMEOUT_MS, connectionTimeout: 5_000 },
  });
  const Bucket = config.bucket;
  return {
    kind: "s3",
    client,
    async put(key, body, contentType) {
      assertStorageKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.byteLength,
        }),
      );
    },
    async get(key) {
      assertStorageKey(key);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!res.Body) return null;
        const body = await res.Body.transformToByteArray();
        return { body, contentType: res.ContentType || contentTypeOfKey(key) };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      assertStorageKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (err) {
        if (isMissing(err)) return;
        throw err;
      }
    },
  };
}

/** A missing object: NoSuchKey from GetObject, or a bare 404 from services that send no error body. */
function isMissing(err: unknown): boolean {
  if (err instanceof NoSuchKey) return true;
  return err instanceof S3ServiceException && err.$metadata?.httpStatusCode === 404;
}
