import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HELPER_CHARTER_VERSION } from '#shared/constants.ts';
import { verificationAnchors, verificationBadges } from '#shared/messages/verification.ts';
import { paths } from '#web/config/paths.ts';
import { renderWithProviders } from '#web/testing/render.tsx';
import { verificationFixture } from '#web/testing/users.ts';
import { VerificationBadges } from './verification-badges.tsx';

const allChecked = verificationFixture({
  email_confirmed: true,
  identity_verified: true,
  charter_accepted: true,
  charter_version: HELPER_CHARTER_VERSION,
  charter_accepted_at: '2026-12-03T10:00:00Z',
});

describe('VerificationBadges', () => {
  it('names each check that passed, with the charter’s version and date, each linking to its explanation', () => {
    renderWithProviders(<VerificationBadges verification={allChecked} />);
    const list = screen.getByRole('list', { name: verificationBadges.listLabel });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      [verificationBadges.email, paths.helperVerification.href(verificationAnchors.email)],
      [verificationBadges.identity, paths.helperVerification.href(verificationAnchors.identity)],
      [
        `${verificationBadges.charter} (${verificationBadges.charterDetail(HELPER_CHARTER_VERSION, '3 décembre 2026')})`,
        paths.helperVerification.href(verificationAnchors.charter),
      ],
    ]);
  });

  it('shows no identity badge without an active payout account', () => {
    renderWithProviders(<VerificationBadges verification={{ ...allChecked, identity_verified: false }} />);
    expect(screen.getByRole('list', { name: verificationBadges.listLabel })).not.toHaveTextContent(
      verificationBadges.identity,
    );
    expect(screen.getAllByRole('link')).toHaveLength(2);
  });

  it('shows no charter badge for an older version of the charter', () => {
    renderWithProviders(
      <VerificationBadges verification={{ ...allChecked, charter_accepted: false, charter_version: '0' }} />,
    );
    expect(screen.queryByText(verificationBadges.charter)).not.toBeInTheDocument();
  });

  it('shows nothing at all when nothing was checked', () => {
    renderWithProviders(<VerificationBadges verification={verificationFixture()} />);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
