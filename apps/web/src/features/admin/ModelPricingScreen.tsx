import { IconReceipt2 } from '@tabler/icons-react';
import { StandardScreen } from '../../components/StandardScreen';
import { AdminNav } from './AdminNav';

/** /admin/model-pricing — credit prices per model and tier. */
export function ModelPricingScreen() {
  return (
    <>
      <AdminNav />
      <StandardScreen
        eyebrow="Admin"
        title="Model Pricing"
        description="Set what each model costs in credits per tier; the default margin is 20% over the provider's price."
        empty={{
          icon: <IconReceipt2 size={26} stroke={1.6} />,
          title: 'No model prices yet',
          description: 'Models from the catalogue are listed here with their tiers and credit prices.',
        }}
      />
    </>
  );
}
