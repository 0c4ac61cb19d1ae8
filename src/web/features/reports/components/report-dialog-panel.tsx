import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import {
  REPORT_DETAIL_MAX_LENGTH,
  REPORT_REASONS,
  type REPORT_TARGET_TYPES,
  type ReportReason,
} from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { reportReasonLabels, trust } from '#shared/messages/trust.ts';
import { reportDialog } from '#shared/messages/trust-web.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { isApiError } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/cn.ts';
import { useCreateReport } from '../api/create-report.ts';

export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];
/** What is reported: a helper profile (`user`), an offer, a review, a message or a live chat. */
export type ReportTarget = { type: ReportTargetType; id: string };

/** Answers whose French text says what to do (already reported, oneself, gone): shown as the server wrote it. */
const EXPLAINED = new Set<string>([
  ErrorCode.REPORT_DUPLICATE,
  ErrorCode.REPORT_SELF,
  ErrorCode.REPORT_TARGET_NOT_FOUND,
]);

function failureText(failure: unknown): string {
  if (isApiError(failure)) {
    if (failure.code === ErrorCode.REPORT_DUPLICATE) return failure.message || trust.reportDuplicate;
    if ((failure.code !== null && EXPLAINED.has(failure.code)) || failure.status === 429) return failure.message;
  }
  return reportDialog.sendError;
}

/**
 * The report dialog (issue 13 section 1): one of the six reasons, an optional detail, then the
 * thanks. A refusal (already reported: 409 REPORT_DUPLICATE; too many: 429) shows its French text and
 * keeps what was typed. Closing forgets the draft. Loaded on the first opening (report-dialog.tsx).
 */
export default function ReportDialog({
  target,
  open,
  onOpenChange,
}: {
  target: ReportTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreateReport();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [detail, setDetail] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [thanks, setThanks] = useState<string | null>(null);
  const reasonErrorId = useId();

  const change = (next: boolean) => {
    if (!next) {
      setReason(null);
      setDetail('');
      setReasonError(null);
      setFailure(null);
      setThanks(null);
      create.reset();
    }
    onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    if (reason === null) {
      setReasonError(reportDialog.reasonRequired);
      return;
    }
    setFailure(null);
    const text = detail.trim();
    try {
      const created = await create.mutateAsync({
        target_type: target.type,
        target_id: target.id,
        reason,
        detail: text === '' ? undefined : text,
      });
      setThanks(created.message || trust.reportThanks);
    } catch (error) {
      setFailure(failureText(error));
    }
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent
        title={thanks === null ? reportDialog.title[target.type] : reportDialog.sentTitle}
        description={thanks === null ? reportDialog.description : undefined}
        size="sm"
      >
        {thanks !== null ? (
          <div className="space-y-6">
            <p role="status" className="flex gap-3 rounded-xl bg-success-soft p-4 text-ink">
              <CheckCircle2 size={20} aria-hidden="true" className="mt-0.5 shrink-0 text-success" />
              {thanks}
            </p>
            <div className="flex justify-end">
              <DialogClose asChild>
                <Button>{reportDialog.close}</Button>
              </DialogClose>
            </div>
          </div>
        ) : (
          <form onSubmit={(event) => void submit(event)} noValidate className="space-y-5">
            <fieldset aria-describedby={reasonError ? reasonErrorId : undefined}>
              <legend className="font-medium text-ink">{reportDialog.reasonLegend}</legend>
              <div className="mt-2 space-y-2">
                {REPORT_REASONS.map((value) => {
                  const checked = reason === value;
                  return (
                    <label
                      key={value}
                      className={cn(
                        'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border px-3 py-2 transition-colors duration-150 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent',
                        checked
                          ? 'border-accent bg-accent-soft ring-1 ring-accent'
                          : 'border-slate-300 bg-white hover:border-accent',
                      )}
                    >
                      <input
                        type="radio"
                        name="report-reason"
                        value={value}
                        checked={checked}
                        onChange={() => {
                          setReason(value);
                          setReasonError(null);
                        }}
                        className="h-4 w-4 shrink-0 accent-[var(--color-accent)]"
                      />
                      <span className="text-ink">{reportReasonLabels[value]}</span>
                    </label>
                  );
                })}
              </div>
              {reasonError ? (
                <p id={reasonErrorId} role="alert" className="mt-2 text-sm font-medium text-danger">
                  {reasonError}
                </p>
              ) : null}
            </fieldset>

            {reason === 'endangerment' ? (
              <p className="flex gap-2 rounded-xl bg-warning-soft p-3 text-sm text-warning">
                <AlertTriangle size={18} aria-hidden="true" className="mt-0.5 shrink-0" />
                {reportDialog.dangerHint}
              </p>
            ) : null}

            <FormField
              label={reportDialog.detailLabel}
              optionalLabel={reportDialog.detailOptional}
              hint={reportDialog.detailHint}
            >
              <Textarea
                rows={3}
                value={detail}
                maxLength={REPORT_DETAIL_MAX_LENGTH}
                onChange={(event) => setDetail(event.target.value)}
              />
            </FormField>

            {failure ? (
              <p role="alert" className="rounded-xl bg-danger-soft px-3 py-2 text-sm font-medium text-danger">
                {failure}
              </p>
            ) : null}

            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <DialogClose asChild>
                <Button variant="outline">{reportDialog.cancel}</Button>
              </DialogClose>
              <Button type="submit" loading={create.isPending} loadingLabel={reportDialog.sending}>
                {reportDialog.send}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
