import { createFileRoute } from '@tanstack/react-router';
import { AnalyticsScreen } from '../../features/analytics/AnalyticsScreen';

export const Route = createFileRoute('/_main/analytics')({
  component: AnalyticsScreen,
});
