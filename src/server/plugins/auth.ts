import { eq } from 'drizzle-orm';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS, type Role } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { admin as adminMessages } from '#shared/messages/admin.ts';
import { apiErrors } from '#shared/messages/common.ts';
import { emailVerification } from '#shared/messages/email-verification.ts';
import type { App, AppContext } from '../app-types.ts';
import { users, type UserRow } from '../db/schema/users.ts';
import { AppError, forbidden, unauthorized } from '../errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The user named by a valid bearer token, loaded fresh from the database; null when anonymous. */
    user: UserRow | null;
  }
}

const ALGORITHM = 'HS256';

export type TokenIssuer = { issue(user: Pick<UserRow, 'id' | 'tokenVersion'>): Promise<string> };

export function createTokenIssuer(secret: string): TokenIssuer {
  const key = new TextEncoder().encode(secret);
  return {
    issue: (user) =>
      new SignJWT({ ver: user.tokenVersion })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(user.id)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
        .sign(key),
  };
}

const invalidToken = () => unauthorized(ErrorCode.INVALID_TOKEN, apiErrors.invalidToken);
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function verifyToken(ctx: AppContext, key: Uint8Array, token: string): Promise<UserRow> {
  let claims: { sub: string; ver: number };
  try {
    // Only HS256 is accepted: `alg: none` and algorithm confusion are refused by jose here.
    const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM] });
    if (typeof payload.sub !== 'string' || !UUID_PATTERN.test(payload.sub) || typeof payload.ver !== 'number')
      throw invalidToken();
    claims = { sub: payload.sub, ver: payload.ver };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof AppError) throw invalidToken();
    throw error;
  }
  // Outside the try: a database failure is a 500, not a 401 that would make the client drop a valid session.
  const [user] = await ctx.db.select().from(users).where(eq(users.id, claims.sub)).limit(1);
  // A password reset bumps token_version: every token issued before stops here.
  if (!user || user.tokenVersion !== claims.ver) throw invalidToken();
  return user;
}

/** Reads the bearer token of every request; a bad token is a 401 even on public routes. */
export const authPlugin = fp(async (app: App, opts: { ctx: AppContext }) => {
  const key = new TextEncoder().encode(opts.ctx.config.jwtSecret);
  app.decorateRequest('user', null);
  // Callback style, not async: most requests (visitors, health checks) carry no token, and an async
  // hook would cost each of them a promise and a microtask turn for nothing.
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers.authorization;
    if (!header) {
      done();
      return;
    }
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) {
      done(unauthorized(ErrorCode.INVALID_TOKEN, apiErrors.invalidToken));
      return;
    }
    verifyToken(opts.ctx, key, match[1]).then(
      (user) => {
        request.user = user;
        done();
      },
      (error: unknown) => done(error as Error),
    );
  });
});

/**
 * The user of a token given outside the Authorization header: a link the browser follows cannot send
 * one (GET /onboard/{userId}?token of the payment test page). Same checks, same 401.
 */
export function userFromToken(ctx: AppContext, token: string): Promise<UserRow> {
  return verifyToken(ctx, new TextEncoder().encode(ctx.config.jwtSecret), token);
}

/** The logged-in user of a request, or a 401. */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new AppError(ErrorCode.NOT_AUTHENTICATED, 401, apiErrors.notAuthenticated);
  return request.user;
}

/** preHandler: the request needs a logged-in user. */
export const authenticated: preHandlerAsyncHookHandler = async (request) => {
  requireUser(request);
};

/**
 * 403 EMAIL_NOT_VERIFIED until the account's address is proven by its link: booking, paying, writing,
 * publishing and becoming a helper need it (DESIGN.md section 16); browsing and the profile do not.
 */
export function requireVerifiedEmail(user: UserRow): void {
  if (!user.emailVerifiedAt) throw forbidden(ErrorCode.EMAIL_NOT_VERIFIED, emailVerification.required);
}

/** preHandler: the request needs a logged-in user whose address is proven. */
export const verifiedEmail: preHandlerAsyncHookHandler = async (request) => {
  requireVerifiedEmail(requireUser(request));
};

/** preHandler: the request needs a logged-in user holding one of these roles. */
export function requireRole(
  roles: readonly Role[],
  code: ErrorCode = ErrorCode.FORBIDDEN,
  detail: string = apiErrors.forbidden,
) {
  const handler: preHandlerAsyncHookHandler = async (request) => {
    const user = requireUser(request);
    if (!roles.includes(user.role)) throw forbidden(code, detail);
  };
  return handler;
}

/**
 * Admin-only calls (spec 2 section 6): a visitor gets 401, anyone else signed in 403 ADMIN_REQUIRED
 * with "Accès refusé", the text the console shows.
 */
export const adminOnly = requireRole(['admin'], ErrorCode.ADMIN_REQUIRED, adminMessages.accessDenied);
