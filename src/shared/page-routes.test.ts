import { describe, expect, it } from 'vitest';
import { isPagePath, PAGE_PARAM_MAX_LENGTH, pageNameOf } from './page-routes.ts';

const uuid = '0b9f8a52-4c1e-4a6b-9a43-2f1d3c5e7a90';

describe('isPagePath', () => {
  it.each([
    '/',
    '/dashboard',
    '/dashboard/',
    '/Recherche',
    '/explore',
    `/mentors/${uuid}`,
    `/offers/${uuid}/add-slots`,
    `/book/${uuid}`,
    '/payment/success',
    '/payment/cancel',
    '/reset-password',
    '/admin',
    '/admin/support',
    '/support',
  ])('knows the page %s', (pathname) => {
    expect(isPagePath(pathname)).toBe(true);
  });

  it.each([
    '/nope',
    '/support/faq',
    '/admin/offers',
    '/mentors',
    '/mentors/',
    `/mentors/${uuid}/extra`,
    `/offers/${uuid}`,
    '/dashboardx',
    '/api/v1/health',
    '/..%2f..%2fetc/passwd',
  ])('answers no page for %s', (pathname) => {
    expect(isPagePath(pathname)).toBe(false);
  });

  it('refuses a parameter longer than any id the API accepts', () => {
    expect(isPagePath(`/mentors/${'a'.repeat(PAGE_PARAM_MAX_LENGTH)}`)).toBe(true);
    expect(isPagePath(`/mentors/${'a'.repeat(PAGE_PARAM_MAX_LENGTH + 1)}`)).toBe(false);
  });

  it('decodes the path like the router, an encoded slash staying one segment', () => {
    expect(isPagePath('/%64ashboard')).toBe(true);
    expect(isPagePath('/mentors/a%2Fb')).toBe(true);
    expect(isPagePath('/mentors/%E0%A4%A')).toBe(true);
  });
});

describe('pageNameOf', () => {
  it('names the page of an address, and none for an address that is no page', () => {
    expect(pageNameOf('/')).toBe('home');
    expect(pageNameOf(`/book/${uuid}`)).toBe('book');
    expect(pageNameOf(`/Mentors/${uuid}/`)).toBe('mentor');
    expect(pageNameOf('/recherche')).toBe('search');
    expect(pageNameOf('/offres')).toBe('offres');
    expect(pageNameOf(`/offers/${uuid}/add-slots`)).toBe('addSlots');
    expect(pageNameOf('/book/')).toBeNull();
    expect(pageNameOf('/nope')).toBeNull();
  });
});
