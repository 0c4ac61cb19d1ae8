import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SupportMessageSchema } from '#shared/schemas/support.ts';
import { supportMessages } from '#server/db/schema/support.ts';
import type { UserRow } from '#server/db/schema/users.ts';
import { backgroundSettled } from '#server/lib/background.ts';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { createAdmin, createSeeker } from '#tests/factories/users.ts';
import { parseMail } from '#tests/mail.ts';

// Attacker review R3: the name typed on the contact form is the only text of the author's that the
// response mail repeats. A name with line breaks wrote lines of its own into a mail sent by Appui
// ("Votre compte est suspendu…").

let t: TestApp;
let author: UserRow;
let admin: UserRow;

beforeAll(async () => {
  t = await buildTestApp();
  author = await createSeeker(t.app.ctx.db);
  admin = await createAdmin(t.app.ctx.db);
});
afterAll(() => t.close());

describe('the support response mail', () => {
  it('greets the author on one line, whatever line breaks or control characters the name held', async () => {
    const name = 'Paul\r\n\r\nVotre compte est suspendu :\u2028https://exemple.invalid\u0085fin\tdu\u000bnom';
    const send = (userName: string) =>
      t.injectAs(author, {
        method: 'POST',
        url: '/api/v1/support/messages',
        payload: { user_name: userName, subject: 'Question', message: 'Bonjour' },
      });
    // The form refuses such a name today; a row written before that rule may still hold one.
    expect((await send(name)).statusCode).toBe(422);
    const created = await send('Paul');
    expect(created.statusCode).toBe(201);
    const message = SupportMessageSchema.parse(created.json());
    await t.app.ctx.db.update(supportMessages).set({ userName: name }).where(eq(supportMessages.id, message.id));
    const before = (await t.readOutbox()).length;
    const res = await t.injectAs(admin, {
      method: 'POST',
      url: `/api/v1/support/messages/${message.id}/respond`,
      payload: { response_text: 'Nous revenons vers vous.' },
    });
    expect(res.statusCode).toBe(201);
    await backgroundSettled(t.app.ctx);

    const mails = (await t.readOutbox()).slice(before).map(parseMail);
    expect(mails).toHaveLength(1);
    const lines = mails[0]!.text.split(/\r?\n/);
    expect(lines[0]).toBe('Bonjour Paul Votre compte est suspendu : https://exemple.invalid fin du nom,');
    expect(lines.filter((line) => line.includes('Votre compte'))).toHaveLength(1);
    expect(mails[0]!.text).toContain('Nous revenons vers vous.');
  });
});
