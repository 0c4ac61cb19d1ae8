import { BookOpen, Mail, MessagesSquare } from 'lucide-react';
import type { ReactNode } from 'react';
import { supportPage } from '#shared/messages/support.ts';
import { Button, ButtonLink } from '#web/components/ui/button.tsx';
import { Card, CardDescription, CardTitle } from '#web/components/ui/card.tsx';
import { paths } from '#web/config/paths.ts';
import { CONTACT_FORM_ID } from './contact-form.tsx';

function SupportCard({
  icon,
  title,
  text,
  action,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  action: ReactNode;
}) {
  return (
    <Card className="flex flex-col">
      <span
        className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-accent-soft text-accent-text"
        aria-hidden="true"
      >
        {icon}
      </span>
      <CardTitle className="mt-4">{title}</CardTitle>
      <CardDescription className="mt-1 flex-1 text-base">{text}</CardDescription>
      <div className="mt-5">{action}</div>
    </Card>
  );
}

/**
 * Brings the contact form into view and puts the cursor in its first empty field; for a visitor,
 * who sees the login prompt in its place, on its login button.
 */
function goToContactForm() {
  const section = document.getElementById(CONTACT_FORM_ID);
  if (!section) return;
  section.scrollIntoView({ block: 'start' });
  const fields = Array.from(section.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea'));
  const target = fields.find((field) => field.value.trim() === '') ?? fields[0] ?? section.querySelector('button');
  target?.focus({ preventScroll: true });
}

/**
 * The three cards of spec 2 section 2: contact form, live chat, guides. The live chat's button is
 * the live chat feature's (`liveChatAction`): features do not import each other, so the page passes
 * it in.
 */
export function SupportCards({ liveChatAction }: { liveChatAction: ReactNode }) {
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <SupportCard
        icon={<Mail size={20} />}
        title={supportPage.contactCardTitle}
        text={supportPage.contactCardText}
        action={
          <Button variant="outline" onClick={goToContactForm}>
            {supportPage.contactCardAction}
          </Button>
        }
      />
      <SupportCard
        icon={<MessagesSquare size={20} />}
        title={supportPage.liveChatCardTitle}
        text={supportPage.liveChatCardText}
        action={liveChatAction}
      />
      <SupportCard
        icon={<BookOpen size={20} />}
        title={supportPage.guidesCardTitle}
        text={supportPage.guidesCardText}
        action={
          <ButtonLink to={paths.support.href('faq')} variant="outline">
            {supportPage.guidesCardAction}
          </ButtonLink>
        }
      />
    </div>
  );
}
