// Part of the typed French catalogue (src/shared/messages/): every user-facing string of the product,
// server and client alike, one file per feature so a page loads only the texts it shows. A message
// with parameters is a function.
import { EMAIL_VERIFICATION_TTL_HOURS } from '../constants.ts';

const validity = `Ce lien est valable ${EMAIL_VERIFICATION_TTL_HOURS} heures et ne sert qu'une fois.`;

/** Proving an address: the signup link, the banner, the confirmation page and a change of e-mail. */
export const emailVerification = {
  /** The 403 of everything that needs a proven address (booking, payment, messages, offers, helper mode). */
  required:
    'Confirmez d’abord votre adresse e-mail : cliquez sur le lien que nous vous avons envoyé. Vous pouvez en demander un nouveau depuis le bandeau en haut de la page.',
  bannerTitle: 'Confirmez votre adresse e-mail',
  bannerText: (email: string) =>
    `Nous avons envoyé un lien à ${email}. En attendant, vous pouvez parcourir Appui et compléter votre profil ; réserver, payer, écrire et publier demandent une adresse confirmée.`,
  resend: 'Renvoyer le lien',
  resending: 'Envoi…',
  resent: (email: string) => `Un nouveau lien vient de partir vers ${email}.`,
  resendError: 'Le lien n’a pas pu être renvoyé. Réessayez dans un instant.',
  alreadyVerified: 'Votre adresse e-mail est déjà confirmée.',
  tooManyMails: (minutes: number) =>
    `Vous avez demandé plusieurs liens coup sur coup. Regardez dans vos courriers indésirables, ou réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}.`,
  // The page the link opens.
  pageTitle: 'Confirmation de votre adresse e-mail',
  confirming: 'Confirmation en cours…',
  confirmed: 'Merci, votre adresse e-mail est confirmée.',
  confirmedChange: (email: string) =>
    `C’est fait : votre compte utilise désormais l’adresse ${email}. Par sécurité, vos sessions ouvertes ont été fermées : connectez-vous avec cette adresse.`,
  continue: 'Continuer sur Appui',
  invalidToken:
    'Ce lien de confirmation est invalide, a déjà servi ou a expiré. Connectez-vous pour en demander un nouveau.',
  tokenMissing: 'Ce lien est incomplet. Copiez-le en entier depuis l’e-mail reçu, ou demandez-en un nouveau.',
  addressTakenMeanwhile:
    'Cette adresse est entre-temps devenue celle d’un autre compte : le changement n’a pas pu se faire.',
  // The profile's change of e-mail.
  changeRequested: (email: string) =>
    `Un lien de confirmation vient de partir vers ${email}. Votre adresse actuelle reste valable tant qu’il n’a pas été ouvert.`,
  pendingChange: (email: string) => `En attente de confirmation : ${email}`,
  // Mails.
  signupMailSubject: 'Confirmez votre adresse e-mail sur Appui',
  signupMailText: (name: string, link: string) =>
    `Bonjour ${name},\n\nBienvenue sur Appui. Pour confirmer que cette adresse est bien la vôtre, ouvrez le lien ci-dessous :\n\n${link}\n\n${validity} Tant que l’adresse n’est pas confirmée, vous pouvez parcourir Appui et compléter votre profil, mais pas encore réserver, payer ni écrire.\n\nSi vous n’avez pas créé de compte, ignorez ce message : aucun compte ne sera utilisable avec cette adresse sans ce lien.\n\nL'équipe Appui`,
  changeMailSubject: 'Confirmez votre nouvelle adresse e-mail sur Appui',
  changeMailText: (name: string, link: string) =>
    `Bonjour ${name},\n\nVous avez demandé à utiliser cette adresse pour votre compte Appui. Ouvrez le lien ci-dessous pour confirmer le changement :\n\n${link}\n\n${validity} Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : rien ne changera.\n\nL'équipe Appui`,
  changeNoticeMailSubject: 'Demande de changement d’adresse sur votre compte Appui',
  changeNoticeMailText: (name: string, email: string) =>
    `Bonjour ${name},\n\nUne demande de changement d’adresse e-mail vers ${email} vient d’être faite sur votre compte Appui. Votre adresse actuelle reste celle du compte tant que le lien envoyé à la nouvelle n’a pas été ouvert.\n\nSi vous n’êtes pas à l’origine de cette demande, changez votre mot de passe sans attendre et répondez à ce message : nous vous aiderons.\n\nL'équipe Appui`,
  addressInUseMailSubject: 'Votre adresse e-mail et Appui',
  addressInUseMailText: (name: string) =>
    `Bonjour ${name},\n\nQuelqu’un a demandé à utiliser votre adresse e-mail pour un autre compte Appui. Elle est déjà celle de votre compte, donc rien n’a changé.\n\nSi c’était vous, connectez-vous simplement avec cette adresse. Sinon, vous n’avez rien à faire.\n\nL'équipe Appui`,
} as const;
