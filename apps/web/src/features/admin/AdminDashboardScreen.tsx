import { IconLayoutDashboard } from '@tabler/icons-react';
import { StandardScreen } from '../../components/StandardScreen';
import { AdminNav } from './AdminNav';

/** /admin — the admin console's overview. */
export function AdminDashboardScreen() {
  return (
    <>
      <AdminNav />
      <StandardScreen
        eyebrow="Admin"
        title="Admin Console"
        description="Revenue against AI cost, users, and the models Atelier offers — in one place."
        empty={{
          icon: <IconLayoutDashboard size={26} stroke={1.6} />,
          title: 'No usage recorded yet',
          description: 'Totals for users, generations, credits sold and provider cost appear once people start using the studio.',
        }}
      />
    </>
  );
}
