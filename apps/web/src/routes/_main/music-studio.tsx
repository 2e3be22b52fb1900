import { createFileRoute } from '@tanstack/react-router';
import { MusicStudioScreen } from '../../features/studios/MusicStudioScreen';

export const Route = createFileRoute('/_main/music-studio')({
  component: MusicStudioScreen,
});
