/**
 * The typed French catalogue: every user-facing string of the product, server and client alike.
 * Texts named in the specification are copied word for word; do not "improve" them.
 * A message with parameters is a function. Sections follow the features.
 */

export const common = {
  appName: 'Appui',
  tagline: "L'entraide entre pairs, quand la vie se complique",
  loading: 'Chargement…',
  saving: 'Enregistrement…',
  save: 'Enregistrer',
  cancel: 'Annuler',
  confirm: 'Confirmer',
  close: 'Fermer',
  back: 'Retour',
  retry: 'Réessayer',
  delete: 'Supprimer',
  edit: 'Modifier',
  error: 'Erreur',
  free: 'Gratuit',
  newHelper: 'Nouveau',
  minutes: (n: number) => `${n} min`,
  parisTimeLabel: 'heure de Paris',
  accessDenied: 'Accès refusé',
  accessDeniedHint: 'Vous devez être connecté pour accéder à cette page.',
  helperOnlyHint: 'Cette page est réservée aux aidants.',
  backHome: "Retour à l'accueil",
  roleHelper: 'Aidant',
  roleSeeker: 'Aidé',
  roleAdmin: 'Administrateur',
} as const;

/** Errors produced by the API error model and by the client when reading error bodies (spec 1 section 8). */
export const apiErrors = {
  unreadable: 'Une erreur est survenue',
  fallback: 'Erreur API',
  httpError: (status: number) => `HTTP error! status: ${status}`,
  validationItem: 'Erreur de validation',
  emailItem: (example: string) => `Veuillez entrer une adresse email valide (ex: ${example})`,
  emailExample: 'nom@exemple.fr',
  internal: 'Une erreur interne est survenue. Veuillez réessayer plus tard.',
  serviceUnavailable: 'Le service est momentanément indisponible. Veuillez réessayer dans un instant.',
  notAuthenticated: 'Vous devez être connecté pour effectuer cette action.',
  invalidToken: 'Votre session a expiré. Veuillez vous reconnecter.',
  forbidden: "Vous n'êtes pas autorisé à effectuer cette action.",
  notFound: "La ressource demandée n'existe pas.",
  routeNotFound: "Cette adresse de l'API n'existe pas.",
  payloadTooLarge: 'La requête est trop volumineuse.',
  unsupportedMediaType: "Ce type de contenu n'est pas accepté.",
  badRequest: 'La requête est invalide.',
  invalidJson: "Le corps de la requête n'est pas un JSON valide.",
  rateLimited: 'Trop de tentatives. Veuillez patienter quelques minutes avant de réessayer.',
  // the HTTP edge: requests refused before any route
  badUrl: "L'adresse demandée est mal encodée.",
  uriTooLong: "L'adresse demandée est trop longue.",
  headersTooLarge: 'Les en-têtes de la requête sont trop volumineux.',
  requestTimeout: 'La requête a mis trop de temps à arriver. Veuillez réessayer.',
  websocketNotHere: "Aucune connexion temps réel n'est proposée à cette adresse.",
  unexpectedApplicationError: 'Unexpected Application Error!',
} as const;

/** French messages of zod validation issues (422 list). */
export const validation = {
  required: 'Ce champ est obligatoire.',
  invalidType: 'Valeur invalide.',
  invalidEmail: 'Adresse e-mail invalide.',
  tooShort: (min: number) => `Doit contenir au moins ${min} caractère(s).`,
  tooLong: (max: number) => `Doit contenir au plus ${max} caractère(s).`,
  tooSmall: (min: number) => `Doit être supérieur ou égal à ${min}.`,
  tooBig: (max: number) => `Doit être inférieur ou égal à ${max}.`,
  notInteger: 'Doit être un nombre entier.',
  invalidChoice: 'Valeur non autorisée.',
  invalidUuid: 'Identifiant invalide.',
  invalidDate: 'Date invalide.',
  unknownField: 'Champ non reconnu.',
  usernameFormat:
    "Le nom d'utilisateur ne peut contenir que des lettres minuscules, des chiffres, des points, des tirets et des tirets bas.",
} as const;

export const auth = {
  loginTitle: 'Se connecter',
  signupTitle: 'Créer un compte',
  loginSubtitle: 'Heureux de vous revoir.',
  signupSubtitle: 'Rejoignez une communauté qui prend soin de chacun.',
  email: 'Adresse e-mail',
  password: 'Mot de passe',
  confirmPassword: 'Confirmer le mot de passe',
  displayName: 'Nom affiché',
  username: "Nom d'utilisateur",
  optional: '(facultatif)',
  loginButton: 'Se connecter',
  signupButton: 'Créer mon compte',
  loggingIn: 'Connexion…',
  signingUp: 'Création du compte…',
  switchToSignup: 'Pas encore de compte ? Inscrivez-vous',
  switchToLogin: 'Déjà un compte ? Connectez-vous',
  forgotPassword: 'Mot de passe oublié ?',
  emailRequired: "L'adresse e-mail est obligatoire.",
  passwordRequired: 'Le mot de passe est obligatoire.',
  passwordTooShort: 'Le mot de passe doit contenir au moins 6 caractères',
  passwordsDontMatch: 'Les mots de passe ne correspondent pas',
  loginError: 'Erreur de connexion',
  signupError: 'Erreur lors de la création du compte',
  invalidCredentials: 'Adresse e-mail ou mot de passe incorrect.',
  /** Too many failed logins on one account (whatever the address they came from): the wait, in minutes. */
  tooManyLoginAttempts: (minutes: number) =>
    `Trop de tentatives de connexion. Réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}.`,
  emailTaken: 'Cette adresse e-mail est déjà utilisée.',
  usernameTaken: "Ce nom d'utilisateur est déjà pris.",
  loginSuccess: 'Vous êtes connecté.',
  signupSuccess: 'Bienvenue sur Appui !',
  logout: 'Se déconnecter',
  loginRequiredToBook: "Il faut d'abord créer un compte ou se connecter pour pouvoir réserver",
  loginRequiredToMessage: "Il faut d'abord créer un compte ou se connecter pour envoyer un message",
} as const;

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

export const passwordReset = {
  forgotTitle: 'Mot de passe oublié',
  forgotIntro: 'Indiquez votre adresse e-mail : nous vous enverrons un lien pour choisir un nouveau mot de passe.',
  forgotSubmit: 'Envoyer le lien',
  forgotSending: 'Envoi…',
  /** Always the same answer, known address or not (no account enumeration). */
  forgotGeneric:
    'Si un compte existe pour cette adresse, un e-mail contenant un lien de réinitialisation vient de vous être envoyé. Le lien est valable 1 heure.',
  resetTitle: 'Choisir un nouveau mot de passe',
  newPassword: 'Nouveau mot de passe',
  confirmNewPassword: 'Confirmer le nouveau mot de passe',
  showPassword: 'Afficher le mot de passe',
  hidePassword: 'Masquer le mot de passe',
  resetSubmit: 'Enregistrer le mot de passe',
  resetting: 'Enregistrement…',
  requestNewLink: 'Demander un nouveau lien',
  tokenMissing: 'Token manquant',
  invalidLinkAtLoad: 'Lien de réinitialisation invalide. Veuillez redemander un lien.',
  invalidOrExpiredToken: 'Ce lien de réinitialisation est invalide ou a expiré. Veuillez redemander un lien.',
  resetSuccess: 'Votre mot de passe a été modifié. Vous allez être redirigé vers l’accueil.',
  backToLogin: "Retour à l'accueil",
  mailSubject: 'Réinitialisation de votre mot de passe Appui',
  mailText: (name: string, link: string) =>
    `Bonjour ${name},\n\nVous avez demandé à réinitialiser votre mot de passe Appui. Cliquez sur le lien ci-dessous pour en choisir un nouveau :\n\n${link}\n\nCe lien est valable 1 heure et ne peut servir qu'une fois. Si vous n'êtes pas à l'origine de cette demande, ignorez simplement ce message : votre mot de passe reste inchangé.\n\nL'équipe Appui`,
} as const;

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

export const bioReminder = {
  title: 'Complétez votre profil',
  text: 'Ajoutez quelques mots sur vous : une bio rassure et aide les autres à vous choisir.',
  action: 'Compléter mon profil',
  dismiss: 'Plus tard',
} as const;

export const categories = {
  all: 'Tous',
  'developpement-personnel': 'Développement Personnel',
  carriere: 'Carrière',
  'sante-mentale': 'Santé Mentale',
  relations: 'Relations',
  etudes: 'Études',
  entrepreneuriat: 'Entrepreneuriat',
  creativite: 'Créativité',
} as const;

export const offers = {
  loadError: 'Erreur lors du chargement des offres',
  createError: "Erreur lors de la création de l'offre",
  updateError: "Erreur lors de la mise à jour de l'offre",
  deleteError: "Erreur lors de la suppression de l'offre",
  myOffersLoadError: 'Erreur lors du chargement de vos offres',
  searchError: "Erreur lors de la recherche d'offres",
  deleted: 'Offre supprimée avec succès',
  deleteFallback: "Impossible de supprimer l'offre",
  created: 'Offre créée avec succès',
  updated: 'Offre modifiée avec succès',
  /** Contains "réservation" and "active" on purpose: the client opens the active-bookings dialog on it (spec 1 section 8). */
  hasActiveBookings:
    'Cette offre a des réservations actives à venir. Annulez ces réservations avant de supprimer l’offre.',
  activeBookingsDialogTitle: 'Réservations actives',
  activeBookingsDialogText:
    'Cette offre a des réservations actives. Vous devez d’abord annuler ces réservations depuis l’onglet Réservations avant de pouvoir la supprimer.',
  loadUnauthorized: 'Votre session a expiré. Veuillez vous reconnecter.',
  loadForbidden: "Vous n'êtes pas autorisé à modifier cette offre.",
  loadNotFound: "Cette offre n'existe plus ou a été supprimée.",
  loadOther: "Impossible de charger les données de l'offre. Vérifiez votre connexion et réessayez.",
  notFound: 'Offre non trouvée',
  notOwner: "Vous n'êtes pas le propriétaire de cette offre.",
  helperRequired: 'Seuls les aidants peuvent gérer des offres.',
  titleRequired: 'Le titre est obligatoire.',
  descriptionRequired: 'La description est obligatoire.',
  categoryRequired: 'Veuillez choisir une catégorie.',
  contactRequired: 'Les informations de contact sont obligatoires.',
  contactInvalidPhone:
    "Numéro de téléphone invalide. Utilisez le format international avec l'indicatif (ex: +33123456789).",
  contactInvalidLink: 'Lien invalide. Utilisez un lien Zoom, Google Meet ou Microsoft Teams valide.',
  contactInvalidFormat:
    'Format invalide. Entrez soit un numéro de téléphone international (avec +), soit un lien de réunion valide.',
  pricingOptionRequired: 'Ajoutez au moins une option de tarif.',
  priceWholeEuros: 'Le prix doit être un nombre entier d’euros.',
  priceMinimum: 'Le prix ne peut pas être négatif.',
  priceMaximum: (max: number) => `Le prix ne peut pas dépasser ${max} €.`,
  durationInvalid: 'Choisissez une durée de 15, 30, 45, 60, 90 ou 120 minutes.',
  pricingDurationDuplicate: 'Chaque durée ne peut apparaître qu’une fois dans les options de tarif.',
  tooManyPricingOptions: (max: number) => `Vous pouvez proposer au plus ${max} options de tarif.`,
  payoutAccountRequired:
    'Pour proposer une offre payante, configurez d’abord votre compte de paiement depuis votre tableau de bord (onglet Aperçu). Les offres gratuites ne nécessitent pas de compte.',
  contactForbidden: 'Accès aux informations de contact non autorisé',
  contactAfterBooking: 'Les informations de contact seront disponibles après confirmation de votre réservation.',
  contactLoadError: 'Erreur lors du chargement des informations de contact',
  contactLoadUnavailable: 'Impossible de charger les informations de contact pour le moment.',
  noOffers: 'Aucune offre disponible pour le moment',
  bookSession: 'Réserver une séance',
  book: 'Réserver',
  visible: 'Visible',
  hidden: 'Masquée',
  // Offer cards, form and the dashboard "Mes offres" tab (web offers feature).
  featuredTitle: 'Des aidants à votre écoute',
  featuredIntro: 'Quelques offres publiées récemment par les aidants de la communauté.',
  ratingLabel: (average: string, count: number) => `Note moyenne ${average} sur 5, ${count} avis`,
  reviewsCount: (count: number) => `(${count} avis)`,
  newHelperLabel: 'Nouvel aidant, pas encore d’avis',
  durationLabel: (minutes: number) => `Durée : ${minutes} minutes`,
  createTitle: 'Créer une offre',
  createIntro: 'Décrivez ce que vous proposez et fixez vos tarifs. Vous ajouterez vos créneaux juste après.',
  editTitle: 'Modifier l’offre',
  editIntro: 'Vos modifications s’appliquent aux prochaines réservations.',
  fieldTitle: 'Titre',
  fieldTitlePlaceholder: 'Ex. : Sortir du burn-out pas à pas',
  fieldDescription: 'Description',
  fieldDescriptionPlaceholder: 'Votre parcours, ce que vous proposez pendant la séance, à qui elle s’adresse…',
  fieldCategory: 'Catégorie',
  fieldCategoryPlaceholder: 'Choisissez une catégorie',
  fieldContact: 'Informations de contact pour la séance',
  fieldContactPlaceholder: '+33 6 12 34 56 78 ou https://meet.google.com/…',
  contactHint:
    'Un numéro de téléphone international avec l’indicatif (ex : +33612345678) ou un lien Zoom, Google Meet ou Microsoft Teams. Seules les personnes ayant réservé le verront.',
  fieldCurrency: 'Devise',
  currencyEur: 'Euro (€)',
  currencyUsd: 'Dollar américain ($)',
  pricingTitle: 'Durées et tarifs',
  pricingHint: 'Proposez une ou plusieurs durées. Un prix de 0 rend la séance gratuite.',
  pricingOptionLabel: (n: number) => `Option ${n}`,
  fieldDuration: 'Durée',
  fieldPrice: (currency: string) => `Prix (${currency}, nombre entier)`,
  addPricingOption: 'Ajouter une durée',
  removePricingOption: (n: number) => `Retirer l’option ${n}`,
  fieldVisible: 'Afficher l’offre dans la recherche et sur mon profil',
  payoutNotice: 'Les paiements sont versés sur votre compte Stripe Connect.',
  payoutSetupLink: 'Configurer mon compte de paiement',
  submitCreate: 'Publier l’offre',
  submitEdit: 'Enregistrer les modifications',
  previewAction: 'Aperçu',
  manageSlotsAction: 'Gérer les créneaux',
  myOffersEmptyTitle: 'Vous n’avez pas encore d’offre',
  myOffersEmptyText: 'Publiez une première offre pour que les personnes qui en ont besoin puissent vous trouver.',
  createOfferAction: 'Créer une offre',
  deleteConfirmTitle: 'Supprimer cette offre ?',
  deleteConfirmText: (title: string) =>
    `« ${title} » ne sera plus proposée. Les séances passées restent dans votre historique.`,
  deleting: 'Suppression…',
  visibilityLabel: (title: string) => `Visibilité de l’offre « ${title} »`,
  visibilityError: 'Impossible de modifier la visibilité de l’offre',
  visibilityShown: 'Offre visible',
  visibilityHidden: 'Offre masquée',
  pricingSummary: (count: number) => `${count} durée(s) proposée(s)`,
} as const;

export const explore = {
  title: "Trouver de l'aide",
  loadHelpersError: 'Erreur lors du chargement des aidants',
  resultsCount: (n: number) => `${n} aidant(s) trouvé(s)`,
  /** A very broad search answers an estimated total (`total_is_estimate`). */
  resultsCountEstimate: (n: number) => `Environ ${n} aidant(s) trouvé(s)`,
  clearFilters: 'Effacer les filtres',
  intro: 'Parcourez les offres des aidants et réservez une séance au moment qui vous convient.',
  searchLabel: 'Rechercher un sujet ou un aidant',
  searchPlaceholder: 'Ex. : burn-out, deuil, reconversion…',
  searchButton: 'Rechercher',
  categoriesLabel: 'Filtrer par catégorie',
  noResultsTitle: 'Aucun aidant ne correspond à votre recherche',
  noResultsText: 'Essayez d’autres mots ou une autre catégorie.',
  createOffer: 'Créer une offre',
  message: 'Message',
  messageHelper: (name: string) => `Envoyer un message à ${name}`,
  bookHelper: (title: string) => `Réserver « ${title} »`,
  paginationLabel: 'Pages de résultats',
  previousPage: 'Page précédente',
  nextPage: 'Page suivante',
  pageOf: (page: number, pages: number) => `Page ${page} sur ${pages}`,
  priceFilterLabel: 'Prix',
  priceAny: 'Tous les prix',
  priceFree: 'Gratuit',
  priceUpTo: (euros: number) => `Jusqu'à ${euros} €`,
  durationFilterLabel: 'Durée',
  durationAny: 'Toutes les durées',
  durationMinutes: (minutes: number) => `${minutes} minutes`,
} as const;

export const slots = {
  inPast: (date: string) => `Impossible de créer un créneau dans le passé pour le ${date}`,
  endBeforeStart: (date: string) => `L'heure de fin doit être après l'heure de début pour le créneau ${date}`,
  timeElapsedToday: (time: string) => `L'horaire ${time} n'est plus disponible aujourd'hui`,
  nothingToAdd: 'Aucun nouveau créneau à ajouter',
  fillAllFields: 'Veuillez remplir tous les champs',
  duplicate: "Impossible d'ajouter le créneau. Vérifiez qu'aucun créneau n'existe déjà pour cette période.",
  deleted: 'Créneau supprimé avec succès',
  deleteError: 'Impossible de supprimer le créneau',
  added: (n: number) => `${n} nouveau(x) créneau(x) ajouté(s) avec succès`,
  addError: "Impossible d'ajouter les nouveaux créneaux",
  createError: 'Impossible de créer les créneaux',
  singleCreateError: 'Erreur lors de la création du créneau',
  bulkCreateError: (date: string, time: string) => `Erreur lors de la création du créneau du ${date} à ${time}`,
  toggleError: 'Impossible de modifier la disponibilité du créneau',
  notFound: 'Créneau introuvable.',
  created: 'Créneau créé avec succès',
  helperRequired: 'Seuls les aidants peuvent gérer des créneaux.',
  toggled: 'Disponibilité du créneau modifiée',
} as const;

export const booking = {
  loginRequired: "Il faut d'abord créer un compte ou se connecter pour pouvoir réserver",
  selectDateTime: 'Veuillez sélectionner une date et une heure',
  selectDuration: 'Veuillez choisir une durée',
  ownOffer: 'Vous ne pouvez pas réserver votre propre offre.',
  createdTitle: 'Réservation créée',
  createdText: 'Votre session a été réservée avec succès !',
  createErrorTitle: 'Erreur',
  createError: 'Impossible de créer la réservation',
  timeTaken: "Ce créneau vient d'être réservé par quelqu'un d'autre. Veuillez choisir un autre horaire.",
  outsideAvailability: "Cet horaire n'est pas disponible. Veuillez choisir un horaire proposé par l'aidant.",
  inPast: 'Impossible de réserver un horaire déjà passé.',
  invalidDuration: "Cette durée ne correspond à aucune option de tarif de l'offre.",
  paymentRequired: 'Cette offre est payante : la réservation passe par le paiement sécurisé.',
  notFound: 'Réservation introuvable.',
  paymentUnavailable: 'Paiement temporairement indisponible',
  paymentErrorTitle: 'Erreur de paiement',
  checkoutUrlMissing: 'URL de checkout non disponible',
  statusScheduled: 'Programmée',
  statusPaid: 'Payée',
  statusCompleted: 'Terminée',
  statusCancelled: 'Annulée',
  statusPendingPayment: 'En attente de paiement',
  statusChangeNotAllowed: 'Ce changement de statut n’est pas autorisé pour cette réservation.',
  upcomingLimitReached: (max: number) =>
    `Vous avez déjà ${max} réservations à venir avec cette personne. Attendez qu’une séance soit passée ou annulez-en une pour réserver à nouveau.`,
} as const;

export const cancellation = {
  reasonRequired: "Veuillez indiquer une raison pour l'annulation",
  successTitle: 'Réservation annulée',
  successText: 'Votre session a été annulée avec succès.',
  successInformed: (who: string) => `Votre session a été annulée avec succès. ${who} a été informé(e).`,
  error: "Impossible d'annuler la réservation",
  notCancellable: 'Seules les réservations confirmées à venir peuvent être annulées.',
} as const;

export const reviews = {
  notAllowed: 'Seule la personne ayant suivi une séance terminée peut laisser un avis.',
  alreadyExists: 'Vous avez déjà laissé un avis pour cette séance.',
  notFound: 'Avis introuvable.',
  deleted: 'Avis supprimé.',
} as const;

export const paymentReturn = {
  freeConfirmed: 'Réservation confirmée !',
  paidConfirmed: 'Paiement effectué avec succès !',
  confirmationError: 'Erreur de confirmation',
  confirmationFailed: 'Erreur lors de la confirmation',
} as const;

/** Booking confirmation and cancellation e-mails (times in Paris time, spelled out in French). */
export const bookingMail = {
  parisTime: 'heure de Paris',
  confirmationSubjectSeeker: (title: string) => `Votre séance « ${title} » est réservée`,
  confirmationSubjectHelper: (title: string) => `Nouvelle réservation : « ${title} »`,
  confirmationTextSeeker: (p: {
    name: string;
    helperName: string;
    title: string;
    when: string;
    duration: number;
    link: string;
  }) =>
    `Bonjour ${p.name},\n\nVotre séance « ${p.title} » avec ${p.helperName} est confirmée pour le ${p.when} (heure de Paris), durée ${p.duration} min.\n\nLes informations de connexion à la séance sont disponibles dans votre espace, onglet Réservations :\n${p.link}\n\nVous trouverez l'invitation en pièce jointe pour l'ajouter à votre agenda.\n\nL'équipe Appui`,
  confirmationTextHelper: (p: {
    name: string;
    seekerName: string;
    title: string;
    when: string;
    duration: number;
    link: string;
  }) =>
    `Bonjour ${p.name},\n\n${p.seekerName} a réservé votre séance « ${p.title} » pour le ${p.when} (heure de Paris), durée ${p.duration} min.\n\nRetrouvez toutes vos réservations dans votre espace :\n${p.link}\n\nVous trouverez l'invitation en pièce jointe pour l'ajouter à votre agenda.\n\nL'équipe Appui`,
  cancellationSubject: (title: string) => `Séance annulée : « ${title} »`,
  cancellationText: (p: {
    name: string;
    otherName: string;
    title: string;
    when: string;
    reason: string;
    refund: string;
    link: string;
  }) =>
    `Bonjour ${p.name},\n\n${p.otherName} a annulé la séance « ${p.title} » prévue le ${p.when} (heure de Paris).\n\nRaison indiquée : ${p.reason}\n${p.refund}\nRetrouvez vos réservations dans votre espace :\n${p.link}\n\nL'équipe Appui`,
  refundFull: (amount: string) =>
    `Un remboursement intégral de ${amount} va être effectué sur le moyen de paiement utilisé.\n`,
  refundNone: 'Cette annulation tardive (moins de 24 h avant la séance) ne donne pas lieu à remboursement.\n',
  icsSummary: (title: string, otherName: string) => `Appui : ${title} avec ${otherName}`,
  icsDescription: (title: string, link: string) =>
    `Séance « ${title} » réservée sur Appui. Les informations de connexion sont dans votre espace : ${link}`,
  icsCancelledSummary: (title: string) => `Annulée : ${title}`,
} as const;

/** Headers, footer and navigation of the web app. */
export const nav = {
  homeLabel: "Appui, retour à l'accueil",
  findHelp: "Trouver de l'aide",
  becomeHelper: 'Devenir aidant',
  dashboard: 'Dashboard',
  howItWorks: 'Comment ça marche',
  login: 'Se connecter',
  getStarted: 'Commencer',
  mySpace: 'Mon espace',
  profile: 'Profil',
  switchRole: 'Changer de rôle',
  logout: 'Se déconnecter',
  accountMenu: 'Menu du compte',
  openMenu: 'Ouvrir le menu',
  closeMenu: 'Fermer le menu',
  mainNavigation: 'Navigation principale',
  skipToContent: 'Aller au contenu',
  footerPlatform: 'Plateforme',
  footerSupport: 'Support',
  footerLegal: 'Légal',
  about: 'À propos',
  contactUs: 'Nous écrire',
  forgotPassword: 'Mot de passe oublié',
  privacy: 'Confidentialité',
  terms: 'Conditions générales de vente',
  legalNotice: 'Mentions légales',
  emergency: "En cas d'urgence, appelez le 15 (SAMU) ou le 3114 (prévention du suicide), jour et nuit.",
  copyright: (year: number) => `© ${year} Appui. Tous droits réservés.`,
} as const;

/** Route-level errors and the 404 page (spec 2 section 2 "404"). */
export const pageErrors = {
  notFoundTitle: 'Page non trouvée',
  notFoundText: "La page que vous cherchez n'existe pas ou a été déplacée.",
  previousPage: 'Page précédente',
  unexpectedText:
    "Un problème inattendu a empêché l'affichage de cette page. Vous pouvez réessayer ou revenir à l'accueil ; si le problème persiste, écrivez-nous.",
  reload: 'Réessayer',
} as const;

/** The dashboard shell and its overview and profile tabs. */
export const dashboard = {
  title: 'Mon espace',
  greeting: (name: string) => `Bonjour ${name}`,
  intro: 'Retrouvez ici vos séances, vos messages et votre profil.',
  tabsLabel: 'Sections du tableau de bord',
  tabOverview: 'Aperçu',
  tabOffers: 'Mes offres',
  tabBookings: 'Réservations',
  tabMessages: 'Messages',
  tabProfile: 'Profil',
  tabAdmin: 'Administration',
  statsTitle: 'En un coup d’œil',
  monthlyRevenue: 'Revenus du mois',
  sessionsCompleted: 'Séances terminées',
  averageRating: 'Note moyenne',
  unreadMessages: 'Messages non lus',
  notAvailable: '—',
  profilePanelTitle: 'Mon profil',
  quickActionsTitle: 'Actions rapides',
  editProfile: 'Modifier mon profil',
  findHelp: "Trouver de l'aide",
  createOffer: 'Créer une offre',
  memberSince: (date: string) => `Membre depuis le ${date}`,
  profileEmail: 'Adresse e-mail',
  profileUsername: "Nom d'utilisateur",
  profileRole: 'Rôle',
  profileBio: 'Bio',
  noUsername: 'Non renseigné',
  backHome: "Retour à l'accueil",
} as const;

/** The landing page (spec 1 section 2 "Landing page"). */
export const landing = {
  heroEyebrow: "L'entraide entre pairs",
  heroTitle: "Parlez à quelqu'un qui est passé par là",
  heroText:
    'Burn-out, séparation, deuil, doute professionnel : Appui vous met en relation avec des aidants bienveillants qui ont vécu ce que vous traversez. Par visio ou par téléphone, à votre rythme.',
  searchLabel: 'Que traversez-vous ?',
  searchPlaceholder: 'Ex. : burn-out, séparation, deuil…',
  searchButton: 'Rechercher',
  seekHelp: "Je cherche de l'aide",
  wantToHelp: 'Je veux aider',
  howTitle: 'Comment ça marche',
  howIntro: 'Trois étapes simples pour être écouté par la bonne personne.',
  howSteps: [
    {
      title: 'Cherchez',
      text: 'Décrivez ce que vous vivez et parcourez les offres des aidants qui peuvent vous accompagner.',
    },
    {
      title: 'Réservez',
      text: 'Choisissez une durée et un créneau qui vous conviennent, puis réglez en ligne en toute sécurité.',
    },
    {
      title: 'Échangez',
      text: 'Retrouvez votre aidant par visio ou par téléphone et parlez en toute confidentialité.',
    },
  ],
  protectionsTitle: 'Vous êtes protégé à chaque étape',
  protectionsIntro: 'Appui encadre chaque séance pour que vous puissiez vous concentrer sur l’essentiel.',
  protections: [
    { title: 'Échanges confidentiels', text: 'Vos conversations restent privées entre vous et votre aidant.' },
    {
      title: 'Communauté vérifiée',
      text: 'Chaque membre est identifié, et tout comportement inapproprié peut être signalé à notre équipe.',
    },
    {
      title: 'Durée personnalisée',
      text: 'Un quart d’heure pour une question, deux heures pour prendre le temps : vous choisissez.',
    },
    {
      title: 'Paiement sécurisé et remboursement',
      text: 'Le paiement passe par notre prestataire de paiement sécurisé ; une séance annulée plus de 24 h à l’avance est remboursée.',
    },
    {
      title: 'Support 24 h/24, 7 j/7',
      text: 'Notre équipe et le chat en direct répondent à toute heure, week-end compris.',
    },
  ],
  warningTitle: 'Important : restez sur Appui',
  warningText:
    "Les séances organisées en dehors d'Appui ne bénéficient d'aucune protection : ni paiement sécurisé, ni remboursement, ni recours auprès de notre équipe. Réservez et réglez toujours vos séances sur la plateforme.",
  missionTitle: 'Notre mission',
  missionText:
    "Personne ne devrait traverser seul une période difficile. Appui rend l'écoute et l'expérience de chacun accessibles à tous, simplement, avec bienveillance et sans jugement.",
  statMembers: 'membres actifs',
  statSessions: 'séances réalisées',
  statRating: 'note moyenne',
  ctaTitle: 'Vous avez traversé une épreuve ? Votre expérience peut aider.',
  ctaText: 'Devenez aidant : publiez une offre gratuite ou payante et choisissez vos créneaux.',
} as const;

/** The public helper profile /mentors/{id} (spec 1 section 2 "Public helper profile"). */
export const helperProfile = {
  unavailable: 'Profil non disponible',
  unavailableText: 'Ce profil n’existe pas ou n’est pas celui d’un aidant.',
  loadError: 'Impossible de charger ce profil pour le moment.',
  tabsLabel: 'Offres et avis de l’aidant',
  tabOffers: 'Offres',
  tabReviews: 'Avis',
  noOffers: 'Cet aidant n’a pas d’offre disponible pour le moment.',
  noReviewsTitle: 'Pas encore d’avis',
  noReviewsText: 'Les avis apparaissent après les premières séances terminées.',
  reviewsLoadError: 'Impossible de charger les avis pour le moment.',
  moreTags: (n: number) => `+${n}`,
  moreTagsLabel: (n: number) => `et ${n} autre(s) thème(s)`,
  tagsLabel: 'Thèmes',
  verified: 'Profil vérifié',
  loginPromptTitle: 'Envie d’échanger avec cet aidant ?',
  loginPrompt: 'Connectez-vous ou créez un compte pour réserver une séance ou lui envoyer un message.',
  login: 'Se connecter',
  signup: 'Créer un compte',
  stars: (rating: number) => `${rating} sur 5`,
  anonymousAuthor: 'Membre Appui',
} as const;

/** The booking page /book/{offerId}, its contact card and the payment success page (web). */
export const bookingPage = {
  withHelper: (name: string) => `Avec ${name}`,
  priceLabel: 'Tarif',
  durationLegend: 'Durée de la séance',
  durationOption: (minutes: number, price: string) => `${minutes} min — ${price}`,
  calendarTitle: 'Choisissez une date',
  calendarHint: 'Les jours en couleur ont des horaires libres.',
  previousMonth: 'Mois précédent',
  nextMonth: 'Mois suivant',
  dayLabel: (date: string, available: boolean) =>
    available ? `${date}, horaires disponibles` : `${date}, aucun horaire disponible`,
  timesTitle: (date: string) => `Horaires du ${date}`,
  timesTitleNoDate: 'Choisissez un horaire',
  pickDayFirst: 'Choisissez un jour dans le calendrier pour voir les horaires.',
  pickDurationFirst: 'Choisissez d’abord une durée pour voir les horaires.',
  noTimesThatDay: 'Aucun horaire libre ce jour-là pour cette durée. Essayez un autre jour.',
  noAvailability: 'Cet aidant n’a pas encore publié de disponibilités pour cette offre. Revenez bientôt.',
  timeBarTitle: 'Votre séance dans la journée',
  timeBarText: (start: string, end: string, windows: string) =>
    `Séance choisie de ${start} à ${end} (heure de Paris). Plages libres ce jour-là : ${windows}.`,
  timeBarTextNoSession: (windows: string) => `Plages libres ce jour-là (heure de Paris) : ${windows}.`,
  timeRange: (start: string, end: string) => `${start} – ${end}`,
  legendFree: 'Libre',
  legendBusy: 'Indisponible',
  legendChosen: 'Votre séance',
  summaryTitle: 'Votre séance',
  summaryWhen: (when: string) => `Le ${when} (heure de Paris)`,
  book: 'Réserver',
  bookAndPay: 'Réserver et payer',
  booking: 'Réservation…',
  redirectingToPayment: 'Redirection vers le paiement…',
  paymentErrorDefault: 'Le paiement sécurisé par Stripe n’a pas pu être lancé. Veuillez réessayer dans un instant.',
  loginToBook: 'Se connecter pour réserver',
  loadError: 'Impossible de charger cette offre pour le moment.',
  fragmentsError: 'Impossible de charger les disponibilités pour le moment.',
  contactTitle: 'Informations de contact',
  contactPhone: 'Téléphone',
  contactLink: 'Lien de la réunion',
  contactOther: 'Contact',
  copy: 'Copier',
  copyLabel: 'Copier les informations de contact',
  copied: 'Copié',
  copyError: 'Impossible de copier les informations de contact.',
} as const;

/** The payment success page /payment/success (spec 2 section 2 "Payment return pages"). */
export const paymentSuccess = {
  freeTitle: 'Votre séance est réservée',
  paidTitle: 'Votre paiement est confirmé',
  intro:
    'Merci de votre confiance. Un e-mail de confirmation vous a été envoyé avec l’invitation à ajouter à votre agenda.',
  nextStepsTitle: 'Les prochaines étapes',
  nextSteps: [
    'Retrouvez votre séance et les informations de contact dans l’onglet Réservations de votre espace.',
    'Écrivez à votre aidant si vous souhaitez préparer la séance.',
    'Un empêchement ? Annulez depuis vos réservations en indiquant une raison ; plus de 24 h avant la séance, une séance payée est remboursée.',
  ],
  goBookings: 'Voir mes réservations',
  summaryTitle: 'Récapitulatif',
} as const;

/** The dashboard bookings tab, the cancellation-reason dialog and the review form (web). */
export const bookingsTab = {
  title: 'Mes réservations',
  loadError: 'Impossible de charger vos réservations pour le moment.',
  emptyTitle: 'Aucune réservation pour le moment',
  emptyText: 'Trouvez un aidant qui a traversé ce que vous vivez et réservez une première séance.',
  emptyAction: "Trouver de l'aide",
  helperEmptyTitle: 'Aucune réservation reçue pour le moment',
  helperEmptyText:
    'Les personnes aidées réservent à l’intérieur de vos créneaux : ajoutez des disponibilités pour être réservé.',
  helperEmptyAction: 'Gérer mes disponibilités',
  withHelper: (name: string) => `Avec ${name}`,
  bookedBy: (name: string) => `Réservée par ${name}`,
  youAreHelper: 'Vous accompagnez',
  when: (when: string) => `${when} (heure de Paris)`,
  duration: (minutes: number) => `${minutes} min`,
  cancel: 'Annuler',
  cancelLabel: (title: string) => `Annuler la réservation « ${title} »`,
  cancelledByYou: 'Annulée par vous',
  cancelledBy: (name: string) => `Annulée par ${name}`,
  reason: (reason: string) => `Raison : ${reason}`,
  lastMinute: (hours: number) => `Annulation de dernière minute (moins de ${hours} h avant la séance)`,
  upcomingTitle: 'À venir',
  pastTitle: 'Passées',
  dialogTitle: 'Annuler la réservation',
  dialogText: 'La personne concernée sera prévenue par e-mail avec la raison que vous indiquez.',
  reasonLabel: "Raison de l'annulation",
  reasonPlaceholder: 'Ex. : un imprévu professionnel',
  confirmCancel: "Confirmer l'annulation",
  keepBooking: 'Garder la réservation',
  cancelling: 'Annulation…',
  someone: 'L’autre personne',
} as const;

export const reviewForm = {
  title: 'Laisser un avis',
  intro: 'Comment s’est passée votre séance ? Votre avis aide les autres à choisir.',
  ratingLegend: 'Votre note',
  star: (n: number) => `${n} étoile(s) sur 5`,
  commentLabel: 'Votre commentaire',
  commentHint: 'Facultatif',
  submit: 'Publier mon avis',
  submitting: 'Publication…',
  ratingRequired: 'Veuillez choisir une note de 1 à 5.',
  successTitle: 'Merci pour votre avis',
  successText: 'Votre avis est publié sur le profil de l’aidant.',
  errorTitle: 'Erreur',
  errorFallback: "Impossible d'enregistrer votre avis pour le moment.",
  alreadyReviewed: (rating: number) => `Vous avez donné ${rating} sur 5 à cette séance.`,
} as const;

/** Overview figures of the dashboard (GET /bookings/stats). */
export const overviewFigures = {
  rating: (average: string, count: number) => `${average}/5 (${count} avis)`,
} as const;

/** The slot pages: /offers/{id}/add-slots, /offers/{id}/manage-slots, /manage-availability (web). */
export const availability = {
  addSlotsTitle: 'Ajoutez vos disponibilités',
  addSlotsIntro: (title: string) =>
    `Indiquez quand vous êtes disponible pour « ${title} ». Les personnes aidées réservent des séances à l'intérieur de ces créneaux.`,
  parisNote: 'Toutes les heures sont en heure de Paris.',
  rowLegend: (n: number) => `Créneau ${n}`,
  dateLabel: 'Date',
  startLabel: 'Début (heure de Paris)',
  endLabel: 'Fin (heure de Paris)',
  timePlaceholder: 'Choisir',
  addRow: 'Ajouter un créneau',
  removeRow: (n: number) => `Retirer le créneau ${n}`,
  submit: 'Enregistrer les créneaux',
  skip: 'Passer cette étape',
  manageSlotsTitle: 'Créneaux de l’offre',
  manageSlotsIntro: (title: string) => `Les disponibilités de « ${title} », en heure de Paris.`,
  showPast: 'Afficher les créneaux passés',
  listTitle: 'Créneaux',
  noSlots: 'Aucun créneau à venir pour le moment. Ajoutez-en ci-dessous.',
  addFormTitle: 'Ajouter des créneaux',
  singleSlotButton: 'Créer un créneau détaillé',
  singleDialogTitle: 'Nouveau créneau',
  singleDialogText: 'Un créneau avec une heure de début, une durée et, si besoin, un lien et des notes.',
  timeLabel: 'Heure de début (heure de Paris)',
  durationLabel: 'Durée',
  durationOption: (minutes: number) => `${minutes} min`,
  meetingLinkLabel: 'Lien de réunion',
  notesLabel: 'Notes',
  optional: '(facultatif)',
  createSlot: 'Créer le créneau',
  slotRange: (start: string, end: string) => `${start} – ${end}`,
  deleteSlotLabel: (date: string, range: string) => `Supprimer le créneau du ${date}, ${range}`,
  toggleLabel: (date: string, range: string) => `Créneau du ${date}, ${range} disponible`,
  available: 'Disponible',
  unavailable: 'Indisponible',
  past: 'Passé',
  loadError: 'Impossible de charger vos créneaux pour le moment.',
  manageAvailabilityTitle: 'Mes disponibilités',
  manageAvailabilityIntro:
    'Tous vos créneaux, toutes offres confondues. Désactivez un créneau pour le retirer des réservations sans le supprimer.',
  allOffers: 'Toutes mes offres',
  backToOffers: 'Retour à mes offres',
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

/** The about page (spec 1 section 1: static marketing text). */
export const about = {
  title: 'À propos d’Appui',
  intro:
    'Appui est né d’une conviction simple : quand la vie se complique, parler à quelqu’un qui a traversé la même épreuve change tout. Nous mettons en relation des personnes qui cherchent une écoute avec des aidants qui ont l’expérience et l’envie de la partager.',
  missionTitle: 'Notre mission',
  missionText:
    'Rendre l’entraide entre pairs accessible à chacun, en toute confiance. Burn-out, séparation, deuil, reconversion, études, projet d’entreprise : il existe toujours quelqu’un qui est passé par là et qui peut vous aider à y voir plus clair.',
  valuesTitle: 'Nos valeurs',
  values: [
    { title: 'Bienveillance', text: 'Chaque échange se fait sans jugement, avec respect et écoute.' },
    { title: 'Confidentialité', text: 'Vos conversations vous appartiennent ; nous ne les partageons avec personne.' },
    {
      title: 'Confiance',
      text: 'Paiements sécurisés, avis vérifiés et une équipe qui veille au bon déroulement des séances.',
    },
    {
      title: 'Accessibilité',
      text: 'Des séances gratuites ou à petit prix, par visio ou par téléphone, où que vous soyez.',
    },
  ],
  figuresTitle: 'Appui en chiffres',
  figureUsers: 'utilisateurs',
  figureCountries: 'pays',
  figureSessions: 'séances réalisées',
  figureSatisfaction: 'de satisfaction',
  foundedText: (year: string) =>
    `Fondée en ${year}, Appui réunit aujourd’hui une communauté francophone présente dans le monde entier.`,
  notTherapyTitle: 'Ce qu’Appui n’est pas',
  notTherapyText:
    'Les aidants partagent leur expérience ; ils ne remplacent ni un médecin, ni un psychologue, ni les services d’urgence. En cas de danger, appelez le 15 ou le 3114.',
  ctaSearch: "Trouver de l'aide",
  ctaContact: 'Nous écrire',
} as const;

/** Privacy policy, terms of sale and legal notice (spec 2 section 2 "Static and legal pages"). */
export const legal = {
  lastUpdated: 'Dernière mise à jour : 1er septembre 2025',
  privacyTitle: 'Politique de confidentialité',
  privacyIntro:
    'Appui SAS attache une grande importance à la protection de vos données personnelles. Cette politique explique quelles données nous collectons, pourquoi, combien de temps nous les gardons et comment exercer vos droits, conformément au Règlement général sur la protection des données (RGPD) et à la loi Informatique et Libertés.',
  privacySections: [
    {
      title: 'Responsable du traitement',
      paragraphs: [
        'Le responsable du traitement est Appui SAS, 12 rue de la Solidarité, 75011 Paris, France. Pour toute question relative à vos données, écrivez à support@appui.fr.',
      ],
    },
    {
      title: 'Données collectées',
      paragraphs: [
        'Données de compte : adresse e-mail, mot de passe (conservé uniquement sous forme chiffrée), nom affiché, nom d’utilisateur, bio et photo de profil si vous les renseignez.',
        'Données d’activité : offres publiées, créneaux, réservations, avis, messages échangés sur la plateforme et demandes adressées au support.',
        'Données de paiement : les paiements sont traités par notre prestataire de paiement par carte ; Appui ne reçoit ni ne conserve jamais vos numéros de carte. Pour les aidants, le prestataire recueille les informations nécessaires aux versements.',
        'Données techniques : journaux de connexion (adresse IP, date, pages demandées) conservés pour la sécurité du service.',
      ],
    },
    {
      title: 'Finalités et bases légales',
      paragraphs: [
        'Fournir le service (création du compte, réservations, messagerie, paiements) : exécution du contrat qui nous lie.',
        'Assurer la sécurité de la plateforme, prévenir la fraude et traiter les signalements : intérêt légitime d’Appui et de ses membres.',
        'Respecter nos obligations comptables et fiscales : obligation légale.',
        'Vous envoyer des e-mails liés à votre compte (confirmation de réservation, réinitialisation du mot de passe) : exécution du contrat. Nous n’envoyons aucune prospection commerciale sans votre accord.',
      ],
    },
    {
      title: 'Durées de conservation',
      paragraphs: [
        'Les données de compte sont conservées tant que votre compte est actif, puis supprimées dans un délai de 3 ans après votre dernière connexion.',
        'Les données de facturation sont conservées 10 ans, comme l’exige le Code de commerce. Les journaux techniques sont conservés 12 mois.',
        'Les liens de réinitialisation du mot de passe expirent au bout d’une heure.',
      ],
    },
    {
      title: 'Destinataires',
      paragraphs: [
        'Vos données sont accessibles aux seules équipes d’Appui qui en ont besoin, à notre prestataire de paiement et à notre hébergeur, tenus par contrat à la confidentialité. Votre profil public (nom affiché, bio, photo, offres) est visible des autres membres ; votre adresse e-mail ne l’est jamais.',
      ],
    },
    {
      title: 'Vos droits',
      paragraphs: [
        'Vous disposez d’un droit d’accès, de rectification, d’effacement, de limitation, de portabilité et d’opposition, ainsi que du droit de définir des directives sur le sort de vos données après votre décès.',
        'Pour exercer ces droits, écrivez à support@appui.fr en précisant votre demande ; nous répondons sous un mois. Vous pouvez aussi modifier la plupart de vos informations directement depuis votre profil.',
        'Si vous estimez que vos droits ne sont pas respectés, vous pouvez adresser une réclamation à la CNIL (www.cnil.fr).',
      ],
    },
    {
      title: 'Cookies et stockage local',
      paragraphs: [
        'Appui n’utilise aucun cookie publicitaire ni traceur tiers. Votre navigateur conserve uniquement le jeton de connexion et vos préférences d’affichage, nécessaires au fonctionnement du service.',
      ],
    },
  ],
  termsTitle: 'Conditions générales de vente',
  termsIntro:
    'Les présentes conditions générales de vente encadrent la réservation et le paiement des séances proposées sur Appui, plateforme éditée par Appui SAS. En réservant une séance, vous les acceptez sans réserve.',
  termsSections: [
    {
      title: 'Objet du service',
      paragraphs: [
        'Appui met en relation des personnes qui cherchent de l’aide (les aidés) avec des personnes qui proposent leur expérience (les aidants), pour des séances par visio ou par téléphone. Appui agit comme intermédiaire : la séance elle-même est assurée par l’aidant.',
      ],
    },
    {
      title: 'Prix et commission',
      paragraphs: [
        'Chaque aidant fixe librement le prix et la durée de ses séances ; certaines séances sont gratuites. Les prix sont affichés toutes taxes comprises, en euros ou en dollars selon l’offre.',
        'Appui perçoit une commission de 10 % par transaction, prélevée sur le montant payé ; l’aidant reçoit le reste sur son compte de versement.',
      ],
    },
    {
      title: 'Paiement',
      paragraphs: [
        'Le paiement s’effectue en ligne au moment de la réservation, par l’intermédiaire de notre prestataire de paiement par carte. Les cartes acceptées sont Visa, Mastercard et American Express.',
        'Une réservation payante n’est confirmée qu’une fois le paiement accepté. Appui n’a jamais accès à vos données de carte.',
      ],
    },
    {
      title: 'Annulation et remboursement',
      paragraphs: [
        'Vous pouvez annuler une séance depuis votre tableau de bord en indiquant une raison.',
        'Un remboursement intégral est accordé lorsque la séance est annulée plus de 24 h avant son début, ou en cas de problème technique majeur empêchant la séance d’avoir lieu. Une annulation moins de 24 h avant le début n’ouvre pas droit à remboursement.',
        'Lorsque l’aidant annule une séance payée, vous êtes remboursé intégralement.',
      ],
    },
    {
      title: 'Séances organisées hors de la plateforme',
      paragraphs: [
        'Les séances convenues et payées en dehors d’Appui ne bénéficient d’aucune des garanties décrites ici : ni paiement sécurisé, ni remboursement, ni médiation.',
      ],
    },
    {
      title: 'Réclamations et médiation',
      paragraphs: [
        'Pour toute réclamation, écrivez à support@appui.fr. En l’absence de solution amiable, vous pouvez recourir gratuitement à un médiateur de la consommation. Les présentes conditions sont soumises au droit français.',
      ],
    },
  ],
  noticeTitle: 'Mentions légales',
  noticeIntro:
    'Informations légales relatives au site Appui, conformément à la loi n° 2004-575 du 21 juin 2004 pour la confiance dans l’économie numérique.',
  noticeSections: [
    {
      title: 'Éditeur',
      paragraphs: [
        'Appui SAS, société par actions simplifiée au capital de 10 000 €',
        'Siège social : 12 rue de la Solidarité, 75011 Paris, France',
        'SIREN : 000 000 000 (numéro fictif, données de démonstration) — RCS Paris',
        'Numéro de TVA intracommunautaire : FR00 000000000',
        'Contact : support@appui.fr',
      ],
    },
    {
      title: 'Directrice de la publication',
      paragraphs: ['Camille Martin, présidente d’Appui SAS.'],
    },
    {
      title: 'Hébergeur',
      paragraphs: ['OVH SAS, 2 rue Kellermann, 59100 Roubaix, France — www.ovhcloud.com'],
    },
    {
      title: 'Propriété intellectuelle',
      paragraphs: [
        'L’ensemble des contenus du site (textes, logo, interface) est la propriété d’Appui SAS, sauf les contenus publiés par les membres, qui en restent propriétaires. Toute reproduction sans autorisation est interdite.',
      ],
    },
  ],
  placeholderNotice: 'Les informations de société ci-dessus sont des données de démonstration.',
} as const;

/** Document titles of the pages ("<page> — Appui"); the landing keeps the index.html title. */
export const pageTitles = {
  landing: "Appui — L'entraide entre pairs, quand la vie se complique",
  about: 'À propos — Appui',
  addSlots: 'Ajouter des disponibilités — Appui',
  book: 'Réserver une séance — Appui',
  bookOffer: (title: string) => `Réserver « ${title} » — Appui`,
  terms: 'Conditions générales de vente — Appui',
  privacy: 'Confidentialité — Appui',
  createOffer: 'Créer une offre — Appui',
  dashboard: 'Mon espace — Appui',
  editOffer: 'Modifier une offre — Appui',
  editProfile: 'Modifier mon profil — Appui',
  explore: "Trouver de l'aide — Appui",
  forgotPassword: 'Mot de passe oublié — Appui',
  manageAvailability: 'Mes disponibilités — Appui',
  manageSlots: 'Créneaux de l’offre — Appui',
  legalNotice: 'Mentions légales — Appui',
  mentor: 'Profil de l’aidant — Appui',
  mentorNamed: (name: string) => `Profil de ${name} — Appui`,
  notFound: 'Page non trouvée — Appui',
  paymentSuccess: 'Réservation confirmée — Appui',
  resetPassword: 'Nouveau mot de passe — Appui',
} as const;
