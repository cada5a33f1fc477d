// Uploaded files are checked (size, and for images their real type), stored under UPLOAD_DIR with
// random names, and only ever sent back as attachments through a permission-checked route.
import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, statSync } from 'node:fs';
import { unlink, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { Readable } from 'node:stream';
import { env } from './env.server';
import { invalid } from './errors.server';
import { fileTooLarge, isChosenFile } from '~/schemas/fields';

// Writeups are not files: they live in the database beside their submission (model Writeup).
export type UploadArea = 'profiles' | 'challenges' | 'events';

export const IMAGE_TYPES: Record<string, { ext: string; magic: (b: Buffer) => boolean }> = {
  'image/png': { ext: '.png', magic: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  'image/jpeg': { ext: '.jpg', magic: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  'image/gif': { ext: '.gif', magic: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8' },
  'image/webp': { ext: '.webp', magic: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
};

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** What is read of an uploaded file: a page form's File, or a part of an API call's multipart body (lib/api.server.ts). */
export interface UploadedFile {
  readonly name: string;
  readonly size: number;
  readonly type: string;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export function isFile(value: unknown): value is UploadedFile {
  return isChosenFile(value);
}

/** Checks an image upload by its bytes, not its claimed type, and returns its real type. */
export async function checkImage(field: string, file: UploadedFile): Promise<{ bytes: Buffer; type: string; ext: string }> {
  if (file.size > MAX_IMAGE_BYTES) invalid(field, fileTooLarge(MAX_IMAGE_BYTES));
  const bytes = Buffer.from(await file.arrayBuffer());
  const found = Object.entries(IMAGE_TYPES).find(([, t]) => t.magic(bytes));
  if (!found) invalid(field, 'Upload a valid image. The file you uploaded was either not an image or a corrupted image.');
  return { bytes, type: found[0], ext: found[1].ext };
}

const madeDirs = new Set<string>();

export async function store(area: UploadArea, bytes: Buffer, ext = ''): Promise<string> {
  const dir = join(env.uploadDir, area);
  if (!madeDirs.has(dir)) {
    mkdirSync(dir, { recursive: true });
    madeDirs.add(dir); // once per area
  }
  const name = randomBytes(16).toString('hex') + ext.toLowerCase().replace(/[^.a-z0-9]/g, '');
  await writeFile(join(dir, name), bytes, { mode: 0o600 });
  return name;
}

export async function remove(area: UploadArea, name: string | null | undefined): Promise<void> {
  if (!name) return;
  await unlink(join(env.uploadDir, area, name)).catch(() => {});
}

function contentTypeOf(name: string): string {
  const ext = extname(name).toLowerCase();
  const image = Object.entries(IMAGE_TYPES).find(([, t]) => t.ext === ext || (ext === '.jpeg' && t.ext === '.jpg'));
  return image ? image[0] : 'application/octet-stream';
}

/** A download response: always an attachment, never scripted (server.ts adds nosniff to every response). */
export function attachment(area: UploadArea, storedName: string, downloadName: string): Response {
  const path = join(env.uploadDir, area, storedName.replace(/[/\\]/g, ''));
  if (!existsSync(path)) return new Response('Not found', { status: 404 });
  return downloadResponse(Readable.toWeb(createReadStream(path)) as ReadableStream, statSync(path).size, contentTypeOf(storedName), downloadName);
}

/** The same for bytes kept in the database (a writeup), sent as opaque data. */
export function bytesAttachment(bytes: Uint8Array, downloadName: string): Response {
  return downloadResponse(bytes as Uint8Array<ArrayBuffer>, bytes.length, 'application/octet-stream', downloadName);
}

function downloadResponse(body: BodyInit, size: number, type: string, downloadName: string): Response {
  const ascii = downloadName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return new Response(body, {
    headers: {
      'Content-Type': type,
      'Content-Length': String(size),
      'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(downloadName)}`,
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': 'private, max-age=300',
    },
  });
}
