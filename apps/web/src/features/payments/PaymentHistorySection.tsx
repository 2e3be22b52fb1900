import { Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { listRowStyle, PagedCard } from '../../components/PagedCard';
import { trpc } from '../../lib/trpc';
import { formatDateTime } from './ledger';
import { formatPrice } from './money';

const PAGE_SIZE = 5;

type PaymentStatus = 'pending' | 'paid' | 'expired' | 'failed';

const STATUS_BADGES: Record<PaymentStatus, { label: string; color: string }> = {
  paid: { label: 'Paid', color: 'teal' },
  pending: { label: 'Pending', color: 'yellow' },
  expired: { label: 'Expired', color: 'gray' },
  failed: { label: 'Failed', color: 'red' },
};

/** The user's card payments (payments.history) with their status. */
export function PaymentHistorySection({ ready }: { ready: boolean }) {
  const [page, setPage] = useState(1);
  const history = trpc.payments.history.useQuery(
    { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE },
    { enabled: ready, placeholderData: (prev) => prev },
  );
  const total = history.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const payments = history.data?.payments ?? [];

  const list = (
    <Stack gap={0} role="list" aria-label="Payments">
      {payments.map((payment, i) => {
        const badge = STATUS_BADGES[payment.status];
        return (
          <Stack key={payment.id} role="listitem" gap={4} px="md" py="sm" data-testid="payment-item" style={listRowStyle(i)}>
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Text size="sm" fw={600}>
                {payment.packageName} · {payment.credits.toLocaleString('en-US')} credits
              </Text>
              <Badge variant="light" color={badge.color}>
                {badge.label}
              </Badge>
            </Group>
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Text size="xs" c="dimmed">
                {formatDateTime(payment.paidAt ?? payment.createdAt)}
              </Text>
              <Text size="sm">{formatPrice(payment.amount, payment.currency)}</Text>
            </Group>
          </Stack>
        );
      })}
    </Stack>
  );

  const table = (
    <Table.ScrollContainer minWidth={620} type="native">
      <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="Payments" data-testid="payments-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Package</Table.Th>
            <Table.Th ta="right">Credits</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Date</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payments.map((payment) => {
            const badge = STATUS_BADGES[payment.status];
            return (
              <Table.Tr key={payment.id} data-testid="payment-row" data-status={payment.status}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {payment.packageName}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm" ff="monospace">
                    {payment.credits.toLocaleString('en-US')}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm">{formatPrice(payment.amount, payment.currency)}</Text>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={badge.color} data-testid="payment-status">
                    {badge.label}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(payment.paidAt ?? payment.createdAt)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );

  return (
    <Stack gap="md" component="section" aria-labelledby="payments-title">
      <div>
        <Title order={2} fz="lg" id="payments-title">
          Payments
        </Title>
        <Text size="sm" c="dimmed">
          Card payments for credit packages.
        </Text>
      </div>
      <PagedCard
        query={history}
        count={payments.length}
        page={page}
        pages={pages}
        onPageChange={setPage}
        noun="payments"
        skeletonRows={3}
        empty={{
          icon: <IconReceipt size={26} stroke={1.6} />,
          title: 'No purchases yet',
          description: 'Credit packages you buy are listed here with their date, amount and status.',
        }}
        list={list}
        table={table}
      />
    </Stack>
  );
}
