/**
 * Who may write in a conversation (spec 2 sections 4 and 6), decided by the server and shown by the
 * client: the helper of the conversation always; the other party with a non-cancelled booking with
 * that helper, or for a first message (sent from an offer or a profile).
 */
export type ChatEnablementFacts = {
  /** The caller is the conversation's helper. */
  isHelperOfConversation: boolean;
  /** The caller has a booking with that helper whose status is not cancelled. */
  hasNonCancelledBookingWithHelper: boolean;
  /** The caller already sent a message in this conversation. */
  hasSentMessage: boolean;
};

export function isChatEnabled(facts: ChatEnablementFacts): boolean {
  return facts.isHelperOfConversation || facts.hasNonCancelledBookingWithHelper || !facts.hasSentMessage;
}

/**
 * Whether a new message is shown to its recipient at once (DESIGN.md section 8): yes unless it
 * carries contact details while the two parties share no scheduled or paid booking.
 */
export function isVisibleOnSend(hasContactDetails: boolean, partiesShareConfirmedBooking: boolean): boolean {
  return !hasContactDetails || partiesShareConfirmedBooking;
}
