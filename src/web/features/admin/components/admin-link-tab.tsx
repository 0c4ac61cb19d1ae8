import { ShieldCheck } from 'lucide-react';
import { adminConsole } from '#shared/messages/admin.ts';
import { ButtonLink } from '#web/components/ui/button.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { paths } from '#web/config/paths.ts';

/** The dashboard's admin tab (spec 1 section 2: "admin: link to /admin (admins only)"). */
export default function AdminLinkTab() {
  return (
    <EmptyState
      icon={<ShieldCheck size={22} />}
      title={adminConsole.title}
      description={adminConsole.dashboardTabText}
      action={<ButtonLink to={paths.admin.href()}>{adminConsole.openConsole}</ButtonLink>}
    />
  );
}
