// Part of the typed French catalogue (src/shared/messages/, see common.ts). A file of its own: the
// header shows the role switch on every page, so the first paint loads these and not the auth texts.
/** Switching between helper and seeker (spec 1 section 2). */
export const role = {
  adminCannotChange: 'Les administrateurs ne peuvent pas changer de rôle',
  changeError: 'Erreur lors du changement de rôle',
  changeSuccess: 'Rôle changé avec succès !',
  changedToast: 'Rôle changé !',
  changeFailedToast: 'Impossible de changer de rôle. Veuillez réessayer.',
  modeHelper: 'Mode Aidant',
  modeSeeker: 'Mode Aidé',
  switchRole: 'Changer de rôle',
} as const;
