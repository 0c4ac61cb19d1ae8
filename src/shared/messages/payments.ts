// Part of the typed French catalogue (src/shared/messages/): every user-facing string of the product,
// server and client alike, one file per feature. A message with parameters is a function.

/** Errors of the checkout, its status and the webhook (payments module). */
export const paymentErrors = {
  helperNotReady: 'Paiement temporairement indisponible : cet aidant ne peut pas encore recevoir de paiements.',
  freeOffer: 'Cette option est gratuite : réservez-la directement, sans paiement.',
  returnUrlForeign: 'Les adresses de retour du paiement doivent appartenir à Appui.',
  successUrlPlaceholder: "L'adresse de retour du paiement doit contenir {CHECKOUT_SESSION_ID}.",
  providerUnavailable: 'Le paiement sécurisé n’a pas pu être lancé. Veuillez réessayer dans un instant.',
  sessionNotFound: 'Session de paiement introuvable.',
  webhookSignature: 'Signature du webhook invalide.',
  webhookEarly:
    'Événement de paiement reçu avant le paiement auquel il se rapporte ; il sera traité à sa prochaine livraison.',
} as const;

/** Payment mails (amounts already formatted in French, times in Paris time). */
export const paymentMail = {
  paidSubjectSeeker: (title: string) => `Paiement confirmé : « ${title} »`,
  paidTextSeeker: (p: {
    name: string;
    helperName: string;
    title: string;
    when: string;
    amount: string;
    link: string;
  }) =>
    `Bonjour ${p.name},\n\nVotre paiement de ${p.amount} est confirmé. Votre séance « ${p.title} » avec ${p.helperName} est réservée pour le ${p.when} (heure de Paris).\n\nVotre reçu et les informations de connexion à la séance sont disponibles dans votre espace, onglet Réservations :\n${p.link}\n\nVous trouverez l'invitation en pièce jointe pour l'ajouter à votre agenda.\n\nL'équipe Appui`,
  paidSubjectHelper: (title: string) => `Nouvelle réservation payée : « ${title} »`,
  paidTextHelper: (p: {
    name: string;
    seekerName: string;
    title: string;
    when: string;
    amount: string;
    commission: string;
    net: string;
    link: string;
  }) =>
    `Bonjour ${p.name},\n\n${p.seekerName} a réservé et payé votre séance « ${p.title} » pour le ${p.when} (heure de Paris).\n\nMontant payé : ${p.amount}\nCommission Appui (10 %) : ${p.commission}\nVotre revenu net : ${p.net}\n\nRetrouvez toutes vos réservations dans votre espace :\n${p.link}\n\nVous trouverez l'invitation en pièce jointe pour l'ajouter à votre agenda.\n\nL'équipe Appui`,
  refundSubject: (title: string) => `Remboursement effectué : « ${title} »`,
  refundText: (p: { name: string; title: string; when: string; amount: string; link: string }) =>
    `Bonjour ${p.name},\n\nLe remboursement de ${p.amount} pour la séance « ${p.title} » prévue le ${p.when} (heure de Paris) a été effectué sur le moyen de paiement utilisé. Selon votre banque, il apparaît sous 5 à 10 jours.\n\nRetrouvez vos réservations dans votre espace :\n${p.link}\n\nL'équipe Appui`,
  latePaymentSubjectSeeker: (title: string) => `Paiement remboursé : « ${title} »`,
  latePaymentTextSeeker: (p: { name: string; title: string; when: string; amount: string; link: string }) =>
    `Bonjour ${p.name},\n\nVotre paiement de ${p.amount} pour la séance « ${p.title} » du ${p.when} (heure de Paris) est arrivé après la fin du délai de réservation de 30 minutes, et ce créneau a été réservé entre-temps par quelqu'un d'autre. Vous allez être remboursé(e) intégralement ; aucune séance n'est réservée.\n\nVous pouvez choisir un autre horaire :\n${p.link}\n\nL'équipe Appui`,
  latePaymentSubjectHelper: (title: string) => `Paiement tardif remboursé : « ${title} »`,
  latePaymentTextHelper: (p: { name: string; seekerName: string; title: string; when: string; amount: string }) =>
    `Bonjour ${p.name},\n\n${p.seekerName} a payé ${p.amount} pour votre séance « ${p.title} » du ${p.when} (heure de Paris) après la fin du délai de réservation, alors que ce créneau était déjà réservé par une autre personne. Ce paiement va être remboursé intégralement : aucune séance supplémentaire n'est prévue.\n\nL'équipe Appui`,
} as const;
