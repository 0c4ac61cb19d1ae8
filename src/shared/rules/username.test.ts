import { describe, expect, it } from 'vitest';
import { USERNAME_MAX_LENGTH } from '../constants.ts';
import { UsernameSchema } from '../schemas/users.ts';
import { usernameBaseFromEmail, usernameWithSuffix } from './username.ts';

describe('usernameBaseFromEmail', () => {
  it('keeps the local part in lower case', () => {
    expect(usernameBaseFromEmail('Camille.Martin@exemple.fr')).toBe('camille.martin');
  });

  it('drops the +tag and the accents', () => {
    expect(usernameBaseFromEmail('élodie.gérard+appui@exemple.fr')).toBe('elodie.gerard');
  });

  it('removes characters the username format refuses and trims separators', () => {
    expect(usernameBaseFromEmail("_o'brien!_@exemple.fr")).toBe('obrien');
  });

  it('falls back to "membre" for an address that reads as the team (support@, adm1n@, equipe.appui@)', () => {
    for (const email of [
      'support@exemple.fr',
      'adm1n@exemple.fr',
      'Equipe.Appui+x@exemple.fr',
      'moderation@exemple.fr',
    ]) {
      expect(usernameBaseFromEmail(email)).toBe('membre');
    }
    expect(usernameBaseFromEmail('supporter@exemple.fr')).toBe('supporter');
  });

  it('falls back to "membre" when nothing usable remains', () => {
    expect(usernameBaseFromEmail('é@exemple.fr')).toBe('membre');
    expect(usernameBaseFromEmail('!!!@exemple.fr')).toBe('membre');
  });

  it('leaves room for a suffix and always satisfies the username schema', () => {
    const base = usernameBaseFromEmail(`${'a'.repeat(60)}@exemple.fr`);
    expect(base.length).toBeLessThanOrEqual(USERNAME_MAX_LENGTH - 5);
    for (const email of ['a.b-c_d@x.fr', 'Zoé@x.fr', `${'x'.repeat(40)}@x.fr`, '--@x.fr']) {
      expect(UsernameSchema.safeParse(usernameWithSuffix(usernameBaseFromEmail(email), 1234)).success).toBe(true);
    }
  });
});

describe('usernameWithSuffix', () => {
  it('appends the number', () => {
    expect(usernameWithSuffix('camille', 4821)).toBe('camille4821');
  });

  it('never exceeds the maximum length', () => {
    expect(usernameWithSuffix('b'.repeat(USERNAME_MAX_LENGTH), 98765)).toHaveLength(USERNAME_MAX_LENGTH);
  });
});
