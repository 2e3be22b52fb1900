import { Button } from '@mantine/core';
import { IconArrowLeft, IconFolderQuestion } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { PageLoader } from '../../components/feedback/PageLoader';
import { ScreenEmptyState } from '../../components/ScreenEmptyState';

/** Where a project of each type opens (used once the project can be loaded). */
export const PROJECT_HOME = {
  VIDEO: '/projects/$projectId/video-editor',
  IMAGE: '/projects/$projectId/image-editor',
  TEXT: '/projects/$projectId/seo',
} as const;

/**
 * Resolves the project's type. Nothing is loaded yet: the projects issue replaces this with the
 * projects procedure and redirects to PROJECT_HOME[type]. Until then every id resolves to "not found".
 */
async function resolveProjectType(_projectId: string): Promise<keyof typeof PROJECT_HOME | null> {
  return null;
}

/** /projects/{projectId}: sends the visitor to the editor that fits the project's type. */
export function ProjectRedirectScreen({ projectId }: { projectId: string }) {
  const project = useQuery({ queryKey: ['project-type', projectId], queryFn: () => resolveProjectType(projectId) });

  if (project.isPending) return <PageLoader label="Opening project" />;
  return (
    <ScreenEmptyState
      icon={<IconFolderQuestion size={26} stroke={1.6} />}
      title="Project not found"
      description="This project does not exist, was deleted, or is not shared with you."
      actions={
        <Button component={Link} to="/projects" variant="light" leftSection={<IconArrowLeft size={16} aria-hidden />}>
          Back to projects
        </Button>
      }
    />
  );
}
