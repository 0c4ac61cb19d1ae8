import { useSearchParams } from 'react-router';
import { OFFER_CATEGORIES, type OfferCategory } from '#shared/constants.ts';
import { categories, explore } from '#shared/messages.ts';
import { SearchForm } from '#web/components/ui/search-form.tsx';
import { cn } from '#web/lib/cn.ts';

/** The address keeps the filters (spec 1 section 2): `search`, `category` (an id of OFFER_CATEGORIES) and `page`. */
export const SEARCH_PARAM = 'search';
export const CATEGORY_PARAM = 'category';
export const PAGE_PARAM = 'page';

export function categoryFromParams(params: URLSearchParams): OfferCategory | undefined {
  const value = params.get(CATEGORY_PARAM);
  return OFFER_CATEGORIES.find((category) => category === value);
}

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

/** Search box and category chips ("Tous" + the seven categories); both write to the address. */
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
    </div>
  );
}
