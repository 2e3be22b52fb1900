import { DEMO } from '@atelier/shared';
import { IconAdjustments } from '@tabler/icons-react';
import { GuardedButton } from '../../components/GuardedButton';
import { StandardScreen } from '../../components/StandardScreen';
import { SeoFlowNav } from './SeoFlowNav';

/** /projects/{projectId}/seo/settings — business, site, keywords, competitors and schedule. */
export function SeoSettingsScreen({ projectId }: { projectId: string }) {
  return (
    <>
      <SeoFlowNav projectId={projectId} current="settings" />
      <StandardScreen
        eyebrow="SEO"
        title="SEO Project Setup"
        description={`Describe the business and its site, the keywords to target and the competitors to watch; articles default to ${DEMO.seo.wordsPerArticle} words, one every ${DEMO.seo.publishSchedule} days.`}
        empty={{
          icon: <IconAdjustments size={26} stroke={1.6} />,
          title: 'This project has no SEO setup yet',
          description: 'Set up the business name, target URL, keywords and competitors to start generating articles.',
          actions: <GuardedButton action="createSeoProject">Set up SEO</GuardedButton>,
        }}
      />
    </>
  );
}
