import { Button, SegmentedControl } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { StandardScreen } from '../../components/StandardScreen';

/** /analytics — generations, credit usage and popular models over a period. */
export function AnalyticsScreen() {
  const [period, setPeriod] = useState('30d');
  return (
    <StandardScreen
      eyebrow="Insights"
      title="Analytics"
      description="How much you generate, what it costs in credits, how long it takes, and which models you use most."
      headerActions={
        <SegmentedControl
          value={period}
          onChange={setPeriod}
          aria-label="Period"
          data={[
            { value: '7d', label: '7 days' },
            { value: '30d', label: '30 days' },
            { value: '90d', label: '90 days' },
          ]}
        />
      }
      empty={{
        icon: <IconChartBar size={26} stroke={1.6} />,
        title: 'No activity yet',
        description: 'Charts of generations by type, credit usage by day and your most-used models appear once you start generating.',
        actions: (
          <Button component={Link} to="/quick-create" variant="light">
            Generate something
          </Button>
        ),
      }}
    />
  );
}
