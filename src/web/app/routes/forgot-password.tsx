import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { passwordReset, auth } from '#shared/messages/auth.ts';
import { apiErrors, pageTitles } from '#shared/messages/common.ts';
import { ForgotPasswordRequestSchema } from '#shared/schemas/auth.ts';
import { Button, ButtonLink } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { paths } from '#web/config/paths.ts';
import { useForgotPassword } from '#web/features/auth/api/forgot-password.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

/** /forgot-password (spec 2 section 2): an e-mail field; success shows a generic message. */
export default function ForgotPasswordPage() {
  useDocumentTitle(pageTitles.forgotPassword);
  const mutation = useForgotPassword();
  const form = useForm<
    z.input<typeof ForgotPasswordRequestSchema>,
    unknown,
    z.output<typeof ForgotPasswordRequestSchema>
  >({
    resolver: zodResolver(ForgotPasswordRequestSchema),
    defaultValues: { email: '' },
  });
  const onSubmit = form.handleSubmit(async ({ email }) => {
    await mutation.mutateAsync(email).catch(() => undefined);
  });
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-12 sm:px-6">
      <Card>
        <h1 className="text-2xl font-semibold text-ink sm:text-3xl">{passwordReset.forgotTitle}</h1>
        {mutation.isSuccess ? (
          <div className="mt-6 space-y-6">
            <p role="status" className="flex gap-3 rounded-xl bg-success-soft p-4 text-success">
              <MailCheck size={22} className="shrink-0" aria-hidden="true" />
              <span>{passwordReset.forgotGeneric}</span>
            </p>
            <ButtonLink to={paths.home.href()} variant="outline">
              {passwordReset.backToLogin}
            </ButtonLink>
          </div>
        ) : (
          <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-4 space-y-5">
            <p className="text-slate-700">{passwordReset.forgotIntro}</p>
            <FormField label={auth.email} error={form.formState.errors.email?.message}>
              <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
            </FormField>
            {mutation.isError ? (
              <p role="alert" className="rounded-xl bg-danger-soft px-4 py-3 text-sm font-medium text-danger">
                {errorMessage(mutation.error, apiErrors.unreadable)}
              </p>
            ) : null}
            <Button type="submit" fullWidth loading={mutation.isPending} loadingLabel={passwordReset.forgotSending}>
              {passwordReset.forgotSubmit}
            </Button>
          </form>
        )}
      </Card>
    </div>
  );
}
