import { REPORT_DECISIONS, type REPORT_TARGET_TYPES, type ReportDecision } from '../constants.ts';

type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

/**
 * Which decision applies to which reported content (issue 13 section 1): dismiss always; hiding is
 * for an offer, removal for a review or a message; suspension reaches the author of a profile, offer,
 * review or message. A live chat is with the support team: it can only be dismissed (its lines are
 * the team's and a guest's, neither suspendable from the queue). The server refuses anything else
 * with REPORT_DECISION_NOT_APPLICABLE; the admin queue offers only these.
 */
export const REPORT_DECISION_TARGETS: Record<ReportDecision, readonly ReportTargetType[]> = {
  dismiss: ['user', 'offer', 'review', 'message', 'chat_session'],
  hide_offer: ['offer'],
  remove_review: ['review'],
  remove_message: ['message'],
  suspend_account: ['user', 'offer', 'review', 'message'],
};

/** The decisions an admin may take on a report of `targetType`, in the catalogue's order. */
export function decisionsFor(targetType: ReportTargetType): ReportDecision[] {
  return REPORT_DECISIONS.filter((decision) => REPORT_DECISION_TARGETS[decision].includes(targetType));
}
