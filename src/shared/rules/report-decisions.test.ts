import { describe, expect, it } from 'vitest';
import { decisionsFor } from './report-decisions.ts';

describe('decisionsFor', () => {
  it('offers the action on the content itself and the author’s suspension, besides dismissing', () => {
    expect(decisionsFor('offer')).toEqual(['dismiss', 'hide_offer', 'suspend_account']);
    expect(decisionsFor('review')).toEqual(['dismiss', 'remove_review', 'suspend_account']);
    expect(decisionsFor('message')).toEqual(['dismiss', 'remove_message', 'suspend_account']);
  });

  it('a profile can be dismissed or its account suspended', () => {
    expect(decisionsFor('user')).toEqual(['dismiss', 'suspend_account']);
  });

  it('a live chat with the support team can only be dismissed', () => {
    expect(decisionsFor('chat_session')).toEqual(['dismiss']);
  });
});
