import { createFileRoute } from '@tanstack/react-router';
import { PromptsScreen } from '../../features/prompts/PromptsScreen';

export const Route = createFileRoute('/_main/prompts')({
  component: PromptsScreen,
});
