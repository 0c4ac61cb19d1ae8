// Part of the typed French catalogue (src/shared/messages/): every user-facing string of the product,
// server and client alike, one file per feature so a page loads only the texts it shows. Texts named in
// the specification are copied word for word; do not "improve" them. A message with parameters is a
// function.
/** Admin console (spec 2 sections 2, 6 and 8). */
export const admin = {
  accessDenied: 'Accès refusé',
  accessDeniedToast: 'Accès refusé - Vous devez être administrateur pour accéder à cette page',
  loadError: 'Erreur lors du chargement des données admin',
  deleteError: "Erreur lors de la suppression de l'offre",
  toggleError: 'Erreur lors de la modification de la visibilité',
  editError: "Erreur lors de la modification de l'offre",
  deleted: 'Offre supprimée avec succès',
  edited: 'Offre modifiée avec succès',
  visible: 'Visible',
  hidden: 'Masquée',
} as const;
