import type { UserRow } from '../db/schema/users.ts';
import { createUser, recordCharterAcceptance } from '../modules/users/users.service.ts';
import { DEMO_ADMIN_EMAIL, DEMO_EMAIL_DOMAIN } from './constants.ts';
import type { SeedContext } from './context.ts';

export type DemoPerson = { firstName: string; lastName: string; bio: string; tags: string[] };

/** The demo seekers (aidés): one line each of what brings them here. */
export const DEMO_SEEKERS: readonly DemoPerson[] = [
  {
    firstName: 'Camille',
    lastName: 'Martin',
    bio: "Infirmière de nuit depuis huit ans, je cherche à souffler un peu et à parler à quelqu'un qui a connu l'épuisement.",
    tags: ['fatigue', 'travail de nuit'],
  },
  {
    firstName: 'Lucas',
    lastName: 'Bernard',
    bio: 'Développeur web, je me demande si je dois changer de voie et j’aimerais en parler avec des gens qui ont osé.',
    tags: ['reconversion', 'doutes'],
  },
  {
    firstName: 'Emma',
    lastName: 'Petit',
    bio: "Étudiante en deuxième année de droit, je me sens submergée avant les partiels et j'ai du mal à m'organiser.",
    tags: ['études', 'organisation'],
  },
  {
    firstName: 'Hugo',
    lastName: 'Roux',
    bio: 'Je viens de me séparer après douze ans de vie commune et je cherche des repères pour la suite, surtout pour mes enfants.',
    tags: ['séparation', 'parentalité'],
  },
];

/** The demo helpers (aidants): real-sounding journeys, each tied to what they offer. */
export const DEMO_HELPERS: readonly DemoPerson[] = [
  {
    firstName: 'Claire',
    lastName: 'Dubois',
    bio: "Ancienne cadre dans la grande distribution, j'ai traversé un burn-out en 2019. Formée depuis à l'écoute active, j'aide celles et ceux qui sentent que tout déborde à retrouver un rythme qui leur ressemble.",
    tags: ['burn-out', 'stress', 'équilibre pro-perso'],
  },
  {
    firstName: 'Mehdi',
    lastName: 'Benali',
    bio: 'Ingénieur devenu ébéniste à 38 ans, je sais combien une reconversion fait peur. Je vous aide à clarifier vos envies, à tester votre projet et à franchir le pas sans vous brûler les ailes.',
    tags: ['reconversion', 'carrière', 'confiance en soi'],
  },
  {
    firstName: 'Sophie',
    lastName: 'Lefèvre',
    bio: "J'ai perdu mon conjoint il y a six ans. Bénévole en soins palliatifs depuis, je propose un espace calme pour parler de la perte, sans jugement et à votre rythme.",
    tags: ['deuil', 'écoute', 'accompagnement'],
  },
  {
    firstName: 'Julien',
    lastName: 'Moreau',
    bio: "Père de deux enfants, séparé depuis 2020. Je partage ce qui m'a aidé à traverser la séparation, à organiser la garde alternée et à garder le lien avec mes enfants.",
    tags: ['séparation', 'coparentalité', 'parentalité'],
  },
  {
    firstName: 'Nadia',
    lastName: 'Haddad',
    bio: "Docteure en biologie et ancienne tutrice, j'accompagne les étudiants débordés ou qui doutent : méthode de travail, organisation et gestion du stress avant les examens.",
    tags: ['études', 'méthodologie', 'stress des examens'],
  },
  {
    firstName: 'Antoine',
    lastName: 'Girard',
    bio: "J'ai créé puis fermé ma première entreprise avant d'en relancer une seconde. Je vous écoute sur la solitude de l'entrepreneur, les doutes et les décisions difficiles.",
    tags: ['entrepreneuriat', 'solitude', 'prise de décision'],
  },
];

export type DemoUsers = { admin: UserRow; seekers: UserRow[]; helpers: UserRow[] };

/** `Sophie Lefèvre` -> `sophie.lefevre`: the demo e-mails and usernames. */
export function demoHandle(person: Pick<DemoPerson, 'firstName' | 'lastName'>): string {
  return `${person.firstName}.${person.lastName}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, '-');
}

export const demoEmail = (person: Pick<DemoPerson, 'firstName' | 'lastName'>) =>
  `${demoHandle(person)}@${DEMO_EMAIL_DOMAIN}`;

/** Inserts one demo person with the shared demo password hash; a helper has accepted the current charter. */
export async function createDemoUser(
  seed: SeedContext,
  person: DemoPerson,
  role: 'helper' | 'helpee',
  passwordHash: string,
): Promise<UserRow> {
  const user = await createUser(seed.db, {
    email: demoEmail(person),
    passwordHash,
    username: demoHandle(person),
    displayName: `${person.firstName} ${person.lastName}`,
    firstName: person.firstName,
    lastName: person.lastName,
    bio: person.bio,
    tags: person.tags,
    role,
    emailVerified: true,
  });
  if (role === 'helper') await recordCharterAcceptance(seed.db, user.id);
  return user;
}

/** Step 1 of the demo data: the admin, the seekers and the first helpers. */
export async function seedUsers(seed: SeedContext, passwordHash: string): Promise<DemoUsers> {
  const admin = await createUser(seed.db, {
    email: DEMO_ADMIN_EMAIL,
    passwordHash,
    username: 'admin',
    displayName: 'Équipe Appui',
    role: 'admin',
    emailVerified: true,
  });
  const seekers: UserRow[] = [];
  for (const person of DEMO_SEEKERS) seekers.push(await createDemoUser(seed, person, 'helpee', passwordHash));
  const helpers: UserRow[] = [];
  for (const person of DEMO_HELPERS) helpers.push(await createDemoUser(seed, person, 'helper', passwordHash));
  return { admin, seekers, helpers };
}
