import { describe, expect, it } from 'vitest';
import { validation } from '../messages/common.ts';
import { MessageCreateSchema } from './messages.ts';

describe('MessageCreateSchema', () => {
  it.each(['\u200b', '\u200b\u200b\u200b', ' \u200d\u2060 ', '\u00ad', '\ufeff\u200b'])(
    'refuses content made only of invisible characters (%j), like an empty one',
    (content) => {
      const result = MessageCreateSchema.safeParse({ content });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(validation.required);
    },
  );

  it.each([
    ['  Bonjour  ', 'Bonjour'],
    ['\u200bBonjour', '\u200bBonjour'],
    ['👍', '👍'],
  ])('takes %j as %j', (content, stored) => {
    expect(MessageCreateSchema.parse({ content })).toEqual({ content: stored });
  });
});
