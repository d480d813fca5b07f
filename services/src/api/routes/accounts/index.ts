import rateLimit from '@fastify/rate-limit';
import { addAddressSchema, loginSchema, resetPasswordSchema, resetRequestSchema, signUpSchema } from '@shop/domain/users/index';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { addAddress, collateAddressesFromOrders, deleteAddress } from '../../../accounts/addresses.ts';
import { logIn, requestPasswordReset, RESET_REQUESTED_MESSAGE, resetPassword, signUp } from '../../../accounts/auth.ts';
import { feedbackSchemaFor, submitFeedback } from '../../../accounts/feedback.ts';
import { actorOf, optionalShopper, requireUser } from '../../auth/identity.ts';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../errors.ts';
import { requestMetadata } from '../../requestMetadata.ts';
import { sharedRateLimitStore } from '../../sharedRateLimits.ts';
import { parseInput } from './parse.ts';
import { accountCalls } from '@shop/domain/contract/accounts';
import { handlerChecksInputs } from '../../contract/inputChecks.ts';

export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many attempts. Please wait a minute and try again.';

/** Attempts allowed per minute, per key. */
export const ACCOUNT_RATE_LIMITS = {
  /** Per IP address and email. */
  login: 10,
  /** Per IP address. */
  signUp: 10,
  /** Per IP address and email. */
  resetRequest: 5,
  /** Per IP address. */
  reset: 10,
  /** Per IP address. */
  feedback: 5,
} as const;

function emailOf(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | null | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase().slice(0, 254) : '';
}

const byIp = (request: FastifyRequest) => request.ip;
const byIpAndEmail = (request: FastifyRequest) => `${request.ip}|${emailOf(request)}`;

/**
 * Limits run after the body is parsed (preHandler), so a key can include the email. The counts are
 * in Redis (sharedRateLimits.ts): behind a proxy set TRUST_PROXY so request.ip is the shopper's.
 */
const limit = (max: number, keyGenerator: (r: FastifyRequest) => string) => ({
  config: { rateLimit: { max, timeWindow: 60_000, keyGenerator, hook: 'preHandler' as const } },
});

const addressIdParams = z.object({ id: z.string().trim().min(1, 'Address not found').max(100, 'Address not found') });

/** The accounts calls: sign-up, login, password reset, saved addresses and feedback. */
export function accountsRoutes(app: FastifyInstance, ctx: AppContext): void {
  void app.register(async (scope) => {
    await scope.register(rateLimit, {
      ...sharedRateLimitStore(ctx),
      global: false,
      errorResponseBuilder: () => Object.assign(new HttpError(429, TOO_MANY_ATTEMPTS_MESSAGE), { statusCode: 429 }),
    });

    scope.post('/sign-up-user', { ...limit(ACCOUNT_RATE_LIMITS.signUp, byIp), schema: accountCalls.signUp }, async (request, reply) => {
      const body = parseInput(signUpSchema, request.body);
      const answer = await signUp(ctx, body, requestMetadata(ctx, request, { kind: 'guest' }), request.log);
      return reply.status(201).send(answer);
    });

    scope.post('/login', { ...limit(ACCOUNT_RATE_LIMITS.login, byIpAndEmail), schema: accountCalls.login }, async (request) => {
      const body = parseInput(loginSchema, request.body);
      return logIn(ctx, body, requestMetadata(ctx, request, { kind: 'guest' }), request.log);
    });

    // Always the same answer, whether or not the email has an account; the work happens afterwards.
    scope.post(
      '/get-reset-password-token',
      { ...limit(ACCOUNT_RATE_LIMITS.resetRequest, byIpAndEmail), schema: accountCalls.resetRequest },
      async (request) => {
        const { email } = parseInput(resetRequestSchema, request.body);
        const metadata = requestMetadata(ctx, request, { kind: 'guest' });
        setImmediate(() => {
          requestPasswordReset(ctx, email, metadata, request.log).catch((err: unknown) =>
            request.log.error({ err }, 'password reset request failed'),
          );
        });
        return { message: RESET_REQUESTED_MESSAGE };
      },
    );

    scope.post('/reset-password', { ...limit(ACCOUNT_RATE_LIMITS.reset, byIp), schema: accountCalls.resetPassword }, async (request) => {
      const body = parseInput(resetPasswordSchema, request.body);
      return { message: await resetPassword(ctx, body, requestMetadata(ctx, request, { kind: 'guest' })) };
    });

    scope.post(
      '/add-feedback',
      { ...limit(ACCOUNT_RATE_LIMITS.feedback, byIp), schema: accountCalls.addFeedback, validatorCompiler: handlerChecksInputs },
      async (request, reply) => {
        const identity = await optionalShopper(ctx, request);
        const user = identity?.kind === 'user' ? identity : null;
        const body = parseInput(feedbackSchemaFor(user === null), request.body);
        const message = await submitFeedback(ctx, user, body, requestMetadata(ctx, request, actorOf(user)));
        return reply.status(201).send({ message });
      },
    );
  });

  const addNewAddress = async (request: FastifyRequest) => {
    const identity = await requireUser(ctx, request);
    const body = parseInput(addAddressSchema, request.body);
    return { user: await addAddress(ctx, identity, body, requestMetadata(ctx, request, actorOf(identity))) };
  };
  app.post('/add-new-address/', { schema: accountCalls.addAddress }, addNewAddress);
  app.post('/add-new-address', { schema: accountCalls.addAddress }, addNewAddress);

  app.delete('/delete-address/:id', { schema: accountCalls.deleteAddress }, async (request) => {
    const identity = await requireUser(ctx, request);
    const { id } = parseInput(addressIdParams, request.params);
    return { user: await deleteAddress(ctx, identity, id, requestMetadata(ctx, request, actorOf(identity))) };
  });

  const collate = async (request: FastifyRequest) => {
    const identity = await requireUser(ctx, request);
    return { user: await collateAddressesFromOrders(ctx, identity, requestMetadata(ctx, request, actorOf(identity))) };
  };
  app.post('/collate-addresses-from-order/', { schema: accountCalls.collateAddresses }, collate);
  app.post('/collate-addresses-from-order', { schema: accountCalls.collateAddresses }, collate);
}
