import { IconCpu } from '@tabler/icons-react';
import { StandardScreen } from '../../components/StandardScreen';
import { AdminNav } from './AdminNav';

/** /admin/ai-control — which providers and models are enabled. */
export function AiControlScreen() {
  return (
    <>
      <AdminNav />
      <StandardScreen
        eyebrow="Admin"
        title="AI Control"
        description="Turn providers and models on or off, and choose the defaults for each kind of output."
        empty={{
          icon: <IconCpu size={26} stroke={1.6} />,
          title: 'No providers configured',
          description: 'Providers become available here once their API keys are set in the server configuration.',
        }}
      />
    </>
  );
}
