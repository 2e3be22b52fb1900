import { IconPencil } from '@tabler/icons-react';
import { StandardScreen } from '../../components/StandardScreen';
import { SeoFlowNav } from './SeoFlowNav';

/** /projects/{projectId}/seo/refine — review, edit and approve drafts before publishing. */
export function RefineDraftsScreen({ projectId }: { projectId: string }) {
  return (
    <>
      <SeoFlowNav projectId={projectId} current="refine" />
      <StandardScreen
        eyebrow="SEO"
        title="Refine Drafts"
        description="Read each draft, edit titles and descriptions, regenerate weak sections and approve articles for publishing."
        empty={{
          icon: <IconPencil size={26} stroke={1.6} />,
          title: 'No drafts to refine',
          description: 'Generated articles wait here for your review before they are scheduled.',
        }}
      />
    </>
  );
}
