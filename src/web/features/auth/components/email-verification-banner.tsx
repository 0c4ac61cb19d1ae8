import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { emailVerification } from '#shared/messages/email-verification.ts';
import { PageNotice } from '#web/components/layout/page-notice.tsx';
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
    <PageNotice
      icon={<MailCheck size={20} />}
      title={emailVerification.bannerTitle}
      text={emailVerification.bannerText(user.email)}
      tone="warning"
    >
      <Button size="sm" variant="outline" onClick={() => void onResend()} disabled={resend.isPending}>
        {resend.isPending ? emailVerification.resending : emailVerification.resend}
      </Button>
      <p
        role={feedback?.error ? 'alert' : 'status'}
        className={feedback?.error ? 'ml-1 text-sm font-medium text-danger' : 'ml-1 text-sm text-slate-700'}
      >
        {feedback?.text}
      </p>
    </PageNotice>
  );
}
