// Part of the typed French catalogue (src/shared/messages/): every user-facing string of the product,
// server and client alike, one file per feature so a page loads only the texts it shows. Texts named in
// the specification are copied word for word; do not "improve" them. A message with parameters is a
// function.
/** Support centre: contact form, FAQ, urgent numbers, the user's messages and admin handling. */
export const support = {
  // spec 2 sections 5 and 8 (word for word)
  fillAllFields: 'Veuillez remplir tous les champs',
  loginRequired: "Il faut d'abord créer un compte ou se connecter pour pouvoir contacter le support",
  sentSuccess: 'Votre message a été envoyé avec succès !',
  responseRequired: 'Veuillez saisir une réponse',
  responseSent: 'Réponse envoyée avec succès',
  statusUpdated: 'Statut mis à jour',
  updateError: 'Erreur lors de la mise à jour',
  responseError: "Erreur lors de l'envoi de la réponse",
  // server
  notFound: 'Message de support introuvable.',
  transitionRefused: 'Ce changement de statut n’est pas possible pour ce message.',
  updateNothing: 'Indiquez un statut ou une priorité.',
} as const;
