import { describe, expect, it } from 'vitest';
import { canToggleRole, isAdminRole, isHelperRole, isSeekerRole, toggledRole } from './roles.ts';

describe('isSeekerRole', () => {
  it.each(['user', 'seeker', 'helped', 'helpee', 'Helpee', ' seeker '])('treats %j as a seeker', (role) => {
    expect(isSeekerRole(role)).toBe(true);
  });

  it.each(['helper', 'admin', '', 'aidé', null, undefined])('does not treat %j as a seeker', (role) => {
    expect(isSeekerRole(role)).toBe(false);
  });
});

describe('isHelperRole / isAdminRole', () => {
  it('recognises helper and admin only', () => {
    expect(isHelperRole('helper')).toBe(true);
    expect(isHelperRole('helpee')).toBe(false);
    expect(isHelperRole(undefined)).toBe(false);
    expect(isAdminRole('admin')).toBe(true);
    expect(isAdminRole('helper')).toBe(false);
    expect(isAdminRole(null)).toBe(false);
  });
});

describe('toggledRole', () => {
  it('flips helper to helpee', () => {
    expect(toggledRole('helper')).toBe('helpee');
  });

  it.each(['helpee', 'user', 'seeker', 'helped'])('flips the seeker spelling %j to helper', (role) => {
    expect(toggledRole(role)).toBe('helper');
  });

  it('refuses admins and unknown roles', () => {
    expect(toggledRole('admin')).toBeNull();
    expect(toggledRole('moderator')).toBeNull();
    expect(toggledRole(undefined)).toBeNull();
    expect(canToggleRole('admin')).toBe(false);
    expect(canToggleRole('helpee')).toBe(true);
    expect(canToggleRole('helper')).toBe(true);
  });
});
