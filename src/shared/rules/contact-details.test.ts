import { describe, expect, it } from 'vitest';
import { containsContactDetails, findContactDetails, type ContactDetailKind } from './contact-details.ts';

const kinds = (text: string): ContactDetailKind[] => findContactDetails(text).map((detail) => detail.kind);

describe('findContactDetails: phone numbers', () => {
  it.each([
    'Appelle-moi au 06 12 34 56 78 ce soir',
    'mon numéro : 06.12.34.56.78',
    '06-12-34-56-78',
    'tel 0612345678 merci',
    '+33 6 12 34 56 78',
    'Joignable au +33612345678 !',
    '0033 6 12 34 56 78',
    '(+33) 6 12 34 56 78',
    '+33 (0)6 12 34 56 78',
    'my US number +1 415 555 0100',
    'London: +44 20 7946 0958',
    'écris au 0 6 1 2 3 4 5 6 7 8',
    'zéro six douze trente-quatre cinquante-six soixante-dix-huit',
    'zero six un deux trois quatre cinq six sept huit',
    'zéro six quatre-vingt-douze vingt et un soixante et onze dix-sept',
    '06 douze 34 56 78',
    'O6 12 34 56 78',
    '01–23–45–67–89',
    '0６ １２ ３４ ５６ ７８',
  ])('finds a phone in %j', (text) => {
    expect(kinds(text)).toEqual(['phone']);
  });

  it('reports the number as written', () => {
    expect(findContactDetails('Appelle-moi au 06.12.34.56.78, merci')).toEqual([
      { kind: 'phone', match: '06.12.34.56.78' },
    ]);
    expect(findContactDetails('numéro (+33) 6 12 34 56 78 le soir')).toEqual([
      { kind: 'phone', match: '(+33) 6 12 34 56 78' },
    ]);
    expect(findContactDetails('zéro six douze trente-quatre cinquante-six soixante-dix-huit.')).toEqual([
      { kind: 'phone', match: 'zéro six douze trente-quatre cinquante-six soixante-dix-huit' },
    ]);
  });

  it('finds two numbers in one message', () => {
    expect(findContactDetails('06 12 34 56 78 ou sinon 07 98 76 54 32')).toEqual([
      { kind: 'phone', match: '06 12 34 56 78' },
      { kind: 'phone', match: '07 98 76 54 32' },
    ]);
  });
});

describe('findContactDetails: e-mail addresses', () => {
  it.each([
    ['jean.dupont@gmail.com', 'jean.dupont@gmail.com'],
    ['écris à jean arobase gmail point com stp', 'jean arobase gmail point com'],
    ['jean (at) gmail (dot) com', 'jean (at) gmail (dot) com'],
    ['jean[at]gmail.com', 'jean[at]gmail.com'],
    ['mon mail: jean at gmail dot com', 'jean at gmail dot com'],
    ['jean @ gmail . com', 'jean @ gmail . com'],
    ['Marie.Lefèvre@Orange.fr', 'Marie.Lefèvre@Orange.fr'],
    ['jean arobase gmail', 'jean arobase gmail'],
    ['JEAN＠GMAIL.COM', 'JEAN＠GMAIL.COM'],
  ])('finds the address in %j', (text, match) => {
    expect(findContactDetails(text)).toEqual([{ kind: 'email', match }]);
  });
});

describe('findContactDetails: URLs', () => {
  it.each([
    ['voir https://exemple.fr/agenda?x=1.', 'https://exemple.fr/agenda?x=1'],
    ['http://mon-site.com', 'http://mon-site.com'],
    ['sur www.exemple.fr tu trouveras tout', 'www.exemple.fr'],
    ['réserve sur monsite.fr/rdv', 'monsite.fr/rdv'],
    ['clique bit.ly/xyz', 'bit.ly/xyz'],
    ['mon site: cours-maths.io', 'cours-maths.io'],
    ['va sur monsite point fr', 'monsite point fr'],
  ])('finds the URL in %j', (text, match) => {
    expect(findContactDetails(text)).toEqual([{ kind: 'url', match }]);
  });
});

describe('findContactDetails: messaging apps and handles', () => {
  it.each([
    ['écris-moi sur whatsapp', 'whatsapp'],
    ['On continue sur WhatsApp ?', 'WhatsApp'],
    ['whats app plutôt', 'whats app'],
    ['wa.me/33612345678', 'wa.me/33612345678'],
    ['mon Telegram', 'Telegram'],
    ['t.me/jeandupont', 't.me/jeandupont'],
    ['écris-moi sur Signal', 'Signal'],
    ['via signal', 'signal'],
    ['mon insta', 'insta'],
    ['mon Instagram', 'Instagram'],
    ['ajoute-moi sur snapchat', 'snapchat'],
    ['par Messenger', 'Messenger'],
    ['un appel Skype ?', 'Skype'],
    ['mon discord', 'discord'],
    ['suis-moi @jean_dupont', '@jean_dupont'],
  ])('finds the app in %j', (text, match) => {
    expect(findContactDetails(text)).toEqual([{ kind: 'messaging_app', match }]);
  });

  it('reports several kinds in reading order, without duplicates', () => {
    expect(findContactDetails('WhatsApp 06 12 34 56 78 ou jean@free.fr, ou exemple.com')).toEqual([
      { kind: 'messaging_app', match: 'WhatsApp' },
      { kind: 'phone', match: '06 12 34 56 78' },
      { kind: 'email', match: 'jean@free.fr' },
      { kind: 'url', match: 'exemple.com' },
    ]);
  });
});

describe('findContactDetails: simple evasions (review R1)', () => {
  it.each([
    // Invisible characters between the digits: zero-width space, joiner, word joiner, soft hyphen, bidi marks.
    '06\u200b12\u200b34\u200b56\u200b78',
    '0\u200d6\u200d1\u200d2\u200d3\u200d4\u200d5\u200d6\u200d7\u200d8',
    '06\u206012\u206034\u206056\u206078',
    '06\u00ad12\u00ad34\u00ad56\u00ad78',
    '\u202e87 65 43 21 60\u202c',
    // Digits of other scripts.
    '٠٦١٢٣٤٥٦٧٨',
    '۰۶۱۲۳۴۵۶۷۸',
    '०६१२३४५६७८',
    // Other separators, and wide gaps.
    '06_12_34_56_78',
    '06*12*34*56*78',
    '06 ~ 12 ~ 34 ~ 56 ~ 78',
    '06·12·34·56·78',
    '06      12      34      56      78',
    // Letters typed for digits.
    'o6 l2 34 56 78',
    'O6.I2.34.56.78',
  ])('finds a phone in %j', (text) => {
    expect(kinds(text)).toEqual(['phone']);
  });

  it.each([
    'jean\u200b@\u200bgmail\u200b.\u200bcom',
    'jean[@]gmail[.]com',
    'jean(@)gmail(.)com',
    'jean {@} gmail {.} com',
  ])('finds the address in %j', (text) => {
    expect(kinds(text)).toEqual(['email']);
  });

  it.each(['monsite[.]fr', 'monsite(.)com', 'monsite . fr', 'mon\u200bsite.fr'])('finds the URL in %j', (text) => {
    expect(kinds(text)).toEqual(['url']);
  });

  it.each(['what\u200bsapp', 'tele\u00adgram'])('finds the app in %j', (text) => {
    expect(kinds(text)).toEqual(['messaging_app']);
  });

  it('reports the match as written, invisible characters included', () => {
    expect(findContactDetails('tel 06\u200b12\u200b34\u200b56\u200b78 !')).toEqual([
      { kind: 'phone', match: '06\u200b12\u200b34\u200b56\u200b78' },
    ]);
  });

  it.each([
    'Bon\u200bjour, à bien\u00adtôt',
    'Le fichier cours_2024_03 est prêt',
    'il a 3 ans, elle 5',
    'Salut . Comment vas-tu ?',
    'C’est net . Net et précis',
    '٣ séances de ٤٥ minutes',
  ])('still finds nothing in %j', (text) => {
    expect(findContactDetails(text)).toEqual([]);
  });
});

describe('findContactDetails: what must not match', () => {
  it.each([
    'La séance coûte 50 €.',
    'Le forfait est à 1 500 euros',
    'soit 45,00 € par heure',
    'un budget de 12 000 000 €',
    'Rendez-vous le 12/03/2026 à 14h30 ?',
    'on se voit à 14:30',
    'le 12.03.2026 14.30 ça marche',
    'mardi 3 décembre, 18 h 45',
    'le 2026-03-12 10 11 ou 12',
    'une séance de 90 minutes',
    'je fais ça depuis 2019',
    'une baisse de 20 %',
    'je propose 3 séances',
    "j'ai 2 enfants de 6 et 9 ans",
    'ça fait 10 ans que je donne des cours',
    'code 1234 puis 5678',
    'Je suis au 75011 Paris',
    'En cas de détresse, appelez le 15 ou le 3114, ou le 112.',
    'numéros utiles : 15 112 3114',
    'je suis à la maison à 18 h, merci à toi',
    'je suis at home tonight',
    'merci.Bonne journée',
    "C'est top.Me voilà rassurée",
    'un deux trois, soleil',
    'pas de signal dans le métro, je te signale mon retard',
    'Ma fille est en 6e, elle a 11 ans',
    "l'instant présent, discorde et télégramme",
    'au point mort',
    'Bonjour ! Merci pour votre réponse, à bientôt.',
    'version 2.0 du document.pdf',
  ])('finds nothing in %j', (text) => {
    expect(findContactDetails(text)).toEqual([]);
    expect(containsContactDetails(text)).toBe(false);
  });

  it('answers false for empty text', () => {
    expect(containsContactDetails('')).toBe(false);
    expect(containsContactDetails('   ')).toBe(false);
  });
});

describe('findContactDetails: long input', () => {
  it('stays fast on a 4 000-character message made to backtrack', () => {
    const inputs = [
      'a'.repeat(4000),
      'a.'.repeat(2000),
      'a-'.repeat(2000),
      'a point '.repeat(500),
      '1 '.repeat(2000),
      'six '.repeat(1000),
      '@'.repeat(4000),
      'a . '.repeat(1000),
      '\u200b'.repeat(4000),
      '٩ '.repeat(2000),
      '1_'.repeat(2000),
    ];
    const started = performance.now();
    for (const input of inputs) findContactDetails(input);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
