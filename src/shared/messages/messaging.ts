// Part of the typed French catalogue (src/shared/messages/): every user-facing string of the product,
// server and client alike, one file per feature so a page loads only the texts it shows. Texts named in
// the specification are copied word for word; do not "improve" them. A message with parameters is a
// function.
/** Messaging: conversations, threads, the "send a message" modal, masking, mails and reminders. */
export const messaging = {
  // spec 2 section 8 (word for word)
  conversationsLoadError: 'Erreur lors du chargement des conversations',
  messagesLoadError: 'Erreur lors du chargement des messages',
  sendErrorToast: "Impossible d'envoyer le message",
  modalSendError: "Impossible d'envoyer le message. Veuillez réessayer.",
  openConversationError: "Impossible d'ouvrir la conversation. Veuillez réessayer.",
  noOfferError: 'Impossible de créer une conversation sans offre associée',
  sentToast: 'Message envoyé',
  // spec 2 section 2
  chatDisabled: 'Chat désactivé',
  chatDisabledHint: 'Réservez une séance avec cet aidant pour pouvoir lui écrire à nouveau.',
  // DESIGN.md section 8: masking before payment
  maskedForRecipient: "Message masqué jusqu'au paiement",
  maskedForSender:
    "Ce message contient des coordonnées : votre interlocuteur le verra après la confirmation d'une réservation.",
  // server errors
  conversationNotFound: 'Conversation introuvable.',
  ownOfferConversation: 'Vous ne pouvez pas ouvrir une conversation sur votre propre offre.',
  chatDisabledDetail:
    'Vous pourrez écrire de nouveau à cet aidant après avoir réservé une séance avec lui. Votre premier message lui a bien été transmis.',
  messageNotFound: 'Message introuvable.',
  recipientGone: "Ce compte n'est plus actif : vous ne pouvez plus lui écrire.",
  socketOriginRefused: "Connexion refusée : cette page n'est pas servie par Appui.",
  tooManySockets: 'Trop de connexions ouvertes à Appui : fermez un onglet, puis réessayez.',
} as const;

/** The dashboard's messages tab: the conversation list and the thread (spec 2 section 2). */
export const messagesTab = {
  title: 'Messages',
  listTitle: 'Vos conversations',
  searchLabel: 'Rechercher une conversation',
  searchPlaceholder: 'Nom, offre ou message',
  emptyTitle: 'Aucune conversation pour le moment',
  emptyText: 'Trouvez un aidant qui vous correspond et écrivez-lui depuis son offre ou son profil.',
  emptyAction: 'Explorer les aidants',
  noResultTitle: 'Aucune conversation ne correspond à votre recherche',
  noResultText: 'Essayez un autre nom, le titre d’une offre ou un mot du message.',
  clearSearch: 'Effacer la recherche',
  someone: 'Un membre',
  you: 'Vous : ',
  noMessageYet: 'Aucun message pour le moment',
  openConversation: (name: string, offerTitle: string) => `Conversation avec ${name}, ${offerTitle}`,
  back: 'Retour aux conversations',
  threadLabel: (name: string) => `Messages échangés avec ${name}`,
  offerLink: (offerTitle: string) => `Offre : ${offerTitle}`,
  loadOlder: 'Afficher les messages précédents',
  loadingOlder: 'Chargement…',
  emptyThread: 'Aucun message pour le moment. Écrivez le premier.',
  cancellationNotice: 'Réservation annulée',
  cancellationReason: (reason: string) => `Motif : ${reason}`,
  pending: 'Envoi…',
  inputLabel: 'Votre message',
  inputPlaceholder: 'Écrivez votre message…',
  inputHint: 'Entrée pour envoyer, Maj + Entrée pour aller à la ligne.',
  send: 'Envoyer',
  counter: (length: number, max: number) => `${length} / ${max}`,
  bookAction: 'Réserver une séance',
  selectConversation: 'Choisissez une conversation pour lire ses messages.',
} as const;
