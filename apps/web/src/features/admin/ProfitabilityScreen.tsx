import { IconChartPie } from '@tabler/icons-react';
import { StandardScreen } from '../../components/StandardScreen';
import { AdminNav } from './AdminNav';

/** /admin/profitability — revenue, provider cost and margin over time. */
export function ProfitabilityScreen() {
  return (
    <>
      <AdminNav />
      <StandardScreen
        eyebrow="Admin"
        title="Profitability"
        description="Credits sold against what the AI providers charged, by period, model and user."
        empty={{
          icon: <IconChartPie size={26} stroke={1.6} />,
          title: 'No revenue or cost data yet',
          description: 'Purchases and generation costs are summarised here as they happen, with an export of the usage.',
        }}
      />
    </>
  );
}
