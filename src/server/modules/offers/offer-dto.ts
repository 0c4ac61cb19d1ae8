import type { PrivateOffer, PublicOffer } from '#shared/schemas/offers.ts';
import { headlinePricing } from '#shared/rules/pricing.ts';
import type { OfferView } from './offers.repository.ts';

// DTO mappers: the only way an offer leaves the server (STYLE.md habit 5).

function fullName(first: string | null, last: string | null): string | null {
  const name = [first, last].filter((part) => part && part.trim() !== '').join(' ');
  return name === '' ? null : name;
}

/** What anyone may read: never meeting_contact_info. */
export function toPublicOffer(view: OfferView): PublicOffer {
  const options = view.options.map((option) => ({
    id: option.id,
    duration_minutes: option.durationMinutes,
    price_cents: option.priceCents,
  }));
  return {
    id: view.id,
    helper_id: view.helperId,
    helper: {
      id: view.helper.id,
      display_name: view.helper.displayName,
      username: view.helper.username,
      avatar_url: view.helper.avatarUrl,
      full_name: fullName(view.helper.firstName, view.helper.lastName),
    },
    title: view.title,
    description: view.description,
    category: view.category,
    ...headlinePricing(options),
    currency: view.currency,
    visible: view.visible,
    pricing_options: options,
    rating: {
      average: view.ratingAverage === null ? null : Math.round(view.ratingAverage * 10) / 10,
      count: view.ratingCount,
    },
    created_at: view.createdAt.toISOString(),
    updated_at: view.updatedAt.toISOString(),
  };
}

/** The owner's, an admin's or a confirmed seeker's view: public fields plus the contact information. */
export function toPrivateOffer(view: OfferView): PrivateOffer {
  return { ...toPublicOffer(view), meeting_contact_info: view.meetingContactInfo };
}
