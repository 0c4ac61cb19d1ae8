// Part of the typed French catalogue (src/shared/messages/): every user-facing string of the product,
// server and client alike, one file per feature so a page loads only the texts it shows. Texts named in
// the specification are copied word for word; do not "improve" them. A message with parameters is a
// function.
/** Live chat (spec 2 sections 2, 4, 7 and 8). */
export const chat = {
  subjectLabel: 'De quoi ça parle ?',
  createError: 'Erreur lors de la création de la session de chat',
  sessionClosedOrExpired: 'Session fermée ou expirée',
  connectError: 'Impossible de se connecter au chat',
  sendError: "Erreur lors de l'envoi du message",
  // admin side (spec 2 section 8)
  loadSessionsError: 'Erreur lors du chargement des sessions de chat',
  assignError: "Erreur lors de l'attribution de la session",
  closeError: 'Erreur lors de la fermeture de la session',
  archiveError: "Erreur lors de l'archivage de la session",
  // server
  sessionNotFound: 'Session de chat introuvable.',
  sessionClosed: 'Cette conversation est terminée.',
  guestIdentityRequired: 'Indiquez votre nom et votre adresse e-mail pour démarrer le chat.',
  statusRefused: 'Ce changement de statut n’est pas possible pour cette session.',
  socketTokenRequired: 'Jeton de session requis.',
  /** `sender_name` of a support team reply. */
  adminSenderName: 'Équipe Appui',
  /** `sender_name` of a member whose account has neither display name nor username. */
  memberSenderName: 'Membre',
  // chat socket system lines (system_message frames)
  socketConnected: 'Connecté au support',
  socketSessionActive: 'Un membre de l’équipe Appui a rejoint la conversation.',
  socketInvalidMessage: 'Message non envoyé : écrivez un texte de 4 000 caractères au plus.',
} as const;
