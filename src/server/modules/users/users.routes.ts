import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AVATAR_MAX_BYTES } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { apiErrors } from '#shared/messages/common.ts';
import { profile } from '#shared/messages/profile.ts';
import { ErrorResponseSchema, IdParamsSchema, ValidationErrorResponseSchema } from '#shared/schemas/common.ts';
import {
  AcceptCharterRequestSchema,
  AvatarResponseSchema,
  CurrentUserSchema,
  PublicUserSchema,
  ToggleRoleResponseSchema,
  UpdateMeRequestSchema,
  UpdateMeResponseSchema,
  UserVerificationSchema,
} from '#shared/schemas/users.ts';
import type { App, AppContext } from '../../app-types.ts';
import { AppError, badRequest } from '../../errors.ts';
import { authenticated, requireUser } from '../../plugins/auth.ts';
import { acceptCharter, getMe, getPublicUser, toggleRole, updateAvatar, updateMe } from './users.service.ts';

const security = [{ bearer: [] }];

/**
 * The single `file` part of a multipart request, read into memory. @fastify/multipart stops at
 * AVATAR_MAX_BYTES (below); the part is then marked truncated and toBuffer() throws.
 */
async function readAvatarPart(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, 415, apiErrors.unsupportedMediaType);
  }
  const fileRequired = () => badRequest(ErrorCode.BAD_REQUEST, profile.avatarFileRequired);
  try {
    const part = await request.file();
    if (!part || part.fieldname !== 'file') throw fileRequired();
    const bytes = await part.toBuffer();
    if (part.file.truncated) throw new AppError(ErrorCode.AVATAR_TOO_LARGE, 413, profile.fileTooLarge);
    return bytes;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(ErrorCode.AVATAR_TOO_LARGE, 413, profile.fileTooLarge);
    }
    // The multipart parser throws plain errors ("Boundary not found", "Unexpected end of multipart
    // data") on a malformed body: the client's fault, never a 500.
    throw fileRequired();
  }
}

export async function usersRoutes(app: App, { ctx }: { ctx: AppContext }): Promise<void> {
  app.get(
    '/users/me',
    {
      preHandler: authenticated,
      schema: {
        tags: ['users'],
        summary: 'Mon compte',
        security,
        response: { 200: CurrentUserSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => getMe(ctx, requireUser(request)),
  );

  app.put(
    '/users/me',
    {
      preHandler: authenticated,
      schema: {
        tags: ['users'],
        summary: 'Modifier mon profil (nom affiché, nom d’utilisateur, bio, e-mail, mot de passe)',
        description:
          'Changer d’e-mail ou de mot de passe demande `current_password` (400 CURRENT_PASSWORD_REQUIRED, ' +
          '403 CURRENT_PASSWORD_WRONG, 429 après trop d’échecs). Un nouveau mot de passe déconnecte toutes ' +
          'les autres sessions et renvoie un nouveau `access_token` pour celle-ci. Une nouvelle adresse ne ' +
          'change rien tant que le lien qui lui est envoyé n’est pas ouvert (`pending_email`) ; la réponse ' +
          'est la même qu’elle soit libre ou non. L’adresse actuelle est prévenue dans les deux cas. Un nom qui se ' +
          'fait passer pour l’équipe (« Équipe Appui », « Support », « Modération »… et leurs variantes) : 422 ' +
          'RESERVED_NAME, sauf pour un administrateur.',
        security,
        body: UpdateMeRequestSchema,
        response: {
          200: UpdateMeResponseSchema,
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
          409: ErrorResponseSchema,
          // The validation list, or RESERVED_NAME: a team's name taken by someone who is not an administrator.
          422: z.union([ValidationErrorResponseSchema, ErrorResponseSchema]),
          429: ErrorResponseSchema,
        },
      },
    },
    async (request) => updateMe(ctx, requireUser(request), request.body, request.ip),
  );

  app.post(
    '/users/toggle-role',
    {
      preHandler: authenticated,
      schema: {
        tags: ['users'],
        summary: 'Passer du mode aidant au mode aidé et inversement',
        description:
          'Refusé aux administrateurs (403, code ADMIN_ROLE_CHANGE_NOT_ALLOWED). Devenir aidant demande ' +
          'une adresse e-mail confirmée (403 EMAIL_NOT_VERIFIED) et d’avoir accepté la version en vigueur ' +
          'de la charte de l’aidant (POST /users/me/charter), sinon 403 CHARTER_NOT_ACCEPTED ; revenir au ' +
          'mode aidé ne demande rien.',
        security,
        response: { 200: ToggleRoleResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema },
      },
    },
    async (request) => toggleRole(ctx, requireUser(request)),
  );

  // No rate limit of its own: one row per person and version, written once, nothing sent anywhere.
  app.post(
    '/users/me/charter',
    {
      preHandler: authenticated,
      schema: {
        tags: ['users'],
        summary: 'Accepter la charte de l’aidant',
        description:
          '`version` est celle que la personne a lue : la version en vigueur, sinon 409 ' +
          'CHARTER_VERSION_OUTDATED. Accepter à nouveau garde la première date. Renvoie les vérifications du compte.',
        security,
        body: AcceptCharterRequestSchema,
        response: {
          200: UserVerificationSchema,
          401: ErrorResponseSchema,
          409: ErrorResponseSchema,
          422: ValidationErrorResponseSchema,
        },
      },
    },
    async (request) => acceptCharter(ctx, requireUser(request), request.body),
  );

  // The multipart parser only where a file is taken: registered app-wide, its onRequest,
  // preValidation and onResponse hooks would run on every request of every route.
  await app.register(async (scope: App) => {
    await scope.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5 } });
    scope.post(
      '/users/me/avatar',
      {
        preHandler: authenticated,
        schema: {
          tags: ['users'],
          summary: 'Changer ma photo de profil',
          description:
            'multipart/form-data, champ `file` : JPEG, PNG ou WebP (type lu dans les octets), 5 Mo au plus. ' +
            'L’image est recadrée en carré de 256 px et réenregistrée en WebP sans métadonnées.',
          security,
          consumes: ['multipart/form-data'],
          response: {
            200: AvatarResponseSchema,
            400: ErrorResponseSchema,
            401: ErrorResponseSchema,
            413: ErrorResponseSchema,
            415: ErrorResponseSchema,
          },
        },
      },
      async (request) => {
        const user = requireUser(request);
        return updateAvatar(ctx, user, await readAvatarPart(request));
      },
    );
  });

  app.get(
    '/users/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'Profil public d’un utilisateur (jamais son e-mail)',
        params: IdParamsSchema,
        response: { 200: PublicUserSchema, 404: ErrorResponseSchema, 422: ValidationErrorResponseSchema },
      },
    },
    async (request) => getPublicUser(ctx, request.params.id, request.user),
  );
}
