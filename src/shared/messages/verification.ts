// Part of the typed French catalogue (src/shared/messages/, see common.ts).

/** The anchor of each check's explanation on the page; each badge links to its own. */
export const verificationAnchors = { email: 'adresse-e-mail', identity: 'identite', charter: 'charte' } as const;

/** The badges of a helper's profile: each names one check, and links to its explanation. */
export const verificationBadges = {
  listLabel: 'Ce que nous avons vérifié',
  email: 'Adresse e-mail confirmée',
  identity: 'Identité vérifiée par notre prestataire de paiement',
  charter: 'Charte de l’aidant acceptée',
  /** Under the charter badge: the version accepted, and when (a long French date). */
  charterDetail: (version: string, date: string) => `version ${version}, le ${date}`,
  howWeCheck: 'Comment nous vérifions les aidants',
} as const;

/**
 * The page "Comment nous vérifions les aidants". `checks` are in the order of the badges, with the
 * anchor each badge links to.
 */
export const verificationPage = {
  title: 'Comment nous vérifions les aidants',
  intro:
    'Sur le profil d’un aidant, chaque badge dit ce que nous avons vérifié, et rien de plus. Un badge absent veut dire que cette vérification n’est pas faite, ou plus à jour.',
  checksTitle: 'Les trois vérifications',
  checks: [
    {
      anchor: verificationAnchors.email,
      title: 'Adresse e-mail confirmée',
      paragraphs: [
        'L’aidant a ouvert le lien que nous avons envoyé à son adresse e-mail. Nous savons ainsi que l’adresse existe et qu’il la lit : c’est par elle que nous le joignons si besoin.',
        'Cette adresse n’est jamais montrée aux autres membres.',
      ],
    },
    {
      anchor: verificationAnchors.identity,
      title: 'Identité vérifiée par notre prestataire de paiement',
      paragraphs: [
        'Pour recevoir ses paiements, un aidant ouvre un compte de versement chez notre prestataire de paiement, Stripe. Stripe est tenu de vérifier l’identité de chaque titulaire (pièce d’identité, coordonnées bancaires) avant d’activer le compte. Le badge apparaît quand ce compte est actif.',
        'Appui ne voit ni ne conserve les documents d’identité : ils restent chez le prestataire.',
        'Dans la version de démonstration, sans prestataire réel, un simulateur tient ce rôle : le badge y montre que l’inscription au compte de versement a été suivie, pas qu’une pièce d’identité a été contrôlée.',
      ],
    },
    {
      anchor: verificationAnchors.charter,
      title: 'Charte de l’aidant acceptée',
      paragraphs: [
        'L’aidant a lu et accepté la charte ci-dessous, dans sa version en vigueur. Son profil affiche la version acceptée et la date.',
        'Quand la charte change, chaque aidant accepte la nouvelle version avant de publier une nouvelle offre ; d’ici là, le badge n’apparaît plus.',
      ],
    },
  ],
  verifiedTitle: 'Quand un profil est dit « vérifié »',
  verifiedText:
    'Un aidant est dit vérifié quand les trois vérifications sont faites. Il suffit qu’une manque pour qu’il ne le soit pas.',
  limitsTitle: 'Ce que nous ne vérifions pas',
  limitsText:
    'Nous ne vérifions ni les diplômes, ni l’expérience, ni les qualités d’écoute : les avis laissés après les séances en parlent mieux que nous. Un aidant n’est pas un professionnel de santé. Si un comportement vous semble inapproprié, signalez-le depuis son profil ou la conversation.',
  charterTitle: 'La charte de l’aidant, en entier',
} as const;
