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
  ])('%s is logged as %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});
