import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HELPER_CHARTER_VERSION } from '#shared/constants.ts';
import { helperCharter } from '#shared/messages/charter.ts';
import { pageTitles } from '#shared/messages/common.ts';
import { crisisNumbers } from '#shared/messages/crisis.ts';
import { verificationAnchors, verificationPage } from '#shared/messages/verification.ts';
import { renderWithProviders } from '#web/testing/render.tsx';
import HelperVerificationPage from './helper-verification.tsx';

describe('/verification-des-aidants', () => {
  it('explains each check under the anchor its badge links to, and gives the charter in full', () => {
    renderWithProviders(<HelperVerificationPage />, { path: '/verification-des-aidants' });
    expect(screen.getByRole('heading', { level: 1, name: verificationPage.title })).toBeInTheDocument();
    expect(document.title).toBe(pageTitles.helperVerification);
    for (const anchor of Object.values(verificationAnchors)) {
      const check = verificationPage.checks.find((entry) => entry.anchor === anchor)!;
      const section = document.getElementById(anchor);
      expect(section).not.toBeNull();
      expect(section).toHaveTextContent(check.title);
    }
    expect(screen.getByText(helperCharter.versionLabel(HELPER_CHARTER_VERSION))).toBeInTheDocument();
    for (const section of helperCharter.sections) {
      expect(screen.getByRole('heading', { level: 3, name: new RegExp(section.title) })).toBeInTheDocument();
    }
    // What to do when someone is in danger: the product's own crisis numbers.
    for (const entry of crisisNumbers) expect(screen.getByText(`${entry.number} : ${entry.text}`)).toBeInTheDocument();
  });
});
