// Part of the typed French catalogue (src/shared/messages/): every user-facing string of the product,
// server and client alike, one file per feature so a page loads only the texts it shows. Texts named in
// the specification are copied word for word; do not "improve" them. A message with parameters is a
// function.
/** Texts every page may show: shared words, API and validation errors, navigation, page errors and titles. */
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
  /** A dialog whose code could not be downloaded (network cut, or a new version deployed meanwhile). */
  dialogUnavailable: "Cette fenêtre n'a pas pu s'ouvrir. Vérifiez votre connexion, puis rechargez la page.",
  reloadPage: 'Recharger la page',
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
  /** A line break or an invisible control character in a name, a title, a subject (rules/text-characters.ts). */
  singleLine: 'Ce champ doit tenir sur une ligne, sans retour à la ligne ni caractère invisible.',
  /** An invisible control character (other than line breaks and tabs) in a longer text. */
  controlCharacter: 'Ce texte contient un caractère invisible non autorisé. Retirez-le, puis réessayez.',
  /** A display name, username or guest name that reads as the team's (rules/reserved-names.ts). */
  reservedName: "Ce nom est réservé à l'équipe Appui. Choisissez-en un autre.",
  usernameFormat:
    "Le nom d'utilisateur ne peut contenir que des lettres minuscules, des chiffres, des points, des tirets et des tirets bas.",
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
  admin: 'Administration',
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
  support: 'Support',
  helpCentre: 'Centre d’aide et contact',
  faq: 'Questions fréquentes',
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
  helperVerification: 'Comment nous vérifions les aidants — Appui',
  mentor: 'Profil de l’aidant — Appui',
  mentorNamed: (name: string) => `Profil de ${name} — Appui`,
  notFound: 'Page non trouvée — Appui',
  paymentSuccess: 'Réservation confirmée — Appui',
  resetPassword: 'Nouveau mot de passe — Appui',
  verifyEmail: 'Confirmation de l’adresse e-mail — Appui',
  dataRights: 'Mes données — Appui',
} as const;

/** The banner of every page when the payment simulator runs in production (PAYMENTS_SIMULATOR=true). */
export const demoMode = {
  banner: 'Site de démonstration : aucun paiement n’est réel et aucune carte n’est débitée.',
} as const;
