// Part of the typed French catalogue (src/shared/messages/): every user-facing string of the product,
// server and client alike, one file per feature so a page loads only the texts it shows. Texts named in
// the specification are copied word for word; do not "improve" them. A message with parameters is a
// function.
import { crisisHelp, crisisNumbers } from './crisis.ts';

/** Support centre: contact form, FAQ, urgent numbers, the user's messages and admin handling. */
export const support = {
  // spec 2 sections 5 and 8 (word for word)
  fillAllFields: 'Veuillez remplir tous les champs',
  loginRequired: "Il faut d'abord créer un compte ou se connecter pour pouvoir contacter le support",
  sentSuccess: 'Votre message a été envoyé avec succès !',
  responseRequired: 'Veuillez saisir une réponse',
  responseSent: 'Réponse envoyée avec succès',
  statusUpdated: 'Statut mis à jour',
  updateError: 'Erreur lors de la mise à jour',
  responseError: "Erreur lors de l'envoi de la réponse",
  // server
  notFound: 'Message de support introuvable.',
  transitionRefused: 'Ce changement de statut n’est pas possible pour ce message.',
  updateNothing: 'Indiquez un statut ou une priorité.',
} as const;

/** The support status a user or an admin reads (spec 2 section 4: open, in_progress, closed). */
export const supportStatusLabels = {
  open: 'Ouvert',
  in_progress: 'En cours',
  closed: 'Fermé',
} as const;

/**
 * The /support page (spec 2 section 2 "Support centre"): three cards, the FAQ of six questions (the
 * answers follow DESIGN.md section 8), the urgent numbers (UI.md "Safety cues": one tap away), the
 * contact form and the user's own messages with the team's answers.
 */
export const supportPage = {
  documentTitle: 'Support — Appui',
  title: 'Comment pouvons-nous vous aider ?',
  intro:
    'Une question, un souci avec une séance, ou simplement besoin de parler à quelqu’un de l’équipe : écrivez-nous, discutez en direct ou parcourez les questions fréquentes.',
  // urgent help, near the top of the page
  urgentTitle: 'Besoin d’aide tout de suite ?',
  // the same words and numbers as the crisis banner of the messages tab and the live chat (issue 13)
  urgentIntro: crisisHelp.intro,
  urgentNumbers: crisisNumbers,
  // the three cards
  contactCardTitle: 'Formulaire de contact',
  contactCardText: 'Écrivez-nous : nous vous répondons par e-mail, et la réponse s’affiche aussi sur cette page.',
  contactCardAction: 'Écrire au support',
  liveChatCardTitle: 'Chat en direct',
  liveChatCardText: 'Échangez en direct avec un membre de l’équipe, avec ou sans compte.',
  guidesCardTitle: 'Guides',
  guidesCardText: 'Devenir aidant, paiements, annulations, avis : les réponses aux questions les plus fréquentes.',
  guidesCardAction: 'Voir les questions fréquentes',
  // FAQ (spec 2 section 2: six questions)
  faqTitle: 'Questions fréquentes',
  faq: [
    {
      question: 'Comment devenir aidant ?',
      answer:
        'Il n’y a aucune procédure de validation : depuis votre espace, passez en mode aidant, complétez votre profil, puis publiez une offre (gratuite ou payante) et vos disponibilités. Vous pouvez revenir en mode aidé à tout moment.',
    },
    {
      question: 'Comment fonctionnent les paiements ?',
      answer:
        'Les paiements sont traités par notre prestataire de paiement par carte, Stripe : Appui ne voit ni ne conserve vos numéros de carte. Le montant est réglé à la réservation, et l’aidant reçoit sa part sur son compte de paiement, après la commission de la plateforme.',
    },
    {
      question: 'Puis-je annuler une séance ?',
      answer:
        'Oui, depuis l’onglet Réservations de votre espace, en indiquant une raison. Jusqu’à 24 h avant la séance, une séance payée est remboursée intégralement. Une annulation plus tardive de votre part peut entraîner des frais : la séance payée n’est alors pas remboursée. Si c’est l’aidant qui annule, vous êtes toujours remboursé.',
    },
    {
      question: 'Mes conversations sont-elles privées ?',
      answer:
        'Oui. Vos messages ne sont visibles que par vous et la personne avec qui vous échangez. Pour vous protéger, les coordonnées (téléphone, e-mail, liens) restent masquées jusqu’à la réservation d’une séance.',
    },
    {
      question: 'Que faire en cas de problème ?',
      answer:
        'Signalez-le au support avec le formulaire de contact ou le chat en direct : nous vous répondons au plus vite. En cas de danger immédiat, appelez le 15, le 112 ou le 3114.',
    },
    {
      question: 'Comment fonctionnent les avis ?',
      answer:
        'Après chaque séance, aidé et aidant peuvent s’évaluer mutuellement. Les notes et les commentaires aident chacun à choisir en confiance.',
    },
  ],
  // contact form (spec 2 section 5)
  formTitle: 'Nous écrire',
  formIntro: 'Tous les champs sont obligatoires.',
  formLoginHint: 'Connectez-vous pour écrire au support : vous retrouverez ici nos réponses.',
  loginAction: 'Se connecter',
  signupAction: 'Créer un compte',
  // The answer goes to the account's address: the form has no e-mail field.
  replyTo: (email: string) => `Nous vous répondrons à ${email}, l’adresse de votre compte.`,
  nameLabel: 'Nom',
  subjectLabel: 'Sujet',
  messageLabel: 'Message',
  submit: 'Envoyer le message',
  sending: 'Envoi…',
  sendError: 'Votre message n’a pas pu être envoyé. Votre texte est conservé : réessayez dans un instant.',
  // the user's own messages
  myMessagesTitle: 'Mes messages',
  myMessagesEmptyTitle: 'Aucun message pour l’instant',
  myMessagesEmpty: 'Quand vous écrirez au support, votre message et nos réponses s’afficheront ici.',
  myMessagesError: 'Impossible de charger vos messages pour le moment.',
  sentOn: (date: string) => `Envoyé le ${date}`,
  statusLabel: 'Statut',
  teamAnswer: 'Réponse de l’équipe Appui',
  answeredOn: (date: string) => `le ${date}`,
  waitingAnswer: 'Pas encore de réponse : nous revenons vers vous au plus vite.',
} as const;
