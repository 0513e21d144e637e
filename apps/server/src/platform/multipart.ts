import { fieldLabelOf, MULTIPART_LIMITS, UPLOAD_MESSAGES } from '@promovente/shared';
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError, MESSAGE_MALFORMED_MULTIPART } from './errors.js';

/**
 * The one reader of multipart forms (docs/decisions/023-uploads-limits-quota-and-metadata.md):
 * every route that takes files reads its form here, so every request meets the same limits —
 * the bytes of the whole request, of one file and of one text field, the number of files and of
 * fields — and is refused as soon as it passes one, with a French message naming the limit
 * (413 for bytes, 400 for counts), before the rest of the body is read.
 */
export type MultipartLimits = {
  /** The file parts one request may carry. */
  files: number;
  /** The bytes of one file. */
  fileBytes: number;
  /** The route's own wording, where its screen already has one. */
  messages?: { fileTooBig?: string; tooManyFiles?: string };
};

export type FormField = { type: 'field'; name: string; value: string };
export type FormFile = { type: 'file'; name: string; filename: string; mimetype: string; content: Buffer };
export type FormPart = FormField | FormFile;

/** The whole request may hold the route's files and a form beside them, never more than MULTIPART_LIMITS.requestBytes. */
export const requestBytesOf = (limits: MultipartLimits) =>
  Math.min(MULTIPART_LIMITS.requestBytes, limits.files * limits.fileBytes + MULTIPART_LIMITS.formBytes);

const requestTooBig = (bytes: number) => new HttpError(413, UPLOAD_MESSAGES.requestTooBig(bytes));

/** The plugin's limit errors (@fastify/multipart codes), in French. */
const translate = (error: unknown, limits: MultipartLimits) => {
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, limits.messages?.fileTooBig ?? UPLOAD_MESSAGES.fileTooBig(limits.fileBytes));
    case 'FST_FILES_LIMIT':
      return badRequest(limits.messages?.tooManyFiles ?? UPLOAD_MESSAGES.tooManyFiles(limits.files));
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return badRequest(UPLOAD_MESSAGES.tooManyFields(MULTIPART_LIMITS.fields));
    default:
      return error;
  }
};

/**
 * The parts of a multipart request as they arrive, each file read whole (at most
 * `limits.fileBytes`) before it is handed over: a route that stores each file as it comes holds
 * one file in memory at a time. A file part may be empty (a form sent without a file).
 */
export async function* readFormParts(request: FastifyRequest, limits: MultipartLimits): AsyncGenerator<FormPart> {
  if (!request.isMultipart()) throw badRequest(MESSAGE_MALFORMED_MULTIPART);
  const requestBytes = requestBytesOf(limits);
  // A client that says how much it sends is refused before a byte is read.
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > requestBytes) throw requestTooBig(requestBytes);
  // One that does not (chunked) is counted as it sends. The listener is added in the same turn as
  // the plugin's pipe (on the first part asked below), so it sees every chunk busboy sees.
  let received = 0;
  const count = (chunk: Buffer) => {
    received += chunk.length;
  };
  request.raw.on('data', count);
  const parts = request.parts({
    limits: {
      files: limits.files,
      fileSize: limits.fileBytes,
      fields: MULTIPART_LIMITS.fields,
      fieldSize: MULTIPART_LIMITS.fieldBytes,
      parts: MULTIPART_LIMITS.fields + limits.files,
    },
  });
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldnameTruncated || part.valueTruncated) {
          throw new HttpError(
            413,
            UPLOAD_MESSAGES.fieldTooLong(fieldLabelOf([part.fieldname]) ?? part.fieldname, MULTIPART_LIMITS.fieldBytes),
          );
        }
        if (received > requestBytes) throw requestTooBig(requestBytes);
        yield { type: 'field', name: part.fieldname, value: typeof part.value === 'string' ? part.value : String(part.value ?? '') };
        continue;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) {
        if (received > requestBytes) throw requestTooBig(requestBytes);
        chunks.push(chunk as Buffer);
      }
      if (part.file.truncated) throw translate({ code: 'FST_REQ_FILE_TOO_LARGE' }, limits);
      yield { type: 'file', name: part.fieldname, filename: part.filename, mimetype: part.mimetype, content: Buffer.concat(chunks) };
    }
  } catch (error) {
    throw translate(error, limits);
  } finally {
    request.raw.off('data', count);
  }
}

export type Form = {
  /** Each text field's last value. */
  fields: Record<string, string>;
  /** Every value of each text field, in order (repeated fields such as `renames[]`). */
  lists: Record<string, string[]>;
  files: FormFile[];
};

/** A whole multipart form: its text fields and its file parts (empty ones included), within the limits. */
export const readForm = async (request: FastifyRequest, limits: MultipartLimits): Promise<Form> => {
  const form: Form = { fields: {}, lists: {}, files: [] };
  for await (const part of readFormParts(request, limits)) {
    if (part.type === 'file') {
      form.files.push(part);
      continue;
    }
    form.fields[part.name] = part.value;
    if (!Object.hasOwn(form.lists, part.name)) form.lists[part.name] = [];
    form.lists[part.name].push(part.value);
  }
  return form;
};
