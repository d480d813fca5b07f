import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../errors.ts';

export interface UploadedForm {
  fields: Record<string, string>;
  file: { filename: string; mimetype: string; data: Buffer } | null;
}

/**
 * Reads a multipart/form-data request: its text fields and the file in `fileField` (other files are
 * read and dropped). 400 when the request is not multipart.
 */
export async function readForm(request: FastifyRequest, fileField: string, what: string): Promise<UploadedForm> {
  if (!request.isMultipart()) throw new HttpError(400, `Send the ${what} as multipart/form-data in the field "${fileField}"`);
  const fields: Record<string, string> = {};
  let file: UploadedForm['file'] = null;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      if (part.fieldname === fileField && !file) file = { filename: part.filename, mimetype: part.mimetype, data };
    } else if (typeof part.value === 'string' || typeof part.value === 'number' || typeof part.value === 'boolean') {
      fields[part.fieldname] = String(part.value);
    }
  }
  return { fields, file };
}
