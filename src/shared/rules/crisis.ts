/**
 * Does a text speak of suicide, self-harm or immediate danger? (issue 12 section 1: a support message
 * whose subject or message names a crisis is created with priority `urgent`.)
 *
 * What a match does is small and reversible: the message rises to the top of the admin list with an
 * urgent priority an admin can change, and a later issue shows a banner with the emergency numbers.
 * Nothing is sent or blocked. So recall wins over precision: every clear first-person phrase (and
 * many third-person ones) matches, spelled with or without accents, in capitals, with curly
 * apostrophes and with the usual misspellings ("mourrir", "sucide", "suiside").
 *
 * Decisions on the borderline cases (each has a test):
 * - Any word of the suicide family matches, even "le film parle de suicide": the word is rare in a
 *   support message, and an admin reading it judges better than a rule.
 * - "me tuer" (infinitive) matches, so "ce travail va me tuer" does too, because "il va me tuer" is
 *   the same grammar and a real danger. The idiomatic present "ce boulot me tue", "je me tue à le
 *   répéter" does not.
 * - "en finir" matches at the end of a clause or before "avec la vie / ma vie / tout / moi"; "en finir
 *   avec ce dossier" does not. "Ce projet traîne, je veux en finir." does (a false positive we accept).
 * - "mourir" matches after a wish or an announcement (je veux, j'ai envie de, je vais…), except in the
 *   idioms "mourir de rire / faim / ennui / chaud / honte…"; "je meurs de rire", "j'ai peur de
 *   mourir en avion" do not match.
 * - "je vais sauter" matches alone or towards a height (du pont, par la fenêtre, dans le vide), not in
 *   "sauter le pas", "sauter un repas", "sauter du lit", "sauter de joie".
 * - Violence: "il/elle/mon mari… me frappe / me bat", "m'a frappée", "violences conjugales", "je suis
 *   en danger"; but not "cette idée me frappe", "il me bat aux échecs", "les espèces en danger".
 */
export function mentionsCrisis(text: string): boolean {
  const normalised = normalise(text);
  return CRISIS_PATTERNS.some((pattern) => pattern.test(normalised));
}

/**
 * Lower case, accents folded, apostrophes and hyphens as spaces, clause punctuation as a lone " . "
 * (so a pattern can ask for the end of a clause), every other symbol as a space, spaces collapsed,
 * with a space at both ends so every pattern can anchor words with a plain space.
 */
function normalise(text: string): string {
  const folded = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/[.!?;:,…\n\r]+/g, ' . ')
    .replace(/[^a-z0-9.]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return ` ${folded} `;
}

/** The end of a clause, or words that point at one's life or at everything. */
const END = String.raw`(?:\.|$)`;
/** A wish or an announcement in the first person (or about someone one worries for: "il veut"). */
const WISH = String.raw`(?:veux|voudrais|voulais|veut|aimerais|souhaite|souhaiterais|prefere|prefererais|envie d?e?|besoin d?e?|pense a|pense|songe a|vais|decide de|decide d|pret a|prete a|tente de|essaye de|essaie de|essayer de|essayer d)`;
const MOURIR_IDIOMS = String.raw`(?:de (?:rire|faim|soif|chaud|froid|ennui|honte|envie|fatigue|peur|plaisir|jalousie|impatience)|d (?:ennui|impatience|envie|amour))`;
const HEIGHTS = String.raw`(?:pont|toit|balcon|fenetre|immeuble|falaise|train|metro|viaduc|etage|haut|vide|quai|rer|tgv|voiture|camion)`;
/** Who hits ("ce qui me frappe", "cette idée me frappe" are not violence: no "qui", no "idée"). */
const ABUSERS = String.raw`(?:il|elle|ils|elles|on|mari|copain|conjoint|compagnon|compagne|femme|epoux|epouse|pere|mere|beau pere|belle mere|frere|soeur|fils|fille|ex|petit ami|petite amie|patron|voisin)`;
const MEDICINES = String.raw`(?:medicaments?|medocs?|cachets?|pilules?|comprimes?|somniferes?|anxiolytiques?|antidepresseurs?|doliprane|paracetamol|lexomil|xanax|tramadol)`;
const QUANTITY = String.raw`(?:tous|toutes|toute|boite|plaquette|tube|flacon|trop|plein|dizaine|vingtaine|\d+)`;

const CRISIS_PATTERNS: RegExp[] = [
  // suicide, suicidaire, se suicider, and the usual misspellings (sucide, suiside, suicde, sucidaire)
  /\b(?:suicid|sucid|suisid|suicd|suiscid|suisc?id|sui?cc?id)\w*/,
  // mourir (and "mourrir") after a wish or an announcement, except the idioms
  new RegExp(String.raw` ${WISH} (?:me laisser )?mou?rr?ir (?!${MOURIR_IDIOMS} )`),
  / laisse(?:r|z)? mou?rr?ir /,
  / (?:je veux|veux|voudrais) (?:etre )?mort(?:e)? /,
  // en finir: at the end of a clause, or with one's life, everything, oneself
  new RegExp(
    String.raw` en finir (?:une bonne fois (?:pour toutes )?)?(?:${END}|avec (?:la vie|ma vie|cette vie|l existence|mon existence|tout|moi|ce monde|mes jours|la souffrance))`,
  ),
  // me tuer (and the misspelt "me tue" after a wish or a threat), se tuer
  / me tuer /,
  new RegExp(String.raw` (?:${WISH}|menace de|menace|vont|va) me tu(?:e|ee|es|er) `),
  / (?:se|te) tuer /,
  // life not worth living
  / (?:plus|pas|aucune|aucun|perdu|perdue|n ai plus|n a plus) (?:l |le |la |d |de |du |une |un )?(?:envie|raison|raisons|gout|force|sens|courage) de vivre /,
  / (?:marre|fatigue|fatiguee|las|lasse|ras le bol|degoute|degoutee) de (?:vivre|la vie|ma vie|cette vie|l existence) /,
  / (?:veux|voudrais|veut) (?:plus|pas) (?:vivre|continuer a vivre|exister) /,
  / (?:peux|sais|supporte) plus (?:vivre|exister) /,
  / (?:vie|existence) n a (?:plus|pas|aucun) (?:de |d )?sens /,
  / (?:vie|existence) ne (?:vaut|merite) (?:pas|plus|rien) /,
  / mettre (?:fin|un terme) a (?:mes jours|ma vie|mon existence|tout|ma souffrance) /,
  / (?:mettrai|mets|met|mis|mettre) fin a mes jours /,
  / idees? noires? /,
  / (?:envie de|veux|voudrais|aimerais) disparaitre (?!(?:de|des|du|d) (?!ce monde|cette terre|la surface|la terre))/,
  / (?:plus|jamais) me reveiller /,
  / dormir pour toujours /,
  / (?:veux|voudrais|envie) que tout s arrete /,
  // ways of dying
  new RegExp(
    String.raw` (?:${WISH} sauter|je saute|sauterai) (?:${END}|(?:du|de la|d un|d une|depuis|par|dans le|sous|des) (?:\w+ )?${HEIGHTS} )`,
  ),
  new RegExp(String.raw` me (?:jeter|jette|lancer) (?:sous|du|de la|d un|d une|par|dans le vide|depuis) `),
  / me (?:pendre|pends|pendrai) /,
  / pendaison /,
  / (?:me|m) (?:couper|ouvrir|taillader) les veines /,
  / me (?:foutre|fous|fiche) en l air /,
  / me (?:flinguer|tirer une balle|immoler|defenestrer) /,
  / (?:over ?dose|surdose) /,
  // a quantity of medicines ("j'ai avalé toute la boîte de somnifères"), not "prendre mes médicaments"
  new RegExp(
    String.raw` (?:avale|avaler|avalee|avalerai|prendre|pris|prise|prends) (?=(?:\w+ ){0,5}?${MEDICINES} )(?=(?:\w+ ){0,4}?${QUANTITY} )`,
  ),
  // self-harm
  / me (?:faire|fais|fait|suis fait|suis faite) du mal /,
  / (?:auto ?mutil|me mutil|mutile|scarifi)\w*/,
  // violence and immediate danger
  new RegExp(
    String.raw` ${ABUSERS} me (?:frappe|frappent|bat|battent|cogne|cognent|tabasse|tabassent|viole|violent|etrangle|etranglent)(?! (?:a|au|aux|toujours a|toujours aux|encore a|encore aux|tout le temps a) )`,
  ),
  new RegExp(
    String.raw` ${ABUSERS} m (?:a|ont) (?:encore |deja |de nouveau )?(?:frappe|frappee|battu|battue|tabasse|tabassee|viole|violee|etrangle|etranglee|cogne|cognee) `,
  ),
  / violences? (?:conjugales?|familiales?|domestiques?) /,
  / (?:menace|menacent|menaces) de mort /,
  / danger (?:immediat|de mort) /,
  / (?:suis|sommes|sens|sent|vie est|enfant est|enfants sont|fille est|fils est|on est) en danger /,
  / au secours /,
];
