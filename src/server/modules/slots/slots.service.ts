import { FRAGMENTS_DEFAULT_DAYS, FRAGMENTS_MAX_DAYS, SLOT_MAX_DURATION_MINUTES } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { slots as slotMessages } from '#shared/messages/availability.ts';
import { profile } from '#shared/messages/profile.ts';
import { nextHoldLapse } from '#shared/rules/booking-status.ts';
import { freeWindows, publicCut, type Interval } from '#shared/rules/free-windows.ts';
import { firstOverlap, validateSingleSlot, validateSlotRows, type SlotIssue } from '#shared/rules/slot-validation.ts';
import type { BulkSlotsCreate, CalendarSlot, CalendarSlotCreate, Fragment, LegacySlot } from '#shared/schemas/slots.ts';
import type { AppContext } from '../../app-types.ts';
import type { Executor } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { AppError, badRequest, conflict, notFound, pgConstraint, pgErrorCode, PgErrorCode } from '../../errors.ts';
import { entityTag, type TaggedJson } from '../../lib/etag.ts';
import { subscribeToBus } from '../../lib/realtime-bus.ts';
import { SharedAnswers } from '../../lib/shared-answers.ts';
import { hiddenByBlock } from '../blocks/blocks.service.ts';
import { assertOfferOfHelperShownTo, assertOwnOffer } from '../offers/offers.service.ts';
import { toCalendarSlot, toLegacySlot } from './slot-dto.ts';
import {
  deleteOwnSlot,
  hasOverlappingSlot,
  insertSlots,
  listHelperSlots,
  loadCalendar,
  toggleOwnSlot,
  type NewSlot,
  type TimeRange,
} from './slots.repository.ts';
import { lockHelperCalendar } from '../../db/locks.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** Slot rule failures are 400 with the spec's message (which names the date or the time). */
function slotIssueError(issue: SlotIssue): AppError {
  const code =
    issue.kind === 'inPast' || issue.kind === 'timeElapsedToday'
      ? ErrorCode.SLOT_IN_PAST
      : issue.kind === 'endBeforeStart'
        ? ErrorCode.SLOT_END_BEFORE_START
        : ErrorCode.VALIDATION_FAILED;
  return new AppError(code, 400, issue.message);
}

/** A slot may be tied to one of the helper's own live offers only (someone else's hidden offer: 404). */
async function checkOwnOffer(db: Executor, helper: UserRow, offerId: string | null | undefined): Promise<void> {
  if (offerId) await assertOwnOffer(db, offerId, helper);
}

const slotOverlap = () => conflict(ErrorCode.SLOT_DUPLICATE, slotMessages.duplicate);

/**
 * Inserts a helper's new slots, all or none, refusing any that overlaps another of their slots or
 * another new one (docs/decisions/0005-overlapping-slots.md), with the spec's duplicate message
 * (spec 1 section 8). The helper's calendar lock makes the check and the insert one step for
 * concurrent requests; the unique key (helper, offer, start, end), and the exclusion constraint if
 * the database has one, remain the backstop.
 */
async function insertRefusingOverlaps(db: Executor, helperId: string, values: NewSlot[]) {
  const periods = values.map((value) => ({ startAt: value.startAt, endAt: value.endAt }));
  if (firstOverlap(periods)) throw slotOverlap();
  try {
    return await db.transaction(async (tx) => {
      await lockHelperCalendar(tx, helperId);
      if (await hasOverlappingSlot(tx, helperId, periods)) throw slotOverlap();
      return insertSlots(tx, values);
    });
  } catch (error) {
    const code = pgErrorCode(error);
    const constraint = pgConstraint(error);
    if (
      (code === PgErrorCode.uniqueViolation && constraint === 'slots_helper_offer_period_key') ||
      (code === PgErrorCode.exclusionViolation && constraint === 'slots_no_overlap')
    ) {
      throw slotOverlap();
    }
    throw error;
  }
}

export async function createCalendarSlot(
  ctx: AppContext,
  helper: UserRow,
  input: CalendarSlotCreate,
  now: Date = new Date(),
): Promise<{ success: true; slot_id: string; message: string }> {
  const checked = validateSingleSlot({ date: input.date, time: input.time, durationMinutes: input.duration }, now);
  if (!checked.ok) throw slotIssueError(checked.issue);
  await checkOwnOffer(ctx.db, helper, input.offer_id);
  const [row] = await insertRefusingOverlaps(ctx.db, helper.id, [
    {
      helperId: helper.id,
      offerId: input.offer_id ?? null,
      startAt: checked.startAt,
      endAt: checked.endAt,
      meetingLink: input.meeting_link || null,
      notes: input.notes || null,
    },
  ]);
  if (!row) throw new Error('slot not inserted');
  return { success: true, slot_id: row.id, message: slotMessages.created };
}

export async function bulkCreateSlots(
  ctx: AppContext,
  helper: UserRow,
  input: BulkSlotsCreate,
  now: Date = new Date(),
): Promise<{ success: true; created: number; message: string; time_slots: LegacySlot[] }> {
  const checked = validateSlotRows(input.time_slots, now);
  if (!checked.ok) throw slotIssueError(checked.issue);
  await checkOwnOffer(ctx.db, helper, input.offer_id);
  const availability = input.time_slots.filter((row) => row.date || row.start_time || row.end_time);
  const rows = await insertRefusingOverlaps(
    ctx.db,
    helper.id,
    checked.rows.map((row, index) => ({
      helperId: helper.id,
      offerId: input.offer_id ?? null,
      startAt: row.startAt,
      endAt: row.endAt,
      isAvailable: availability[index]?.is_available ?? true,
    })),
  );
  rows.sort((a, b) => a.startAt.getTime() - b.startAt.getTime());
  return {
    success: true,
    created: rows.length,
    message: slotMessages.added(rows.length),
    time_slots: rows.map(toLegacySlot),
  };
}

export async function listCalendarSlots(
  ctx: AppContext,
  helper: UserRow,
  query: { offer_id?: string; include_past?: boolean },
  now: Date = new Date(),
): Promise<CalendarSlot[]> {
  const rows = await listHelperSlots(ctx.db, helper.id, {
    offerId: query.offer_id,
    includePast: query.include_past ?? false,
    now,
  });
  return rows.map(toCalendarSlot);
}

export async function listLegacySlots(
  ctx: AppContext,
  helper: UserRow,
  query: { offer_id?: string; include_past?: boolean },
  now: Date = new Date(),
): Promise<LegacySlot[]> {
  const rows = await listHelperSlots(ctx.db, helper.id, {
    offerId: query.offer_id,
    includePast: query.include_past ?? false,
    now,
  });
  return rows.map(toLegacySlot);
}

/** Someone else's slot answers 404 like a missing one: its existence is none of the caller's business. */
export async function deleteSlot(
  ctx: AppContext,
  helper: UserRow,
  id: string,
): Promise<{ success: true; message: string }> {
  const row = await deleteOwnSlot(ctx.db, id, helper.id);
  if (!row) throw notFound(ErrorCode.SLOT_NOT_FOUND, slotMessages.notFound);
  return { success: true, message: slotMessages.deleted };
}

export async function toggleSlotAvailability(ctx: AppContext, helper: UserRow, id: string): Promise<LegacySlot> {
  const row = await toggleOwnSlot(ctx.db, id, helper.id);
  if (!row) throw notFound(ErrorCode.SLOT_NOT_FOUND, slotMessages.notFound);
  return toLegacySlot(row);
}

/** `range` with its end moved `slotLengths` of the longest slot later. */
function extendedBy(range: TimeRange, slotLengths: number): TimeRange {
  return { from: range.from, to: new Date(range.to.getTime() + slotLengths * SLOT_MAX_DURATION_MINUTES * MINUTE_MS) };
}

/**
 * Both views of a helper's time for an offer (or for all offers when `offerId` is null), for the
 * windows overlapping `range`, cut at its start (never before `now`): `offered` (available slots,
 * bookings ignored) and `free` (minus the time bookings hold). A request inside `offered` but not
 * `free` collides with a booking; outside `offered` it was never proposed. For a booking request the
 * range is the session itself: every slot that could contain it overlaps it.
 */
export async function loadAvailability(
  db: Executor,
  helperId: string,
  offerId: string | null,
  now: Date,
  range: TimeRange,
  options: { activeOnly?: boolean; listedOffersOnly?: boolean } = {},
): Promise<{ offered: Interval[]; free: Interval[]; changesAt: Date | null }> {
  const { open, held } = await loadCalendar(db, {
    helperId,
    offerId,
    // Slots are read a slot's length beyond the range, so a window overlapping it is merged whole
    // with the slot that continues it (22:00-24:00 then 00:00-02:00 when `to` is that midnight);
    // bookings one more slot's length, as far as such a window may run.
    slotRange: extendedBy(range, 1),
    bookingRange: extendedBy(range, 2),
    maxSlotMinutes: SLOT_MAX_DURATION_MINUTES,
    activeOnly: options.activeOnly ?? false,
    listedOffersOnly: options.listedOffersOnly ?? false,
  });
  return {
    offered: freeWindows({ slots: open, bookings: [], offerId, now, from: range.from }),
    free: freeWindows({ slots: open, bookings: held, offerId, now, from: range.from }),
    // Without a write, the only change time brings to `free` past `now`: a payment hold lapsing.
    changesAt: nextHoldLapse(held, now),
  };
}

/**
 * The range of a free-windows request: from `from` (or the cut) for FRAGMENTS_DEFAULT_DAYS unless
 * `to` says otherwise, cut at now rounded up to a time-bar cell (publicCut). The schema refuses a
 * reversed or too long range when both ends are given; with `to` alone, the span counts from the
 * cut. The range depends on `now` only through the cut, so it stays the same for five minutes and
 * can key a cached answer (fragmentsAnswer).
 */
export function fragmentsRange(query: { from?: string; to?: string }, now: Date): TimeRange {
  const cut = publicCut(now);
  const start = query.from ? new Date(query.from) : cut;
  const to = query.to ? new Date(query.to) : new Date(start.getTime() + FRAGMENTS_DEFAULT_DAYS * DAY_MS);
  if (to.getTime() - start.getTime() > FRAGMENTS_MAX_DAYS * DAY_MS) {
    throw badRequest(ErrorCode.VALIDATION_FAILED, slotMessages.rangeTooLong(FRAGMENTS_MAX_DAYS));
  }
  return { from: start.getTime() > cut.getTime() ? start : cut, to };
}

/**
 * Free-window answers, per database, whole and already serialized with their ETag (issue 11
 * section 3: every open booking page polls its range every 15 s, and the answer of a busy helper
 * costs milliseconds of database and Node time, the same for every visitor). Keyed by helper, offer
 * and range, grouped by helper. Every write that can change a helper's windows drops that helper's
 * answers in every process at its commit: the triggers of migration 0014 send `free_time.changed`
 * on the bus (startFreeTimeInvalidation). The TTL only bounds what a notification lost without the
 * listener noticing could leave behind (a lost connection clears everything).
 */
const FREE_TIME_ANSWER_TTL_MS = 30_000;
const FREE_TIME_ANSWER_MAX_ENTRIES = 2_000;
/**
 * Two stores: the answers for one offer, and those across a helper's offers, which also change when
 * an offer is hidden, shown or deleted (only listed offers' slots count): those go at every write to
 * offers (`search.changed`), the others stay.
 */
type FreeTimeAnswers = { ofOffer: SharedAnswers<TaggedJson>; acrossOffers: SharedAnswers<TaggedJson> };
const freeTimeAnswersByDatabase = new WeakMap<Executor, FreeTimeAnswers>();

function freeTimeAnswers(db: Executor): FreeTimeAnswers {
  let answers = freeTimeAnswersByDatabase.get(db);
  if (!answers) {
    answers = {
      ofOffer: new SharedAnswers(FREE_TIME_ANSWER_TTL_MS, FREE_TIME_ANSWER_MAX_ENTRIES),
      acrossOffers: new SharedAnswers(FREE_TIME_ANSWER_TTL_MS, FREE_TIME_ANSWER_MAX_ENTRIES),
    };
    freeTimeAnswersByDatabase.set(db, answers);
  }
  return answers;
}

/**
 * Drops this process's free-window answers of a helper whenever any process commits a write that
 * may change them (`free_time.changed`), all of them for a TRUNCATE or after the bus listener lost
 * notifications, and the answers across offers after any write to offers (`search.changed`).
 * Returns the unsubscribe.
 */
export function startFreeTimeInvalidation(ctx: AppContext): Promise<() => Promise<void>> {
  const { ofOffer, acrossOffers } = freeTimeAnswers(ctx.db);
  const clearAll = () => {
    ofOffer.clear();
    acrossOffers.clear();
  };
  return subscribeToBus(
    ctx.database,
    (event) => {
      if (event.type === 'search.changed') acrossOffers.clear();
      if (event.type !== 'free_time.changed') return;
      if (!event.helper_id) return clearAll();
      ofOffer.drop(event.helper_id);
      acrossOffers.drop(event.helper_id);
    },
    clearAll,
  );
}

/**
 * GET /time-slots/helper/{id}/fragments as JSON text with its ETag, from the cache when another
 * request computed it. An offer's windows are for those who may see the offer (404 otherwise,
 * checked before the cache); past that check the answer is the same for every caller (the hidden
 * state it honours, the helper's account, is part of the data and its writes drop the answer), so
 * the key is helper, offer and range only.
 *
 * Time changes an answer in two ways only, and the entry expires at the first of them: the cut
 * (now rounded up to 5 minutes) moves, and a payment hold lapses (loadAvailability's changesAt).
 * Serving an entry up to its expiry is therefore what a fresh read would answer, bar writes not yet
 * announced; and a window shown a moment after it was taken cannot be double-booked: the booking
 * service reads the calendar itself, and the database's exclusion constraint refuses an overlap.
 */
export async function fragmentsAnswer(
  ctx: AppContext,
  helperId: string,
  offerId: string | null,
  query: { from?: string; to?: string },
  viewer: UserRow | null,
  now: Date = new Date(),
): Promise<TaggedJson> {
  const range = fragmentsRange(query, now);
  if (offerId !== null) await assertOfferOfHelperShownTo(ctx.db, offerId, helperId, viewer);
  else await assertHelperShownTo(ctx.db, helperId, viewer);
  // Ids as the database writes them (lower case), which is how the triggers name a helper: an id
  // typed in upper case must not keep an answer the helper's next write cannot drop.
  const helper = helperId.toLowerCase();
  const key = JSON.stringify([helper, offerId?.toLowerCase() ?? null, range.from.getTime(), range.to.getTime()]);
  const answers = freeTimeAnswers(ctx.db);
  return (offerId === null ? answers.acrossOffers : answers.ofOffer).get(
    key,
    async () => {
      const { fragments, changesAt } = await computeFragments(ctx.db, helperId, offerId, range, now);
      const json = JSON.stringify(fragments);
      const cutMoves = publicCut(now).getTime();
      return {
        value: { json, etag: entityTag(json) },
        expiresAt: changesAt ? Math.min(cutMoves, changesAt.getTime()) : cutMoves,
      };
    },
    helper,
  );
}

/**
 * 404 USER_NOT_FOUND, as their profile answers (GET /users/{id}), when the viewer blocked the helper
 * or was blocked by them: the helper's free windows across offers are no more theirs to read.
 */
async function assertHelperShownTo(db: Executor, helperId: string, viewer: UserRow | null): Promise<void> {
  if (await hiddenByBlock(db, viewer, helperId.toLowerCase())) {
    throw notFound(ErrorCode.USER_NOT_FOUND, profile.userNotFound);
  }
}

/** The free windows of a helper's offer over a range, and when a hold lapsing would change them. */
async function computeFragments(
  db: Executor,
  helperId: string,
  offerId: string | null,
  range: TimeRange,
  now: Date,
): Promise<{ fragments: Fragment[]; changesAt: Date | null }> {
  if (range.to.getTime() <= range.from.getTime()) return { fragments: [], changesAt: null };
  // A suspended or erased helper has no free time to show (issue 13: cannot be found).
  const { offered, free, changesAt } = await loadAvailability(db, helperId, offerId, now, range, {
    activeOnly: true,
    listedOffersOnly: true,
  });
  // The free parts of the offered windows that start before `to` (whole, past `to` if they run on);
  // an offered window that starts at or after `to` belongs to the next range asked for. Both lists
  // are sorted and each free part lies inside one offered window: one forward pass.
  const reachable = offered.filter((window) => window.start.getTime() < range.to.getTime());
  let index = 0;
  const fragments = free
    .filter((window) => {
      while (index < reachable.length && reachable[index]!.end.getTime() <= window.start.getTime()) index += 1;
      const container = reachable[index];
      return container !== undefined && container.start.getTime() <= window.start.getTime();
    })
    .map((window) => ({ start_at: window.start.toISOString(), end_at: window.end.toISOString() }));
  return { fragments, changesAt };
}
