import { createFileRoute } from '@tanstack/react-router';
import { ProjectsScreen } from '../../../features/projects/ProjectsScreen';

export const Route = createFileRoute('/_main/projects/')({
  component: ProjectsScreen,
});
