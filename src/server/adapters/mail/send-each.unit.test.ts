import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { sendEach, type Mail, type Mailer } from './mailer.ts';

function capturingLogger() {
  const lines: string[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
  return { log, lines };
}

const mail = (to: string): Mail => ({ to, subject: 'Sujet', text: 'Texte' });

describe('sendEach', () => {
  it('sends every mail and answers true when all left', async () => {
    const sent: string[] = [];
    const mailer: Mailer = { destination: 'test', send: async (m) => void sent.push(m.to) };
    const { log, lines } = capturingLogger();
    await expect(sendEach(mailer, log, [mail('a@exemple.fr'), mail('b@exemple.fr')], {}, 'x')).resolves.toBe(true);
    expect(sent).toEqual(['a@exemple.fr', 'b@exemple.fr']);
    expect(lines).toEqual([]);
  });

  it('logs a refusal with its context and the recipient masked, never throws, and answers false', async () => {
    const mailer: Mailer = {
      destination: 'test',
      send: async (m) => {
        if (m.to === 'ana@exemple.fr') throw new Error('550 <ana@exemple.fr>: Recipient address rejected');
      },
    };
    const { log, lines } = capturingLogger();
    const delivered = await sendEach(
      mailer,
      log,
      [mail('ana@exemple.fr'), mail('ok@exemple.fr')],
      { bookingId: 'b-1' },
      'booking mail not sent',
    );
    expect(delivered).toBe(false);
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!) as { bookingId: string; msg: string; err: { message: string } };
    expect(entry).toMatchObject({ bookingId: 'b-1', msg: 'booking mail not sent' });
    expect(entry.err.message).toContain('Recipient address rejected');
    expect(lines[0]).not.toContain('ana@exemple.fr');
  });
});
