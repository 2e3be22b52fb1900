import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconFolderQuestion, IconRefresh } from '@tabler/icons-react';
import { Link, Navigate } from '@tanstack/react-router';
import { PageLoader } from '../../components/feedback/PageLoader';
import { ScreenEmptyState } from '../../components/ScreenEmptyState';
import { errorMessage, errorStatus } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { PROJECT_HOME } from './projectTypes';
import { useProjectsViewer } from './useProjectsViewer';

export function ProjectNotFound() {
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

/** /projects/{projectId}: sends the visitor to the screen of the project's type (VIDEO, IMAGE, TEXT). */
export function ProjectRedirectScreen({ projectId }: { projectId: string }) {
  const { ready } = useProjectsViewer();
  const project = trpc.projects.byId.useQuery({ id: projectId }, { enabled: ready });

  if (!ready || project.isPending) return <PageLoader label="Opening project" />;
  if (project.isError) {
    if (errorStatus(project.error) === 404) return <ProjectNotFound />;
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} title="Could not open the project">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorMessage(project.error)}</Text>
          <Button size="xs" variant="light" color="red" leftSection={<IconRefresh size={14} aria-hidden />} onClick={() => void project.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  return <Navigate to={PROJECT_HOME[project.data.type]} params={{ projectId }} replace />;
}
