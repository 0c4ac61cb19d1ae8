import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { defaultLogger } from './app.ts';

type Serializers = { err: (error: Error) => Record<string, unknown> };

describe('defaultLogger', () => {
  const { err } = (defaultLogger('info') as unknown as { serializers: Serializers }).serializers;

  it('keeps the parameters of a failed query (password hashes, e-mails, texts) out of the logs', () => {
    const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
    const error = new DrizzleQueryError(
      'update "users" set "password_hash" = $1 where "email" = $2',
      ['$argon2id$v=19$secret', 'camille@exemple.fr'],
      cause,
    );
    const logged = JSON.stringify(err(error));
    expect(logged).not.toContain('argon2id');
    expect(logged).not.toContain('camille@exemple.fr');
    expect(logged).toContain('update \\"users\\" set');
    expect(logged).toContain('0x00');
  });

  it('serializes ordinary errors as usual', () => {
    const logged = err(Object.assign(new Error('boom'), { code: 'E_BOOM' }));
    expect(logged).toMatchObject({ type: 'Error', message: 'boom', code: 'E_BOOM' });
    expect(logged.stack).toEqual(expect.stringContaining('boom'));
  });
});
