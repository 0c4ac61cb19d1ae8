// Part of the typed French catalogue (src/shared/messages/): the mail of the support centre, kept apart
// from support.ts because only the server sends it (the web never loads these texts).
/**
 * An admin's response to a support message, mailed to the address the author gave on the form (issue
 * 12 section 1). It carries the response, never the author's own subject or message: those may speak
 * of a crisis, and a mail box (or a log line, which keeps the subject) is not the place to repeat them.
 */
export const supportMail = {
  subject: 'Réponse du support Appui',
  text: (p: { name: string; sentOn: string; response: string; link: string }) =>
    `Bonjour ${p.name},\n\nL'équipe Appui a répondu au message que vous nous avez envoyé le ${p.sentOn} :\n\n${p.response}\n\nVous retrouvez nos réponses à tout moment sur la page Support, une fois connecté :\n${p.link}\n\nEn cas d'urgence, appelez le 15 (SAMU) ou le 3114 (numéro national de prévention du suicide, gratuit, 24 h/24).\n\nL'équipe Appui`,
} as const;
