/**
 * Contact details in a message (DESIGN.md section 8, issue 10 section 2). PLACEHOLDER SIGNATURES:
 * the full rule (phones in French and international forms, written-out digits, "arobase" e-mails,
 * URLs, messaging-app handles) replaces this body; the exports keep their names and types.
 */
export type ContactDetailKind = 'phone' | 'email' | 'url' | 'messaging_app';

export type ContactDetail = { kind: ContactDetailKind; match: string };

export function findContactDetails(text: string): ContactDetail[] {
  const found: ContactDetail[] = [];
  for (const match of text.matchAll(/\+?\d[\d .-]{8,}\d/g)) found.push({ kind: 'phone', match: match[0] });
  for (const match of text.matchAll(/[\w.+-]+@[\w-]+\.[\w.]+/g)) found.push({ kind: 'email', match: match[0] });
  for (const match of text.matchAll(/https?:\/\/\S+|www\.\S+/gi)) found.push({ kind: 'url', match: match[0] });
  return found;
}

export function containsContactDetails(text: string): boolean {
  return findContactDetails(text).length > 0;
}
