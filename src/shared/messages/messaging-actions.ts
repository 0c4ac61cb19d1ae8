// Part of the typed French catalogue (src/shared/messages/): every user-facing string of the product,
// server and client alike, one file per feature so a page loads only the texts it shows. Texts named in
// the specification are copied word for word (they stay in messaging.ts: modalSendError, noOfferError,
// sentToast); do not "improve" them. A message with parameters is a function.

/** The "Envoyer un message" modal and its buttons (spec 2 sections 2, 5 and 8; spec 1 section 2). */
export const sendMessageDialog = {
  title: 'Envoyer un message',
  trigger: 'Envoyer un message',
  triggerFor: (offerTitle: string) => `Envoyer un message à propos de « ${offerTitle} »`,
  description: (helperName: string, offerTitle: string) =>
    helperName ? `À ${helperName}, à propos de « ${offerTitle} ».` : `À propos de « ${offerTitle} ».`,
  fieldLabel: 'Votre message',
  fieldPlaceholder: 'Présentez-vous et dites en quelques mots ce qui vous amène.',
  fieldHint: 'Vos coordonnées seront partagées après la confirmation d’une réservation.',
  send: 'Envoyer',
  sending: 'Envoi…',
  cancel: 'Annuler',
  openExisting: 'Ouvrir la conversation',
} as const;

/** The unread badge of the headers, the dashboard tab and the overview card (spec 1 section 2). */
export const unreadBadge = {
  label: (count: number) => (count > 1 ? `${count} messages non lus` : `${count} message non lu`),
  headerLink: 'Messages',
} as const;
