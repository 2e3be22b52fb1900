import { createFileRoute } from '@tanstack/react-router';
import { HistoryScreen } from '../../features/history/HistoryScreen';

export const Route = createFileRoute('/_main/history')({
  component: HistoryScreen,
});
