import { IconUsers } from '@tabler/icons-react';
import { StandardScreen } from '../../components/StandardScreen';
import { AdminNav } from './AdminNav';

/** /admin/users — accounts, balances and roles. */
export function AdminUsersScreen() {
  return (
    <>
      <AdminNav />
      <StandardScreen
        eyebrow="Admin"
        title="Users"
        description="Everyone with an account: balance, usage, role and status."
        empty={{
          icon: <IconUsers size={26} stroke={1.6} />,
          title: 'No users to show',
          description: 'Accounts appear here as people sign up.',
        }}
      />
    </>
  );
}
