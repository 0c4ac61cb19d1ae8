import { describe, expect, it } from 'vitest';
import { redactUrl } from './app.ts';

describe('redactUrl (access logs)', () => {
  it.each([
    ['/reset-password?token=abc123', '/reset-password?token=[secret]'],
    ['/api/v1/ws?a=1&auth_token=xyz&session_token=s3', '/api/v1/ws?a=1&auth_token=[secret]&session_token=[secret]'],
    ['/payment/success?session_id=cs_local_42', '/payment/success?session_id=[secret]'],
    ['/simulateur/paiement/cs_local_42/payer', '/simulateur/paiement/[secret]/payer'],
    ['/simulateur/paiement/cs_local_42?x=1', '/simulateur/paiement/[secret]?x=1'],
    ['/api/v1/offers/?q=burn-out', '/api/v1/offers/?q=burn-out'],
    // The query parser decodes keys: `%74oken` is read as `token` (the socket opens with it).
    ['/api/v1/ws?%74oken=eyJ.a.b', '/api/v1/ws?%74oken=[secret]'],
    ['/api/v1/ws?x=1&t%6Fken=eyJ.a.b&y=2', '/api/v1/ws?x=1&t%6Fken=[secret]&y=2'],
    // Not read as the token, but a client's mistake must not put it in the logs either.
    ['/api/v1/ws?TOKEN=eyJ.a.b', '/api/v1/ws?TOKEN=[secret]'],
    ['/reset-password?Token=abc&next=1', '/reset-password?Token=[secret]&next=1'],
    ['/api/v1/ws?%zz=1&token=abc', '/api/v1/ws?%zz=1&token=[secret]'],
    ['/reset-password?tokens=abc', '/reset-password?tokens=abc'],
  ])('%s is logged as %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});
