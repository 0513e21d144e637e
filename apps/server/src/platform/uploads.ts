import { CANDIDACY_FILE_LIMITS, PHOTO_LIMITS, PROGRESS_MESSAGES } from '@promovente/shared';
import { unprocessable } from './errors.js';

/**
 * The one upload policy (docs/sales-process.md#6-files-storage-built): a file is judged by its content, never by the type or
 * the name it is sent with. The first bytes must be those of an accepted format, the declared
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

/** Markup or script at the start of a text: a browser could run it, so it is never "plain text". */
const MARKUP = /^\s*(<|#!)|<\s*\/?\s*(!doctype|html|head|body|script|svg|iframe|object|embed|meta|link|style|\?xml|xsl)/i;

/** The kind of a content by its first bytes; null when it is no accepted format. */
export const sniffContent = (content: Buffer): ContentKind | null => {
  const starts = (bytes: number[], offset = 0) => bytes.every((b, i) => content[offset + i] === b);
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x47, 0x49, 0x46, 0x38, 0x37, 0x61]) || starts([0x47, 0x49, 0x46, 0x38, 0x39, 0x61])) return 'gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  if (starts([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  if (starts([0x50, 0x4b, 0x03, 0x04])) return 'zip';
  // ISO media (MP4, MOV): a 'ftyp' box first; QuickTime says so with its brand.
  if (starts([0x66, 0x74, 0x79, 0x70], 4)) return starts([0x71, 0x74, 0x20, 0x20], 8) ? 'quicktime' : 'mp4';
  if (starts([0x1a, 0x45, 0xdf, 0xa3])) return 'webm';
  return isPlainText(content) ? 'text' : null;
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

/** The profile picture (docs/product/access.md#account-screen): PNG or JPEG, re-encoded afterwards. */
export const PICTURE_UPLOADS: UploadPolicy = {
  kinds: ['png', 'jpeg'],
  imageBytes: CANDIDACY_FILE_LIMITS.imageBytes,
  otherBytes: CANDIDACY_FILE_LIMITS.imageBytes,
  refused: () => 'La photo doit être une image PNG ou JPG',
  tooBig,
};

export type Upload = { filename: string; mimetype: string; content: Buffer };

const extensionOf = (name: string) => /\.([a-z0-9]{1,8})$/i.exec(name)?.[1].toLowerCase() ?? '';

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
 * type is the content's own for images, PDF and text; for office formats, the declared one.
 */
export const checkUpload = (policy: UploadPolicy, upload: Upload): { mime: string } | { error: string } => {
  const name = upload.filename || 'document';
  const actual = sniffContent(upload.content);
  const claimed = kindOfMime(upload.mimetype) ?? EXTENSIONS[extensionOf(name)] ?? null;
  if (!actual || !claimed || !policy.kinds.includes(actual) || !agree(claimed, actual)) return { error: policy.refused(name) };
  const limit = IMAGES.includes(actual) ? policy.imageBytes : policy.otherBytes;
  if (upload.content.length > limit) return { error: policy.tooBig(name, limit / 1024 / 1024) };
  if (actual !== 'ole' && actual !== 'zip') return { mime: MIMES[actual][0] };
  const declared = upload.mimetype.split(';')[0].trim().toLowerCase();
  const byExtension = OFFICE_MIME_BY_EXTENSION[extensionOf(name)];
  if (MIMES[actual].includes(declared)) return { mime: declared };
  return { mime: byExtension && MIMES[actual].includes(byExtension) ? byExtension : MIMES[actual][0] };
};

/** The same, as a 422 with the French reason: one bad file refuses the whole upload. */
export const acceptUpload = (policy: UploadPolicy, upload: Upload): { mime: string } => {
  const result = checkUpload(policy, upload);
  if ('error' in result) throw unprocessable(result.error);
  return result;
};
