// Part of the typed French catalogue (src/shared/messages/, see common.ts). A file of its own: the
// reminder sits in every page's frame, so the first paint loads it and not the profile texts.
/** The "complete your profile" reminder under the header. */
export const bioReminder = {
  title: 'Complétez votre profil',
  text: 'Ajoutez quelques mots sur vous : une bio rassure et aide les autres à vous choisir.',
  action: 'Compléter mon profil',
  dismiss: 'Plus tard',
} as const;
