import { IconSearch } from '@tabler/icons-react';
import { GuardedButton } from '../../components/GuardedButton';
import { StandardScreen } from '../../components/StandardScreen';
import { SeoFlowNav } from './SeoFlowNav';

/** /projects/{projectId}/seo/analysis — what competitors rank for, and the gaps to write about. */
export function CompetitorAnalysisScreen({ projectId }: { projectId: string }) {
  return (
    <>
      <SeoFlowNav projectId={projectId} current="analysis" />
      <StandardScreen
        eyebrow="SEO"
        title="Competitor Analysis"
        description="See which pages and keywords your competitors rank for, and find the topics your site is missing."
        empty={{
          icon: <IconSearch size={26} stroke={1.6} />,
          title: 'No analysis yet',
          description: 'Run an analysis of the competitors listed in the project setup to get topic suggestions.',
          actions: <GuardedButton action="generateCompetitorAnalysis">Start analysis</GuardedButton>,
        }}
      />
    </>
  );
}
