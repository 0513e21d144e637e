import { CANDIDACY_FILE_LIMITS, PHOTO_LIMITS, PROFILE_PHOTO, PROGRESS_MESSAGES } from '@promovente/shared';
import { fileTypeFromBuffer } from 'file-type';
import { unprocessable } from './errors.js';

/**
 * The one upload policy (docs/sales-process.md#6-files-storage-built): a file is judged by its content, never by the type or
 * the name it is sent with. Its bytes must be those of an accepted format (told by the
 * `file-type` library; plain text is checked here, as it has no signature), the declared
 * type (or, when it says nothing useful, the extension) must agree with them, and the size must
 * fit. HTML, SVG, XML and scripts are refused whatever they claim to be. Every route that takes
 * a file goes through `checkUpload`: thread attachments, candidacy files, the profile picture,
 * the price grid (modules/price-grid).
 */

/** What the content is, by its first bytes. */
export type ContentKind = 'pdf' | 'png' | 'jpeg' | 'gif' | 'webp' | 'ole' | 'zip' | 'text' | 'mp4' | 'quicktime' | 'webm';

const MIMES: Record<ContentKind, readonly string[]> = {
  pdf: ['application/pdf'],
  png: ['image/png'],
  jpeg: ['image/jpeg', 'image/jpg', 'image/pjpeg'],
  gif: ['image/gif'],
  webp: ['image/webp'],
  ole: ['application/msword', 'application/vnd.ms-excel', 'application/vnd.ms-powerpoint'],
  zip: [
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'application/vnd.oasis.opendocument.text',
    'application/vnd.oasis.opendocument.spreadsheet',
  ],
  text: ['text/plain'],
  mp4: ['video/mp4'],
  quicktime: ['video/quicktime'],
  webm: ['video/webm'],
};

const EXTENSIONS: Record<string, ContentKind> = {
  pdf: 'pdf',
  png: 'png',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  gif: 'gif',
  webp: 'webp',
  doc: 'ole',
  xls: 'ole',
  ppt: 'ole',
  docx: 'zip',
  xlsx: 'zip',
  pptx: 'zip',
  odt: 'zip',
  ods: 'zip',
  txt: 'text',
  mp4: 'mp4',
  m4v: 'mp4',
  mov: 'quicktime',
  webm: 'webm',
};

const OFFICE_MIME_BY_EXTENSION: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
};

const IMAGES: readonly ContentKind[] = ['png', 'jpeg', 'gif', 'webp'];
const VIDEOS: readonly ContentKind[] = ['mp4', 'quicktime', 'webm'];

/**
 * The kinds of what `file-type` recognises (docs/decisions/023-uploads-limits-quota-and-metadata.md):
 * anything else it recognises (XML, HEIC, AVIF, executables, archives other than office
 * documents...) is no accepted format. An OLE container is a legacy office document; a ZIP
 * that is not recognised as an office document is judged by its declared type, as before.
 */
const KIND_OF_DETECTED: Record<string, ContentKind> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/apng': 'png',
  'image/jpeg': 'jpeg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/x-cfb': 'ole',
  'application/zip': 'zip',
  ...Object.fromEntries(MIMES.zip.map((mime) => [mime, 'zip' as const])),
  'video/mp4': 'mp4',
  'video/x-m4v': 'mp4',
  'video/quicktime': 'quicktime',
  'video/webm': 'webm',
};

/** Markup or script at the start of a text: a browser could run it, so it is never "plain text". */
const MARKUP = /^\s*(<|#!)|<\s*\/?\s*(!doctype|html|head|body|script|svg|iframe|object|embed|meta|link|style|\?xml|xsl)/i;

/** What a content is by its bytes (`file-type`), with the exact office type when it tells one. */
export type DetectedContent = { kind: ContentKind; mime: string | null };

/** The kind of a content by its bytes; null when it is no accepted format. */
export const detectContent = async (content: Buffer): Promise<DetectedContent | null> => {
  const detected = await fileTypeFromBuffer(content);
  if (detected) {
    const kind = KIND_OF_DETECTED[detected.mime];
    return kind ? { kind, mime: detected.mime } : null;
  }
  // file-type knows binary formats only: what it does not recognise may still be plain text.
  return isPlainText(content) ? { kind: 'text', mime: null } : null;
};

/** UTF-8 without control characters (tabs and line breaks aside) and without markup. */
const isPlainText = (content: Buffer) => {
  if (content.length === 0) return false;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    return false;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is refused
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text)) return false;
  return !MARKUP.test(text);
};

export type UploadPolicy = {
  /** The formats accepted by content. */
  kinds: readonly ContentKind[];
  imageBytes: number;
  otherBytes: number;
  /** The French message of a refused format. */
  refused: (name: string) => string;
  tooBig: (name: string, megabytes: number) => string;
};

const tooBig = (name: string, megabytes: number) => `Fichier trop volumineux (${name}) : ${megabytes} Mo au maximum`;

/** Candidacy files (docs/product/validation.md#file-upload): PDF, images and office documents. */
export const DOCUMENT_UPLOADS: UploadPolicy = {
  kinds: ['pdf', 'png', 'jpeg', 'gif', 'webp', 'ole', 'zip'],
  imageBytes: CANDIDACY_FILE_LIMITS.imageBytes,
  otherBytes: CANDIDACY_FILE_LIMITS.otherBytes,
  refused: (name) => `Type de fichier non accepté (${name}) : PDF, images ou documents bureautiques uniquement`,
  tooBig,
};

/** Progress photos and videos (docs/product/progress.md#rules): images re-encoded by sharp, videos stored as sent. */
export const PROGRESS_UPLOADS: UploadPolicy = {
  kinds: ['png', 'jpeg', 'webp', 'mp4', 'quicktime', 'webm'],
  imageBytes: PHOTO_LIMITS.photoBytes,
  otherBytes: PHOTO_LIMITS.videoBytes,
  refused: () => PROGRESS_MESSAGES.refused,
  tooBig: (name, megabytes) =>
    megabytes * 1024 * 1024 === PHOTO_LIMITS.photoBytes ? PROGRESS_MESSAGES.photoTooBig(name) : PROGRESS_MESSAGES.videoTooBig(name),
};

/** Whether an accepted content is a video. */
export const isVideoMime = (mime: string) => mime.startsWith('video/');

/** Thread attachments: the documents, and plain text. */
export const ATTACHMENT_UPLOADS: UploadPolicy = {
  ...DOCUMENT_UPLOADS,
  kinds: [...DOCUMENT_UPLOADS.kinds, 'text'],
  refused: (name) => `Type de fichier non accepté (${name}) : PDF, images, documents bureautiques ou texte uniquement`,
};

/** PNG or JPEG (the promotion logo, the marketing report's screenshot), re-encoded or embedded afterwards. */
export const PICTURE_UPLOADS: UploadPolicy = {
  kinds: ['png', 'jpeg'],
  imageBytes: CANDIDACY_FILE_LIMITS.imageBytes,
  otherBytes: CANDIDACY_FILE_LIMITS.imageBytes,
  refused: () => 'La photo doit être une image PNG ou JPG',
  tooBig,
};

/**
 * The profile picture (docs/product/access.md#account-screen): PNG, JPEG or WebP, what the
 * picker offers (PROFILE_PHOTO.accept), turned upright and re-encoded as a PNG afterwards.
 */
export const PROFILE_PHOTO_UPLOADS: UploadPolicy = {
  ...PICTURE_UPLOADS,
  kinds: ['png', 'jpeg', 'webp'],
  refused: () => PROFILE_PHOTO.refused,
};

export type Upload = { filename: string; mimetype: string; content: Buffer };

const extensionOf = (name: string) => /\.([a-z0-9]{1,8})$/i.exec(name)?.[1].toLowerCase() ?? '';

/**
 * The stored display name: the rename if any (keeping the original extension when the rename
 * has none), without path parts or control characters. Never used as a path.
 */
export const displayName = (original: string, rename?: string) => {
  const clean = (text: string) =>
    text
      .split(/[\\/]/)
      .pop()!
      .replace(/[\p{Cc}\p{Cf}]/gu, '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 200);
  const base = clean(original) || 'document';
  const wanted = rename ? clean(rename) : '';
  if (!wanted) return base;
  const extension = extensionOf(base);
  return extension && extensionOf(wanted) !== extension ? `${wanted}.${extension}` : wanted;
};

const kindOfMime = (mime: string): ContentKind | null => {
  const normalized = mime.split(';')[0].trim().toLowerCase();
  for (const [kind, mimes] of Object.entries(MIMES)) if (mimes.includes(normalized)) return kind as ContentKind;
  return null;
};

/** Two kinds agree when they are the same, or both images (a PNG sent as image/jpeg is still an image). */
const agree = (claimed: ContentKind, actual: ContentKind) =>
  claimed === actual || (IMAGES.includes(claimed) && IMAGES.includes(actual)) || (VIDEOS.includes(claimed) && VIDEOS.includes(actual));

/**
 * The type a file is stored and served with, or the French reason it is refused. The stored
 * type is the content's own for images, PDF, text and the office documents `file-type` names;
 * for other office formats, the declared one (or the extension's).
 */
export const checkUpload = async (policy: UploadPolicy, upload: Upload): Promise<{ mime: string } | { error: string }> => {
  const name = upload.filename || 'document';
  const detected = await detectContent(upload.content);
  const actual = detected?.kind ?? null;
  const claimed = kindOfMime(upload.mimetype) ?? EXTENSIONS[extensionOf(name)] ?? null;
  if (!actual || !claimed || !policy.kinds.includes(actual) || !agree(claimed, actual)) return { error: policy.refused(name) };
  const limit = IMAGES.includes(actual) ? policy.imageBytes : policy.otherBytes;
  if (upload.content.length > limit) return { error: policy.tooBig(name, limit / 1024 / 1024) };
  if (actual !== 'ole' && actual !== 'zip') return { mime: MIMES[actual][0] };
  if (detected?.mime && MIMES[actual].includes(detected.mime)) return { mime: detected.mime };
  const declared = upload.mimetype.split(';')[0].trim().toLowerCase();
  const byExtension = OFFICE_MIME_BY_EXTENSION[extensionOf(name)];
  if (MIMES[actual].includes(declared)) return { mime: declared };
  return { mime: byExtension && MIMES[actual].includes(byExtension) ? byExtension : MIMES[actual][0] };
};

/** The same, as a 422 with the French reason: one bad file refuses the whole upload. */
export const acceptUpload = async (policy: UploadPolicy, upload: Upload): Promise<{ mime: string }> => {
  const result = await checkUpload(policy, upload);
  if ('error' in result) throw unprocessable(result.error);
  return result;
};
