import { createFileRoute } from '@tanstack/react-router';
import { AdminDashboardScreen } from '../../../features/admin/AdminDashboardScreen';

export const Route = createFileRoute('/_main/admin/')({
  component: AdminDashboardScreen,
});
