// Part of the typed French catalogue (src/shared/messages/, see common.ts). A file of its own: the
// charter is long, and only the page that explains the checks and the "Devenir aidant" step show it.
import { crisisNumbers } from './crisis.ts';

/**
 * The helper charter, version HELPER_CHARTER_VERSION (src/shared/constants.ts). Any change of its
 * meaning bumps that version, and `effective` below: every helper then accepts the new text again.
 */
export const helperCharter = {
  title: 'Charte de l’aidant',
  versionLabel: (version: string) => `Version ${version}, en vigueur depuis le 8 décembre 2026`,
  intro:
    'En devenant aidant sur Appui, vous offrez votre écoute et votre expérience à des personnes qui traversent un moment difficile. Cette charte dit ce à quoi vous vous engagez.',
  sections: [
    {
      title: 'Une aide entre pairs, pas un soin',
      paragraphs: [
        'Vous partagez votre expérience et votre écoute. Vous ne posez pas de diagnostic, ne proposez pas de traitement et ne conseillez jamais d’arrêter ou de modifier un traitement.',
        'Vous ne vous présentez pas comme médecin, psychologue ou thérapeute, et n’utilisez aucun titre que vous ne détenez pas. Vos offres ne promettent ni guérison ni résultat.',
        'Quand une question relève d’un professionnel de santé, vous le dites avec bienveillance et invitez la personne à en consulter un.',
      ],
    },
    {
      title: 'Confidentialité',
      paragraphs: [
        'Ce qui se dit pendant une séance ou dans les messages reste entre vous et la personne aidée. Vous ne le racontez pas, ne l’enregistrez pas et ne le publiez pas, même sans nom.',
        'Vous ne demandez pas plus d’informations personnelles que nécessaire, et ne cherchez pas à joindre la personne en dehors d’Appui.',
      ],
    },
    {
      title: 'Respect et limites',
      paragraphs: [
        'Vous accueillez chaque personne sans jugement, quels que soient son histoire, ses opinions ou sa situation.',
        'Les séances et les paiements passent par Appui : une séance organisée en dehors n’a aucune protection, ni pour vous ni pour la personne aidée.',
        'Vous pouvez mettre fin à une séance qui devient irrespectueuse, et la signaler à notre équipe.',
      ],
    },
    {
      title: 'Quand quelqu’un est en danger',
      paragraphs: [
        'Si la personne parle de se faire du mal ou de mettre fin à ses jours, ou si elle-même ou quelqu’un d’autre est en danger immédiat, vous ne restez pas seul face à cette situation et ne la gardez pas pour vous : la sécurité passe avant la confidentialité.',
        'Invitez-la à appeler tout de suite l’un de ces numéros, gratuits, de jour comme de nuit, ou appelez-les avec elle :',
        ...crisisNumbers.map((entry) => `${entry.number} : ${entry.text}`),
        'Prévenez ensuite notre équipe depuis la page Support : elle répond à toute heure.',
      ],
    },
    {
      title: 'Votre engagement',
      paragraphs: [
        'Vous acceptez cette charte avant de devenir aidant. Nous gardons la version acceptée et sa date, qui apparaissent sur votre profil.',
        'Quand la charte change, vous acceptez la nouvelle version avant de publier une nouvelle offre.',
        'Un manquement signalé peut conduire à masquer vos offres ou à suspendre votre compte.',
      ],
    },
  ],
} as const;

/** The "Devenir aidant" step (and the one before a new offer when the charter changed). */
export const charterDialog = {
  title: 'Charte de l’aidant',
  intro: 'Avant de devenir aidant, prenez le temps de lire la charte : elle dit ce à quoi vous vous engagez.',
  introRenewal: 'La charte de l’aidant a changé. Lisez la nouvelle version et acceptez-la pour publier une offre.',
  textLabel: 'Texte de la charte',
  checkbox: 'J’ai lu et j’accepte la charte',
  checkboxRequired: 'Cochez la case pour accepter la charte.',
  confirm: 'Accepter et devenir aidant',
  confirmRenewal: 'Accepter la charte',
  pending: 'Enregistrement…',
  cancel: 'Annuler',
  acceptError: 'Impossible d’enregistrer votre acceptation. Veuillez réessayer.',
} as const;

/** The server's answers about the charter. */
export const charterErrors = {
  notAcceptedToBecomeHelper: 'Pour devenir aidant, lisez et acceptez d’abord la charte de l’aidant.',
  notAcceptedToPublish: 'Acceptez la nouvelle version de la charte de l’aidant avant de publier une offre.',
  versionOutdated:
    'La charte a changé depuis que vous l’avez ouverte : relisez la nouvelle version avant de l’accepter.',
} as const;
