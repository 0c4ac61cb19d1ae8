// Part of the typed French catalogue (src/shared/messages/, see common.ts). A file of its own: the
// landing page's first paint loads only the texts it shows.
/** The landing page (spec 1 section 2 "Landing page"). */
export const landing = {
  heroEyebrow: "L'entraide entre pairs",
  heroTitle: "Parlez à quelqu'un qui est passé par là",
  heroText:
    'Burn-out, séparation, deuil, doute professionnel : Appui vous met en relation avec des aidants bienveillants qui ont vécu ce que vous traversez. Par visio ou par téléphone, à votre rythme.',
  searchLabel: 'Que traversez-vous ?',
  searchPlaceholder: 'Ex. : burn-out, séparation, deuil…',
  searchButton: 'Rechercher',
  seekHelp: "Je cherche de l'aide",
  wantToHelp: 'Je veux aider',
  howTitle: 'Comment ça marche',
  howIntro: 'Trois étapes simples pour être écouté par la bonne personne.',
  howSteps: [
    {
      title: 'Cherchez',
      text: 'Décrivez ce que vous vivez et parcourez les offres des aidants qui peuvent vous accompagner.',
    },
    {
      title: 'Réservez',
      text: 'Choisissez une durée et un créneau qui vous conviennent, puis réglez en ligne en toute sécurité.',
    },
    {
      title: 'Échangez',
      text: 'Retrouvez votre aidant par visio ou par téléphone et parlez en toute confidentialité.',
    },
  ],
  protectionsTitle: 'Vous êtes protégé à chaque étape',
  protectionsIntro: 'Appui encadre chaque séance pour que vous puissiez vous concentrer sur l’essentiel.',
  protections: [
    { title: 'Échanges confidentiels', text: 'Vos conversations restent privées entre vous et votre aidant.' },
    {
      title: 'Communauté vérifiée',
      // Only what is checked: the profile's badges (users.service.ts, verificationOf).
      text: 'Chaque aidant montre ce que nous avons vérifié : adresse e-mail, identité auprès de notre prestataire de paiement, charte de l’aidant. Tout comportement inapproprié peut être signalé à notre équipe.',
      link: 'Comment nous vérifions les aidants',
    },
    {
      title: 'Durée personnalisée',
      text: 'Un quart d’heure pour une question, deux heures pour prendre le temps : vous choisissez.',
    },
    {
      title: 'Paiement sécurisé et remboursement',
      text: 'Le paiement passe par notre prestataire de paiement sécurisé ; une séance annulée plus de 24 h à l’avance est remboursée.',
    },
    {
      title: 'Support 24 h/24, 7 j/7',
      text: 'Notre équipe et le chat en direct répondent à toute heure, week-end compris.',
    },
  ],
  warningTitle: 'Important : restez sur Appui',
  warningText:
    "Les séances organisées en dehors d'Appui ne bénéficient d'aucune protection : ni paiement sécurisé, ni remboursement, ni recours auprès de notre équipe. Réservez et réglez toujours vos séances sur la plateforme.",
  missionTitle: 'Notre mission',
  missionText:
    "Personne ne devrait traverser seul une période difficile. Appui rend l'écoute et l'expérience de chacun accessibles à tous, simplement, avec bienveillance et sans jugement.",
  statMembers: 'membres actifs',
  statSessions: 'séances réalisées',
  statRating: 'note moyenne',
  ctaTitle: 'Vous avez traversé une épreuve ? Votre expérience peut aider.',
  ctaText: 'Devenez aidant : publiez une offre gratuite ou payante et choisissez vos créneaux.',
} as const;
