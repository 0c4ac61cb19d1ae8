import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validation } from '#shared/messages/common.ts';
import { messageMail } from '#shared/messages/messaging-mail.ts';
import type { UserRow } from '#server/db/schema/users.ts';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { parseMail } from '#tests/mail.ts';
import { createConversation } from '#tests/factories/messaging.ts';
import { createOffer } from '#tests/factories/offers.ts';
import { createHelper, createSeeker } from '#tests/factories/users.ts';

// A line break in a name, a title or a subject used to be stored as it was, then written as a line of
// its own wherever the text is laid out line by line: "Camille\r\nBcc: …" in a display name made a
// "Bcc: …" line in the body of every mail that named the person. Single-line fields refuse control
// characters and line breaks (422, French), through the one schema the web forms use too; multi-line
// fields keep their line breaks and refuse the other control characters.

let t: TestApp;
let seeker: UserRow;
let helper: UserRow;

beforeAll(async () => {
  t = await buildTestApp();
  seeker = await createSeeker(t.app.ctx.db, { displayName: 'Camille Martin' });
  helper = await createHelper(t.app.ctx.db, { displayName: 'Paul Durand' });
});
afterAll(() => t.close());

const INJECTED = 'Camille\r\nBcc: pirate@exemple.fr';
let address = 0;
const freshAddress = () => `198.19.0.${++address}`;

type Case = [string, string, () => Promise<{ statusCode: number; json(): unknown }>];

function expectRefused(res: { statusCode: number; json(): unknown }, field: string, message: string) {
  expect(res.statusCode).toBe(422);
  const body = res.json() as { detail: Array<{ loc: Array<string | number>; msg: string }> };
  expect(body.detail).toContainEqual(expect.objectContaining({ loc: ['body', field], msg: message }));
}

describe('single-line fields', () => {
  const offerPayload = {
    description: 'Une écoute bienveillante pour traverser un deuil.',
    category: 'grief_support',
    currency: 'EUR',
    meeting_contact_info: 'https://visio.exemple.fr/salle',
    pricing_options: [{ duration_minutes: 60, price_cents: 3000 }],
  };
  const cases: Case[] = [
    [
      'display_name',
      'signup',
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/signup',
          payload: { email: 'camille.crlf@exemple.fr', password: 'motdepasse-solide', display_name: INJECTED },
        }),
    ],
    [
      'username',
      'signup',
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/signup',
          payload: { email: 'camille.lf@exemple.fr', password: 'motdepasse-solide', username: 'camille\n' },
        }),
    ],
    [
      'display_name',
      'profile',
      () => t.injectAs(seeker, { method: 'PUT', url: '/api/v1/users/me', payload: { display_name: INJECTED } }),
    ],
    [
      'title',
      'offer',
      () =>
        t.injectAs(helper, {
          method: 'POST',
          url: '/api/v1/offers/',
          payload: { ...offerPayload, title: 'Écoute\nBcc: pirate@exemple.fr' },
        }),
    ],
    [
      'subject',
      'support',
      () =>
        t.injectAs(seeker, {
          method: 'POST',
          url: '/api/v1/support/messages',
          remoteAddress: freshAddress(),
          payload: {
            user_name: 'Camille Martin',
            user_email: 'camille@exemple.fr',
            subject: 'Question\r\nBcc: pirate@exemple.fr',
            message: 'Bonjour,\nune question.',
          },
        }),
    ],
    [
      'guest_name',
      'chat',
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/support/chat/sessions',
          remoteAddress: freshAddress(),
          payload: { guest_name: 'Camille\u0000', guest_email: 'camille@exemple.fr' },
        }),
    ],
  ];

  it.each(cases)('refuse a line break or a control character in %s (%s)', async (field, _where, call) => {
    expectRefused(await call(), field, validation.singleLine);
  });
});

describe('multi-line fields', () => {
  it('keep their line breaks and refuse any other control character', async () => {
    const kept = await t.injectAs(seeker, {
      method: 'PUT',
      url: '/api/v1/users/me',
      payload: { bio: 'Première ligne\r\nDeuxième ligne\n\tRetrait' },
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ bio: 'Première ligne\r\nDeuxième ligne\n\tRetrait' });
    const refused = await t.injectAs(seeker, {
      method: 'PUT',
      url: '/api/v1/users/me',
      payload: { bio: 'Texte\u001b[31m rouge' },
    });
    expectRefused(refused, 'bio', validation.controlCharacter);
  });
});

describe('the mail that names a person', () => {
  it('never gets a line of its own from their name', async () => {
    const sender = await createSeeker(t.app.ctx.db, { displayName: 'Camille Martin' });
    const update = await t.injectAs(sender, {
      method: 'PUT',
      url: '/api/v1/users/me',
      payload: { display_name: INJECTED },
    });
    expect(update.statusCode).toBe(422);

    const offer = await createOffer(t.app.ctx.db, helper);
    const conversation = await createConversation(t.app.ctx.db, { offer, seeker: sender });
    const before = (await t.readOutbox()).length;
    const sent = await t.injectAs(sender, {
      method: 'POST',
      url: `/api/v1/messages/conversations/${conversation.id}/messages`,
      payload: { content: 'Bonjour, êtes-vous disponible jeudi ?' },
    });
    expect(sent.statusCode).toBe(201);
    const raw = (await t.readOutbox()).slice(before);
    expect(raw).toHaveLength(1);
    expect(parseMail(raw[0]!).subject).toBe(messageMail.subject('Camille Martin'));
    expect(raw[0]).not.toMatch(/^Bcc:/im);
  });
});
