import { createFileRoute } from '@tanstack/react-router';
import { ImageEditorScreen } from '../../../features/image-editor/ImageEditorScreen';

export const Route = createFileRoute('/_main/image-editor/new')({
  staticData: { shell: 'editor' },
  component: ImageEditorScreen,
});
