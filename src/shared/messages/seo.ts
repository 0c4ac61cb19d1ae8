// Part of the typed French catalogue (src/shared/messages/): the texts search engines and link
// previews read (meta descriptions, Open Graph), rendered by the server into each public page's head.

/** Meta descriptions and preview texts of the public pages (issue 11 section 2). */
export const seo = {
  siteName: 'Appui',
  landing:
    'Appui met en relation des personnes qui traversent un moment difficile avec des aidants bienveillants : séances par visio ou téléphone, échanges confidentiels, paiement sécurisé.',
  explore:
    'Parcourez les offres des aidants d’Appui : burn-out, séparation, deuil, carrière, études… Choisissez une durée, un créneau, et réservez en ligne.',
  exploreQuery: (query: string) => `Aidants d’Appui pour « ${query} » : parcourez leurs offres et réservez une séance.`,
  exploreCategory: (category: string) =>
    `Aidants d’Appui en ${category} : parcourez leurs offres et réservez une séance.`,
  about:
    'Appui est une plateforme francophone d’entraide entre pairs : des personnes qui ont traversé une épreuve accompagnent celles qui la vivent.',
  support:
    'Centre d’aide d’Appui : questions fréquentes, formulaire de contact et numéros d’urgence en cas de détresse.',
  terms: 'Conditions générales de vente d’Appui : réservations, paiements, annulations et remboursements.',
  legalNotice: 'Mentions légales d’Appui : éditeur, hébergement et contact.',
  privacy:
    'Politique de confidentialité d’Appui : données collectées, finalités, durées de conservation et vos droits.',
  helperVerification:
    'Comment Appui vérifie ses aidants : adresse e-mail confirmée, identité vérifiée par le prestataire de paiement, charte de l’aidant acceptée.',
  notFound: 'Cette page n’existe pas ou n’est plus disponible sur Appui.',
  /** An offer without a usable description (never empty in practice: the form requires one). */
  offerFallback: (helper: string) => `Une offre d’entraide proposée par ${helper} sur Appui.`,
  helperFallback: (name: string) =>
    `Profil de ${name}, aidant sur Appui : ses offres et les avis des personnes accompagnées.`,
} as const;
