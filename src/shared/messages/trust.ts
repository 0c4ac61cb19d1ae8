// Part of the typed French catalogue (src/shared/messages/): every user-facing string of the product,
// server and client alike, one file per feature so a page loads only the texts it shows. Texts named in
// the specification are copied word for word; do not "improve" them. A message with parameters is a
// function.
import { ACCOUNTING_RETENTION_YEARS, DATA_RIGHTS_LINK_TTL_HOURS, type ReportReason } from '../constants.ts';

/** Reports, blocks, crisis resources, data export and erasure (issue 13). */
export const reportReasonLabels: Record<ReportReason, string> = {
  inappropriate_behaviour: 'Comportement inapproprié',
  scam_or_offplatform_payment: 'Arnaque ou demande de paiement hors plateforme',
  shocking_content: 'Contenu choquant',
  impersonation: "Usurpation d'identité",
  endangerment: 'Mise en danger',
  other: 'Autre',
};

/** What a suspended account is told (issue 13 section 1): never the report, its detail or its author. */
export const suspensionMail = {
  subject: 'Votre compte Appui est suspendu',
  text: (name: string) =>
    `Bonjour ${name},\n\n` +
    'Après examen par notre équipe de modération, votre compte Appui a été suspendu : vous ne pouvez plus ' +
    'vous connecter et votre profil et vos offres ne sont plus visibles.\n\n' +
    '- Vos réservations à venir ont été annulées ; les séances déjà payées sont remboursées intégralement.\n' +
    '- Les personnes concernées ont été prévenues.\n\n' +
    'Pour en savoir plus ou contester cette décision, écrivez-nous à support@appui.fr.\n\n' +
    'L’équipe Appui',
  /** The reason the cancelled bookings show (conversation notice and the other party's mail). */
  cancellationReason: 'Le compte de cette personne a été suspendu par l’équipe Appui.',
} as const;

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

/** Data export and erasure, as the server writes them (issue 13 section 4). */
export const dataRights = {
  exportFileName: (isoDate: string) => `appui-mes-donnees-${isoDate}.json`,
  consentTermsKind: 'conditions_generales',
  consentTermsDescription:
    'Conditions générales et politique de confidentialité acceptées lors de la création du compte. ' +
    'Appui n’enregistre par ailleurs que l’acceptation de la charte de l’aidant : aucune prospection commerciale, aucun traceur publicitaire.',
  consentCharterKind: 'charte_aidant',
  consentCharterDescription: (version: string) => `Version ${version} de la charte de l’aidant acceptée.`,
  erasureCancellationReason: 'La personne a supprimé son compte Appui.',
  erasureMailSubject: 'Votre compte Appui a été supprimé',
  erasureMailText: (name: string) =>
    `Bonjour ${name},\n\n` +
    'Votre compte Appui a bien été supprimé, à votre demande.\n\n' +
    '- Vos réservations à venir ont été annulées et, le cas échéant, remboursées selon nos règles.\n' +
    '- Vos offres et vos créneaux ont été retirés, votre photo effacée.\n' +
    '- Votre nom, votre adresse e-mail et votre profil ont été effacés ; vos messages et avis restent ' +
    'visibles de leurs destinataires sous le nom « Compte supprimé ».\n' +
    `- Les réservations et paiements passés sont conservés sans données personnelles pendant ${ACCOUNTING_RETENTION_YEARS} ans, ` +
    'comme l’exige la loi comptable.\n\n' +
    'Vous pouvez créer un nouveau compte avec cette adresse quand vous le souhaitez.\n\n' +
    'Si vous n’êtes pas à l’origine de cette suppression, écrivez-nous à support@appui.fr.\n\n' +
    'L’équipe Appui',
  // The link mailed on request, for whoever cannot log in (a suspended account keeps its rights).
  linkRequested: `Si un compte existe pour cette adresse, un e-mail vient de vous être envoyé avec un lien pour télécharger ou supprimer vos données. Le lien est valable ${DATA_RIGHTS_LINK_TTL_HOURS} heures.`,
  linkMailSubject: 'Vos données personnelles sur Appui',
  linkMailText: (name: string, link: string) =>
    `Bonjour ${name},\n\n` +
    'Vous avez demandé à exercer vos droits sur les données que conserve Appui. Ce lien vous permet de ' +
    'télécharger une copie de vos données et, si vous le souhaitez, de supprimer votre compte :\n\n' +
    `${link}\n\n` +
    `Il est valable ${DATA_RIGHTS_LINK_TTL_HOURS} heures et sert une fois pour le téléchargement, une fois pour la suppression. ` +
    'Si vous n’êtes pas à l’origine de cette demande, ignorez simplement ce message : rien ne change sur votre compte.\n\n' +
    'L’équipe Appui',
  linkInvalid: 'Ce lien n’est plus valable : il a expiré ou a déjà servi. Demandez un nouveau lien.',
} as const;
