import { common } from '#shared/messages/common.ts';
import { isAdminRole, isHelperRole } from '#shared/rules/roles.ts';
import { Badge } from '#web/components/ui/badge.tsx';

/** "Aidant" (warm) / "Aidé" (cool) / "Administrateur". */
export function RoleBadge({ role, className }: { role: string | null | undefined; className?: string }) {
  if (isAdminRole(role)) return <Badge className={className}>{common.roleAdmin}</Badge>;
  if (isHelperRole(role))
    return (
      <Badge variant="helper" className={className}>
        {common.roleHelper}
      </Badge>
    );
  return (
    <Badge variant="seeker" className={className}>
      {common.roleSeeker}
    </Badge>
  );
}
