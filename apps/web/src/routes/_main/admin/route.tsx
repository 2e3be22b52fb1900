import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AdminGuard } from '../../../features/auth/AdminGuard';

/** Every /admin route sits behind the admin guard (§2, §4). */
export const Route = createFileRoute('/_main/admin')({
  component: AdminLayout,
});

function AdminLayout() {
  return (
    <AdminGuard>
      <Outlet />
    </AdminGuard>
  );
}
