import { offers } from '../messages/offers.ts';
import { findContactDetails } from './contact-details.ts';

/**
 * Meeting contact information of an offer (spec 1 section 5): either an international phone number
 * or a Zoom / Google Meet / Microsoft Teams link. Shared by the offer form and the API so both refuse
 * the same values with the same French message.
 */

/** "+", a country code of 1 to 4 digits not starting with 0, then 4 to 14 digits, spaces, dashes or brackets. */
export const PHONE_PATTERN = /^\+[1-9]\d{0,3}[\d\s()-]{4,14}$/;

/**
 * Hosts accepted for meeting links; their subdomains too (e.g. us02web.zoom.us). Teams personal
 * meetings live on teams.live.com, business ones on teams.microsoft.com.
 */
export const MEETING_HOSTS = ['zoom.us', 'meet.google.com', 'teams.microsoft.com', 'teams.live.com'] as const;

export type ContactKind = 'phone' | 'link';

export type ContactInfoCheck = { ok: true; kind: ContactKind; value: string } | { ok: false; message: string };

/** A value the user meant as a phone number: it starts with + or a digit. */
function looksLikePhone(value: string): boolean {
  return /^[+\d]/.test(value);
}

/** A value the user meant as a link: a scheme (`https:`, `javascript:`…), `www.`, or a host-like start. */
function looksLikeUrl(value: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(value) || /^www\./i.test(value) || /^[^\s/@]+\.[a-z]{2,}(?:[/?#:]|$)/i.test(value);
}

/** Exact host or a subdomain of it: compared on the "." boundary, so zoom.us.evil.com and evilzoom.us fail. */
export function isMeetingHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return MEETING_HOSTS.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

/**
 * A meeting link we accept: parsed by the WHATWG URL parser (the one browsers use, so what we check is
 * what a click opens), https only, no user info (https://zoom.us@evil.com goes to evil.com), no
 * whitespace, on a meeting host.
 */
export function isMeetingLink(value: string): boolean {
  if (/\s/.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:') return false;
  if (url.username !== '' || url.password !== '') return false;
  return isMeetingHost(url.hostname);
}

export function isInternationalPhone(value: string): boolean {
  return PHONE_PATTERN.test(value);
}

/** Validates trimmed contact information; the failure carries the spec's French message. */
export function checkContactInfo(raw: string | null | undefined): ContactInfoCheck {
  const value = (raw ?? '').trim();
  if (value === '') return { ok: false, message: offers.contactRequired };
  if (looksLikePhone(value)) {
    return isInternationalPhone(value)
      ? { ok: true, kind: 'phone', value }
      : { ok: false, message: offers.contactInvalidPhone };
  }
  if (looksLikeUrl(value)) {
    return isMeetingLink(value) ? { ok: true, kind: 'link', value } : { ok: false, message: offers.contactInvalidLink };
  }
  return { ok: false, message: offers.contactInvalidFormat };
}

/** The French error for a contact value, or null when it is valid (for form resolvers and zod refinements). */
export function contactInfoError(raw: string | null | undefined): string | null {
  const result = checkContactInfo(raw);
  return result.ok ? null : result.message;
}

/**
 * How the contact card displays a stored value (spec 2, contact type detection): values starting with
 * + or 00 are phone numbers, values containing zoom., meet.google.com or a Teams host are meeting links.
 * Anything else is read by the messaging rule (issue 10 section 2: the same rule drives both), so a
 * national number or another link is still recognised: a phone is 'phone', a URL is 'link'.
 */
export function contactKind(raw: string | null | undefined): ContactKind | null {
  const value = (raw ?? '').trim();
  if (value.startsWith('+') || value.startsWith('00')) return 'phone';
  const lower = value.toLowerCase();
  if (
    lower.includes('zoom.') ||
    lower.includes('meet.google.com') ||
    lower.includes('teams.microsoft.com') ||
    lower.includes('teams.live.com')
  ) {
    return 'link';
  }
  const detail = findContactDetails(value).find((found) => found.kind === 'phone' || found.kind === 'url');
  if (detail?.kind === 'phone') return 'phone';
  if (detail?.kind === 'url') return 'link';
  return null;
}
