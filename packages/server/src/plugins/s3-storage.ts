import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertStorageKey, type ByteRange, isStorageKey, type Storage, type StoredFile } from './storage.js';

/** Where the bucket is and who we are to it (the `S3_*` settings). */
export interface S3Settings {
  /** The service's address (MinIO, a cloud's S3 API); unset: AWS itself. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `bucket` in the path rather than in the host name, as MinIO needs. */
  forcePathStyle: boolean;
  /** Put before every key in the bucket (`oqu/`), so the bucket can hold other things too. */
  prefix: string;
}

// Bodies are sent in parts of 5 MB (S3's smallest), two at a time: a streamed upload of any size
// holds about three parts in memory, and a body up to 5 MB goes in one PUT.
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_AT_ONCE = 2;

/** The bucket said there is no such object (GET answers NoSuchKey, HEAD only a 404); a missing bucket is an error. */
function isNotFound(error: unknown) {
  return error instanceof S3ServiceException && error.name !== 'NoSuchBucket' && error.$metadata.httpStatusCode === 404;
}

/** Files kept as objects of an S3-compatible bucket, so every server process sees the same ones. */
export class S3Storage implements Storage {
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // the checksums the SDK adds by default are refused or mangled by many S3-compatible services
      // (older MinIO, Ceph and several clouds); S3's own integrity checks (Content-MD5 where required) stay
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // an address that never answers fails the start-up check in seconds, not minutes; every file
      // being served holds a connection until it is sent, so more than the SDK's 50 may be open
      requestHandler: { connectionTimeout: 5_000, httpAgent: { maxSockets: 500 }, httpsAgent: { maxSockets: 500 } },
    });
  }

  private nameOf(key: string) {
    assertStorageKey(key);
    return `${this.settings.prefix}${key}`;
  }

  async put(key: string, body: Buffer | Readable) {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.settings.bucket, Key: this.nameOf(key), Body: body },
      partSize: PART_BYTES,
      queueSize: PARTS_AT_ONCE,
      // a failed body aborts its multipart upload: no object appears and no part is left behind
      leavePartsOnError: false,
    });
    // the body's own failure is the one to report, even when aborting the upload failed too
    let bodyError: unknown;
    const noteBodyError = (error: unknown) => {
      bodyError ??= error;
    };
    if (!Buffer.isBuffer(body)) body.on('error', noteBodyError);
    try {
      await upload.done();
    } catch (error) {
      // as with a file on disk, a failed store ends the body (an upload still arriving is not left hanging)
      if (!Buffer.isBuffer(body)) body.destroy();
      throw bodyError ?? error;
    } finally {
      if (!Buffer.isBuffer(body)) body.off('error', noteBodyError);
    }
  }

  async read(key: string, range?: ByteRange): Promise<StoredFile | null> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.settings.bucket,
          Key: this.nameOf(key),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      const stream = answer.Body as Readable;
      if (!range) return { stream, size: answer.ContentLength ?? 0 };
      // a ranged answer tells the whole size after the slash: `bytes 0-99/1234`
      const size = Number(answer.ContentRange?.split('/')[1]);
      return { stream, size, range };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async size(key: string) {
    try {
      const answer = await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.nameOf(key) }));
      return answer.ContentLength ?? 0;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async remove(key: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.nameOf(key) }));
  }

  async *list(prefix = '') {
    const { bucket, prefix: ours } = this.settings;
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `${ours}${prefix}`, ContinuationToken }));
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(ours.length) ?? '';
        // the bucket may hold things of others under the same prefix: only our keys are files
        if (isStorageKey(key)) yield { key, size: object.Size ?? 0 };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  async check() {
    const { bucket, endpoint } = this.settings;
    const where = `the bucket S3_BUCKET=${bucket} at ${endpoint ? `S3_ENDPOINT=${endpoint}` : 'AWS (S3_ENDPOINT unset)'}`;
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: bucket }));
    } catch (error) {
      throw new Error(`${where} cannot be used: ${this.reasonOf(error)}`);
    }
    const probe = `health/${randomBytes(12).toString('hex')}.txt`;
    try {
      await this.put(probe, Buffer.from('ok'));
      await this.remove(probe);
    } catch (error) {
      throw new Error(`${where} cannot be written: ${this.reasonOf(error)}`);
    }
  }

  /** What a person can act on, from what the service (or the network) answered. */
  private reasonOf(error: unknown): string {
    if (error instanceof S3ServiceException) {
      const status = error.$metadata.httpStatusCode;
      if (status === 404 || error.name === 'NoSuchBucket') return 'there is no such bucket (create it, or correct S3_BUCKET)';
      if (
        status === 403 ||
        error.name === 'AccessDenied' ||
        error.name === 'InvalidAccessKeyId' ||
        error.name === 'SignatureDoesNotMatch'
      ) {
        return `access denied (${error.name}): check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and the key's rights on the bucket`;
      }
      if (status === 301 || error.name === 'PermanentRedirect' || error.name === 'AuthorizationHeaderMalformed') {
        return `the bucket is in another region or needs another address (${error.name}): check S3_REGION, S3_ENDPOINT and S3_FORCE_PATH_STYLE`;
      }
      return `the service answered ${status ?? ''} ${error.name}: ${error.message}`.replace(/\s+/g, ' ');
    }
    const code = (error as { code?: string }).code;
    const cause = code ? `${code}: ${(error as Error).message}` : (error as Error).message;
    return `the service cannot be reached (${cause}): check S3_ENDPOINT and that the service is running`;
  }
}
