import { createFileRoute } from '@tanstack/react-router';
import { MainLayout } from '../components/shell/MainLayout';

/** Main layout: header navigation, banners, the screen. */
export const Route = createFileRoute('/_main')({
  component: MainLayout,
});
