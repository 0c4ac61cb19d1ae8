import { SEEKER_ROLE_ALIASES, type Role } from '../constants.ts';

/**
 * Role rules shared by server and client. The specification shows several spellings of the seeker
 * role (user, seeker, helped, helpee); only `helpee` is stored, but every spelling reads alike
 * (DESIGN.md section 8).
 */
export function isSeekerRole(role: string | null | undefined): boolean {
  return typeof role === 'string' && (SEEKER_ROLE_ALIASES as readonly string[]).includes(role.trim().toLowerCase());
}

export function isHelperRole(role: string | null | undefined): boolean {
  return typeof role === 'string' && role.trim().toLowerCase() === 'helper';
}

export function isAdminRole(role: string | null | undefined): boolean {
  return typeof role === 'string' && role.trim().toLowerCase() === 'admin';
}

/** Any logged-in non-admin may switch role (spec 1 section 6). */
export function canToggleRole(role: string | null | undefined): boolean {
  return isSeekerRole(role) || isHelperRole(role);
}

/**
 * The role after POST /users/toggle-role: helper <-> helpee. Null for a role that cannot switch
 * (admin, or anything unknown).
 */
export function toggledRole(role: string | null | undefined): Extract<Role, 'helper' | 'helpee'> | null {
  if (isHelperRole(role)) return 'helpee';
  if (isSeekerRole(role)) return 'helper';
  return null;
}
