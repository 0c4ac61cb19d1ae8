// Part of the typed French catalogue (src/shared/messages/): every user-facing string of the product,
// server and client alike, one file per feature so a page loads only the texts it shows. Texts named in
// the specification are copied word for word; do not "improve" them. A message with parameters is a
// function.
/** Booking, payment return, cancellation, reviews and their mails. */
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
  statusPendingPayment: 'Paiement en cours',
  statusPaymentNotCompleted: 'Paiement non finalisé',
  statusChangeNotAllowed: 'Ce changement de statut n’est pas autorisé pour cette réservation.',
  unpaidHoldWithHelper:
    'Un paiement est déjà en cours avec cette personne. Terminez-le depuis vos réservations, ou attendez qu’il expire, avant de réserver un autre horaire avec elle.',
  unpaidHoldsLimit: (max: number) =>
    `Vous avez déjà ${max} paiements en cours. Terminez-en un depuis vos réservations, ou attendez qu’il expire, avant d’en commencer un autre.`,
  lapsedHoldsCooldown: (when: string) =>
    `Plusieurs paiements commencés avec cette personne n’ont pas été finalisés. Vous pourrez de nouveau réserver une séance payante avec elle à partir du ${when} (heure de Paris).`,
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
  holdReleasedTitle: 'Horaire libéré',
  holdReleasedInformed: (who: string) => `L’horaire est de nouveau libre. ${who} a été informé(e).`,
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
  holdReleasedSubject: (title: string) => `Horaire libéré : « ${title} »`,
  holdReleasedText: (p: {
    name: string;
    otherName: string;
    title: string;
    when: string;
    reason: string;
    link: string;
  }) =>
    `Bonjour ${p.name},\n\n${p.otherName} a libéré l’horaire du ${p.when} (heure de Paris) que vous aviez commencé à réserver pour la séance « ${p.title} ». Le paiement n’a pas été finalisé : aucun montant ne vous a été débité.\n\nRaison indiquée : ${p.reason}\n\nVous pouvez choisir un autre horaire depuis la page de l’offre. Retrouvez vos réservations dans votre espace :\n${p.link}\n\nL'équipe Appui`,
  refundFull: (amount: string) =>
    `Un remboursement intégral de ${amount} va être effectué sur le moyen de paiement utilisé.\n`,
  refundNone: 'Cette annulation tardive (moins de 24 h avant la séance) ne donne pas lieu à remboursement.\n',
  icsSummary: (title: string, otherName: string) => `Appui : ${title} avec ${otherName}`,
  icsDescription: (title: string, link: string) =>
    `Séance « ${title} » réservée sur Appui. Les informations de connexion sont dans votre espace : ${link}`,
  icsCancelledSummary: (title: string) => `Annulée : ${title}`,
  reminderSubject: (title: string, when: string) => `Rappel : votre séance « ${title} » du ${when}`,
  reminderText: (p: {
    name: string;
    otherName: string;
    title: string;
    when: string;
    duration: number;
    contact: string;
    link: string;
  }) =>
    `Bonjour ${p.name},\n\nPetit rappel : votre séance « ${p.title} » avec ${p.otherName} a lieu le ${p.when} (heure de Paris), durée ${p.duration} min.\n\n${p.contact}\nRetrouvez vos réservations dans votre espace :\n${p.link}\n\nVous trouverez l'invitation en pièce jointe pour l'ajouter à votre agenda.\n\nL'équipe Appui`,
  reminderContactInfo: (info: string) => `Informations de contact : ${info}\n`,
  reminderMeetingLink: (link: string) => `Lien de la réunion : ${link}\n`,
  reminderNoContact: 'Les informations de connexion à la séance sont disponibles dans votre espace.\n',
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
  goConversations: 'Mes conversations',
  goSupport: 'Contacter le support',
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
  cancelledTitle: 'Annulées',
  upcomingEmpty: 'Aucune séance à venir.',
  pastEmpty: 'Aucune séance passée pour le moment.',
  cancelledEmpty: 'Aucune réservation annulée.',
  paymentNotCompletedText: 'Le paiement n’a pas été finalisé : l’horaire a été libéré, personne n’a annulé.',
  releaseHold: 'Libérer l’horaire',
  releaseHoldLabel: (title: string) => `Libérer l’horaire réservé pour « ${title} »`,
  holdForHelper: (name: string, time: string) =>
    `${name} a commencé à payer : l’horaire vous est réservé jusqu’à ${time} (heure de Paris). Vous pouvez le libérer si besoin.`,
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
