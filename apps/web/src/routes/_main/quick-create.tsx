import { createFileRoute } from '@tanstack/react-router';
import { QuickCreateScreen } from '../../features/quick-create/QuickCreateScreen';
import { parseQuickCreateSearch } from '../../features/quick-create/quickCreateSearch';

export const Route = createFileRoute('/_main/quick-create')({
  validateSearch: parseQuickCreateSearch,
  component: QuickCreateScreen,
});
