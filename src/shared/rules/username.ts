import { USERNAME_MAX_LENGTH } from '../constants.ts';
import { impersonatesTeam } from './reserved-names.ts';

/** Room kept for the numeric suffix that makes a derived username unique. */
export const USERNAME_SUFFIX_ROOM = 5;
const USERNAME_FALLBACK = 'membre';
const USERNAME_MIN_LENGTH = 2;

/**
 * The username given to a signup that did not choose one: the e-mail's local part without its
 * `+tag`, accents or characters the username format refuses (`[a-z0-9._-]`), e.g.
 * `Élodie.Martin+appui@x.fr` -> `elodie.martin`. Short or empty results, and those that read as the
 * team's (`support@…`, `admin@…`: rules/reserved-names.ts), fall back to "membre".
 */
export function usernameBaseFromEmail(email: string): string {
  const local = (email.split('@')[0] ?? '').split('+')[0] ?? '';
  const cleaned = local
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '')
    .replace(/^[._-]+|[._-]+$/g, '')
    .slice(0, USERNAME_MAX_LENGTH - USERNAME_SUFFIX_ROOM)
    .replace(/[._-]+$/g, '');
  return cleaned.length >= USERNAME_MIN_LENGTH && !impersonatesTeam(cleaned) ? cleaned : USERNAME_FALLBACK;
}

/** The n-th alternative of a base username (`camille` -> `camille4821`), within the length limit. */
export function usernameWithSuffix(base: string, suffix: number): string {
  return `${base.slice(0, USERNAME_MAX_LENGTH - String(suffix).length)}${suffix}`;
}
