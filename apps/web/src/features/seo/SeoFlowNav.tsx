import { Box, Group } from '@mantine/core';
import { type Icon, IconAdjustments, IconArticle, IconPencil, IconSearch } from '@tabler/icons-react';
import { useEffect } from 'react';
import { ButtonLink } from '../../components/ButtonLink';
import { track } from '../../lib/analytics';
import { ProjectEditorsMenu } from '../projects/ProjectEditorsMenu';

export type SeoStep = 'generate' | 'analysis' | 'refine' | 'settings';

function stepProps(step: SeoStep, current: SeoStep, StepIcon: Icon) {
  const active = step === current;
  return {
    size: 'xs',
    radius: 'xl',
    variant: active ? 'light' : 'subtle',
    color: active ? 'brand' : 'gray',
    'aria-current': active ? ('step' as const) : undefined,
    leftSection: <StepIcon size={14} aria-hidden />,
  } as const;
}

/** The SEO flow's steps, as links between its four screens. Entering a step is reported as `seo_flow_step`. */
export function SeoFlowNav({ projectId, current }: { projectId: string; current: SeoStep }) {
  useEffect(() => {
    track('seo_flow_step', { step: current, projectId });
  }, [current, projectId]);
  return (
    <Group gap={6} component="nav" aria-label="SEO steps" mb="lg">
      <ButtonLink to="/projects/$projectId/seo/settings" params={{ projectId }} {...stepProps('settings', current, IconAdjustments)}>
        Setup
      </ButtonLink>
      <ButtonLink to="/projects/$projectId/seo/analysis" params={{ projectId }} {...stepProps('analysis', current, IconSearch)}>
        Competitor analysis
      </ButtonLink>
      <ButtonLink to="/projects/$projectId/seo" params={{ projectId }} {...stepProps('generate', current, IconArticle)}>
        Articles
      </ButtonLink>
      <ButtonLink to="/projects/$projectId/seo/refine" params={{ projectId }} {...stepProps('refine', current, IconPencil)}>
        Refine drafts
      </ButtonLink>
      <Box ml="auto">
        <ProjectEditorsMenu projectId={projectId} current="seo" type="TEXT" />
      </Box>
    </Group>
  );
}
