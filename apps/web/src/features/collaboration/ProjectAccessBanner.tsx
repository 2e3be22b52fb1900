import { Alert, Anchor } from '@mantine/core';
import { IconEye, IconUsers } from '@tabler/icons-react';
import { Link, useMatches } from '@tanstack/react-router';
import { useAuth } from '../../lib/auth/useAuth';
import { trpc } from '../../lib/trpc';

/**
 * Above every screen of a project shared with the visitor: who shared it and what their role lets
 * them do. Viewers are told the project is read-only (the server refuses their writes with 403).
 */
export function ProjectAccessBanner({ projectId }: { projectId: string }) {
  const { isAuthenticated } = useAuth();
  // The same query the project screens use, so this is normally served from the cache.
  const project = trpc.projects.byId.useQuery({ id: projectId }, { enabled: isAuthenticated });
  const access = project.data?.access;
  // Full-bleed editors (100dvh) show the access as a badge in their own header (EditorFrame), never over the work.
  const inEditor = useMatches({ select: (matches) => matches.some((m) => m.staticData.shell === 'editor') });
  if (!isAuthenticated || !access?.shared || inEditor) return null;
  if (access.role === 'viewer') {
    return (
      <Alert color="gray" variant="light" icon={<IconEye size={18} aria-hidden />} title="View only" mb="md" data-testid="project-view-only">
        {access.ownerEmail} shared this project with you as a viewer: you can look at everything, but not change, generate or export. Ask the owner
        for editor access if you need it.{' '}
        <Anchor component={Link} to="/collaboration" size="sm">
          Collaboration
        </Anchor>
      </Alert>
    );
  }
  return (
    <Alert color="blue" variant="light" icon={<IconUsers size={18} aria-hidden />} mb="md" data-testid="project-shared-editor">
      Shared with you by {access.ownerEmail}. As an editor you can edit and generate; generations are charged to your own credits.
    </Alert>
  );
}
