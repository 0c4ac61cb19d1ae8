import { ChevronLeft, ChevronRight, Pencil, RefreshCw, Trash2, Store } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ADMIN_OFFERS_PAGE_SIZE } from '#shared/constants.ts';
import { admin, adminConsole } from '#shared/messages/admin.ts';
import { common } from '#shared/messages/common.ts';
import type { AdminOffer } from '#shared/schemas/admin.ts';
import { formatMoney } from '#shared/rules/format.ts';
import { frenchParisDate } from '#shared/rules/paris-time.ts';
import { AlertDialog, AlertDialogContent, AlertDialogTrigger } from '#web/components/ui/alert-dialog.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { SearchForm } from '#web/components/ui/search-form.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { toast } from '#web/components/ui/toaster.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useDeleteAdminOffer } from '../api/delete-offer.ts';
import { useAdminOffers } from '../api/get-admin-offers.ts';
import { useToggleAdminOffer } from '../api/toggle-offer.ts';
import { focusIsLost } from './focus-keeping.ts';
import { LoadError, RefreshError } from './load-error.tsx';
import { OfferEditDialog } from './offer-edit-dialog.tsx';

function helperName(offer: AdminOffer): string {
  const { helper } = offer;
  return helper.full_name?.trim() || helper.display_name?.trim() || helper.username || adminConsole.unknownHelper;
}

function OfferRow({ offer, onDeleted }: { offer: AdminOffer; onDeleted: () => void }) {
  const toggle = useToggleAdminOffer();
  const remove = useDeleteAdminOffer();

  const switchVisibility = () => {
    toggle.mutate(offer.id, {
      onError: (failure) => toast.error(admin.toggleError, { description: errorMessage(failure, admin.toggleError) }),
    });
  };

  const confirmDelete = () => {
    remove.mutate(offer.id, {
      onSuccess: () => {
        onDeleted();
        toast.success(admin.deleted);
      },
      onError: (failure) => toast.error(admin.deleteError, { description: errorMessage(failure, admin.deleteError) }),
    });
  };

  const visibility = offer.visible ? admin.visible : admin.hidden;
  return (
    <li className="flex flex-col gap-3 py-4 md:flex-row md:items-center md:justify-between md:gap-6">
      <div className="min-w-0 flex-1">
        <p className="font-medium text-ink wrap-anywhere">{offer.title}</p>
        <p className="mt-0.5 text-sm text-ink-muted wrap-anywhere">
          {adminConsole.offerBy(helperName(offer))} · {formatMoney(offer.price_cents)} ·{' '}
          {adminConsole.minutes(offer.duration_minutes)} ·{' '}
          <time dateTime={offer.created_at}>{frenchParisDate(offer.created_at)}</time>
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label className="mr-2 inline-flex min-h-11 cursor-pointer items-center gap-2">
          <Switch
            checked={offer.visible}
            onCheckedChange={switchVisibility}
            disabled={toggle.isPending}
            aria-label={adminConsole.visibilityLabel(offer.title)}
          />
          <Badge variant={offer.visible ? 'success' : 'neutral'} aria-hidden="true">
            {visibility}
          </Badge>
        </label>
        <OfferEditDialog
          offer={offer}
          trigger={
            <Button variant="outline" size="sm" aria-label={adminConsole.editOfferLabel(offer.title)}>
              <Pencil size={18} aria-hidden="true" />
              {adminConsole.editOffer}
            </Button>
          }
        />
        <AlertDialog>
          <AlertDialogTrigger asChild>
            <Button
              variant="outline"
              size="sm"
              className="text-danger"
              loading={remove.isPending}
              aria-label={adminConsole.deleteOfferLabel(offer.title)}
            >
              <Trash2 size={18} aria-hidden="true" />
              {adminConsole.deleteOffer}
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent
            title={adminConsole.deleteTitle}
            description={adminConsole.deleteText(offer.title)}
            cancelLabel={common.cancel}
            confirmLabel={common.delete}
            onConfirm={confirmDelete}
            danger
          />
        </AlertDialog>
      </div>
    </li>
  );
}

function OffersSkeleton() {
  return (
    <div role="status" className="space-y-4 py-4">
      <span className="sr-only">{common.loading}</span>
      {Array.from({ length: 5 }, (_, index) => (
        <div key={index} className="space-y-2" aria-hidden="true">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      ))}
    </div>
  );
}

/**
 * The offers tab (spec 2 section 2): every offer, hidden ones included, searched and paged on the
 * server (100 000 offers), with a refresh button; each offer can be hidden or shown, edited in a
 * modal and deleted after confirmation.
 */
export default function OffersTab() {
  const [search, setSearch] = useState('');
  const [skip, setSkip] = useState(0);
  const offers = useAdminOffers({ search, skip });

  const runSearch = (text: string) => {
    setSearch(text);
    setSkip(0);
  };

  const total = offers.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ADMIN_OFFERS_PAGE_SIZE));
  const page = Math.floor(skip / ADMIN_OFFERS_PAGE_SIZE) + 1;

  // Keyboard focus (browser review R4). The page button pressed is disabled on the first or last
  // page: the focus goes to the other one. A deleted offer's row goes away: the focus goes to the
  // offer that took its place (or the one before it), else the search field.
  const listRef = useRef<HTMLUListElement>(null);
  const pagingRef = useRef<HTMLElement>(null);
  const pagePressed = useRef(false);
  const deletedAt = useRef<number | null>(null);
  useEffect(() => {
    if (!pagePressed.current) return;
    pagePressed.current = false;
    if (focusIsLost()) pagingRef.current?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus();
  }, [page]);
  const items = offers.data?.items;
  useEffect(() => {
    const index = deletedAt.current;
    if (index === null) return;
    deletedAt.current = null;
    if (!focusIsLost()) return;
    const rows = listRef.current?.querySelectorAll<HTMLElement>(':scope > li') ?? [];
    const row = rows[Math.min(index, rows.length - 1)];
    (row?.querySelector<HTMLElement>('[role=switch]') ?? document.getElementById('admin-offers-search'))?.focus();
  }, [items]);
  const goToPage = (nextSkip: number) => {
    pagePressed.current = true;
    setSkip(nextSkip);
  };

  return (
    <section aria-labelledby="admin-offers-title" className="space-y-4">
      <h2 id="admin-offers-title" className="sr-only">
        {adminConsole.offersTitle}
      </h2>
      <SearchForm
        id="admin-offers-search"
        label={adminConsole.offersSearchLabel}
        placeholder={adminConsole.offersSearchPlaceholder}
        buttonLabel={adminConsole.offersSearchButton}
        onSearch={runSearch}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-ink-muted" aria-live="polite">
          {offers.data ? adminConsole.offersCount(total) : null}
        </p>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void offers.refetch()}
          loading={offers.isFetching}
          loadingLabel={adminConsole.refreshing}
        >
          <RefreshCw size={18} aria-hidden="true" />
          {adminConsole.refresh}
        </Button>
      </div>

      {offers.isError && offers.data !== undefined ? (
        // A failed refresh keeps the page already shown.
        <RefreshError text={admin.loadError} onRetry={() => void offers.refetch()} />
      ) : null}
      {offers.isPending ? (
        <OffersSkeleton />
      ) : offers.data === undefined ? (
        <LoadError text={admin.loadError} onRetry={() => void offers.refetch()} />
      ) : offers.data.items.length === 0 ? (
        <EmptyState
          icon={<Store size={22} />}
          title={adminConsole.offersEmpty}
          description={search ? adminConsole.offersEmptySearch : adminConsole.offersEmptyText}
        />
      ) : (
        <ul
          ref={listRef}
          className="divide-y divide-line rounded-2xl border border-line bg-white px-4 shadow-soft sm:px-6"
        >
          {offers.data.items.map((offer, index) => (
            <OfferRow
              key={offer.id}
              offer={offer}
              onDeleted={() => {
                deletedAt.current = index;
              }}
            />
          ))}
        </ul>
      )}

      {pages > 1 ? (
        <nav ref={pagingRef} aria-label={adminConsole.paging} className="flex items-center justify-between gap-3">
          <Button
            variant="outline"
            size="sm"
            disabled={page <= 1}
            onClick={() => goToPage(Math.max(0, skip - ADMIN_OFFERS_PAGE_SIZE))}
          >
            <ChevronLeft size={18} aria-hidden="true" />
            {adminConsole.previousPage}
          </Button>
          <span className="text-sm text-ink-muted">{adminConsole.pageOf(page, pages)}</span>
          <Button
            variant="outline"
            size="sm"
            disabled={page >= pages}
            onClick={() => goToPage(skip + ADMIN_OFFERS_PAGE_SIZE)}
          >
            {adminConsole.nextPage}
            <ChevronRight size={18} aria-hidden="true" />
          </Button>
        </nav>
      ) : null}
    </section>
  );
}
