import { useAuth } from '../../lib/auth/useAuth';
import { trpc } from '../../lib/trpc';
import type { ProjectRole } from './roles';

/**
 * The visitor's role on a project, for screens that hide what the role may not do (the server
 * refuses it anyway: viewers get 403 on writes). Guests act as the demo account, the demo's owner,
 * so their write buttons stay and open the login popup as before.
 */
export function useProjectAccess(projectId: string): { role: ProjectRole | null; canEdit: boolean; isOwner: boolean; shared: boolean } {
  const { isAuthenticated } = useAuth();
  const project = trpc.projects.byId.useQuery({ id: projectId }, { enabled: isAuthenticated });
  if (!isAuthenticated) return { role: 'owner', canEdit: true, isOwner: true, shared: false };
  const access = project.data?.access;
  if (!access) return { role: null, canEdit: false, isOwner: false, shared: false };
  return { role: access.role, canEdit: access.role !== 'viewer', isOwner: access.role === 'owner', shared: access.shared };
}
