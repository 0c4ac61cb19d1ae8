import { describe, expect, it } from 'vitest';
import { isMultiLineText, isSingleLineText } from './text-characters.ts';

describe('isSingleLineText', () => {
  it.each(['Camille Martin', 'Élodie-Anne d’Arc', 'Алёна', 'محمد', '李小龙', 'Paul 👨‍👩‍👧', ''])('accepts %j', (text) => {
    expect(isSingleLineText(text)).toBe(true);
  });

  it.each([
    'Camille\r\nBcc: x@exemple.fr',
    'Camille\n',
    '\rCamille',
    'Camille\tMartin',
    'Cam\u0000ille',
    'Cam\u001bille',
    'Cam\u007fille',
    'Cam\u0085ille',
    'Camille\u2028Martin',
    'Camille\u2029Martin',
  ])('refuses %j', (text) => {
    expect(isSingleLineText(text)).toBe(false);
  });
});

describe('isMultiLineText', () => {
  it.each(['Bonjour,\nà bientôt', 'Ligne 1\r\nLigne 2', 'Colonne\tcolonne', 'Paragraphe\u2029suivant', 'Simple'])(
    'keeps the line breaks and tabs of %j',
    (text) => {
      expect(isMultiLineText(text)).toBe(true);
    },
  );

  it.each([
    'nul\u0000',
    'cloche\u0007',
    'effacement\u0008',
    'échappement\u001b[31m',
    'saut\u000c',
    'del\u007f',
    'c1\u009b',
  ])('refuses the other control characters of %j', (text) => {
    expect(isMultiLineText(text)).toBe(false);
  });
});
