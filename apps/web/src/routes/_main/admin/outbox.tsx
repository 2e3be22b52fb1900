import { createFileRoute } from '@tanstack/react-router';
import { OutboxScreen } from '../../../features/admin/OutboxScreen';

export const Route = createFileRoute('/_main/admin/outbox')({
  component: OutboxScreen,
});
