// Part of the typed French catalogue (src/shared/messages/): every user-facing string of the product,
// server and client alike, one file per feature so a page loads only the texts it shows. Texts named in
// the specification are copied word for word; do not "improve" them. A message with parameters is a
// function.
import { ACCOUNTING_RETENTION_YEARS, type REPORT_TARGET_TYPES, type ReportDecision } from '../constants.ts';

type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

/** The web side of issue 13: the report dialog, the admin reports queue, data export and erasure. */

/** "Signaler" buttons and the report dialog (issue 13 section 1). */
export const reportDialog = {
  buttonLabel: {
    user: 'Signaler ce profil',
    offer: 'Signaler cette offre',
    review: 'Signaler cet avis',
    message: 'Signaler ce message',
    chat_session: 'Signaler cette conversation',
  } satisfies Record<ReportTargetType, string>,
  title: {
    user: 'Signaler ce profil',
    offer: 'Signaler cette offre',
    review: 'Signaler cet avis',
    message: 'Signaler ce message',
    chat_session: 'Signaler cette conversation',
  } satisfies Record<ReportTargetType, string>,
  description:
    'Dites-nous ce qui ne va pas. Notre équipe examine chaque signalement ; la personne concernée ne sait pas qui l’a fait.',
  reasonLegend: 'Motif du signalement',
  reasonRequired: 'Veuillez choisir un motif.',
  detailLabel: 'Précisions',
  detailOptional: '(facultatif)',
  detailHint: 'Ce qui s’est passé, en quelques mots.',
  /** Shown under "Mise en danger": the report is read by people, not at once. */
  dangerHint:
    'Si quelqu’un est en danger immédiat, appelez le 15 (SAMU) ou le 112. En cas de pensées suicidaires, le 3114 répond jour et nuit.',
  send: 'Envoyer le signalement',
  sending: 'Envoi…',
  cancel: 'Annuler',
  sendError: 'Le signalement n’a pas pu être envoyé. Réessayez dans un instant.',
  sentTitle: 'Signalement envoyé',
  close: 'Fermer',
} as const;

/** The admin console's reports tab (issue 13 section 1). */
export const adminReports = {
  tabLabel: 'Signalements',
  openQueue: 'Voir les signalements',
  listTitle: 'Signalements',
  statusFilterLabel: 'Filtrer par statut',
  typeFilterLabel: 'Filtrer par type de contenu',
  allStatuses: 'Tous',
  allTypes: 'Tout',
  status: { pending: 'En attente', reviewed: 'Traité', dismissed: 'Classé sans suite' } as Record<string, string>,
  targetType: {
    user: 'Profil',
    offer: 'Offre',
    review: 'Avis',
    message: 'Message',
    chat_session: 'Chat en direct',
  } satisfies Record<ReportTargetType, string>,
  empty: 'Aucun signalement',
  emptyText: 'Rien à examiner pour ces filtres.',
  select: 'Sélectionnez un signalement pour voir le contenu signalé et décider.',
  backToList: 'Retour à la liste',
  reportedBy: (name: string) => `Signalé par ${name}`,
  unknownReporter: 'un compte supprimé',
  reasonTitle: 'Motif',
  detailTitle: 'Précisions du signalement',
  noDetail: 'Aucune précision.',
  snapshotTitle: 'Contenu signalé, tel qu’il était au moment du signalement',
  noSnapshot: 'Aucune copie du contenu n’a été gardée.',
  contextTitle: 'Où il se trouve aujourd’hui',
  noContext: 'Le contenu n’existe plus.',
  /** Labels of the snapshot's and context's usual fields; any other field shows its own name. */
  fieldLabels: {
    text: 'Texte',
    content: 'Texte',
    category: 'Catégorie',
    role: 'Rôle',
    kind: 'Type de message',
    status: 'Statut',
    helper_id: 'Identifiant de l’aidant',
    booking_id: 'Identifiant de la réservation',
    owner_id: 'Identifiant du titulaire',
    assigned_admin_id: 'Identifiant de l’administrateur',
    author_suspended: 'Auteur suspendu',
    title: 'Titre',
    description: 'Description',
    comment: 'Commentaire',
    rating: 'Note',
    display_name: 'Nom affiché',
    username: 'Nom d’utilisateur',
    bio: 'Présentation',
    author: 'Auteur',
    author_id: 'Identifiant de l’auteur',
    author_name: 'Auteur',
    sender_name: 'Expéditeur',
    helper_name: 'Aidant',
    offer_id: 'Identifiant de l’offre',
    offer_title: 'Offre',
    conversation_id: 'Identifiant de la conversation',
    subject: 'Sujet',
    sent_at: 'Envoyé le',
    created_at: 'Créé le',
    exists: 'Existe encore',
    visible: 'Visible',
    removed: 'Retiré',
    suspended: 'Compte suspendu',
    messages: 'Derniers messages',
  } as Record<string, string>,
  emptyValue: '—',
  contentGone: 'Ce contenu n’existe plus (supprimé, retiré ou compte effacé).',
  yes: 'Oui',
  no: 'Non',
  viewOffer: 'Voir l’offre',
  viewProfile: 'Voir le profil',
  decisionsTitle: 'Décision',
  decision: {
    dismiss: 'Classer sans suite',
    hide_offer: 'Masquer l’offre',
    remove_review: 'Retirer l’avis',
    remove_message: 'Retirer le message',
    suspend_account: 'Suspendre le compte',
  } satisfies Record<ReportDecision, string>,
  confirmTitle: {
    dismiss: 'Classer ce signalement sans suite ?',
    hide_offer: 'Masquer cette offre ?',
    remove_review: 'Retirer cet avis ?',
    remove_message: 'Retirer ce message ?',
    suspend_account: 'Suspendre ce compte ?',
  } satisfies Record<ReportDecision, string>,
  confirmText: {
    dismiss: 'Le contenu reste en ligne et le signalement est marqué comme classé sans suite.',
    hide_offer:
      'L’offre n’apparaît plus dans la recherche ni sur le profil de l’aidant. Vous pourrez la rendre visible depuis l’onglet Offres.',
    remove_review: 'L’avis n’est plus affiché sur le profil et ne compte plus dans la note.',
    remove_message: 'Les deux personnes verront « Message supprimé par la modération » à sa place.',
    suspend_account:
      'La personne ne peut plus se connecter ni être trouvée. Ses réservations à venir sont annulées avec un remboursement intégral, et elle est prévenue par e-mail.',
  } satisfies Record<ReportDecision, string>,
  cancel: 'Annuler',
  noteLabel: 'Note interne',
  noteOptional: '(facultatif)',
  noteHint: 'Jointe à la décision, lue par les administrateurs seulement.',
  deciding: 'Enregistrement…',
  decided: 'Décision enregistrée',
  decisionError: 'La décision n’a pas pu être enregistrée.',
  decidedAs: (label: string) => `Décision : ${label}`,
  decidedOn: (date: string) => `le ${date}`,
  adminNote: 'Note de l’administrateur',
} as const;

/** "Vos données" in /edit-profile: the copy and the erasure (issue 13 section 4). */
export const dataRightsPanel = {
  title: 'Vos données personnelles',
  intro:
    'Vous pouvez télécharger une copie de tout ce qu’Appui conserve sur vous, ou supprimer votre compte. La page Confidentialité explique ce que nous gardons et pourquoi.',
  exportButton: 'Télécharger mes données',
  exporting: 'Préparation…',
  exportHint:
    'Un fichier JSON : profil, offres et créneaux, réservations, paiements, avis, conversations, messages au support, signalements et blocages.',
  exportDone: 'Vos données ont été téléchargées.',
  exportError: 'Le téléchargement n’a pas abouti. Réessayez dans un instant.',
  deleteButton: 'Supprimer mon compte',
  deleteHint: 'Définitif : votre profil, vos offres et vos créneaux disparaissent.',
  dialogTitle: 'Supprimer votre compte ?',
  dialogText: 'La suppression est immédiate et définitive. Voici ce qu’elle fait :',
  effects: [
    'Vos réservations à venir sont annulées ; les séances payées sont remboursées selon nos règles d’annulation (intégralement quand vous êtes l’aidant), et l’autre personne est prévenue.',
    'Vos offres et vos créneaux sont retirés, votre photo est effacée.',
    'Vos messages et vos avis restent lisibles par leurs destinataires sous le nom « Compte supprimé ».',
    `Les réservations et paiements sont conservés ${ACCOUNTING_RETENTION_YEARS} ans sans vos données personnelles, comme l’exige la loi comptable.`,
    'Vous êtes déconnecté de tous vos appareils. Vous pourrez créer un nouveau compte avec la même adresse e-mail.',
  ],
  irreversible: 'Cette action est irréversible : nous ne pourrons pas restaurer votre compte.',
  passwordLabel: 'Votre mot de passe',
  passwordHint: 'Pour confirmer que c’est bien vous.',
  passwordRequired: 'Veuillez saisir votre mot de passe.',
  keep: 'Garder mon compte',
  confirm: 'Supprimer définitivement',
  deleting: 'Suppression…',
  deleted: 'Votre compte a été supprimé',
  deletedText: 'Un e-mail de confirmation a été envoyé à votre ancienne adresse.',
  deleteError: 'La suppression n’a pas abouti. Réessayez dans un instant.',
} as const;

/**
 * /mes-donnees: data rights through a mailed link, for whoever cannot sign in (a suspended account
 * keeps its rights). Without a link, the page asks for the address; with one, it offers the download
 * and the erasure.
 */
export const dataRightsLinkPage = {
  title: 'Vos données personnelles',
  requestIntro:
    'Vous ne pouvez pas vous connecter, par exemple parce que votre compte est suspendu ? Indiquez l’adresse e-mail de votre compte : nous vous enverrons un lien pour télécharger vos données ou supprimer votre compte.',
  emailLabel: 'Adresse e-mail du compte',
  requestSubmit: 'Recevoir le lien',
  requestSending: 'Envoi…',
  requestError: 'La demande n’a pas pu être envoyée. Réessayez dans un instant.',
  linkIntro:
    'Depuis cette page, vous pouvez télécharger une copie de vos données, puis, si vous le souhaitez, supprimer votre compte. Ce lien sert une fois pour chacune de ces actions.',
  exportDoneHint: 'Ce lien a servi au téléchargement. Pour télécharger à nouveau, demandez un nouveau lien.',
  newLink: 'Demander un nouveau lien',
  erasedTitle: 'Votre compte a été supprimé',
  erasedText: 'Un e-mail de confirmation a été envoyé à votre ancienne adresse. Merci d’avoir fait partie d’Appui.',
  backHome: 'Retour à l’accueil',
  // where the page is offered: the refusal of a suspended account's login, the privacy page
  fromLogin: 'Télécharger ou supprimer mes données',
  fromPrivacyPage:
    'Vous ne pouvez pas vous connecter, par exemple parce que votre compte est suspendu ? Recevez par e-mail un lien pour télécharger ou supprimer vos données.',
  fromPrivacyPageLink: 'Recevoir un lien vers mes données',
} as const;
