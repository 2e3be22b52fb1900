import { createFileRoute } from '@tanstack/react-router';
import { AiControlScreen } from '../../../features/admin/AiControlScreen';

export const Route = createFileRoute('/_main/admin/ai-control')({
  component: AiControlScreen,
});
