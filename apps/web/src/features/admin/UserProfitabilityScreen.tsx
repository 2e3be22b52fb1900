import { IconUser } from '@tabler/icons-react';
import { StandardScreen } from '../../components/StandardScreen';
import { AdminNav } from './AdminNav';

/** /admin/profitability/users/{userId} — one user's spend and cost. */
export function UserProfitabilityScreen({ userId }: { userId: string }) {
  return (
    <>
      <AdminNav />
      <StandardScreen
        eyebrow="Admin · Profitability"
        title="User Profitability"
        description={`What user ${userId} paid, what their generations cost, and the margin between them.`}
        empty={{
          icon: <IconUser size={26} stroke={1.6} />,
          title: 'No activity for this user',
          description: 'Purchases and generations by this user are broken down here by model and period.',
        }}
      />
    </>
  );
}
