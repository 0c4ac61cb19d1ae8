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
} as const;
