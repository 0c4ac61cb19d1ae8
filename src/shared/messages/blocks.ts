// Part of the typed French catalogue (src/shared/messages/): every user-facing string of the product,
// server and client alike, one file per feature so a page loads only the texts it shows. Texts named in
// the specification are copied word for word; do not "improve" them. A message with parameters is a
// function.

/** Blocking on the web (issue 13 section 2): the buttons, their confirmations and the list in /edit-profile. */
export const blocks = {
  block: 'Bloquer',
  unblock: 'Débloquer',
  blockLabel: (name: string) => `Bloquer ${name}`,
  unblockLabel: (name: string) => `Débloquer ${name}`,
  confirmTitle: (name: string) => `Bloquer ${name} ?`,
  confirmText:
    'Vous ne pourrez plus vous écrire ni réserver l’un chez l’autre, et vous n’apparaîtrez plus dans vos recherches ni sur vos profils respectifs. Vos réservations déjà prévues restent valables et peuvent être annulées. Cette personne n’est pas prévenue, et vous pourrez la débloquer à tout moment depuis votre profil.',
  confirmBlock: 'Bloquer',
  unblockTitle: (name: string) => `Débloquer ${name} ?`,
  unblockText:
    'Vous pourrez de nouveau vous écrire, réserver et vous voir dans les recherches, sauf si cette personne vous a elle-même bloqué.',
  confirmUnblock: 'Débloquer',
  cancel: 'Annuler',
  blocked: (name: string) => `${name} est bloqué·e.`,
  unblocked: (name: string) => `${name} est débloqué·e.`,
  blockError: 'Le blocage n’a pas pu être enregistré. Réessayez dans un instant.',
  unblockError: 'Le déblocage n’a pas pu être enregistré. Réessayez dans un instant.',
  someone: 'Cette personne',
  listTitle: 'Personnes bloquées',
  listDescription:
    'Vous ne pouvez ni vous écrire ni réserver l’un chez l’autre, et vous ne vous voyez plus dans les recherches et sur les profils.',
  listEmpty: 'Vous n’avez bloqué personne.',
  listLoadError: 'La liste des personnes bloquées n’a pas pu être chargée.',
  retry: 'Réessayer',
  blockedSince: (date: string) => `Bloqué·e le ${date}`,
  /** The thread of a conversation where one of the two blocked the other. */
  threadBlocked: 'Cette conversation est bloquée : aucun nouveau message ne peut y être envoyé.',
} as const;
