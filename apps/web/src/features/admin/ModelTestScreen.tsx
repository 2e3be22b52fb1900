import { IconFlask } from '@tabler/icons-react';
import { StandardScreen } from '../../components/StandardScreen';
import { AdminNav } from './AdminNav';

/** /admin/model-test — send one prompt to several models and compare. */
export function ModelTestScreen() {
  return (
    <>
      <AdminNav />
      <StandardScreen
        eyebrow="Admin"
        title="Model Test"
        description="Send the same prompt to several models and compare output, speed and cost before offering them."
        empty={{
          icon: <IconFlask size={26} stroke={1.6} />,
          title: 'No test runs yet',
          description: 'Results of your comparisons are kept here.',
        }}
      />
    </>
  );
}
