import { eq } from 'drizzle-orm';
import { offers } from '#server/db/schema/offers.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trust } from '#shared/messages/trust.ts';
import { chatMessages, chatSessions, reports } from '#server/db/schema/support.ts';
import type { UserRow } from '#server/db/schema/users.ts';
import { backgroundSettled } from '#server/lib/background.ts';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { createConversation, postMessage } from '#tests/factories/messaging.ts';
import { createOffer } from '#tests/factories/offers.ts';
import { createAdmin, createHelper, createSeeker, DEFAULT_TEST_PASSWORD } from '#tests/factories/users.ts';

/*
 * An erasure reaches the copies of the person that reports keep (review R6): a report's snapshot
 * names the author of the content, a profile report copies the username and bio, a live-chat report
 * copies the lines with the person's name. The privacy page promises names and bio are erased and
 * chats stay "sans votre nom": after the erasure none of these are found in the reports, while the
 * reported content and the report itself stay for the moderation team.
 */

const api = (p: string) => `/api/v1${p}`;

let t: TestApp;
let ipCounter = 0;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function file(user: UserRow, targetType: string, targetId: string): Promise<string> {
  ipCounter += 1;
  const response = await t.injectAs(user, {
    method: 'POST',
    url: api('/reports'),
    payload: { target_type: targetType, target_id: targetId, reason: 'other' },
    remoteAddress: `10.6.0.${ipCounter}`,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

describe('DELETE /users/me and the reports about the person', () => {
  it('leaves no name, username or bio of the erased person in report snapshots; the reported content stays', async () => {
    const db = t.app.ctx.db;
    const helper = await createHelper(db, {
      displayName: 'Gaëlle Fontaine',
      username: 'gaelle.fontaine',
      bio: 'Coach de vie à Nantes',
    });
    const seeker = await createSeeker(db, { displayName: 'Marc Lenoir' });
    const admin = await createAdmin(db);
    const offer = await createOffer(db, helper, { title: 'Retrouver son souffle' });
    const conversation = await createConversation(db, { offer, seeker });
    const message = await postMessage(db, { conversation, sender: helper, content: 'Payez-moi en liquide' });
    const [session] = await db
      .insert(chatSessions)
      .values({ userId: helper.id, subject: 'Aide', sessionTokenHash: 'r'.repeat(64) })
      .returning();
    await db.insert(chatMessages).values([
      { sessionId: session!.id, sender: 'user', senderId: helper.id, senderName: 'Gaëlle Fontaine', content: 'Allô' },
      { sessionId: session!.id, sender: 'admin', senderId: admin.id, senderName: 'Équipe Appui', content: 'Oui ?' },
    ]);

    const ids = [
      await file(seeker, 'user', helper.id),
      await file(seeker, 'message', message.id),
      await file(seeker, 'offer', offer.id),
      await file(helper, 'chat_session', session!.id),
    ];
    const before = JSON.stringify(await db.select().from(reports));
    expect(before).toContain('Gaëlle Fontaine');
    expect(before).toContain('gaelle.fontaine');
    expect(before).toContain('Coach de vie à Nantes');

    const erased = await t.injectAs(helper, {
      method: 'DELETE',
      url: api('/users/me'),
      payload: { password: DEFAULT_TEST_PASSWORD },
    });
    expect(erased.statusCode).toBe(204);
    await backgroundSettled(t.app.ctx);

    const rows = await db.select().from(reports);
    const after = JSON.stringify(rows);
    expect(after).not.toContain('Gaëlle');
    expect(after).not.toContain('gaelle.fontaine');
    expect(after).not.toContain('Coach de vie');
    // The reported content and the reports stay for the moderation team.
    expect(rows.filter((row) => ids.includes(row.id))).toHaveLength(4);
    expect(after).toContain('Payez-moi en liquide');
    expect(after).toContain('Retrouver son souffle');
    const [profileReport] = await db.select().from(reports).where(eq(reports.id, ids[0]!));
    expect(profileReport!.snapshot).toMatchObject({ author_id: helper.id, author_name: trust.deletedAccount });
    const [chatReport] = await db.select().from(reports).where(eq(reports.id, ids[3]!));
    expect(chatReport!.snapshot).toMatchObject({
      // Both lines share one insert's timestamp: their order is the ids'.
      messages: expect.arrayContaining([
        expect.objectContaining({ sender: 'user', sender_name: trust.deletedAccount, text: 'Allô' }),
        expect.objectContaining({ sender: 'admin', sender_name: 'Équipe Appui', text: 'Oui ?' }),
      ]),
    });

    // The admin queue shows none of it either.
    const queue = await t.injectAs(admin, { method: 'GET', url: api('/admin/reports?limit=50') });
    expect(queue.statusCode).toBe(200);
    expect(queue.body).not.toContain('Gaëlle');
    expect(queue.body).not.toContain('gaelle.fontaine');
  });

  it('leaves no meeting contact information on the offers of an erased helper, those deleted before included', async () => {
    const db = t.app.ctx.db;
    const helper = await createHelper(db, { displayName: 'Inès Morel' });
    const admin = await createAdmin(db);
    const live = await createOffer(db, helper, { meetingContactInfo: 'Cabinet 12 rue des Lilas, 06 11 22 33 44' });
    const old = await createOffer(db, helper, { meetingContactInfo: 'Visio : meet.exemple.fr/ines-morel' });
    await db.update(offers).set({ deletedAt: new Date(), visible: false }).where(eq(offers.id, old.id));

    const erased = await t.injectAs(helper, {
      method: 'DELETE',
      url: api('/users/me'),
      payload: { password: DEFAULT_TEST_PASSWORD },
    });
    expect(erased.statusCode).toBe(204);
    await backgroundSettled(t.app.ctx);

    const rows = await db.select().from(offers).where(eq(offers.helperId, helper.id));
    expect(rows).toHaveLength(2);
    expect(JSON.stringify(rows)).not.toMatch(/Lilas|06 11|ines-morel/);
    // Kept for the bookings' history: the title.
    expect(rows.map((row) => row.title).sort()).toEqual([live.title, old.title].sort());
    const asAdmin = await t.injectAs(admin, { method: 'GET', url: api(`/offers/${live.id}/private`) });
    expect(asAdmin.body).not.toContain('Lilas');
  });
});
