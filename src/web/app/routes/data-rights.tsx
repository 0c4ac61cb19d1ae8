import { useSearchParams } from 'react-router';
import { pageTitles } from '#shared/messages/common.ts';
import { dataRightsLinkPage } from '#shared/messages/trust-web.ts';
import { Card } from '#web/components/ui/card.tsx';
import { DataRightsLinkActions } from '#web/features/privacy/components/data-rights-link-actions.tsx';
import { DataRightsRequestForm } from '#web/features/privacy/components/data-rights-request-form.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

/**
 * /mes-donnees[?token=…]: the data rights of whoever cannot sign in (a suspended account keeps them).
 * Without a token, the address to mail a link to; with the mailed link's token, its download and
 * erasure (src/server/modules/privacy).
 */
export default function DataRightsPage() {
  useDocumentTitle(pageTitles.dataRights);
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-12 sm:px-6">
      <Card className="space-y-5">
        <h1 className="text-2xl font-semibold text-ink sm:text-3xl">{dataRightsLinkPage.title}</h1>
        {token ? <DataRightsLinkActions key={token} token={token} /> : <DataRightsRequestForm />}
      </Card>
    </div>
  );
}
