import { zodResolver } from '@hookform/resolvers/zod';
import { LogIn, Send } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { SUPPORT_MESSAGE_MAX_LENGTH, SUPPORT_NAME_MAX_LENGTH, SUPPORT_SUBJECT_MAX_LENGTH } from '#shared/constants.ts';
import { support, supportPage } from '#shared/messages/support.ts';
import { SupportMessageCreateSchema } from '#shared/schemas/support.ts';
import { userDisplayName } from '#web/components/layout/account-menu.tsx';
import { CrisisBanner } from '#web/components/safety/crisis-banner.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardTitle } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { toast } from '#web/components/ui/toaster.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useAuthDialog } from '#web/lib/auth-dialog.ts';
import { useCreateSupportMessage } from '../api/create-support-message.ts';

type FormInput = z.input<typeof SupportMessageCreateSchema>;
type FormOutput = z.output<typeof SupportMessageCreateSchema>;

/** The id the page's "Écrire au support" card scrolls to. */
export const CONTACT_FORM_ID = 'contact';

const EMPTY: FormInput = { user_name: '', subject: '', message: '' };

/**
 * The contact form (spec 2 sections 2 and 5). It needs a login: a visitor sees "Il faut d'abord créer
 * un compte ou se connecter…" with the buttons that open the login dialog, instead of the form. A
 * member writes a name (prefilled), a subject and a message; the answer goes to the account's address,
 * shown under the title, never to one typed here. Every field is required ("Veuillez remplir tous les
 * champs"). Success: the spec's toast, subject and message cleared; a failure keeps every word typed
 * (people write here in hard moments: nothing may be lost). A message the server filed as urgent (it
 * speaks of suicide or danger) shows the crisis banner under the form, and it stays for the rest of
 * the visit (issue 13 section 3).
 */
export function ContactForm() {
  const { user, isLoading } = useAuth();
  if (!user && !isLoading) return <ContactLoginPrompt />;
  return <MemberContactForm />;
}

function ContactLoginPrompt() {
  const authDialog = useAuthDialog();
  return (
    <Card id={CONTACT_FORM_ID} className="scroll-mt-24">
      <CardTitle>{supportPage.formTitle}</CardTitle>
      <p className="mt-1 text-sm text-ink-muted">{support.loginRequired}</p>
      <p className="mt-1 text-sm text-ink-muted">{supportPage.formLoginHint}</p>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row">
        <Button onClick={() => authDialog.open('login')}>
          <LogIn size={20} aria-hidden="true" />
          {supportPage.loginAction}
        </Button>
        <Button variant="secondary" onClick={() => authDialog.open('signup')}>
          {supportPage.signupAction}
        </Button>
      </div>
    </Card>
  );
}

/** The form itself, for a signed-in member (or while a stored token is being checked). */
function MemberContactForm() {
  const { user, isLoading } = useAuth();
  const mutation = useCreateSupportMessage();
  const [notice, setNotice] = useState<string | null>(null);
  const [crisis, setCrisis] = useState(false);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(SupportMessageCreateSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  // Prefill from the user once known (also right after logging in from this page), without
  // overwriting what the person typed.
  useEffect(() => {
    if (!user) return;
    if (!form.getValues('user_name').trim()) form.setValue('user_name', userDisplayName(user));
  }, [user, form]);

  const send = form.handleSubmit(async (values) => {
    setNotice(null);
    try {
      const created = await mutation.mutateAsync(values);
      if (created.priority === 'urgent') setCrisis(true);
    } catch (error) {
      setNotice(errorMessage(error, supportPage.sendError));
      return;
    }
    toast.success(support.sentSuccess);
    form.resetField('subject', { defaultValue: '' });
    form.resetField('message', { defaultValue: '' });
  });

  return (
    <Card id={CONTACT_FORM_ID} className="scroll-mt-24">
      <CardTitle>{supportPage.formTitle}</CardTitle>
      <p className="mt-1 text-sm text-ink-muted">{supportPage.formIntro}</p>
      {user ? <p className="mt-1 text-sm text-ink-muted">{supportPage.replyTo(user.email)}</p> : null}
      <form onSubmit={(event) => void send(event)} noValidate className="mt-5 space-y-5">
        <FormField label={supportPage.nameLabel} error={errors.user_name?.message}>
          <Input autoComplete="name" maxLength={SUPPORT_NAME_MAX_LENGTH} {...form.register('user_name')} />
        </FormField>
        <FormField label={supportPage.subjectLabel} error={errors.subject?.message}>
          <Input maxLength={SUPPORT_SUBJECT_MAX_LENGTH} {...form.register('subject')} />
        </FormField>
        <FormField label={supportPage.messageLabel} error={errors.message?.message}>
          <Textarea rows={6} maxLength={SUPPORT_MESSAGE_MAX_LENGTH} {...form.register('message')} />
        </FormField>
        {notice ? (
          <p role="alert" className="rounded-xl bg-danger-soft px-4 py-3 text-sm font-medium text-danger">
            {notice}
          </p>
        ) : null}
        <Button
          type="submit"
          disabled={isLoading || !user}
          loading={mutation.isPending}
          loadingLabel={supportPage.sending}
          className="w-full sm:w-auto"
        >
          <Send size={20} aria-hidden="true" />
          {supportPage.submit}
        </Button>
      </form>
      {/* A status region: the banner is read out when it appears after sending. */}
      <div role="status" className="empty:hidden">
        {crisis ? <CrisisBanner matched className="mt-5" /> : null}
      </div>
    </Card>
  );
}
