import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAdjustments, IconAlertCircle, IconFileText, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../components/ButtonLink';
import { PageLoader } from '../../components/feedback/PageLoader';
import { ScreenEmptyState } from '../../components/ScreenEmptyState';
import { ScreenHeader } from '../../components/ScreenHeader';
import { errorMessage, errorStatus } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { ProjectNotFound } from '../projects/ProjectRedirectScreen';
import { useProjectsViewer } from '../projects/useProjectsViewer';
import { SeoFlowNav, type SeoStep } from './SeoFlowNav';
import type { SeoProject } from './seoData';

export interface SeoScreenContext {
  projectId: string;
  projectName: string;
  seoProject: SeoProject;
  isGuest: boolean;
}

interface SeoScaffoldProps {
  projectId: string;
  step: SeoStep;
  title: string;
  description: string;
  headerActions?: (ctx: SeoScreenContext) => ReactNode;
  children: (ctx: SeoScreenContext) => ReactNode;
}

/** Loads the project's SEO setup once for every SEO screen and handles its loading, error and not-set-up states. */
export function useSeoProjectQuery(projectId: string) {
  const { ready, isGuest } = useProjectsViewer();
  const query = trpc.seo.byProject.useQuery({ projectId }, { enabled: ready });
  return { query, ready, isGuest };
}

export function SeoLoadState({ query, ready }: Pick<ReturnType<typeof useSeoProjectQuery>, 'query' | 'ready'>): ReactNode | null {
  if (!ready || query.isPending) return <PageLoader label="Loading SEO project" />;
  if (query.isError) {
    if (errorStatus(query.error) === 404) return <ProjectNotFound />;
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} title="Could not load the SEO project">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorMessage(query.error)}</Text>
          <Button size="xs" variant="light" color="red" leftSection={<IconRefresh size={14} aria-hidden />} onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (query.data.project.type !== 'TEXT') {
    return (
      <ScreenEmptyState
        icon={<IconFileText size={26} stroke={1.6} />}
        title="SEO articles belong to text projects"
        description={`“${query.data.project.name}” is a ${query.data.project.type.toLowerCase()} project. Create or open a text project to generate SEO articles.`}
        actions={
          <ButtonLink to="/projects" variant="light">
            Back to projects
          </ButtonLink>
        }
      />
    );
  }
  return null;
}

/** Header, step navigation and the screen body once the SEO project is loaded and set up. */
export function SeoScaffold({ projectId, step, title, description, headerActions, children }: SeoScaffoldProps) {
  const { query, ready, isGuest } = useSeoProjectQuery(projectId);
  const state = SeoLoadState({ query, ready });
  const data = query.data;
  const seoProject = data?.seoProject ?? null;
  const ctx = data && seoProject ? { projectId, projectName: data.project.name, seoProject, isGuest } : null;
  return (
    <>
      <SeoFlowNav projectId={projectId} current={step} />
      <Stack gap="lg" pb="xl">
        <ScreenHeader
          eyebrow={data ? `SEO · ${data.project.name}` : 'SEO'}
          title={title}
          description={description}
          actions={ctx && headerActions ? headerActions(ctx) : undefined}
        />
        {state ??
          (ctx ? (
            children(ctx)
          ) : (
            <ScreenEmptyState
              icon={<IconAdjustments size={26} stroke={1.6} />}
              title="This project has no SEO setup yet"
              description="Set up the business name, target URL, keywords and competitors to start analysing competitors and generating articles."
              actions={
                <ButtonLink to="/projects/$projectId/seo/settings" params={{ projectId }}>
                  Set up SEO
                </ButtonLink>
              }
            />
          ))}
      </Stack>
    </>
  );
}
