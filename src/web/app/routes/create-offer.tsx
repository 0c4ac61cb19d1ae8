import { CreateOfferPage } from '#web/features/offers/components/offer-editor.tsx';
import { pageTitles } from '#shared/messages/common.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

/** /create-offer (spec 1 section 2 "Offer create and edit"). */
export default function CreateOfferRoute() {
  useDocumentTitle(pageTitles.createOffer);
  return <CreateOfferPage />;
}
