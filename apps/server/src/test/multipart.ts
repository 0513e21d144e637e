/** A file part of a multipart/form-data body, as a browser sends it. */
export type MultipartFile = { field: string; filename: string; type: string; content: Buffer };

/**
 * A multipart/form-data body for app.inject (the file routes and the profile take one): the
 * text fields (pairs, so that a field may repeat, or a record), then the files.
 */
export const multipartBody = (
  fields: readonly (readonly [string, string | number])[] | Record<string, string | number>,
  files: readonly MultipartFile[] = [],
) => {
  const boundary = '----promovente-test-boundary';
  const chunks: Buffer[] = [];
  for (const [name, value] of Array.isArray(fields) ? fields : Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};
