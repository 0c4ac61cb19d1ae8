// Part of the typed French catalogue (src/shared/messages/): every user-facing string of the product,
// server and client alike, one file per feature so a page loads only the texts it shows. Texts named in
// the specification are copied word for word; do not "improve" them. A message with parameters is a
// function.
import { ACCOUNTING_RETENTION_YEARS, DATA_RIGHTS_LINK_TTL_HOURS } from '../constants.ts';

/** Pages without a feature of their own: dashboard, about and legal texts (the landing page: landing.ts). */
/** The dashboard shell and its overview and profile tabs. */
export const dashboard = {
  title: 'Mon espace',
  greeting: (name: string) => `Bonjour ${name}`,
  intro: 'Retrouvez ici vos séances, vos messages et votre profil.',
  tabsLabel: 'Sections du tableau de bord',
  tabOverview: 'Aperçu',
  tabOffers: 'Mes offres',
  tabBookings: 'Réservations',
  tabMessages: 'Messages',
  tabProfile: 'Profil',
  tabAdmin: 'Administration',
  statsTitle: 'En un coup d’œil',
  monthlyRevenue: 'Revenus du mois',
  sessionsCompleted: 'Séances terminées',
  averageRating: 'Note moyenne',
  unreadMessages: 'Messages non lus',
  notAvailable: '—',
  profilePanelTitle: 'Mon profil',
  quickActionsTitle: 'Actions rapides',
  editProfile: 'Modifier mon profil',
  findHelp: "Trouver de l'aide",
  createOffer: 'Créer une offre',
  memberSince: (date: string) => `Membre depuis le ${date}`,
  profileEmail: 'Adresse e-mail',
  profileUsername: "Nom d'utilisateur",
  profileRole: 'Rôle',
  profileBio: 'Bio',
  noUsername: 'Non renseigné',
  backHome: "Retour à l'accueil",
} as const;

/** The about page (spec 1 section 1: static marketing text). */
export const about = {
  title: 'À propos d’Appui',
  intro:
    'Appui est né d’une conviction simple : quand la vie se complique, parler à quelqu’un qui a traversé la même épreuve change tout. Nous mettons en relation des personnes qui cherchent une écoute avec des aidants qui ont l’expérience et l’envie de la partager.',
  missionTitle: 'Notre mission',
  missionText:
    'Rendre l’entraide entre pairs accessible à chacun, en toute confiance. Burn-out, séparation, deuil, reconversion, études, projet d’entreprise : il existe toujours quelqu’un qui est passé par là et qui peut vous aider à y voir plus clair.',
  valuesTitle: 'Nos valeurs',
  values: [
    { title: 'Bienveillance', text: 'Chaque échange se fait sans jugement, avec respect et écoute.' },
    { title: 'Confidentialité', text: 'Vos conversations vous appartiennent ; nous ne les partageons avec personne.' },
    {
      title: 'Confiance',
      text: 'Paiements sécurisés, avis vérifiés et une équipe qui veille au bon déroulement des séances.',
    },
    {
      title: 'Accessibilité',
      text: 'Des séances gratuites ou à petit prix, par visio ou par téléphone, où que vous soyez.',
    },
  ],
  figuresTitle: 'Appui en chiffres',
  figureUsers: 'utilisateurs',
  figureCountries: 'pays',
  figureSessions: 'séances réalisées',
  figureSatisfaction: 'de satisfaction',
  foundedText: (year: string) =>
    `Fondée en ${year}, Appui réunit aujourd’hui une communauté francophone présente dans le monde entier.`,
  notTherapyTitle: 'Ce qu’Appui n’est pas',
  notTherapyText:
    'Les aidants partagent leur expérience ; ils ne remplacent ni un médecin, ni un psychologue, ni les services d’urgence. En cas de danger, appelez le 15 ou le 3114.',
  ctaSearch: "Trouver de l'aide",
  ctaContact: 'Nous écrire',
} as const;

/** Privacy policy, terms of sale and legal notice (spec 2 section 2 "Static and legal pages"). */
export const legal = {
  lastUpdated: 'Dernière mise à jour : 1er septembre 2025',
  privacyTitle: 'Politique de confidentialité',
  privacyIntro:
    'Appui SAS attache une grande importance à la protection de vos données personnelles. Cette politique explique quelles données nous collectons, pourquoi, combien de temps nous les gardons et comment exercer vos droits, conformément au Règlement général sur la protection des données (RGPD) et à la loi Informatique et Libertés.',
  privacyUpdated: 'Dernière mise à jour : 25 novembre 2026',
  privacySections: [
    {
      title: 'Responsable du traitement',
      paragraphs: [
        'Le responsable du traitement est Appui SAS, 12 rue de la Solidarité, 75011 Paris, France. Pour toute question relative à vos données, écrivez à support@appui.fr.',
      ],
    },
    {
      title: 'Données collectées',
      paragraphs: [
        'Données de compte : adresse e-mail, mot de passe (conservé uniquement sous forme d’empreinte argon2, jamais en clair), nom affiché, nom d’utilisateur, et si vous les renseignez prénom, nom, bio, étiquettes et photo de profil. La date de création du compte est celle à laquelle vous avez accepté nos conditions : c’est le seul consentement que nous enregistrons.',
        'Données d’activité : offres publiées avec leurs tarifs et les coordonnées de rendez-vous, créneaux, réservations et leurs annulations (avec le motif donné), avis, conversations et messages, demandes adressées au support et leurs réponses, échanges par chat en direct, signalements que vous faites et personnes que vous bloquez.',
        'Messages : un message qui contient des coordonnées (téléphone, e-mail, lien) avant toute réservation confirmée entre vous est conservé mais reste masqué pour son destinataire jusqu’à la réservation. Un message qui évoque le suicide ou un danger immédiat affiche à ses deux lecteurs les numéros d’urgence (3114, 15, 112) et rend prioritaire une demande au support ; rien d’autre n’est fait automatiquement.',
        'Données de paiement : les paiements sont traités par notre prestataire de paiement par carte ; Appui ne reçoit ni ne conserve jamais vos numéros de carte. Nous enregistrons les montants, la commission, les remboursements et leurs dates. Pour les aidants, le prestataire recueille les informations nécessaires aux versements ; nous gardons l’identifiant du compte de versement, son état et les versements effectués.',
        'Données techniques : journaux du serveur (date, adresse IP, requête). Ils ne contiennent jamais le contenu de vos messages, de votre bio ou d’un motif d’annulation, ni votre adresse e-mail, ni mot de passe ou jeton de connexion.',
      ],
    },
    {
      title: 'Finalités et bases légales',
      paragraphs: [
        'Fournir le service (création du compte, réservations, messagerie, paiements, support) : exécution du contrat qui nous lie.',
        'Assurer la sécurité de la plateforme, prévenir la fraude et traiter les signalements : intérêt légitime d’Appui et de ses membres. Un signalement conserve une copie du contenu signalé telle qu’elle était au moment du signalement, pour que l’équipe de modération puisse en juger.',
        'Respecter nos obligations comptables et fiscales : obligation légale.',
        'Vous envoyer des e-mails liés à votre compte (confirmation et rappel de réservation, nouveaux messages, réinitialisation du mot de passe, suppression du compte) : exécution du contrat. Nous n’envoyons aucune prospection commerciale.',
      ],
    },
    {
      title: 'Durées de conservation',
      paragraphs: [
        'Vos données de compte et d’activité sont conservées tant que votre compte existe. Vous pouvez le supprimer à tout moment : la suppression est immédiate.',
        'À la suppression du compte, votre adresse e-mail, vos noms, votre bio, vos étiquettes et votre photo sont effacés, vos offres et créneaux retirés, vos réservations à venir annulées et toutes vos sessions déconnectées. Vos messages et vos avis restent lisibles par leurs destinataires, signés « Compte supprimé » ; vos demandes au support et vos échanges par chat restent dans l’historique de l’équipe, sans votre nom ni votre adresse.',
        `Les réservations et paiements sont conservés ${ACCOUNTING_RETENTION_YEARS} ans, comme l’exige le Code de commerce, sans aucune donnée personnelle après la suppression du compte : montants, dates, intitulé de l’offre.`,
        'Les journaux techniques, sans contenu, sont conservés 12 mois au plus. Les liens de réinitialisation du mot de passe expirent au bout d’une heure.',
      ],
    },
    {
      title: 'Destinataires',
      paragraphs: [
        'Vos données sont accessibles aux seules équipes d’Appui qui en ont besoin, à notre prestataire de paiement et à notre hébergeur, tenus par contrat à la confidentialité. Votre profil public (nom affiché, bio, photo, offres) est visible des autres membres ; votre adresse e-mail ne l’est jamais. Une personne que vous bloquez ne voit plus votre profil ni vos offres.',
      ],
    },
    {
      title: 'Vos droits',
      paragraphs: [
        'Vous disposez d’un droit d’accès, de rectification, d’effacement, de limitation, de portabilité et d’opposition, ainsi que du droit de définir des directives sur le sort de vos données après votre décès.',
        'Accès et portabilité : dans « Modifier mon profil », le bouton « Télécharger mes données » vous remet aussitôt un fichier JSON de tout ce qu’Appui conserve sur vous : profil, offres, créneaux, réservations, paiements et remboursements, avis écrits et reçus, conversations, messages au support, chats, signalements faits, blocages et consentements. Des autres personnes, il ne contient que ce qu’elles ont partagé avec vous.',
        'Rectification : vous modifiez vous-même votre nom, votre bio, votre photo, votre adresse e-mail et votre mot de passe dans « Modifier mon profil ».',
        'Effacement : dans « Modifier mon profil », le bouton « Supprimer mon compte » efface votre compte après confirmation par votre mot de passe, avec les effets décrits ci-dessus ; un e-mail le confirme à votre ancienne adresse, qui peut ensuite servir à un nouveau compte.',
        `Sans accès à votre compte, par exemple s’il est suspendu : la page « Mes données » vous envoie par e-mail, à l’adresse du compte, un lien valable ${DATA_RIGHTS_LINK_TTL_HOURS} heures pour télécharger vos données et supprimer votre compte, sans mot de passe.`,
        'Pour toute autre demande, écrivez à support@appui.fr ou passez par la page Support ; nous répondons sous un mois. Si vous estimez que vos droits ne sont pas respectés, vous pouvez adresser une réclamation à la CNIL (www.cnil.fr).',
      ],
    },
    {
      title: 'Cookies et stockage local',
      paragraphs: [
        'Appui n’utilise aucun cookie publicitaire ni traceur tiers. Votre navigateur conserve uniquement le jeton de connexion et vos préférences d’affichage, nécessaires au fonctionnement du service.',
      ],
    },
  ],
  termsTitle: 'Conditions générales de vente',
  termsIntro:
    'Les présentes conditions générales de vente encadrent la réservation et le paiement des séances proposées sur Appui, plateforme éditée par Appui SAS. En réservant une séance, vous les acceptez sans réserve.',
  termsSections: [
    {
      title: 'Objet du service',
      paragraphs: [
        'Appui met en relation des personnes qui cherchent de l’aide (les aidés) avec des personnes qui proposent leur expérience (les aidants), pour des séances par visio ou par téléphone. Appui agit comme intermédiaire : la séance elle-même est assurée par l’aidant.',
      ],
    },
    {
      title: 'Prix et commission',
      paragraphs: [
        'Chaque aidant fixe librement le prix et la durée de ses séances ; certaines séances sont gratuites. Les prix sont affichés toutes taxes comprises, en euros ou en dollars selon l’offre.',
        'Appui perçoit une commission de 10 % par transaction, prélevée sur le montant payé ; l’aidant reçoit le reste sur son compte de versement.',
      ],
    },
    {
      title: 'Paiement',
      paragraphs: [
        'Le paiement s’effectue en ligne au moment de la réservation, par l’intermédiaire de notre prestataire de paiement par carte. Les cartes acceptées sont Visa, Mastercard et American Express.',
        'Une réservation payante n’est confirmée qu’une fois le paiement accepté. Appui n’a jamais accès à vos données de carte.',
      ],
    },
    {
      title: 'Annulation et remboursement',
      paragraphs: [
        'Vous pouvez annuler une séance depuis votre tableau de bord en indiquant une raison.',
        'Un remboursement intégral est accordé lorsque la séance est annulée plus de 24 h avant son début, ou en cas de problème technique majeur empêchant la séance d’avoir lieu. Une annulation moins de 24 h avant le début n’ouvre pas droit à remboursement.',
        'Lorsque l’aidant annule une séance payée, vous êtes remboursé intégralement.',
      ],
    },
    {
      title: 'Séances organisées hors de la plateforme',
      paragraphs: [
        'Les séances convenues et payées en dehors d’Appui ne bénéficient d’aucune des garanties décrites ici : ni paiement sécurisé, ni remboursement, ni médiation.',
      ],
    },
    {
      title: 'Réclamations et médiation',
      paragraphs: [
        'Pour toute réclamation, écrivez à support@appui.fr. En l’absence de solution amiable, vous pouvez recourir gratuitement à un médiateur de la consommation. Les présentes conditions sont soumises au droit français.',
      ],
    },
  ],
  noticeTitle: 'Mentions légales',
  noticeIntro:
    'Informations légales relatives au site Appui, conformément à la loi n° 2004-575 du 21 juin 2004 pour la confiance dans l’économie numérique.',
  noticeSections: [
    {
      title: 'Éditeur',
      paragraphs: [
        'Appui SAS, société par actions simplifiée au capital de 10 000 €',
        'Siège social : 12 rue de la Solidarité, 75011 Paris, France',
        'SIREN : 000 000 000 (numéro fictif, données de démonstration) — RCS Paris',
        'Numéro de TVA intracommunautaire : FR00 000000000',
        'Contact : support@appui.fr',
      ],
    },
    {
      title: 'Directrice de la publication',
      paragraphs: ['Camille Martin, présidente d’Appui SAS.'],
    },
    {
      title: 'Hébergeur',
      paragraphs: ['OVH SAS, 2 rue Kellermann, 59100 Roubaix, France — www.ovhcloud.com'],
    },
    {
      title: 'Propriété intellectuelle',
      paragraphs: [
        'L’ensemble des contenus du site (textes, logo, interface) est la propriété d’Appui SAS, sauf les contenus publiés par les membres, qui en restent propriétaires. Toute reproduction sans autorisation est interdite.',
      ],
    },
  ],
  placeholderNotice: 'Les informations de société ci-dessus sont des données de démonstration.',
} as const;
