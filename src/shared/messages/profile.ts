// Part of the typed French catalogue (src/shared/messages/): every user-facing string of the product,
// server and client alike, one file per feature so a page loads only the texts it shows. Texts named in
// the specification are copied word for word; do not "improve" them. A message with parameters is a
// function.
/** The user's profile, its edit page and the bio reminder. */
export const profile = {
  title: 'Modifier mon profil',
  restricted: 'Accès restreint',
  restrictedHint: 'Connectez-vous pour modifier votre profil.',
  photo: 'Photo de profil',
  changePhoto: 'Changer la photo',
  uploading: 'Envoi…',
  photoHint: 'JPG, PNG ou WebP, 5 Mo maximum.',
  displayName: 'Nom affiché',
  username: "Nom d'utilisateur",
  email: 'Adresse e-mail',
  bio: 'Bio',
  bioPlaceholder: 'Parlez de vous, de votre parcours et de ce que vous pouvez apporter…',
  bioNudge:
    'Une bio est essentielle pour obtenir plus de réservations : les personnes qui vous contactent veulent savoir qui vous êtes.',
  helperMode: 'Mode aidant',
  helperModeHint: 'Activez ce mode pour publier des offres et recevoir des réservations.',
  helperSectionTitle: 'Espace aidant',
  helperSectionText: 'Vos offres, vos créneaux et vos versements se gèrent depuis votre tableau de bord.',
  save: 'Enregistrer',
  cancel: 'Annuler',
  updated: 'Profil mis à jour',
  roleUpdated: 'Rôle mis à jour',
  photoUpdated: 'Photo mise à jour',
  photoUpdatedText: 'Votre nouvelle photo est en ligne.',
  updateError: 'Impossible de mettre à jour le profil.',
  roleError: 'Impossible de changer le rôle.',
  uploadError: "Erreur d'upload",
  unsupportedFileType: 'Type de fichier non supporté. Utilisez JPG, PNG ou WebP.',
  fileTooLarge: 'Le fichier est trop volumineux. Maximum 5MB.',
  avatarUploaded: 'Photo de profil mise à jour.',
  userNotFound: "Cet utilisateur n'existe pas.",
  noBio: 'Pas encore de bio.',
  avatarFileRequired: 'Veuillez choisir une image à envoyer (champ « file »).',
  avatarUnreadable: "Cette image n'a pas pu être lue. Essayez avec un autre fichier JPG, PNG ou WebP.",
  // Changing the e-mail or the password asks for the current password (a stolen token is not enough).
  currentPassword: 'Mot de passe actuel',
  currentPasswordHint: "Pour changer d'adresse e-mail ou de mot de passe, confirmez votre mot de passe actuel.",
  newPassword: 'Nouveau mot de passe',
  newPasswordHint: 'Laissez vide pour le garder.',
  currentPasswordRequired: "Indiquez votre mot de passe actuel pour changer d'adresse e-mail ou de mot de passe.",
  currentPasswordWrong: 'Le mot de passe actuel est incorrect.',
  accountChangedMailSubject: 'Modification de votre compte Appui',
  accountChangedEmail: "L'adresse e-mail de votre compte Appui vient d'être changée : ce message part vers l'ancienne.",
  accountChangedPassword: 'Le mot de passe de votre compte Appui vient d’être changé.',
  accountChangedMailText: (name: string, changes: string) =>
    `Bonjour ${name},\n\n${changes}\n\nToutes vos autres sessions ont été déconnectées. Si vous n'êtes pas à l'origine de ce changement, répondez à ce message sans attendre : nous vous aiderons à récupérer votre compte.\n\nL'équipe Appui`,
} as const;

/** The edit-profile page beyond the `profile` texts. */
export const profilePage = {
  previewTitle: 'Aperçu de votre profil',
  detailsTitle: 'Vos informations',
  roleTitle: 'Votre rôle',
  bioLength: (n: number, max: number) => `${n} / ${max} caractères`,
  helperCreateOffer: 'Créer une offre',
  helperAvailability: 'Gérer mes disponibilités',
  helperOffers: 'Voir mes offres',
  photoAlt: (name: string) => `Photo de profil de ${name}`,
} as const;
