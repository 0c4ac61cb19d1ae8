// Part of the typed French catalogue (src/shared/messages/): every user-facing string of the product,
// server and client alike, one file per feature so a page loads only the texts it shows. Texts named in
// the specification are copied word for word; do not "improve" them. A message with parameters is a
// function.
/** Login, signup and password reset (the role switch: role.ts). */
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
    `Trop de tentatives de connexion. Réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}, ou réinitialisez votre mot de passe avec « Mot de passe oublié ».`,
  emailTaken: 'Cette adresse e-mail est déjà utilisée.',
  usernameTaken: "Ce nom d'utilisateur est déjà pris.",
  loginSuccess: 'Vous êtes connecté.',
  signupSuccess: 'Bienvenue sur Appui !',
  logout: 'Se déconnecter',
  loginRequiredToBook: "Il faut d'abord créer un compte ou se connecter pour pouvoir réserver",
  loginRequiredToMessage: "Il faut d'abord créer un compte ou se connecter pour envoyer un message",
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
