// Part of the typed French catalogue (src/shared/messages/): every user-facing string of the product,
// server and client alike, one file per feature so a page loads only the texts it shows. Texts named in
// the specification are copied word for word; do not "improve" them. A message with parameters is a
// function.
/** The web side of payments: payout panel, financial dashboard, return pages, test page, bookings tab. */

export const paymentPageTitles = {
  paymentCancel: 'Paiement annulé — Appui',
  paymentPending: 'Confirmation du paiement — Appui',
  stripeTest: 'Test des paiements — Appui',
} as const;

/** The payout-setup panel and payment-account card of the overview (spec 2 sections 2 and 4). */
export const payoutPanel = {
  title: 'Recevoir vos paiements',
  intro:
    'Pour proposer des séances payantes, créez votre compte de paiement. Vous recevez le prix de chaque séance, moins la commission de 10 %.',
  cardTitle: 'Compte de paiement',
  loading: 'Chargement du statut de votre compte…',
  stateNone: 'Aucun compte de paiement',
  stateIncomplete: 'Configuration à terminer',
  statePending: 'Vérification',
  stateActive: 'Actif',
  noneText: 'Créez votre compte pour recevoir le paiement de vos séances.',
  incompleteText: 'Quelques informations manquent encore pour activer les paiements.',
  pendingText: 'Vos informations sont en cours de vérification. Les paiements seront activés ensuite.',
  activeText: 'Votre compte reçoit les paiements de vos séances.',
  createAccount: 'Créer mon compte de paiement',
  creatingAccount: 'Création du compte…',
  createError: 'Erreur lors de la création du compte',
  createSuccess: 'Compte de paiement créé',
  finishSetup: 'Terminer la configuration',
  openDashboard: 'Ouvrir le dashboard Stripe',
  openingDashboard: 'Ouverture…',
  dashboardOpenError: "Impossible d'ouvrir le dashboard Stripe",
  statusLabel: 'Statut',
} as const;

/** The financial dashboard, shown once the account is active (spec 2 sections 2 and 8). */
export const financialDashboard = {
  title: 'Tableau de bord financier',
  tabPayments: 'Paiements',
  tabPayouts: 'Versements',
  tabAccount: 'Compte',
  loadError: 'Erreur lors du chargement du dashboard',
  paymentsCaption: 'Paiements reçus pour vos séances',
  colDate: 'Date',
  colSeeker: 'Personne aidée',
  colOffer: 'Offre',
  colAmount: 'Montant',
  colCommission: 'Commission',
  colNet: 'Net',
  colStatus: 'Statut',
  colRefunded: 'Remboursé',
  paymentsEmptyTitle: 'Aucun paiement pour le moment',
  paymentsEmptyText: 'Les paiements de vos séances réservées apparaîtront ici.',
  someone: 'Compte supprimé',
  refunded: (amount: string) => `Remboursé : ${amount}`,
  paymentStatus: {
    paid: 'Payé',
    refund_pending: 'Remboursement en cours',
    partially_refunded: 'Remboursé en partie',
    refunded: 'Remboursé',
  },
  pageInfo: (from: number, to: number, total: number) => `${from}–${to} sur ${total}`,
  balancePending: 'En attente',
  balancePendingHint: 'Séances payées qui n’ont pas encore eu lieu.',
  balanceAvailable: 'Disponible',
  balanceAvailableHint: 'Séances terminées, remboursements déduits.',
  balancePaidOut: 'Versé',
  balancePaidOutHint: 'Montants déjà versés sur votre compte bancaire.',
  balancePaidOutUntracked: 'Les versements sur votre compte bancaire se consultent dans le dashboard Stripe.',
  balancesEmpty: 'Aucun montant pour le moment : vos gains apparaîtront ici après votre première séance payée.',
  balanceCurrency: (currency: string) => `Solde en ${currency.toUpperCase()}`,
  accountId: 'Identifiant du compte',
  detailsSubmitted: 'Informations transmises',
  chargesEnabled: 'Paiements activés',
  payoutsEnabled: 'Versements activés',
  yes: 'Oui',
  no: 'Non',
  statement: (year: number) => `Relevé annuel ${year} (PDF)`,
  statementError: 'Impossible de télécharger le relevé pour le moment.',
  previousPage: 'Page précédente',
  nextPage: 'Page suivante',
} as const;

/** /payment/success for a paid booking, while the server has not confirmed the payment yet. */
export const paymentConfirmation = {
  pendingTitle: 'Confirmation en cours…',
  pendingText:
    'Nous attendons la confirmation de votre banque. Cela ne prend en général que quelques secondes : cette page se met à jour toute seule.',
  slowText:
    'La confirmation prend plus de temps que prévu. Votre réservation apparaîtra comme « Payée » dans vos réservations dès qu’elle arrivera.',
  failedTitle: 'Le paiement n’a pas abouti',
  failedText:
    'Aucun montant n’a été débité. Vous pouvez reprendre le paiement depuis vos réservations tant que le créneau vous est réservé.',
  /** The server could not be asked: the person may have paid, so nothing is claimed either way. */
  unknownText:
    'Nous n’avons pas pu vérifier votre paiement. Vos réservations en indiquent l’état : la séance y apparaît comme « Payée » dès que le paiement est confirmé.',
  goConversations: 'Mes conversations',
} as const;

/** /payment/cancel (spec 2 section 2). */
export const paymentCancel = {
  title: 'Paiement annulé',
  text: 'Aucun montant n’a été débité. Votre réservation reste en attente de paiement.',
  holdText: (minutes: number) =>
    `Le créneau vous reste réservé ${minutes} minutes après le début du paiement : vous pouvez reprendre le paiement depuis vos réservations. Passé ce délai, il est libéré.`,
  back: 'Retour',
  explore: 'Explorer les aidants',
  dashboard: 'Mon espace',
  support: 'Contacter le support',
} as const;

/** Payment parts of the bookings tab (resume payment, receipt, refunds). */
export const bookingPayment = {
  resume: 'Reprendre le paiement',
  resuming: 'Redirection…',
  resumeLabel: (title: string) => `Reprendre le paiement de « ${title} »`,
  holdUntil: (time: string) => `Créneau réservé jusqu’à ${time} (heure de Paris) : sans paiement, il sera libéré.`,
  holdLapsed: 'Le délai de paiement est dépassé : le créneau a été libéré.',
  resumeError: 'Impossible de reprendre le paiement',
  receipt: 'Télécharger le reçu',
  receiptLabel: (title: string) => `Télécharger le reçu de « ${title} » (PDF)`,
  receiptError: 'Impossible de télécharger le reçu pour le moment.',
  /**
   * Only used when the answer carries no Content-Disposition: the server's name (documentFileNames.receipt,
   * dated by the payment) wins. Same shape, dated by the session, which is all the booking card knows.
   */
  receiptFileName: (sessionDate: string, bookingId: string) => `reçu-appui-${sessionDate}-${bookingId.slice(0, 8)}.pdf`,
  refundSeeker: (amount: string) => `Vous serez remboursé de ${amount}`,
  refundOther: (amount: string) => `La personne aidée sera remboursée de ${amount}.`,
  noRefund: (hours: number) =>
    `Annulation à moins de ${hours} h de la séance : elle ne donne pas lieu à remboursement.`,
  refundPending: (amount: string) => `Remboursement de ${amount} en cours`,
  refundDone: (amount: string) => `Remboursé : ${amount}`,
  refundFailed: 'Le remboursement a échoué : notre équipe s’en occupe.',
} as const;

/** /stripe-test (spec 2 section 2): administrators only. */
export const stripeTest = {
  title: 'Test des paiements',
  intro: 'Page de test réservée aux administrateurs : onboarding d’un compte et paiement de test.',
  onboardingTitle: 'Onboarding',
  onboardingText: 'Ouvre la page d’onboarding du compte de paiement de votre utilisateur.',
  onboard: 'Lancer l’onboarding',
  onboardError: 'Erreur lors du lancement de l’onboarding',
  checkoutTitle: 'Paiement de test',
  amountLabel: 'Montant (centimes)',
  feeLabel: 'Commission (centimes)',
  pay: 'Créer le paiement de test',
  paying: 'Création du paiement…',
  checkoutError: 'Erreur lors de la création du paiement',
  checkoutUrlMissing: 'URL de checkout non disponible',
  amountInvalid: 'Indiquez un nombre entier de centimes, supérieur à 0.',
  feeInvalid: 'La commission doit être un nombre entier de centimes, inférieur au montant.',
  adminOnly: 'Cette page est réservée aux administrateurs.',
  returnedPaid: 'Le paiement de test a été effectué.',
  returnedCancelled: 'Le paiement de test a été abandonné : aucun montant n’a été débité.',
} as const;
