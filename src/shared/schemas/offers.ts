import { z } from 'zod';
import {
  CURRENCIES,
  DEFAULT_CURRENCY,
  LIST_MAX_LIMIT,
  OFFER_CATEGORIES,
  OFFER_CONTACT_MAX_LENGTH,
  OFFER_DESCRIPTION_MAX_LENGTH,
  OFFER_TITLE_MAX_LENGTH,
  SEARCH_DEFAULT_PAGE_SIZE,
  type OfferCategory,
} from '../constants.ts';
import { categories, offers } from '../messages/offers.ts';
import { multiLineString, PG_INTEGER_MAX, singleLineString } from './common.ts';
import { contactInfoError } from '../rules/contact-info.ts';
import {
  eurosToCents,
  headlinePricing,
  isAllowedDuration,
  priceCentsError,
  priceEurosError,
  pricingOptionsError,
} from '../rules/pricing.ts';

/** One schema per shape of the offers API (spec 1 sections 3, 5 and 7), shared by the form and the server. */

export const OfferCategorySchema = z.enum(OFFER_CATEGORIES, { error: offers.categoryRequired });
export const CurrencySchema = z.enum(CURRENCIES);

const TitleSchema = singleLineString({ error: offers.titleRequired })
  .trim()
  .min(1, offers.titleRequired)
  .max(OFFER_TITLE_MAX_LENGTH);
const DescriptionSchema = multiLineString({ error: offers.descriptionRequired })
  .trim()
  .min(1, offers.descriptionRequired)
  .max(OFFER_DESCRIPTION_MAX_LENGTH);

/** Phone or meeting link, with the spec's three French messages (rules/contact-info.ts). */
export const ContactInfoSchema = singleLineString({ error: offers.contactRequired })
  .trim()
  .max(OFFER_CONTACT_MAX_LENGTH)
  .superRefine((value, ctx) => {
    const message = contactInfoError(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/** A pricing option's length: one of the offer form's durations (a booking picks its option by duration). */
export const DurationSchema = z
  .number({ error: offers.durationInvalid })
  .int(offers.durationInvalid)
  .refine(isAllowedDuration, offers.durationInvalid);

/** A price in cents as the API takes it: whole euros, from 0. */
export const PriceCentsSchema = z.number({ error: offers.priceWholeEuros }).superRefine((value, ctx) => {
  const message = priceCentsError(value);
  if (message) ctx.addIssue({ code: 'custom', message });
});

export const PricingOptionInputSchema = z.object({ duration_minutes: DurationSchema, price_cents: PriceCentsSchema });

const PricingOptionsSchema = z
  .array(PricingOptionInputSchema, { error: offers.pricingOptionRequired })
  .superRefine((options, ctx) => {
    const message = pricingOptionsError(options);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

const offerFields = {
  title: TitleSchema,
  description: DescriptionSchema,
  category: OfferCategorySchema,
  currency: CurrencySchema.default(DEFAULT_CURRENCY),
  meeting_contact_info: ContactInfoSchema,
  pricing_options: PricingOptionsSchema,
  visible: z.boolean().optional(),
  // Accepted for clients that send them (spec 1 section 7); the first pricing option is authoritative.
  duration_minutes: DurationSchema.optional(),
  price_cents: PriceCentsSchema.optional(),
};

/**
 * POST /offers/. Top-level `duration_minutes` / `price_cents` are optional and ignored in favour of
 * the first pricing option, which every response copies back to the top level.
 */
export const OfferCreateRequestSchema = z.object(offerFields).meta({
  description:
    'Offre à créer. `duration_minutes` et `price_cents` de premier niveau sont facultatifs : la première option de tarif fait foi.',
});
export type OfferCreateRequest = z.input<typeof OfferCreateRequestSchema>;
export type OfferCreateInput = z.output<typeof OfferCreateRequestSchema>;

/** PUT /offers/{id}: any subset of the create fields; `pricing_options`, when sent, replaces the list. */
export const OfferUpdateRequestSchema = z
  .object({
    title: TitleSchema.optional(),
    description: DescriptionSchema.optional(),
    category: OfferCategorySchema.optional(),
    currency: CurrencySchema.optional(),
    meeting_contact_info: ContactInfoSchema.optional(),
    pricing_options: PricingOptionsSchema.optional(),
    visible: z.boolean().optional(),
    duration_minutes: DurationSchema.optional(),
    price_cents: PriceCentsSchema.optional(),
  })
  .meta({ description: 'Champs à modifier ; `pricing_options` remplace toute la liste.' });
export type OfferUpdateRequest = z.input<typeof OfferUpdateRequestSchema>;
export type OfferUpdateInput = z.output<typeof OfferUpdateRequestSchema>;

/**
 * The offer form of the client: prices typed in whole euros. `offerFormToRequest` turns it into the
 * API payload (cents, top-level copy of the first option).
 */
export const OfferFormSchema = z.object({
  title: TitleSchema,
  description: DescriptionSchema,
  category: OfferCategorySchema,
  currency: CurrencySchema,
  meeting_contact_info: ContactInfoSchema,
  visible: z.boolean(),
  pricing_options: z
    .array(
      z.object({
        duration_minutes: DurationSchema,
        price_euros: z.number({ error: offers.priceWholeEuros }).superRefine((value, ctx) => {
          const message = priceEurosError(value);
          if (message) ctx.addIssue({ code: 'custom', message });
        }),
      }),
      { error: offers.pricingOptionRequired },
    )
    .superRefine((options, ctx) => {
      const message = pricingOptionsError(
        options.map((o) => ({ duration_minutes: o.duration_minutes, price_cents: eurosToCents(o.price_euros) })),
      );
      if (message) ctx.addIssue({ code: 'custom', message });
    }),
});
export type OfferFormValues = z.infer<typeof OfferFormSchema>;

export function offerFormToRequest(form: OfferFormValues): OfferCreateRequest {
  const pricing_options = form.pricing_options.map((o) => ({
    duration_minutes: o.duration_minutes,
    price_cents: eurosToCents(o.price_euros),
  }));
  return {
    title: form.title.trim(),
    description: form.description.trim(),
    category: form.category,
    currency: form.currency,
    meeting_contact_info: form.meeting_contact_info.trim(),
    visible: form.visible,
    pricing_options,
    ...headlinePricing(pricing_options),
  };
}

export const OfferHelperSchema = z.object({
  id: z.uuid(),
  display_name: z.string().nullable(),
  username: z.string().nullable(),
  avatar_url: z.string().nullable(),
  /** First and last name when known (the admin view uses it). */
  full_name: z.string().nullable(),
});

export const PricingOptionSchema = z.object({
  id: z.uuid(),
  duration_minutes: z.number().int(),
  price_cents: z.number().int(),
});
export type PricingOption = z.infer<typeof PricingOptionSchema>;

/** Real average and count of the helper's reviews; average null when there is none ("Nouveau"). */
export const RatingSchema = z.object({ average: z.number().nullable(), count: z.number().int() });

/** What anyone may read about an offer: never the meeting contact information. */
export const PublicOfferSchema = z.object({
  id: z.uuid(),
  helper_id: z.uuid(),
  helper: OfferHelperSchema,
  title: z.string(),
  description: z.string(),
  category: OfferCategorySchema,
  duration_minutes: z.number().int(),
  price_cents: z.number().int(),
  currency: CurrencySchema,
  visible: z.boolean(),
  pricing_options: z.array(PricingOptionSchema),
  rating: RatingSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type PublicOffer = z.infer<typeof PublicOfferSchema>;

/** GET /offers/{id}/private and the owner's writes: public fields plus meeting_contact_info. */
export const PrivateOfferSchema = PublicOfferSchema.extend({ meeting_contact_info: z.string() });
export type PrivateOffer = z.infer<typeof PrivateOfferSchema>;

export const OfferListSchema = z.array(PublicOfferSchema);

const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** Category ids, also accepting the French chip labels ("Santé Mentale") and "Tous" (no filter). */
function categoryFromQuery(value: unknown): unknown {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const wanted = value.trim().toLowerCase();
  if (wanted === categories.all.toLowerCase()) return undefined;
  const byLabel = OFFER_CATEGORIES.find((id: OfferCategory) => categories[id].toLowerCase() === wanted);
  return byLabel ?? value.trim();
}

/**
 * GET /offers/search filters (spec 1 section 3). Prices are in cents; `min_price`/`max_price` and
 * `duration` match when ONE pricing option of the offer satisfies all of them together.
 */
export const SearchQuerySchema = z
  .object({
    query: z.preprocess(emptyToUndefined, z.string().trim().max(200).optional()),
    category: z.preprocess(categoryFromQuery, z.enum(OFFER_CATEGORIES).optional()),
    min_price: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(PG_INTEGER_MAX).optional()),
    max_price: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(PG_INTEGER_MAX).optional()),
    duration: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(PG_INTEGER_MAX).optional()),
    page: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(1)),
    limit: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(1).max(LIST_MAX_LIMIT).default(SEARCH_DEFAULT_PAGE_SIZE),
    ),
    helper_id: z.preprocess(emptyToUndefined, z.uuid().optional()),
  })
  .meta({
    description:
      'Recherche plein texte française, insensible aux accents et à la casse, tolérante aux fautes de frappe. Prix en centimes : une offre correspond si une de ses options de tarif respecte à la fois min_price, max_price et duration.',
  });
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

export const SearchResponseSchema = z.object({
  items: z.array(PublicOfferSchema),
  total: z.number().int(),
  /**
   * True when `total` is the database's estimate: a search with more matches than it ranks exactly
   * (SEARCH_RANK_WINDOW on the server) is not counted row by row. False means `total` is exact.
   */
  total_is_estimate: z
    .boolean()
    .meta({ description: 'Vrai quand `total` est une estimation (recherche très large) ; faux quand il est exact.' }),
  page: z.number().int(),
  limit: z.number().int(),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;
