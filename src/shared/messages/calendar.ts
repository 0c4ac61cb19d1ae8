// Part of the typed French catalogue (src/shared/messages/): the names of days and months with which
// src/shared/rules/paris-time.ts writes dates, as French writes them (lower case, Monday first).

/** Days of the week, Monday first ("lundi"), and their two-letter forms for a calendar's head ("lu"). */
export const weekdayNames = ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'] as const;
export const weekdayShortNames = ['lu', 'ma', 'me', 'je', 've', 'sa', 'di'] as const;

/** Months, January first. */
export const monthNames = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
] as const;
