import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, HTTPMethods } from 'fastify';
import type { z } from 'zod';
import { bearerToken, requireAdmin, type UserIdentity } from '../../auth/identity.ts';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../errors.ts';
import { handlerChecksInputs } from '../../contract/inputChecks.ts';
import { zodValidatorCompiler } from '../../contract/zodCompilers.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by adminRoute: the handler runs only for an admin (401 without a token, 403 for a customer). */
    admin?: boolean;
  }
  interface FastifyRequest {
    /** The admin an adminRoute's onRequest check let through. */
    adminIdentity: UserIdentity | null;
  }
}

export type AdminHandler = (request: FastifyRequest, reply: FastifyReply, admin: UserIdentity) => unknown;

export interface AdminRouteOptions {
  /** The 401 message when no token is sent at all (the admin search answers 'needs user'). */
  noTokenMessage?: string;
  bodyLimit?: number;
  /** The call's contract (domain/src/contract): inputs validated, answers serialised. */
  schema?: FastifySchema;
  /** The handler alone judges the inputs (multipart, or rules that need more than the body). */
  inputsCheckedByHandler?: boolean;
}

/**
 * Every admin call is registered through this: the admin check runs before the handler, and the
 * route carries `config.admin` so the permissions test can tell it was. The admin plugin's
 * onRoute hook also records every route it holds, so a route added there any other way is walked
 * by that test too (and fails it).
 */
export function adminRoute(
  app: FastifyInstance,
  ctx: AppContext,
  method: HTTPMethods,
  url: string,
  handler: AdminHandler,
  options: AdminRouteOptions = {},
): void {
  if (!app.hasRequestDecorator('adminIdentity')) app.decorateRequest('adminIdentity', null);
  app.route({
    method,
    url,
    config: { admin: true },
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    ...(options.schema ? { schema: options.schema } : {}),
    validatorCompiler: options.inputsCheckedByHandler ? handlerChecksInputs : adminInputs,
    // Before the inputs are validated: a caller who is not an admin hears 401 or 403 whatever they sent.
    onRequest: async (request) => {
      if (options.noTokenMessage && bearerToken(request) === null) throw new HttpError(401, options.noTokenMessage);
      request.adminIdentity = await requireAdmin(ctx, request);
    },
    handler: async (request, reply) => handler(request, reply, request.adminIdentity!),
  });
}

/** Validates input with a zod schema: a refusal is a 400 naming the field and the rule. */
export function parse<S extends z.ZodTypeAny>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const messages = result.error.issues.map((issue) => {
    const field = issue.path.join('.');
    const generic = issue.message === 'Required' || issue.message.startsWith('Expected ') || issue.message.startsWith('Invalid');
    return generic && field ? `${field}: ${issue.message.toLowerCase()}` : issue.message;
  });
  throw new HttpError(400, [...new Set(messages)].slice(0, 3).join('; '));
}

/** The admin calls' inputs are refused with parse's words. */
const adminInputs = zodValidatorCompiler(parse);

/** The routes an admin plugin holds, as its onRoute hook saw them (for the permissions test). */
export interface AdminRouteRecord {
  method: string;
  url: string;
  admin: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The admin plugins' routes (an app decoration, see buildApp), for the permissions test. */
    adminRoutes: AdminRouteRecord[];
  }
}

/** Records every route registered on `instance` (and its children) in its `adminRoutes`, for the permissions test. */
export function trackAdminRoutes(instance: FastifyInstance): AdminRouteRecord[] {
  if (!instance.hasDecorator('adminRoutes')) instance.decorate('adminRoutes', []);
  const records = instance.adminRoutes;
  instance.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      records.push({ method, url: route.url, admin: route.config?.admin === true });
    }
  });
  return records;
}
