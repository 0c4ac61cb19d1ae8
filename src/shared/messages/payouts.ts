// Part of the typed French catalogue (src/shared/messages/): every user-facing string of the product,
// server and client alike, one file per feature. A message with parameters is a function.

/** Errors of the payout-account endpoints and of the /stripe-test endpoints (payouts module). */
export const payoutErrors = {
  helperRequired: 'Seuls les aidants peuvent ouvrir un compte de versement.',
  accountNotFound: 'Compte de versement introuvable.',
  accountIncomplete: 'Terminez d’abord la configuration de votre compte de versement.',
  providerUnavailable: 'Le service de paiement ne répond pas. Veuillez réessayer dans un instant.',
  testModeOnly: 'Les paiements de test ne sont disponibles qu’en mode démonstration ou avec des clés Stripe de test.',
  testAccountNotReady: 'Ce compte ne peut pas encore recevoir de paiements.',
  testFeeTooHigh: 'La commission ne peut pas dépasser le montant.',
  testCheckoutProduct: 'Paiement de test Appui',
} as const;

/** The payment simulator's pages (LocalProvider, no Stripe keys), served by the server. */
export const simulator = {
  banner: 'Mode démonstration — aucun paiement réel',
  checkoutTitle: 'Paiement sécurisé',
  checkoutIntro: 'Vérifiez le récapitulatif, puis choisissez l’issue du paiement à simuler.',
  amountLabel: 'Montant',
  productLabel: 'Séance',
  pay: 'Payer',
  cardRefused: 'Carte refusée',
  cardRefusedMessage: 'Votre carte a été refusée. Aucun montant n’a été débité ; vous pouvez réessayer.',
  back: 'Retour',
  checkoutExpired: 'Cette session de paiement a expiré. Aucun montant n’a été débité.',
  checkoutUnknown: 'Session de paiement introuvable.',
  checkoutDone: 'Ce paiement a déjà été effectué.',
  backToApp: 'Revenir sur Appui',
  onboardingTitle: 'Configurer votre compte de versement',
  onboardingIntro:
    'Renseignez les informations qui serviraient à vous verser vos revenus. En mode démonstration, elles ne sont ni vérifiées ni conservées.',
  fullNameLabel: 'Nom complet',
  ibanLabel: 'IBAN',
  ibanHint: 'Par exemple FR76 3000 6000 0112 3456 7890 189 (fictif)',
  submitDetails: 'Envoyer mes informations',
  statusLabel: 'État du compte',
  statusIncomplete: 'Configuration à terminer',
  statusPending: 'Vérification',
  statusActive: 'Actif',
  pendingHint: (seconds: number) =>
    `Vos informations sont en cours de vérification. Le compte devient actif automatiquement après ${seconds} secondes, ou tout de suite avec le bouton ci-dessous.`,
  finishVerification: 'Terminer la vérification',
  refresh: 'Actualiser',
  activeHint: 'Votre compte est actif : vous pouvez recevoir des paiements.',
  linkInvalid: 'Ce lien a expiré ou n’est pas valide. Repartez de votre tableau de bord pour en obtenir un nouveau.',
  dashboardTitle: 'Tableau de bord du compte de versement',
  dashboardIntro:
    'Ici s’afficherait le tableau de bord Express du prestataire de paiement. En mode démonstration, vos paiements, votre solde et vos versements se consultent dans le tableau de bord financier d’Appui.',
  accountIdLabel: 'Identifiant du compte',
  pageNotFound: 'Page introuvable.',
  triggerPayout: 'Déclencher un versement',
  triggerPayoutHint: 'Verse sur votre compte bancaire fictif tout le solde disponible, comme le ferait le prestataire.',
  payoutSent: (amounts: string) =>
    `Versement effectué : ${amounts}. Il apparaît comme versé dans votre tableau de bord financier.`,
  nothingToPayOut: 'Aucun solde disponible à verser pour le moment.',
} as const;
