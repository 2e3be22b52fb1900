import { createFileRoute } from '@tanstack/react-router';
import { CollaborationScreen } from '../../features/collaboration/CollaborationScreen';

export const Route = createFileRoute('/_main/collaboration')({
  component: CollaborationScreen,
});
