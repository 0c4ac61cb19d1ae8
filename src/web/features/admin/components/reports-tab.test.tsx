import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '#shared/error-codes.ts';
import { reportReasonLabels, trust } from '#shared/messages/trust.ts';
import { adminReports } from '#shared/messages/trust-web.ts';
import type { AdminReport } from '#shared/schemas/reports.ts';
import { toast } from '#web/components/ui/toaster.tsx';
import { jsonResponse, renderWithProviders } from '#web/testing/render.tsx';
import { fixtureId, stubAdminApi, type Call, type Routes } from './admin-fixtures.ts';
import ReportsTab from './reports-tab.tsx';

function reportFixture(over: Partial<AdminReport> = {}): AdminReport {
  return {
    id: fixtureId(),
    reporter: { id: fixtureId(), display_name: 'Nora' },
    target_type: 'message',
    target_id: fixtureId(),
    snapshot: { text: 'Payez-moi par virement, c’est plus simple', kind: 'text', author_name: 'Marc' },
    context: { exists: true, author_name: 'Marc', author_suspended: false },
    reason: 'scam_or_offplatform_payment',
    detail: 'Il insiste pour un paiement hors de la plateforme.',
    status: 'pending',
    decision: null,
    admin_note: null,
    decided_at: null,
    created_at: '2030-01-05T10:00:00.000Z',
    ...over,
  };
}

/**
 * The queue answers `reports` (whatever the filters); each report by id, as last decided; a decision
 * answers the report decided, and later reads see it so.
 */
function renderTab(reports: AdminReport[], extra: Routes = {}) {
  const current = new Map(reports.map((report) => [report.id, report]));
  const decide = (id: string) => (call: Call) => {
    const body = call.body as { decision: NonNullable<AdminReport['decision']>; note?: string };
    const report: AdminReport = {
      ...current.get(id)!,
      status: body.decision === 'dismiss' ? 'dismissed' : 'reviewed',
      decision: body.decision,
      admin_note: body.note ?? null,
      decided_at: '2030-01-06T09:00:00.000Z',
    };
    current.set(id, report);
    return jsonResponse(200, report);
  };
  const routes: Routes = {
    'GET /admin/reports': () => jsonResponse(200, { items: [...current.values()], total: current.size }),
    ...Object.fromEntries(
      reports.map((report) => [`GET /admin/reports/${report.id}`, () => jsonResponse(200, current.get(report.id))]),
    ),
    ...Object.fromEntries(reports.map((report) => [`POST /admin/reports/${report.id}/decision`, decide(report.id)])),
    ...extra,
  };
  const api = stubAdminApi(routes);
  const view = renderWithProviders(<ReportsTab />);
  return { ...api, ...view, user: userEvent.setup() };
}

const decisionButtons = (detail: HTMLElement) =>
  within(within(detail).getByRole('region', { name: adminReports.decisionsTitle }))
    .getAllByRole('button')
    .map((button) => button.textContent);

async function openReport(user: ReturnType<typeof userEvent.setup>, report: AdminReport) {
  await user.click(await screen.findByText(reportReasonLabels[report.reason], { exact: false }));
  return screen
    .findByRole('heading', { level: 3, name: new RegExp(reportReasonLabels[report.reason]) })
    .then((heading) => heading.closest('[aria-labelledby="report-detail-title"]') as HTMLElement);
}

describe('admin reports tab', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists the reports pending first, and filters by status and target type on the server', async () => {
    const done = reportFixture({ status: 'dismissed', reason: 'other', decision: 'dismiss' });
    const pending = reportFixture({ reason: 'impersonation', target_type: 'user', snapshot: { username: 'faux' } });
    const { calls, user } = renderTab([done, pending]);

    const list = await screen.findByRole('region', { name: new RegExp(adminReports.listTitle) });
    await within(list).findByText(/Usurpation/);
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent(`${adminReports.targetType.user} · ${reportReasonLabels.impersonation}`);
    expect(rows[0]).toHaveTextContent('faux');
    expect(rows[1]).toHaveTextContent(adminReports.status.dismissed!);

    await user.click(screen.getByRole('button', { name: adminReports.status.pending, pressed: false }));
    await waitFor(() => expect(calls.at(-1)?.query.get('status')).toBe('pending'));
    await user.click(screen.getByRole('button', { name: adminReports.targetType.offer, pressed: false }));
    await waitFor(() => expect(calls.at(-1)?.query.get('target_type')).toBe('offer'));
    expect(calls.at(-1)?.query.get('status')).toBe('pending');
  });

  it('shows the reported content as it was, the reporter’s detail and where it is now', async () => {
    const report = reportFixture();
    const { user } = renderTab([report]);
    const detail = await openReport(user, report);
    expect(within(detail).getByText(report.detail!)).toBeInTheDocument();
    expect(within(detail).getByText('Payez-moi par virement, c’est plus simple')).toBeInTheDocument();
    expect(within(detail).getByText(adminReports.reportedBy('Nora'), { exact: false })).toBeInTheDocument();
    expect(within(detail).getAllByText('Marc')).toHaveLength(2);
  });

  it('a reported message can be dismissed, removed or its author suspended; removal is confirmed, sent with the note, and toasted', async () => {
    const report = reportFixture();
    const success = vi.spyOn(toast, 'success');
    const { callsTo, user } = renderTab([report]);
    const detail = await openReport(user, report);
    expect(decisionButtons(detail)).toEqual([
      adminReports.decision.dismiss,
      adminReports.decision.remove_message,
      adminReports.decision.suspend_account,
    ]);

    await user.type(within(detail).getByLabelText(adminReports.noteLabel, { exact: false }), '  Arnaque avérée  ');
    await user.click(within(detail).getByRole('button', { name: adminReports.decision.remove_message }));
    const confirm = await screen.findByRole('alertdialog', { name: adminReports.confirmTitle.remove_message });
    expect(confirm).toHaveTextContent(adminReports.confirmText.remove_message);
    expect(callsTo('POST', `/admin/reports/${report.id}/decision`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: adminReports.decision.remove_message }));

    await waitFor(() =>
      expect(callsTo('POST', `/admin/reports/${report.id}/decision`).map((call) => call.body)).toEqual([
        { decision: 'remove_message', note: 'Arnaque avérée' },
      ]),
    );
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith(adminReports.decided, {
        description: adminReports.decision.remove_message,
      }),
    );
  });

  it('cancelling the confirmation sends nothing', async () => {
    const report = reportFixture({ target_type: 'user', snapshot: { username: 'marc' } });
    const { callsTo, user } = renderTab([report]);
    const detail = await openReport(user, report);
    await user.click(within(detail).getByRole('button', { name: adminReports.decision.suspend_account }));
    const confirm = await screen.findByRole('alertdialog', { name: adminReports.confirmTitle.suspend_account });
    await user.click(within(confirm).getByRole('button', { name: adminReports.cancel }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(callsTo('POST', `/admin/reports/${report.id}/decision`)).toHaveLength(0);
  });

  it.each([
    ['offer', [adminReports.decision.dismiss, adminReports.decision.hide_offer, adminReports.decision.suspend_account]],
    [
      'review',
      [adminReports.decision.dismiss, adminReports.decision.remove_review, adminReports.decision.suspend_account],
    ],
    ['user', [adminReports.decision.dismiss, adminReports.decision.suspend_account]],
    ['chat_session', [adminReports.decision.dismiss]],
  ] as const)('a reported %s offers only the decisions that apply to it', async (targetType, expected) => {
    const report = reportFixture({ target_type: targetType, snapshot: { title: 'Contenu' } });
    const { user } = renderTab([report]);
    const detail = await openReport(user, report);
    expect(decisionButtons(detail)).toEqual(expected);
  });

  it('hides an offer; the decided report then shows its decision instead of the actions', async () => {
    const offer = reportFixture({ target_type: 'offer', reason: 'shocking_content', snapshot: { title: 'Séance' } });
    const { callsTo, user } = renderTab([offer]);
    const detail = await openReport(user, offer);
    await user.click(within(detail).getByRole('button', { name: adminReports.decision.hide_offer }));
    const confirm = await screen.findByRole('alertdialog', { name: adminReports.confirmTitle.hide_offer });
    await user.click(within(confirm).getByRole('button', { name: adminReports.decision.hide_offer }));
    await waitFor(() =>
      expect(callsTo('POST', `/admin/reports/${offer.id}/decision`).map((call) => call.body)).toEqual([
        { decision: 'hide_offer' },
      ]),
    );
    // The decided report replaces the form with the decision.
    expect(await screen.findByText(adminReports.decidedAs(adminReports.decision.hide_offer))).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: adminReports.decisionsTitle })).not.toBeInTheDocument();
  });

  it('a refused decision says why in a toast', async () => {
    const report = reportFixture();
    const error = vi.spyOn(toast, 'error');
    const { user } = renderTab([report], {
      [`POST /admin/reports/${report.id}/decision`]: () =>
        jsonResponse(409, { detail: trust.reportAlreadyDecided, code: ErrorCode.REPORT_ALREADY_DECIDED }),
    });
    const detail = await openReport(user, report);
    await user.click(within(detail).getByRole('button', { name: adminReports.decision.dismiss }));
    const confirm = await screen.findByRole('alertdialog', { name: adminReports.confirmTitle.dismiss });
    await user.click(within(confirm).getByRole('button', { name: adminReports.decision.dismiss }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(adminReports.decisionError, { description: trust.reportAlreadyDecided }),
    );
  });

  it('a decided report shows its decision and note, with no actions', async () => {
    const report = reportFixture({
      status: 'reviewed',
      decision: 'suspend_account',
      admin_note: 'Récidive',
      decided_at: '2030-01-06T09:00:00.000Z',
    });
    const { user } = renderTab([report]);
    const detail = await openReport(user, report);
    expect(within(detail).getByText(adminReports.decidedAs(adminReports.decision.suspend_account))).toBeInTheDocument();
    expect(within(detail).getByText('Récidive')).toBeInTheDocument();
    expect(within(detail).queryByRole('region', { name: adminReports.decisionsTitle })).not.toBeInTheDocument();
  });
});
