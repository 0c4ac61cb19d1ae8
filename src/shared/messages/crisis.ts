// Part of the typed French catalogue (src/shared/messages/): every user-facing string of the product,
// server and client alike, one file per feature so a page loads only the texts it shows. Texts named in
// the specification are copied word for word; do not "improve" them. A message with parameters is a
// function.

/**
 * The urgent numbers (issue 13 section 3: 3114 and 15, and 112), one line each on what the number is.
 * The support page's "Besoin d'aide tout de suite ?" block, the crisis banner of the messages tab and
 * of the live chat all read this one list.
 */
export const crisisNumbers = [
  { number: '15', call: 'Appeler le 15', text: 'SAMU, urgence médicale.' },
  {
    number: '3114',
    call: 'Appeler le 3114',
    text: 'Numéro national de prévention du suicide, 24 h/24, gratuit.',
  },
  {
    number: '112',
    call: 'Appeler le 112',
    text: 'Numéro d’urgence européen, joignable depuis n’importe quel téléphone.',
  },
] as const;

/**
 * The crisis banner (issue 13 section 3): shown to the writer and the reader of a message that speaks of
 * suicide or immediate danger, and always one click away behind `open` in the messages tab and the live
 * chat. Calm words: it offers, it does not alarm or judge.
 */
export const crisisHelp = {
  open: 'Besoin d’aide tout de suite ?',
  close: 'Masquer les numéros d’urgence',
  title: 'Parler à quelqu’un, maintenant',
  matched: 'Ce message évoque peut-être une détresse ou un danger.',
  intro:
    'Si vous, ou quelqu’un près de vous, êtes en danger, n’attendez pas de réponse écrite : appelez, c’est gratuit, de jour comme de nuit.',
} as const;
