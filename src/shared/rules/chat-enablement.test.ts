import { describe, expect, it } from 'vitest';
import { isChatEnabled, isVisibleOnSend } from './chat-enablement.ts';

describe('isChatEnabled (spec 2 sections 4 and 6)', () => {
  // [helper of the conversation, non-cancelled booking with the helper, already sent a message, enabled]
  it.each([
    [true, true, true, true],
    [true, true, false, true],
    [true, false, true, true],
    [true, false, false, true],
    [false, true, true, true],
    [false, true, false, true],
    [false, false, true, false],
    [false, false, false, true],
  ])(
    'helper=%s, booking=%s, already sent=%s -> %s',
    (isHelperOfConversation, hasNonCancelledBookingWithHelper, hasSentMessage, enabled) => {
      expect(isChatEnabled({ isHelperOfConversation, hasNonCancelledBookingWithHelper, hasSentMessage })).toBe(enabled);
    },
  );

  it('lets the helper always write', () => {
    expect(
      isChatEnabled({ isHelperOfConversation: true, hasNonCancelledBookingWithHelper: false, hasSentMessage: true }),
    ).toBe(true);
  });

  it('lets a seeker send a first message without a booking, then no more until a booking', () => {
    const seeker = { isHelperOfConversation: false, hasNonCancelledBookingWithHelper: false };
    expect(isChatEnabled({ ...seeker, hasSentMessage: false })).toBe(true);
    expect(isChatEnabled({ ...seeker, hasSentMessage: true })).toBe(false);
    expect(isChatEnabled({ ...seeker, hasNonCancelledBookingWithHelper: true, hasSentMessage: true })).toBe(true);
  });
});

describe('isVisibleOnSend (DESIGN.md section 8)', () => {
  // [carries contact details, parties share a scheduled or paid booking, visible]
  it.each([
    [false, false, true],
    [false, true, true],
    [true, false, false],
    [true, true, true],
  ])('contact details=%s, shared confirmed booking=%s -> %s', (hasContactDetails, sharesBooking, visible) => {
    expect(isVisibleOnSend(hasContactDetails, sharesBooking)).toBe(visible);
  });
});
