import { createHash, createHmac } from 'node:crypto';
import { AwsV4Signer } from 'aws4fetch';
import type { AppError } from '../errors';
import {
  assertValidKey,
  type OperationOptions,
  type Storage,
  type StoredObject,
  storageErrors,
} from './storage';

export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** Spec §9: storage operations give up after 120 s. */
const OPERATION_TIMEOUT_MS = 120_000;
const EMPTY_SHA256 = sha256Hex('');

function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

/** RFC 3986 encoding as Signature V4 wants it (`/` kept in paths). */
export function uriEncode(value: string, keepSlash = false): string {
  const encoded = encodeURIComponent(value).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return keepSlash ? encoded.replace(/%2F/g, '/') : encoded;
}

export interface SignInput {
  method: string;
  /** Already URI-encoded path, e.g. `/bucket/key`. */
  path: string;
  query?: Record<string, string>;
  /** Lower-case names; `host` must be present. `x-amz-date` and `x-amz-content-sha256` are added. */
  headers: Record<string, string>;
  payloadHash: string;
  region: string;
  service?: string;
  accessKeyId: string;
  secretAccessKey: string;
  date: Date;
}

/**
 * AWS Signature Version 4, synchronously: an independent implementation against which the tests' fake S3
 * server verifies what `aws4fetch` signs (and which matches the S3 documentation's worked example). The
 * storage itself never signs with it.
 */
export function signV4(input: SignInput): Record<string, string> {
  const service = input.service ?? 's3';
  const amzDate = input.date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    ...input.headers,
    'x-amz-date': amzDate,
    'x-amz-content-sha256': input.payloadHash,
  };
  const names = Object.keys(headers)
    .map((name) => name.toLowerCase())
    .sort();
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  const canonicalHeaders = names
    .map((name) => `${name}:${String(lower[name]).trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const signedHeaders = names.join(';');
  const canonicalQuery = Object.entries(input.query ?? {})
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalRequest = [
    input.method,
    input.path,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    input.payloadHash,
  ].join('\n');
  const scope = `${day}/${input.region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), service),
    'aws4_request',
  );
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}

/**
 * An S3-compatible bucket (AWS, MinIO, Garage, R2...) over plain HTTP, path-style addressing
 * (`<endpoint>/<bucket>/<key>`, which every compatible server accepts), each request signed with
 * Signature V4 by `aws4fetch` (payload hash, content type and length included in the signature).
 */
export class S3Storage implements Storage {
  private readonly base: URL;

  constructor(
    private readonly config: S3Config,
    private readonly fetchImpl: typeof fetch = (...args) => globalThis.fetch(...args),
  ) {
    this.base = new URL(config.endpoint);
  }

  private async send(
    method: 'GET' | 'PUT' | 'DELETE',
    key: string,
    options: OperationOptions,
    body?: { bytes: Uint8Array; contentType: string },
  ): Promise<Response> {
    assertValidKey(key);
    const basePath = this.base.pathname.replace(/\/$/, '');
    const path = `${basePath}/${uriEncode(this.config.bucket)}/${uriEncode(key, true)}`;
    const headers: Record<string, string> = {
      'x-amz-content-sha256': body ? sha256Hex(body.bytes) : EMPTY_SHA256,
    };
    if (body) {
      headers['content-type'] = body.contentType;
      headers['content-length'] = String(body.bytes.byteLength);
    }
    const url = new URL(path, this.base);
    const signed = await new AwsV4Signer({
      method,
      url: url.toString(),
      headers,
      service: 's3',
      region: this.config.region,
      accessKeyId: this.config.accessKeyId,
      secretAccessKey: this.config.secretAccessKey,
      // Every header sent is signed, content type and length included, as S3 allows.
      allHeaders: true,
    }).sign();
    // fetch sets the length itself, from the body.
    signed.headers.delete('content-length');
    const timeout = AbortSignal.timeout(OPERATION_TIMEOUT_MS);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    try {
      return await this.fetchImpl(url, {
        method,
        headers: signed.headers,
        body: body ? body.bytes : undefined,
        signal,
      });
    } catch (error) {
      if (options.signal?.aborted) throw storageErrors.canceled();
      if (timeout.aborted) throw storageErrors.timeout();
      throw error;
    }
  }

  async put(key: string, bytes: Uint8Array, contentType: string, options: OperationOptions = {}) {
    const response = await this.send('PUT', key, options, { bytes, contentType });
    if (!response.ok) throw await failure(response);
    await response.body?.cancel();
  }

  async get(key: string, options: OperationOptions = {}): Promise<StoredObject> {
    const response = await this.send('GET', key, options);
    if (!response.ok) throw await failure(response);
    try {
      const bytes = Buffer.from(await response.arrayBuffer());
      return { bytes, contentType: response.headers.get('content-type') ?? 'application/octet-stream' };
    } catch (error) {
      if (options.signal?.aborted) throw storageErrors.canceled();
      throw error;
    }
  }

  async delete(key: string, options: OperationOptions = {}) {
    const response = await this.send('DELETE', key, options);
    if (!response.ok && response.status !== 404) throw await failure(response);
    await response.body?.cancel();
  }
}

/** Maps an S3 error answer to the spec's storage codes. */
async function failure(response: Response): Promise<AppError | Error> {
  const text = await response.text().catch(() => '');
  const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? '';
  if (response.status === 404 || code === 'NoSuchKey') return storageErrors.notFound();
  if (code === 'QuotaExceeded' || code === 'EntityTooLarge' || response.status === 507) {
    return storageErrors.quota();
  }
  if (response.status === 401 || response.status === 403) return storageErrors.unauthorized();
  return new Error(`S3 answered ${response.status} ${code}`.trim());
}
