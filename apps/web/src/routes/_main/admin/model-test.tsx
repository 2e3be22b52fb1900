import { createFileRoute } from '@tanstack/react-router';
import { ModelTestScreen } from '../../../features/admin/ModelTestScreen';

export const Route = createFileRoute('/_main/admin/model-test')({
  component: ModelTestScreen,
});
