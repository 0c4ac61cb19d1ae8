import type { OfferCategory } from '#shared/constants.ts';
import { offers, pricingOptions, type OfferRow, type PricingOptionRow } from '../db/schema/offers.ts';
import { localAccounts } from '../db/schema/payments.ts';
import { payoutAccounts } from '../db/schema/payouts.ts';
import type { UserRow } from '../db/schema/users.ts';
import type { SeedContext } from './context.ts';
import { createDemoUser, demoHandle, type DemoPerson, type DemoUsers } from './users.ts';

/** [title, category, description] of one demo offer. */
type DemoOfferText = readonly [title: string, category: OfferCategory, description: string];

/** Offers of the six helpers created by seed/users.ts, in the same order as DEMO_HELPERS. */
const FIRST_HELPERS_OFFERS: readonly (readonly DemoOfferText[])[] = [
  [
    [
      'Sortir du burn-out pas à pas',
      'sante-mentale',
      "Vous êtes à bout, le sommeil ne répare plus rien et le travail prend toute la place ? Parlons de ce que vous vivez et de petites étapes concrètes pour retrouver de l'énergie, sans culpabilité.",
    ],
    [
      'Reprendre le travail après un arrêt',
      'carriere',
      "Le retour après un burn-out fait peur. Préparons ensemble la reprise : ce que vous direz à votre équipe, les limites à poser et les signaux d'alerte à surveiller.",
    ],
    [
      'Équilibre vie pro et vie perso',
      'developpement-personnel',
      'Apprendre à dire non, déconnecter le soir et protéger ses week-ends : des repères simples, testés sur le terrain, pour ne plus tout laisser déborder.',
    ],
  ],
  [
    [
      'Oser la reconversion professionnelle',
      'carriere',
      "Vous rêvez d'un autre métier mais la peur de tout perdre vous retient ? Clarifions vos envies, vos contraintes financières et un premier pas réaliste.",
    ],
    [
      'Tester un projet de reconversion',
      'carriere',
      "Stage d'observation, formation courte, entretiens avec des pros : construisons un plan pour tester votre projet avant de démissionner.",
    ],
  ],
  [
    [
      'Parler du deuil, à votre rythme',
      'relations',
      'Un espace calme pour parler de la personne disparue, de la colère, de la fatigue ou du vide. Sans jugement, sans conseil plaqué : juste une écoute attentive.',
    ],
    [
      'Traverser le premier anniversaire d’un décès',
      'relations',
      'Les dates anniversaires, les fêtes et les premières fois sans l’autre sont des moments difficiles. Préparons-les ensemble pour les vivre un peu plus doucement.',
    ],
  ],
  [
    [
      'Séparation : garder le cap pour les enfants',
      'relations',
      "Annoncer la séparation aux enfants, organiser la garde alternée, communiquer avec l'autre parent : je partage ce qui m'a aidé et vous écoute sans juger.",
    ],
    [
      'Reconstruire sa vie après une rupture',
      'developpement-personnel',
      'Après une longue relation, tout est à réinventer : le quotidien, les amitiés, la confiance en soi. Avançons ensemble, une semaine après l’autre.',
    ],
  ],
  [
    [
      'Méthode de travail pour les partiels',
      'etudes',
      'Fiches, planning de révision, techniques de mémorisation : une séance pour bâtir une méthode qui vous ressemble avant vos examens.',
    ],
    [
      'Stress des examens : garder la tête froide',
      'etudes',
      'Trous de mémoire, nuits blanches, peur de l’échec : des outils concrets pour gérer le stress avant et pendant les épreuves.',
    ],
  ],
  [
    [
      'La solitude de l’entrepreneur',
      'entrepreneuriat',
      "Quand on dirige seul, on n'a personne à qui confier ses doutes. Un moment pour déposer ce qui pèse et prendre du recul sur vos décisions.",
    ],
    [
      'Fermer son entreprise sans se perdre',
      'entrepreneuriat',
      "Liquidation, dettes, sentiment d'échec : j'ai vécu la fermeture de ma première société. Parlons-en franchement pour préparer la suite.",
    ],
  ],
];

type ExtraHelper = DemoPerson & { offers: readonly DemoOfferText[] };

/** Helpers beyond the six of seed/users.ts: the directory needs 30+ to feel alive. */
const EXTRA_HELPERS: readonly ExtraHelper[] = [
  {
    firstName: 'Élodie',
    lastName: 'Garnier',
    bio: "Psychologue de formation, j'ai moi-même vécu des crises d'angoisse pendant des années. J'écoute et je partage des outils simples pour apaiser l'anxiété au quotidien.",
    tags: ['anxiété', 'crises d’angoisse', 'respiration'],
    offers: [
      [
        'Apprivoiser l’anxiété au quotidien',
        'sante-mentale',
        "Ruminations, boule au ventre, peur de ce qui pourrait arriver : comprenons d'où vient votre anxiété et essayons des exercices de respiration et d'ancrage.",
      ],
      [
        'Gérer une crise d’angoisse',
        'sante-mentale',
        'Que faire quand le cœur s’emballe et que tout semble irréel ? Des gestes concrets, répétés ensemble, pour reprendre la main pendant une crise.',
      ],
    ],
  },
  {
    firstName: 'Thomas',
    lastName: 'Lambert',
    bio: "Ancien commercial devenu professeur des écoles à 41 ans. Je sais ce que coûte une reconversion et ce qu'elle apporte.",
    tags: ['reconversion', 'enseignement', 'concours'],
    offers: [
      [
        'Devenir enseignant après une première carrière',
        'carriere',
        'Concours, formation, salaire, réalité du métier : je vous raconte sans filtre mon passage du commerce à la salle de classe.',
      ],
      [
        'Préparer un concours à 40 ans',
        'etudes',
        'Concilier révisions, travail et vie de famille : un plan réaliste pour préparer un concours quand on n’a plus vingt ans.',
      ],
    ],
  },
  {
    firstName: 'Inès',
    lastName: 'Chevalier',
    bio: 'Illustratrice indépendante, je coache les créatifs bloqués. Syndrome de la page blanche, peur de montrer son travail : on en parle.',
    tags: ['créativité', 'illustration', 'confiance'],
    offers: [
      [
        'Débloquer sa créativité',
        'creativite',
        'Page blanche, perfectionnisme, comparaison permanente sur les réseaux : retrouvons le plaisir de créer avec des exercices ludiques.',
      ],
      [
        'Montrer son travail artistique sans peur',
        'creativite',
        'Portfolio, réseaux sociaux, premières expositions : apprendre à partager ses créations et à recevoir les critiques.',
      ],
    ],
  },
  {
    firstName: 'Karim',
    lastName: 'Mansouri',
    bio: "J'ai lancé trois entreprises, dont une qui a échoué. Je vous aide à structurer votre projet et à garder le moral.",
    tags: ['entrepreneuriat', 'startup', 'levée de fonds'],
    offers: [
      [
        'Structurer son projet de création d’entreprise',
        'entrepreneuriat',
        'Statut, business plan, premiers clients : faisons le point sur votre projet pour avancer avec méthode.',
      ],
      [
        'Trouver ses premiers clients',
        'entrepreneuriat',
        'Prospection, réseau, prix : des pistes concrètes pour décrocher vos premiers contrats quand on débute en indépendant.',
      ],
    ],
  },
  {
    firstName: 'Marion',
    lastName: 'Fontaine',
    bio: 'Maman solo de trois enfants, je connais la charge mentale et la fatigue. Je vous écoute et partage mes astuces d’organisation.',
    tags: ['parentalité', 'charge mentale', 'famille monoparentale'],
    offers: [
      [
        'Alléger la charge mentale',
        'developpement-personnel',
        'Listes infinies, fatigue, sentiment de tout porter seule : identifions ce qui peut être délégué, simplifié ou lâché.',
      ],
      [
        'Parent solo : souffler un peu',
        'relations',
        'Un temps pour parler de votre quotidien de parent seul, de la fatigue et de la culpabilité, avec quelqu’un qui est passé par là.',
      ],
    ],
  },
  {
    firstName: 'Paul',
    lastName: 'Rousseau',
    bio: "Infirmier en psychiatrie pendant quinze ans, j'accompagne aujourd'hui les personnes qui traversent une période de déprime.",
    tags: ['déprime', 'écoute', 'santé mentale'],
    offers: [
      [
        'Quand le moral est au plus bas',
        'sante-mentale',
        'Perte d’envie, fatigue, isolement : parlons de ce que vous traversez et des ressources qui existent autour de vous.',
      ],
      [
        'Retrouver un rythme de sommeil',
        'sante-mentale',
        'Insomnies, réveils nocturnes, écrans tard le soir : des habitudes simples pour mieux dormir et récupérer.',
      ],
    ],
  },
  {
    firstName: 'Chloé',
    lastName: 'Mercier',
    bio: 'Étudiante en master de psychologie, j’ai connu la solitude en première année. J’aide les étudiants à trouver leur place.',
    tags: ['études', 'solitude', 'vie étudiante'],
    offers: [
      [
        'Solitude en première année d’études',
        'etudes',
        'Nouvelle ville, pas d’amis, cours en amphi bondé : parlons de ce que vous vivez et de pistes pour créer du lien.',
      ],
      [
        'Choisir son orientation sans paniquer',
        'etudes',
        'Parcoursup, réorientation, master : faisons le tri entre vos envies, vos résultats et les attentes des autres.',
      ],
    ],
  },
  {
    firstName: 'Nicolas',
    lastName: 'Faure',
    bio: 'Cadre dans la banque pendant vingt ans, je me suis reconverti dans le coaching de carrière après un licenciement.',
    tags: ['licenciement', 'carrière', 'rebond'],
    offers: [
      [
        'Rebondir après un licenciement',
        'carriere',
        'Le choc, la colère, puis les questions : je vous aide à transformer cette rupture en nouveau départ professionnel.',
      ],
      [
        'Préparer un entretien d’embauche',
        'carriere',
        'Simulation d’entretien, questions pièges, négociation du salaire : arrivez serein le jour J.',
      ],
    ],
  },
  {
    firstName: 'Amélie',
    lastName: 'Blanc',
    bio: 'Autrice et animatrice d’ateliers d’écriture, je crois que mettre des mots sur ce qu’on vit aide à avancer.',
    tags: ['écriture', 'créativité', 'journal'],
    offers: [
      [
        'L’écriture pour se libérer',
        'creativite',
        'Journal intime, lettres jamais envoyées, récit de vie : découvrez comment l’écriture peut vous aider à traverser une période difficile.',
      ],
      [
        'Finir son premier roman',
        'creativite',
        'Plan, discipline, doute : un accompagnement pour avancer dans votre manuscrit et aller jusqu’au mot fin.',
      ],
    ],
  },
  {
    firstName: 'Youssef',
    lastName: 'Amrani',
    bio: 'Ancien sportif de haut niveau, blessé à 25 ans. Je sais ce que c’est de devoir se réinventer quand tout s’arrête.',
    tags: ['sport', 'blessure', 'reconversion'],
    offers: [
      [
        'Se reconstruire après une blessure',
        'developpement-personnel',
        'Arrêt brutal, perte d’identité, rééducation longue : parlons de l’après et de la manière de retrouver un sens.',
      ],
      [
        'Motivation et discipline au quotidien',
        'developpement-personnel',
        'Fixer des objectifs atteignables, tenir dans la durée, accepter les jours sans : les méthodes du sport appliquées à la vie.',
      ],
    ],
  },
  {
    firstName: 'Laura',
    lastName: 'Perrin',
    bio: 'J’ai accompagné mon père atteint d’Alzheimer pendant six ans. Aujourd’hui j’écoute les aidants familiaux épuisés.',
    tags: ['aidant familial', 'maladie', 'épuisement'],
    offers: [
      [
        'Aidant familial : ne pas s’oublier',
        'sante-mentale',
        'Accompagner un proche malade épuise. Parlons de vos limites, du répit possible et de la culpabilité de penser à soi.',
      ],
      [
        'Accepter la maladie d’un parent',
        'relations',
        'Diagnostic, changement de rôle, tensions dans la fratrie : un espace pour déposer ce que vous vivez.',
      ],
    ],
  },
  {
    firstName: 'Hélène',
    lastName: 'Roche',
    bio: 'Médiatrice familiale pendant dix ans, j’aide à apaiser les conflits dans la famille et le couple.',
    tags: ['conflits', 'couple', 'médiation'],
    offers: [
      [
        'Apaiser un conflit familial',
        'relations',
        'Frères et sœurs fâchés, parents envahissants, héritage difficile : trouvons des mots pour renouer le dialogue.',
      ],
      [
        'Couple : mieux communiquer',
        'relations',
        'Disputes à répétition, non-dits, distance : des outils de communication bienveillante pour se retrouver.',
      ],
    ],
  },
  {
    firstName: 'Bastien',
    lastName: 'Renard',
    bio: 'Développeur passé par le burn-out dans une startup, je parle santé mentale et travail dans la tech.',
    tags: ['burn-out', 'tech', 'télétravail'],
    offers: [
      [
        'Burn-out dans la tech',
        'sante-mentale',
        'Astreintes, deadlines impossibles, culture du toujours plus : parlons de votre épuisement avec quelqu’un qui connaît ce milieu.',
      ],
      [
        'Télétravail : poser des limites',
        'carriere',
        'Quand la maison devient le bureau, on ne décroche plus. Construisons des rituels pour séparer travail et vie perso.',
      ],
    ],
  },
  {
    firstName: 'Sarah',
    lastName: 'Cohen',
    bio: 'Expatriée pendant douze ans sur trois continents, j’accompagne les expatriés et les retours en France.',
    tags: ['expatriation', 'déménagement', 'interculturel'],
    offers: [
      [
        'Réussir son expatriation',
        'developpement-personnel',
        'Choc culturel, solitude, couple mis à l’épreuve : parlons de votre nouvelle vie à l’étranger et de ce qui peut l’adoucir.',
      ],
      [
        'Le retour en France après l’expatriation',
        'carriere',
        'Le retour est souvent plus dur que le départ. Retrouvons des repères professionnels et personnels.',
      ],
    ],
  },
  {
    firstName: 'Vincent',
    lastName: 'Marchand',
    bio: 'Artisan boulanger devenu chef d’entreprise, je parle gestion, équipe et fatigue des indépendants.',
    tags: ['artisanat', 'indépendant', 'gestion'],
    offers: [
      [
        'Indépendant : éviter l’épuisement',
        'entrepreneuriat',
        'Horaires sans fin, trésorerie tendue, vacances impossibles : des pistes concrètes pour durer sans s’user.',
      ],
      [
        'Recruter son premier salarié',
        'entrepreneuriat',
        'Le grand saut de l’embauche : coûts, démarches, management. Je partage mon expérience de petit patron.',
      ],
    ],
  },
  {
    firstName: 'Julie',
    lastName: 'Lemoine',
    bio: 'Sage-femme, j’accompagne les jeunes parents dans les premiers mois, souvent plus difficiles qu’on ne l’imagine.',
    tags: ['parentalité', 'post-partum', 'jeunes parents'],
    offers: [
      [
        'Post-partum : parler sans tabou',
        'sante-mentale',
        'Fatigue extrême, baby blues, sentiment de ne pas être à la hauteur : un espace pour dire ce qui ne se dit pas.',
      ],
      [
        'Devenir parent : trouver ses repères',
        'relations',
        'Sommeil, pleurs, couple bousculé : échangeons sur vos questions de jeune parent, sans jugement.',
      ],
    ],
  },
  {
    firstName: 'Olivier',
    lastName: 'Gauthier',
    bio: 'Musicien professionnel et professeur de guitare, j’aide à vaincre le trac et à retrouver le plaisir de jouer.',
    tags: ['musique', 'trac', 'créativité'],
    offers: [
      [
        'Vaincre le trac sur scène',
        'creativite',
        'Mains moites, trous de mémoire, peur du regard : des techniques de musicien pour apprivoiser le trac.',
      ],
      [
        'Reprendre la musique adulte',
        'creativite',
        'Vous avez arrêté à 15 ans et l’envie revient ? Construisons un plan pour rejouer avec plaisir, sans pression.',
      ],
    ],
  },
  {
    firstName: 'Fatou',
    lastName: 'Diallo',
    bio: 'Juriste devenue coach en confiance en soi, j’accompagne les femmes qui n’osent pas prendre leur place.',
    tags: ['confiance en soi', 'leadership', 'syndrome de l’imposteur'],
    offers: [
      [
        'Dépasser le syndrome de l’imposteur',
        'developpement-personnel',
        'Vous avez l’impression de ne jamais mériter votre place ? Explorons ces pensées et apprenons à reconnaître vos réussites.',
      ],
      [
        'Prendre la parole en réunion',
        'carriere',
        'Oser intervenir, défendre ses idées, gérer les interruptions : des exercices concrets pour gagner en assurance.',
      ],
    ],
  },
  {
    firstName: 'Guillaume',
    lastName: 'Henry',
    bio: 'Sorti d’une addiction à l’alcool depuis huit ans, j’écoute celles et ceux qui veulent changer leur rapport à l’alcool.',
    tags: ['addiction', 'sobriété', 'rechute'],
    offers: [
      [
        'Changer son rapport à l’alcool',
        'sante-mentale',
        'Vous buvez plus que vous ne voudriez ? Parlons-en sans jugement, avec quelqu’un qui est passé par là.',
      ],
      [
        'Tenir dans la durée après l’arrêt',
        'sante-mentale',
        'Soirées, stress, rechute : partageons des stratégies pour rester sobre et se reconstruire.',
      ],
    ],
  },
  {
    firstName: 'Manon',
    lastName: 'Colin',
    bio: 'Professeure de mathématiques, j’aide les lycéens et étudiants fâchés avec les maths à reprendre confiance.',
    tags: ['mathématiques', 'soutien scolaire', 'confiance'],
    offers: [
      [
        'Se réconcilier avec les maths',
        'etudes',
        'Blocage, mauvaises notes, peur des contrôles : reprenons les bases sans stress et avec des méthodes adaptées.',
      ],
      [
        'Organiser ses révisions du bac',
        'etudes',
        'Planning, priorités, fiches efficaces : un coup de pouce pour aborder le bac sereinement.',
      ],
    ],
  },
  {
    firstName: 'Romain',
    lastName: 'Masson',
    bio: 'Ancien militaire reconverti dans l’informatique, j’aide les reconversions vers le numérique.',
    tags: ['numérique', 'reconversion', 'formation'],
    offers: [
      [
        'Se reconvertir dans le numérique',
        'carriere',
        'Développeur, data, cybersécurité : démêlons les formations, les débouchés et les pièges des reconversions tech.',
      ],
      [
        'Apprendre à coder après 35 ans',
        'etudes',
        'Motivation, rythme, premiers projets : je vous aide à tenir le cap de votre apprentissage.',
      ],
    ],
  },
  {
    firstName: 'Léa',
    lastName: 'Guerin',
    bio: 'Photographe et fondatrice d’un studio, j’accompagne les créatifs qui veulent vivre de leur art.',
    tags: ['photographie', 'freelance', 'créativité'],
    offers: [
      [
        'Vivre de sa passion créative',
        'entrepreneuriat',
        'Tarifs, statut, clients : transformer une passion en activité viable sans perdre l’envie.',
      ],
      [
        'Photographie : trouver son style',
        'creativite',
        'Analyse de vos images, inspirations, exercices : affirmez votre regard de photographe.',
      ],
    ],
  },
  {
    firstName: 'Damien',
    lastName: 'Brunet',
    bio: 'Éducateur spécialisé, j’accompagne les jeunes adultes en difficulté et leurs familles.',
    tags: ['jeunes adultes', 'famille', 'écoute'],
    offers: [
      [
        'Parent d’ado : garder le lien',
        'relations',
        'Silences, portes qui claquent, inquiétudes : échangeons sur votre relation avec votre adolescent.',
      ],
      [
        'Jeune adulte : trouver sa voie',
        'developpement-personnel',
        'Pas d’idée de métier, pression des proches, sentiment d’être en retard : parlons-en calmement.',
      ],
    ],
  },
  {
    firstName: 'Anaïs',
    lastName: 'Picard',
    bio: 'Professeure de yoga et ancienne consultante, j’aide à ralentir et à mieux gérer le stress.',
    tags: ['stress', 'yoga', 'méditation'],
    offers: [
      [
        'Gérer le stress au travail',
        'sante-mentale',
        'Pression, réunions en rafale, mails la nuit : des techniques simples de respiration et d’organisation pour souffler.',
      ],
      [
        'Initiation à la méditation',
        'developpement-personnel',
        'Dix minutes par jour pour apaiser le mental : découvrez une pratique simple et accessible, sans prérequis.',
      ],
    ],
  },
];

/** Pricing patterns (minutes, euros), cycled over the offers; paid ones go only to helpers paid out. */
const PAID_PRICINGS: readonly (readonly [number, number][])[] = [
  [[60, 35]],
  [
    [30, 20],
    [60, 35],
  ],
  [
    [45, 30],
    [90, 55],
    [120, 70],
  ],
  [
    [30, 15],
    [60, 25],
  ],
  [
    [60, 0],
    [90, 40],
  ],
];
const FREE_PRICINGS: readonly (readonly [number, number][])[] = [
  [[60, 0]],
  [
    [30, 0],
    [60, 0],
  ],
  [[45, 0]],
  [
    [15, 0],
    [30, 0],
    [45, 0],
  ],
];

/** Phones and meeting links that pass the contact-info rule, cycled over the offers. */
function demoContact(index: number): string {
  const n = String(index).padStart(2, '0');
  switch (index % 4) {
    case 0:
      return `+33 6 12 34 56 ${n}`;
    case 1:
      return `https://us02web.zoom.us/j/84${n}5731${n}`;
    case 2:
      return `https://meet.google.com/abc-${n}de-fgh`;
    default:
      return `https://teams.microsoft.com/l/meetup-join/appui-demo-${n}`;
  }
}

export type DemoOffer = OfferRow & { options: PricingOptionRow[] };
export type DemoOffers = { helpers: UserRow[]; offers: DemoOffer[] };

/**
 * Step 2 of the demo data: 24 more helpers (30 in all), half of them with a completed payout account,
 * and 60+ offers across the seven categories. Paid pricing only for helpers who can be paid.
 */
export async function seedOffers(seed: SeedContext, users: DemoUsers): Promise<DemoOffers> {
  // The extra helpers share the demo password: reuse the hash the first helpers were created with.
  const passwordHash = users.helpers[0]?.passwordHash ?? users.admin.passwordHash;
  const extra: UserRow[] = [];
  for (const person of EXTRA_HELPERS) extra.push(await createDemoUser(seed, person, 'helper', passwordHash));
  const helpers = [...users.helpers, ...extra];
  const texts = [
    ...FIRST_HELPERS_OFFERS.slice(0, users.helpers.length),
    ...EXTRA_HELPERS.map((person) => person.offers),
  ];

  const result: DemoOffer[] = [];
  let offerIndex = 0;
  for (const [helperIndex, helper] of helpers.entries()) {
    const canBePaid = helperIndex % 2 === 0;
    if (canBePaid) {
      const accountId = `acct_demo_${demoHandle({ firstName: helper.firstName ?? 'aidant', lastName: helper.lastName ?? String(helperIndex) })}`;
      await seed.db.insert(payoutAccounts).values({
        userId: helper.id,
        provider: 'local',
        accountId,
        detailsSubmitted: true,
        chargesEnabled: true,
        payoutsEnabled: true,
      });
      // The simulator's side of the same account: without it the status refresh, the dashboard link
      // and the account session of a demo helper find no account.
      if (seed.ctx.payments.name === 'local') {
        await seed.db.insert(localAccounts).values({
          id: accountId,
          userId: helper.id,
          detailsSubmitted: true,
          chargesEnabled: true,
          payoutsEnabled: true,
          submittedAt: new Date(),
          idempotencyKey: `demo-account-${helper.id}`,
        });
      }
    }
    for (const [title, category, description] of texts[helperIndex] ?? []) {
      const patterns = canBePaid && offerIndex % 3 !== 2 ? PAID_PRICINGS : FREE_PRICINGS;
      const pricing = patterns[offerIndex % patterns.length] ?? [[60, 0]];
      const [offer] = await seed.db
        .insert(offers)
        .values({
          helperId: helper.id,
          title,
          description,
          category,
          currency: 'eur',
          meetingContactInfo: demoContact(offerIndex),
          // Spread over the last weeks so "newest first" has something to sort.
          createdAt: new Date(Date.now() - offerIndex * 7 * 60 * 60 * 1000),
        })
        .returning();
      if (!offer) throw new Error('demo offer not inserted');
      const options = await seed.db
        .insert(pricingOptions)
        .values(
          pricing.map(([durationMinutes, euros], position) => ({
            offerId: offer.id,
            position,
            durationMinutes,
            priceCents: euros * 100,
          })),
        )
        .returning();
      result.push({ ...offer, options: options.sort((a, b) => a.position - b.position) });
      offerIndex++;
    }
  }
  return { helpers, offers: result };
}
