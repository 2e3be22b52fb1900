import { createFileRoute } from '@tanstack/react-router';
import { QueueDashboardScreen } from '../../../features/admin/QueueDashboardScreen';

/** The queue dashboard's address when the server hands the navigation to the web app (see plugins/bull-board.ts). */
export const Route = createFileRoute('/_main/admin/queues')({
  component: QueueDashboardScreen,
});
