import { useSearchParams } from 'react-router';
import {
  DURATION_CHOICES_MINUTES,
  EXPLORE_MAX_PRICE_CHOICES_CENTS,
  OFFER_CATEGORIES,
  type OfferCategory,
} from '#shared/constants.ts';
import { categories, explore } from '#shared/messages/offers.ts';
import type { SearchQuery } from '#shared/schemas/offers.ts';
import { fieldClasses } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { SearchForm } from '#web/components/ui/search-form.tsx';
import { cn } from '#web/lib/cn.ts';

/**
 * The address keeps the filters (spec 1 section 2): `search`, `category` (an id of
 * OFFER_CATEGORIES), `max_price` (cents, one of EXPLORE_MAX_PRICE_CHOICES_CENTS), `duration`
 * (minutes, one of DURATION_CHOICES_MINUTES) and `page`. Price and duration keep the API's names and
 * units, so a shared link reads like the request it makes.
 */
export const SEARCH_PARAM = 'search';
export const CATEGORY_PARAM = 'category';
export const MAX_PRICE_PARAM = 'max_price';
export const DURATION_PARAM = 'duration';
export const PAGE_PARAM = 'page';

export function categoryFromParams(params: URLSearchParams): OfferCategory | undefined {
  const value = params.get(CATEGORY_PARAM);
  return OFFER_CATEGORIES.find((category) => category === value);
}

/** A value of the address that is one of `choices`, else undefined (a hand-edited address is ignored like an unknown category). */
function choiceFromParams(params: URLSearchParams, name: string, choices: readonly number[]): number | undefined {
  const raw = params.get(name);
  if (raw === null || raw.trim() === '') return undefined;
  const value = Number(raw);
  return choices.includes(value) ? value : undefined;
}

export const maxPriceFromParams = (params: URLSearchParams) =>
  choiceFromParams(params, MAX_PRICE_PARAM, EXPLORE_MAX_PRICE_CHOICES_CENTS);

export const durationFromParams = (params: URLSearchParams) =>
  choiceFromParams(params, DURATION_PARAM, DURATION_CHOICES_MINUTES);

/** What the address asks the search API for (GET /offers/search), page included. */
export function searchFiltersFromParams(
  params: URLSearchParams,
): Pick<SearchQuery, 'query' | 'category' | 'max_price' | 'duration' | 'page'> {
  return {
    query: params.get(SEARCH_PARAM) || undefined,
    category: categoryFromParams(params),
    max_price: maxPriceFromParams(params),
    duration: durationFromParams(params),
    page: pageFromParams(params),
  };
}

/** The changes that clear every filter (for withFilters). */
export const NO_FILTERS: Record<string, null> = {
  [SEARCH_PARAM]: null,
  [CATEGORY_PARAM]: null,
  [MAX_PRICE_PARAM]: null,
  [DURATION_PARAM]: null,
};

export function pageFromParams(params: URLSearchParams): number {
  const page = Number(params.get(PAGE_PARAM));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/** A copy of the params with `changes` applied (null or "" removes); any filter change goes back to page 1. */
export function withFilters(params: URLSearchParams, changes: Record<string, string | null>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '') next.delete(key);
    else next.set(key, value);
  }
  if (!(PAGE_PARAM in changes)) next.delete(PAGE_PARAM);
  return next;
}

const priceOptions = [
  { value: '', label: explore.priceAny },
  ...EXPLORE_MAX_PRICE_CHOICES_CENTS.map((cents) => ({
    value: String(cents),
    label: cents === 0 ? explore.priceFree : explore.priceUpTo(cents / 100),
  })),
];

const durationOptions = [
  { value: '', label: explore.durationAny },
  ...DURATION_CHOICES_MINUTES.map((minutes) => ({ value: String(minutes), label: explore.durationMinutes(minutes) })),
];

/**
 * One labelled native select: the keyboard, screen readers and phones (their own picker, fine at
 * 360 px) handle it without help; the choice applies at once, like a category chip.
 */
function FilterSelect(props: {
  id: string;
  label: string;
  value: number | undefined;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <div className="min-w-0 flex-1 sm:max-w-56">
      <Label htmlFor={props.id}>{props.label}</Label>
      <select
        id={props.id}
        value={props.value === undefined ? '' : String(props.value)}
        onChange={(event) => props.onChange(event.target.value)}
        className={cn(fieldClasses, 'mt-1.5 min-h-11 pr-8')}
      >
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Search box, category chips ("Tous" + the seven categories), price ceiling and duration; all write
 * to the address.
 */
export function ExploreFilters() {
  const [params, setParams] = useSearchParams();
  const search = params.get(SEARCH_PARAM) ?? '';
  const active = categoryFromParams(params);

  const chips: { id: OfferCategory | null; label: string }[] = [
    { id: null, label: categories.all },
    ...OFFER_CATEGORIES.map((id) => ({ id, label: categories[id] })),
  ];

  return (
    <div className="space-y-4">
      {/* Re-keyed by the address so going back in history shows that entry's text. */}
      <SearchForm
        key={search}
        id="explore-search"
        initial={search}
        label={explore.searchLabel}
        placeholder={explore.searchPlaceholder}
        buttonLabel={explore.searchButton}
        onSearch={(text) => setParams(withFilters(params, { [SEARCH_PARAM]: text }))}
      />
      <div
        role="group"
        aria-label={explore.categoriesLabel}
        className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0"
      >
        {chips.map((chip) => {
          const pressed = (active ?? null) === chip.id;
          return (
            <button
              key={chip.id ?? 'all'}
              type="button"
              aria-pressed={pressed}
              onClick={() => setParams(withFilters(params, { [CATEGORY_PARAM]: chip.id }))}
              className={cn(
                'focus-ring min-h-10 shrink-0 rounded-full border px-4 py-2 text-sm font-medium whitespace-nowrap transition-colors duration-150',
                pressed ? 'border-accent bg-accent text-white' : 'border-slate-300 bg-white text-ink hover:bg-slate-50',
              )}
            >
              {chip.label}
            </button>
          );
        })}
      </div>
      {/* Stacked on a phone: side by side at 360 px each select cut its choice ("Jusqu'à 20 (…"). */}
      <div className="flex flex-col gap-3 sm:flex-row">
        <FilterSelect
          id="explore-max-price"
          label={explore.priceFilterLabel}
          value={maxPriceFromParams(params)}
          options={priceOptions}
          onChange={(value) => setParams(withFilters(params, { [MAX_PRICE_PARAM]: value }))}
        />
        <FilterSelect
          id="explore-duration"
          label={explore.durationFilterLabel}
          value={durationFromParams(params)}
          options={durationOptions}
          onChange={(value) => setParams(withFilters(params, { [DURATION_PARAM]: value }))}
        />
      </div>
    </div>
  );
}
