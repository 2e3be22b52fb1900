import { createFileRoute } from '@tanstack/react-router';
import { AvatarStudioScreen } from '../../features/studios/AvatarStudioScreen';

export const Route = createFileRoute('/_main/avatar-studio')({
  component: AvatarStudioScreen,
});
