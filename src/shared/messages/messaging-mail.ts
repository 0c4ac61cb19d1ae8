// Part of the typed French catalogue (src/shared/messages/): the mails of messaging, kept apart from
// messaging.ts because only the server sends them (the web never loads these texts).
/**
 * The "new message" mail (issue 10 section 5): sent to a recipient connected nowhere, at most once per
 * conversation per MESSAGE_MAIL_THROTTLE_MINUTES, and never with the message's content (a mail box is
 * not the place for it, and a masked message must stay masked).
 */
export const messageMail = {
  /** A sender without display name or username (the e-mail of one party is never shown to the other). */
  someone: "Un membre d'Appui",
  subject: (senderName: string) => `Nouveau message de ${senderName} sur Appui`,
  text: (p: { name: string; senderName: string; title: string; link: string }) =>
    `Bonjour ${p.name},\n\n${p.senderName} vous a écrit au sujet de l'offre « ${p.title} ».\n\nPour lire son message et lui répondre, ouvrez la conversation dans votre espace :\n${p.link}\n\nVous ne recevrez pas d'autre e-mail pour cette conversation pendant quelques minutes, même si d'autres messages arrivent.\n\nL'équipe Appui`,
} as const;
