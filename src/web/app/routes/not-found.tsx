import { NotFoundView } from '#web/components/layout/not-found-view.tsx';
import { pageTitles } from '#shared/messages/common.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

/** Any unknown path (spec 2 section 2 "404"). */
export default function NotFoundPage() {
  useDocumentTitle(pageTitles.notFound);
  return <NotFoundView />;
}
