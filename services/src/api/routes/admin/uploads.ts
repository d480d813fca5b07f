import { entityIdSchema, MAX_QUANTITY, wholeNumberSchema } from '@shop/domain/catalogue/index';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../auth/identity.ts';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../errors.ts';
import { requestMetadata } from '../../requestMetadata.ts';
import {
  DEFAULT_UPLOAD_QUANTITY,
  parseStockFile,
  StockFileError,
  type ParsedStockFile,
  type StockFileFormat,
} from '../../../admin/stockFile.ts';
import { importStockFile, MAX_BATCH_NAME, type StockUploadResult } from '../../../admin/stockUpload.ts';
import { UploadProgressStore } from '../../../admin/uploadProgress.ts';
import { adminRoute, parse } from './adminRoute.ts';
import { readForm } from './multipartForm.ts';
import { adminCalls } from '@shop/domain/contract/admin';

const formSchema = z.object({
  batchName: z.string().trim().max(MAX_BATCH_NAME, `Batch name can be at most ${MAX_BATCH_NAME} characters`).optional(),
  batchId: z.preprocess((v) => (v === '' ? undefined : v), entityIdSchema.optional()),
  /** "Batch upload quantity is parsed as an integer": the copies of each stock-file line. */
  quantity: wholeNumberSchema('Quantity', 1, MAX_QUANTITY).default(DEFAULT_UPLOAD_QUANTITY),
});
const asyncQuery = z.object({ async: z.enum(['0', '1', 'true', 'false']).optional() });
const jobParams = z.object({ jobId: z.string().uuid('No such upload') });

/** The formats POST /supplier-import reads, by the names its `format` field takes. */
const SUPPLIER_IMPORT_FORMATS = { diamond: 'diamond-csv', tsv: 'stock-tsv', lunar: 'lunar', prh: 'prh' } as const satisfies Record<
  string,
  StockFileFormat
>;
const supplierFormSchema = z.object({
  format: z.enum(['diamond', 'tsv', 'lunar', 'prh'], { errorMap: () => ({ message: 'Format must be one of diamond, tsv, lunar, prh' }) }),
  batchName: formSchema.shape.batchName,
  quantity: formSchema.shape.quantity,
});

type UploadJobs = UploadProgressStore<StockUploadResult | { message: string }>;
type Run = (onProgress: (processed: number, total: number) => void) => Promise<StockUploadResult>;

/** Runs an import in the background, its progress in `jobs` (Redis when there is one): the job id. */
function startImportJob(jobs: UploadJobs, total: number, run: Run, log: FastifyBaseLogger): string {
  const { jobId, progress: job } = jobs.start(total);
  run((processed, all) => {
    job.processed = processed;
    job.total = all;
    jobs.changed(jobId);
  })
    .then((result) => {
      job.result = result;
      job.processed = job.total;
    })
    .catch((e: unknown) => {
      log.error({ err: e }, 'stock upload failed');
      job.failed = true;
      job.result = {
        message: `The upload stopped: ${(e as Error).message}. Upload the same file again to finish it (nothing is added twice).`,
      };
    })
    .finally(() => {
      job.done = true;
      jobs.changed(jobId);
    });
  return jobId;
}

/** The file's lines in the format given (else told by its separator); 400 when it is not text. */
function parseUpload(data: Buffer, options: { quantity: number; format?: StockFileFormat }): ParsedStockFile {
  try {
    return parseStockFile(data.toString('utf8'), options);
  } catch (e) {
    if (e instanceof StockFileError) throw new HttpError(400, e.message);
    throw e;
  }
}

/** The 400 answer for a file with no line to import. */
function noLinesAnswer(parsed: ParsedStockFile) {
  const first = parsed.errors[0];
  return {
    message: first
      ? `No stock lines could be read: line ${first.line}: ${first.reason}${parsed.errors.length > 1 ? ` (and ${parsed.errors.length - 1} more)` : ''}`
      : 'The file has no stock lines',
    imported: 0,
    skipped: parsed.skipped.length,
    errors: parsed.errors,
  };
}

/** Largest stock file read. */
export const MAX_STOCK_FILE_BYTES = 25 * 1024 * 1024;

/**
 * POST /stock-upload (the Diamond CSV or the tab-separated stock file, multipart `file`, optional
 * `batchName`, `batchId`, `quantity`): 201 {imported, skipped, errors: [{line, reason}], batch}.
 * With ?async=1: 202 {jobId} at once, then GET /admin-upload-progress/{jobId}.
 */
export function uploadRoutes(app: FastifyInstance, ctx: AppContext): void {
  const progress = new UploadProgressStore<StockUploadResult | { message: string }>(
    ctx.queues ? { connection: ctx.queues.connection, prefix: ctx.config.QUEUE_PREFIX } : null,
  );

  adminRoute(
    app,
    ctx,
    'POST',
    '/stock-upload',
    async (request, reply, admin) => {
      const background = ['1', 'true'].includes(parse(asyncQuery, request.query).async ?? '');
      const form = await readForm(request, 'file', 'stock file');
      if (!form.file) throw new HttpError(400, 'Choose the stock file to upload (field "file")');
      const options = parse(formSchema, form.fields);
      const parsed = parseUpload(form.file.data, { quantity: options.quantity });
      if (parsed.lines.length === 0) return reply.status(400).send(noLinesAnswer(parsed));
      const metadata = requestMetadata(request, actorOf(admin));
      const run = (onProgress?: (processed: number, total: number) => void) =>
        importStockFile(ctx, parsed, { batchId: options.batchId, batchName: options.batchName, onProgress, log: request.log }, metadata);
      if (!background) return reply.status(201).send(await run());
      const jobId = startImportJob(progress, parsed.lines.length, run, request.log);
      return reply.status(202).send({ jobId, total: parsed.lines.length });
    },
    {
      bodyLimit: MAX_STOCK_FILE_BYTES + 1024 * 1024,
      schema: { ...adminCalls.stockUpload, querystring: asyncQuery },
      inputsCheckedByHandler: true,
    },
  );

  const progressOf = async (request: FastifyRequest) => {
    const { jobId } = parse(jobParams, request.params);
    const job = await progress.get(jobId);
    if (!job) throw new HttpError(404, 'No such upload (progress is kept for an hour)');
    return { processed: job.processed, total: job.total, done: job.done, failed: job.failed, result: job.result };
  };
  adminRoute(app, ctx, 'GET', '/admin-upload-progress/:jobId', progressOf, { schema: { ...adminCalls.uploadProgress, params: jobParams } });

  /**
   * POST /supplier-import (multipart `file`, `format` = diamond | tsv | lunar | prh, optional
   * `batchName`, `quantity`): 202 {jobId, total} at once, the import in the background; GET
   * /supplier-import/{jobId} answers its progress, counts and per-line errors. The same file
   * again adds nothing (items have ids derived from their batch and code).
   */
  adminRoute(
    app,
    ctx,
    'POST',
    '/supplier-import',
    async (request, reply, admin) => {
      const form = await readForm(request, 'file', 'supplier file');
      if (!form.file) throw new HttpError(400, 'Choose the supplier file to import (field "file")');
      const options = parse(supplierFormSchema, form.fields);
      const parsed = parseUpload(form.file.data, { quantity: options.quantity, format: SUPPLIER_IMPORT_FORMATS[options.format] });
      if (parsed.lines.length === 0) return reply.status(400).send(noLinesAnswer(parsed));
      const metadata = requestMetadata(request, actorOf(admin));
      const run: Run = (onProgress) =>
        importStockFile(ctx, parsed, { batchName: options.batchName, onProgress, log: request.log }, metadata);
      const jobId = startImportJob(progress, parsed.lines.length, run, request.log);
      return reply.status(202).send({ jobId, total: parsed.lines.length });
    },
    { bodyLimit: MAX_STOCK_FILE_BYTES + 1024 * 1024, schema: adminCalls.supplierImport, inputsCheckedByHandler: true },
  );
  adminRoute(app, ctx, 'GET', '/supplier-import/:jobId', progressOf, {
    schema: { ...adminCalls.supplierImportProgress, params: jobParams },
  });
}
