import { createFileRoute } from '@tanstack/react-router';
import { QuickCreateScreen } from '../../features/quick-create/QuickCreateScreen';

export const Route = createFileRoute('/_main/quick-create')({
  component: QuickCreateScreen,
});
