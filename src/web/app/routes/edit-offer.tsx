import { useParams } from 'react-router';
import { EditOfferPage } from '#web/features/offers/components/offer-editor.tsx';
import { pageTitles } from '#shared/messages/common.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

/** /edit-offer/{id} (spec 1 section 2 "Offer create and edit"). */
export default function EditOfferRoute() {
  useDocumentTitle(pageTitles.editOffer);
  const { id = '' } = useParams();
  return <EditOfferPage offerId={id} />;
}
