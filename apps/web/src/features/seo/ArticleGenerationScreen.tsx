import { DEMO } from '@atelier/shared';
import { IconArticle, IconSparkles } from '@tabler/icons-react';
import { GuardedButton } from '../../components/GuardedButton';
import { StandardScreen } from '../../components/StandardScreen';
import { SeoFlowNav } from './SeoFlowNav';

/** /projects/{projectId}/seo — generate SEO articles for the project's site. */
export function ArticleGenerationScreen({ projectId }: { projectId: string }) {
  return (
    <>
      <SeoFlowNav projectId={projectId} current="generate" />
      <StandardScreen
        eyebrow="SEO"
        title="Article Generation"
        description={`Generate search-optimised articles for your site — about ${DEMO.seo.wordsPerArticle} words each, in ${DEMO.seo.articleFormat}, on a publishing schedule you choose.`}
        empty={{
          icon: <IconArticle size={26} stroke={1.6} />,
          title: 'No articles yet',
          description: 'Articles you request appear here as drafts you can rate, regenerate, illustrate and publish.',
          actions: (
            <GuardedButton action="generateArticles" leftSection={<IconSparkles size={16} aria-hidden />}>
              Generate articles
            </GuardedButton>
          ),
        }}
      />
    </>
  );
}
