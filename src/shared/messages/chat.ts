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

/** The live chat dialog of the support page (spec 2 sections 2 and 4; UI.md "Safety cues"). */
export const liveChat = {
  launch: 'Démarrer un chat',
  title: 'Chat en direct',
  description: 'Un membre de l’équipe Appui vous répond ici, en direct.',
  guestIntro: 'Sans compte, indiquez votre nom et votre adresse e-mail pour que l’équipe sache qui lui écrit.',
  nameLabel: 'Votre nom',
  emailLabel: 'Votre adresse e-mail',
  subjectHint: 'Facultatif : en quelques mots.',
  start: 'Démarrer le chat',
  starting: 'Démarrage…',
  restoring: 'Reprise de votre conversation…',
  retry: 'Réessayer',
  threadLabel: 'Messages du chat',
  empty: 'Écrivez votre message : un membre de l’équipe vous répondra ici.',
  you: 'Vous',
  inputLabel: 'Votre message',
  inputPlaceholder: 'Écrivez votre message…',
  inputHint: 'Entrée pour envoyer, Maj+Entrée pour aller à la ligne.',
  send: 'Envoyer',
  sending: 'Envoi…',
  connectionLive: 'Temps réel actif',
  connectionReady: 'Prêt',
  ended: 'Cette conversation est terminée.',
  newChat: 'Démarrer une nouvelle conversation',
  crisisLabel: 'En danger ?',
  crisisNumbers: [
    { number: '15', label: 'Appeler le 15 (SAMU)' },
    { number: '3114', label: 'Appeler le 3114 (prévention du suicide)' },
    { number: '112', label: 'Appeler le 112 (urgence européenne)' },
  ],
} as const;
