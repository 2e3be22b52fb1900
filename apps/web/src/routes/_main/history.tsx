import { createFileRoute } from '@tanstack/react-router';
import { HistoryScreen } from '../../features/history/HistoryScreen';
import { parseHistorySearch } from '../../features/history/historySearch';

export const Route = createFileRoute('/_main/history')({
  validateSearch: parseHistorySearch,
  component: HistoryScreen,
});
