import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNTING_RETENTION_YEARS,
  DATA_RIGHTS_LINK_TTL_HOURS,
  PASSWORD_RESET_TTL_MINUTES,
} from '#shared/constants.ts';
import { pageTitles } from '#shared/messages/common.ts';
import { legal } from '#shared/messages/pages.ts';
import { trust } from '#shared/messages/trust.ts';
import { dataRightsLinkPage, dataRightsPanel } from '#shared/messages/trust-web.ts';
import { renderWithProviders } from '#web/testing/render.tsx';
import PrivacyPage from './confidentialite.tsx';

/** The page's whole text, paragraph by paragraph. */
function pageText(): string {
  return screen
    .getAllByRole('paragraph')
    .map((paragraph) => paragraph.textContent)
    .join('\n');
}

describe('/confidentialite', () => {
  it('says what is kept and for how long, and how to use the rights, in the words the product uses', () => {
    renderWithProviders(<PrivacyPage />, { path: '/confidentialite' });
    expect(screen.getByRole('heading', { level: 1, name: legal.privacyTitle })).toBeInTheDocument();
    expect(document.title).toContain(pageTitles.privacy);
    for (const title of ['Durées de conservation', 'Vos droits']) {
      expect(screen.getByRole('heading', { level: 2, name: new RegExp(title) })).toBeInTheDocument();
    }
    const text = pageText();
    // The buttons of /edit-profile, named as the page shows them.
    expect(text).toContain(`« ${dataRightsPanel.exportButton} »`);
    expect(text).toContain(`« ${dataRightsPanel.deleteButton} »`);
    // What the erasure and the export do (src/server/modules/privacy).
    expect(text).toContain(`« ${trust.deletedAccount} »`);
    expect(text).toContain(`conservés ${ACCOUNTING_RETENTION_YEARS} ans`);
    expect(PASSWORD_RESET_TTL_MINUTES).toBe(60);
    expect(text).toContain('expirent au bout d’une heure');
    expect(text).toMatch(/ne contiennent jamais le contenu de vos messages/);
    // Whoever cannot sign in (a suspended account) is led to the page that mails a link to their data.
    expect(text).toContain(`un lien valable ${DATA_RIGHTS_LINK_TTL_HOURS} heures`);
    expect(screen.getByRole('link', { name: dataRightsLinkPage.fromPrivacyPageLink })).toHaveAttribute(
      'href',
      '/mes-donnees',
    );
    // No promise the code does not keep (there is no automatic deletion after inactivity).
    expect(text).not.toMatch(/dernière connexion/);
  });
});
