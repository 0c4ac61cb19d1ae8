// Part of the typed French catalogue (src/shared/messages/, see offers.ts). A file of its own because
// the landing page shows offer cards: its first paint loads this, not the whole offers catalogue.
/** An offer card (landing page, search results) and its buttons. */
export const offerCard = {
  book: 'Réserver',
  bookSession: 'Réserver une séance',
  bookHelper: (title: string) => `Réserver « ${title} »`,
  message: 'Message',
  messageHelper: (name: string) => `Envoyer un message à ${name}`,
  ratingLabel: (average: string, count: number) => `Note moyenne ${average} sur 5, ${count} avis`,
  reviewsCount: (count: number) => `(${count} avis)`,
  newHelperLabel: 'Nouvel aidant, pas encore d’avis',
  durationLabel: (minutes: number) => `Durée : ${minutes} minutes`,
};

/** The landing page's featured helpers section. */
export const featuredOffers = {
  title: 'Des aidants à votre écoute',
  intro: 'Quelques offres publiées récemment par les aidants de la communauté.',
  noOffers: 'Aucune offre disponible pour le moment',
  loadError: 'Erreur lors du chargement des offres',
};
