// Part of the typed French catalogue (src/shared/messages/): every user-facing string of the product,
// server and client alike, one file per feature so a page loads only the texts it shows. Texts named in
// the specification are copied word for word; do not "improve" them. A message with parameters is a
// function.
import type { ReportReason } from '../constants.ts';

/** Reports, blocks, crisis resources, data export and erasure (issue 13). */
export const reportReasonLabels: Record<ReportReason, string> = {
  inappropriate_behaviour: 'Comportement inapproprié',
  scam_or_offplatform_payment: 'Arnaque ou demande de paiement hors plateforme',
  shocking_content: 'Contenu choquant',
  impersonation: "Usurpation d'identité",
  endangerment: 'Mise en danger',
  other: 'Autre',
};

export const trust = {
  report: 'Signaler',
  reportThanks: 'Merci pour votre signalement. Notre équipe va l’examiner avec attention.',
  reportDuplicate: 'Vous avez déjà signalé ce contenu ; notre équipe l’examine.',
  reportSelf: 'Vous ne pouvez pas vous signaler vous-même.',
  reportTargetNotFound: 'Ce contenu est introuvable.',
  reportNotFound: 'Signalement introuvable.',
  reportAlreadyDecided: 'Ce signalement a déjà été traité.',
  reportDecisionNotApplicable: 'Cette décision ne s’applique pas à ce type de contenu.',
  block: 'Bloquer',
  unblock: 'Débloquer',
  blockSelf: 'Vous ne pouvez pas vous bloquer vous-même.',
  blockedInteraction: 'Cette action n’est pas possible : l’un de vous a bloqué l’autre.',
  accountSuspended: 'Ce compte est suspendu. Pour en savoir plus, écrivez à support@appui.fr.',
  removedMessage: 'Message supprimé par la modération',
  deletedAccount: 'Compte supprimé',
  erasurePasswordWrong: 'Mot de passe incorrect.',
} as const;
