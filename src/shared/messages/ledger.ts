// Part of the typed French catalogue (src/shared/messages/): every user-facing string of the product,
// server and client alike, one file per feature so a page loads only the texts it shows. Texts named in
// the specification are copied word for word; do not "improve" them. A message with parameters is a
// function.
/** The ledger: financial dashboard data, the payment receipt and the yearly earnings statement (PDF). */

export const ledgerErrors = {
  receiptNotFound: 'Aucun paiement confirmé pour cette réservation : pas de reçu disponible.',
  helperRequired: 'Le relevé de vos revenus est réservé aux aidants.',
  notFound: 'Relevé introuvable.',
} as const;

/** Attachment names: French, no characters a file system refuses. */
export const documentFileNames = {
  receipt: (paidDate: string, bookingId: string) => `reçu-appui-${paidDate}-${bookingId.slice(0, 8)}.pdf`,
  statement: (year: number) => `relevé-annuel-appui-${year}.pdf`,
} as const;

export const receiptPdf = {
  title: 'Reçu de paiement',
  subtitle: 'Appui — entraide entre pairs',
  demoMode: 'Mode démonstration — aucun paiement réel',
  number: 'Réservation n°',
  paidAt: 'Payé le',
  session: 'Séance',
  sessionAt: 'Date de la séance',
  helper: 'Aidant',
  seeker: 'Personne aidée',
  amount: 'Montant payé',
  commission: 'Commission Appui (10 %)',
  net: "Revenu de l'aidant",
  refund: 'Remboursement',
  refundPending: 'Remboursement en cours',
  noRefund: 'Aucun',
  reference: 'Référence du paiement',
  parisTime: (text: string) => `${text} (heure de Paris)`,
  footer: 'Ce reçu atteste du paiement de la séance réservée sur Appui. Il ne vaut pas facture.',
} as const;

export const statementPdf = {
  title: (year: number) => `Relevé annuel des revenus ${year}`,
  subtitle: 'Appui — entraide entre pairs',
  helper: 'Aidant',
  issuedAt: 'Établi le',
  currency: (code: string) => `Montants en ${code.toUpperCase()}`,
  month: 'Mois',
  gross: 'Brut',
  commission: 'Commission',
  refunds: 'Remboursements',
  net: 'Net',
  total: 'Total',
  empty: 'Aucun paiement confirmé cette année.',
  method:
    "Chaque paiement compte au mois où il a été confirmé (heure de Paris), avec ses remboursements. La commission est celle qu'Appui conserve : elle est remboursée en proportion avec le paiement.",
} as const;
