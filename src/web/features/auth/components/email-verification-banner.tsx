import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { emailVerification } from '#shared/messages/email-verification.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useResendVerification } from '#web/features/auth/api/resend-verification.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';

/**
 * A calm note at the top of every page while the account's address is unconfirmed: what is waiting
 * and "Renvoyer le lien". Booking, paying, writing and publishing answer 403 EMAIL_NOT_VERIFIED
 * meanwhile; this says why before anyone runs into it.
 */
export function EmailVerificationBanner() {
  const { user } = useAuth();
  const resend = useResendVerification();
  const [feedback, setFeedback] = useState<{ text: string; error: boolean } | null>(null);
  if (!user || user.email_verified) return null;

  const onResend = async () => {
    setFeedback(null);
    try {
      setFeedback({ text: await resend.mutateAsync(), error: false });
    } catch (error) {
      setFeedback({ text: errorMessage(error, emailVerification.resendError), error: true });
    }
  };

  return (
    <section
      aria-labelledby="email-verification-title"
      className="mx-auto mt-4 w-[calc(100%-2rem)] max-w-6xl rounded-2xl border border-line bg-warning-soft p-4 sm:w-[calc(100%-3rem)]"
    >
      <div className="flex items-start gap-3">
        <span
          className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-white text-warning"
          aria-hidden="true"
        >
          <MailCheck size={20} />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="email-verification-title" className="font-semibold text-ink">
            {emailVerification.bannerTitle}
          </h2>
          <p className="mt-1 text-sm break-words text-slate-700">{emailVerification.bannerText(user.email)}</p>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <Button size="sm" variant="outline" onClick={() => void onResend()} disabled={resend.isPending}>
              {resend.isPending ? emailVerification.resending : emailVerification.resend}
            </Button>
            <p
              role={feedback?.error ? 'alert' : 'status'}
              className={feedback?.error ? 'text-sm font-medium text-danger' : 'text-sm text-slate-700'}
            >
              {feedback?.text}
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}
