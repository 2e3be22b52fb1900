import { useAuth } from '../../lib/auth/useAuth';
import { trpc } from '../../lib/trpc';
import type { ProjectRole } from './roles';

export interface ProjectAccess {
  role: ProjectRole | null;
  canEdit: boolean;
  isOwner: boolean;
  shared: boolean;
  ownerEmail: string | null;
}

/**
 * The visitor's role on a project: the one source every project screen's write controls follow
 * (through ProjectAccessProvider / useEditAccess in viewOnly.tsx). The server refuses a viewer's
 * writes anyway (403); the screens never attempt them. Guests act as the demo account, the demo's
 * owner, so their write buttons stay and open the login popup as before.
 */
export function useProjectAccess(projectId: string): ProjectAccess {
  const { isAuthenticated } = useAuth();
  const project = trpc.projects.byId.useQuery({ id: projectId }, { enabled: isAuthenticated });
  if (!isAuthenticated) return { role: 'owner', canEdit: true, isOwner: true, shared: false, ownerEmail: null };
  const access = project.data?.access;
  if (!access) return { role: null, canEdit: false, isOwner: false, shared: false, ownerEmail: null };
  return {
    role: access.role,
    canEdit: access.role !== 'viewer',
    isOwner: access.role === 'owner',
    shared: access.shared,
    ownerEmail: access.ownerEmail ?? null,
  };
}
