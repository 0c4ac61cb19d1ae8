import { NotFoundView } from '#web/components/layout/not-found-view.tsx';
import { pageTitles } from '#shared/messages/common.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { notFoundLoad, type PageLoad } from '#web/lib/page-load.ts';

/** Server rendering: any other address answers HTTP 404 with this page. */
export const ssr: PageLoad = notFoundLoad;

/** Any unknown path (spec 2 section 2 "404"). */
export default function NotFoundPage() {
  useDocumentTitle(pageTitles.notFound);
  return <NotFoundView />;
}
