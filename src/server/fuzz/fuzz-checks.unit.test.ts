import { describe, expect, it } from 'vitest';
import { violation } from './fuzz-checks.ts';

const json = { 'content-type': 'application/json; charset=utf-8' };
const answer = (statusCode: number, body: unknown, headers: Record<string, string> = json) => ({
  statusCode,
  body: typeof body === 'string' ? body : JSON.stringify(body),
  headers,
});

describe('fuzz checks', () => {
  it('accepts French errors, the 422 list and successes', () => {
    expect(violation(answer(404, { detail: 'Cette offre n’existe pas.', code: 'OFFER_NOT_FOUND' }))).toBeNull();
    expect(
      violation(
        answer(422, {
          detail: [{ loc: ['body', 'title'], msg: 'Ce champ est obligatoire.', type: 'invalid_type' }],
          code: 'VALIDATION_FAILED',
        }),
      ),
    ).toBeNull();
    expect(violation(answer(201, { content: "' UNION SELECT password_hash FROM users --" }))).toBeNull();
    expect(violation(answer(200, '%PDF-1.7', { 'content-type': 'application/pdf' }))).toBeNull();
  });

  it('refuses a 5xx, whatever its body', () => {
    expect(violation(answer(500, { detail: 'Erreur interne.', code: 'INTERNAL_ERROR' }))).toBe('answer 500');
    expect(violation(answer(503, 'x', {}))).toBe('answer 503');
  });

  it('refuses English texts of Fastify, zod and JSON.parse', () => {
    expect(violation(answer(400, { detail: 'Bad Request', code: 'BAD_REQUEST' }))).toMatch(/English/);
    expect(violation(answer(400, { detail: 'body/title must be string', code: 'X_Y' }))).toMatch(/English/);
    expect(violation(answer(400, { detail: 'Unexpected token } in JSON at position 5', code: 'BAD' }))).toMatch(
      /English/,
    );
    expect(
      violation(
        answer(422, { detail: [{ loc: ['body'], msg: 'Invalid input: expected string', type: 'x' }], code: 'V_F' }),
      ),
    ).toMatch(/English/);
    // "Invalide" is French: only the English word counts.
    expect(violation(answer(400, { detail: 'Adresse invalide.', code: 'BAD_URL' }))).toBeNull();
  });

  it('refuses an error that is not {detail, code}', () => {
    expect(violation(answer(404, { message: 'Route GET:/x not found', error: 'Not Found', statusCode: 404 }))).toMatch(
      /code/,
    );
    expect(violation(answer(400, 'oops', { 'content-type': 'text/plain' }))).toMatch(/text\/plain/);
    expect(violation(answer(400, { detail: '', code: 'BAD_REQUEST' }))).toMatch(/empty/);
    expect(violation(answer(422, { detail: [{ msg: 'Requis' }], code: 'VALIDATION_FAILED' }))).toMatch(/loc/);
  });

  it('refuses stack traces and SQL in errors, stack traces in successes', () => {
    expect(
      violation(answer(400, { detail: 'Requête refusée at run (/app/src/server/app.ts:12:3)', code: 'BAD_REQUEST' })),
    ).toMatch(/internals/);
    expect(
      violation(answer(409, { detail: 'duplicate key value violates unique constraint', code: 'CONFLICT' })),
    ).toMatch(/internals/);
    expect(violation(answer(400, { detail: 'Requête : SELECT * FROM users', code: 'BAD_REQUEST' }))).toMatch(
      /internals/,
    );
    expect(violation(answer(200, { trace: 'at handler (src/server/x.ts:3:1)' }))).toMatch(/stack/);
  });
});
