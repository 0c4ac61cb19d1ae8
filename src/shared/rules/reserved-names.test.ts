import { describe, expect, it } from 'vitest';
import { RESERVED_TEAM_NAMES } from '../constants.ts';
import { impersonatesTeam } from './reserved-names.ts';

describe('impersonatesTeam', () => {
  it.each([...RESERVED_TEAM_NAMES])('refuses the reserved name %j itself', (name) => {
    expect(impersonatesTeam(name)).toBe(true);
  });

  it.each([
    'équipe appui',
    'EQUIPE APPUI',
    'EquipeAppui',
    'Équipe-Appui',
    'équipe_appui',
    "L'équipe Appui",
    'Équipe  Appui ✓',
    'S u p p o r t',
    'S.U.P.P.O.R.T',
    'Sup\u200bport',
    'Suppport',
    'Supp0rt',
    '$upport',
    'Adm1n',
    'AdmIn',
    'Admln',
    'Adrnin',
    'Administrat3ur',
    '4dministrateur',
    'moderation',
    'MODÉRATION',
    'Modératiоn', // Cyrillic о
    'Моdérаtiоn', // Cyrillic М, о, а
    'Аdmin', // Cyrillic А
    'Ѕupport', // Cyrillic Ѕ
    'Suppοrt', // Greek ο
    'Ｓｕｐｐｏｒｔ', // full-width
    '𝐒𝐮𝐩𝐩𝐨𝐫𝐭', // mathematical bold
    'Appui',
    'Marie - Support',
    'Support Appui',
    'Service-Client',
    'Équipe Appui (Marie)',
  ])('refuses the near spelling %j', (name) => {
    expect(impersonatesTeam(name)).toBe(true);
  });

  it.each([
    'Camille Martin',
    'Marie-Équipe',
    'Badminton Club',
    'Supporter du PSG',
    'Paul Appuyé',
    'Adeline',
    'Administrer',
    'Moderato',
    'Jean Modé',
    'Appuimoi',
    'Алёна Петрова',
    'محمد',
    '',
  ])('accepts the ordinary name %j', (name) => {
    expect(impersonatesTeam(name)).toBe(false);
  });

  it('catches any mix of case, separators and look-alikes on every reserved name (table over variants)', () => {
    const separators = ['', ' ', '.', '-', '_', ' · '];
    const swaps: Array<[RegExp, string]> = [
      [/o/g, '0'],
      [/o/g, 'о'],
      [/a/g, 'а'],
      [/e/g, 'е'],
      [/i/g, '1'],
      [/s/g, '5'],
    ];
    for (const name of RESERVED_TEAM_NAMES) {
      const plain = name.normalize('NFKD').replace(/\p{M}/gu, '');
      for (const separator of separators) {
        const spaced = [...plain.replace(/ /g, '')].join(separator);
        for (const variant of [spaced, spaced.toUpperCase(), ...swaps.map(([from, to]) => spaced.replace(from, to))]) {
          expect(impersonatesTeam(variant), variant).toBe(true);
        }
      }
    }
  });
});
