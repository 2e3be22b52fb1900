import { displayCredits } from '@atelier/shared';
import { Anchor, Badge, Box, Group, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import {
  type Icon,
  IconAdjustmentsHorizontal,
  IconArrowBackUp,
  IconArrowRight,
  IconGift,
  IconListDetails,
  IconShoppingCart,
  IconSparkles,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { listRowStyle, PagedCard } from '../../components/PagedCard';
import { trpc } from '../../lib/trpc';
import { formatAmount, formatDateTime, generationHref, kindLabel, type LedgerKind, type LedgerRow } from './ledger';

export const LEDGER_PAGE_SIZE = 10;

const KIND_ICONS: Record<LedgerKind, { icon: Icon; color: string }> = {
  signup_bonus: { icon: IconGift, color: 'teal' },
  purchase: { icon: IconShoppingCart, color: 'brand' },
  spend: { icon: IconSparkles, color: 'grape' },
  refund: { icon: IconArrowBackUp, color: 'blue' },
  admin_adjustment: { icon: IconAdjustmentsHorizontal, color: 'gray' },
};

const amountColor = (amount: number) => (amount > 0 ? 'teal' : amount < 0 ? 'red' : 'dimmed');

function KindCell({ row }: { row: LedgerRow }) {
  const { icon: KindIcon, color } = KIND_ICONS[row.kind] ?? KIND_ICONS.admin_adjustment;
  return (
    <Group gap="sm" wrap="nowrap">
      <ThemeIcon variant="light" color={color} size="md" radius="xl">
        <KindIcon size={15} aria-hidden />
      </ThemeIcon>
      <Stack gap={0} miw={0}>
        <Text size="sm" fw={600} data-testid="ledger-kind">
          {kindLabel(row.kind, row.referenceType)}
        </Text>
        {row.note ? (
          <Text size="xs" c="dimmed" lineClamp={1} title={row.note}>
            {row.note}
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}

function ReferenceCell({ row }: { row: LedgerRow }) {
  const href = generationHref(row);
  if (href && row.referenceId) {
    return (
      <Anchor
        component={Link}
        to="/history"
        // The history screen opens the generation named by ?generation=<id>.
        search={{ generation: row.referenceId } as never}
        size="sm"
        aria-label="View the generation these credits paid for"
        data-testid="ledger-generation-link"
      >
        <Group gap={4} wrap="nowrap" component="span">
          View generation
          <IconArrowRight size={13} aria-hidden />
        </Group>
      </Anchor>
    );
  }
  if (row.referenceType === 'payment') {
    return (
      <Text size="sm" c="dimmed">
        Card payment
      </Text>
    );
  }
  return (
    <Text size="sm" c="dimmed">
      —
    </Text>
  );
}

function LedgerTable({ entries }: { entries: LedgerRow[] }) {
  return (
    <Table.ScrollContainer minWidth={720} type="native">
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label="Credit transactions" data-testid="ledger-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Transaction</Table.Th>
            <Table.Th>For</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th ta="right">Balance after</Table.Th>
            <Table.Th ta="right">Date</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((row) => (
            <Table.Tr key={row.id} data-testid="ledger-row" data-kind={row.kind}>
              <Table.Td>
                <KindCell row={row} />
              </Table.Td>
              <Table.Td>
                <ReferenceCell row={row} />
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm" fw={700} c={amountColor(row.amount)} ff="monospace" data-testid="ledger-amount">
                  {formatAmount(row.amount)}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm" ff="monospace">
                  {displayCredits(row.balanceAfter).toLocaleString('en-US')}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(row.createdAt)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

interface LedgerSectionProps {
  page: number;
  onPageChange: (page: number) => void;
  isGuest: boolean;
  /** False while the start-up session check decides whose ledger to read. */
  ready: boolean;
}

/** The transaction history from the credit ledger, newest first, one page at a time. */
export function LedgerSection({ page, onPageChange, isGuest, ready }: LedgerSectionProps) {
  const history = trpc.credits.history.useQuery(
    { limit: LEDGER_PAGE_SIZE, offset: (page - 1) * LEDGER_PAGE_SIZE },
    { enabled: ready, placeholderData: (prev) => prev },
  );
  const total = history.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / LEDGER_PAGE_SIZE));
  const entries = history.data?.entries ?? [];

  const list = (
    <Stack gap={0} aria-label="Credit transactions" role="list">
      {entries.map((row, i) => (
        <Stack key={row.id} role="listitem" gap={6} px="md" py="sm" data-testid="ledger-item" style={listRowStyle(i)}>
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
            <KindCell row={row} />
            <Text size="sm" fw={700} c={amountColor(row.amount)} ff="monospace" style={{ whiteSpace: 'nowrap' }}>
              {formatAmount(row.amount)}
            </Text>
          </Group>
          <Group justify="space-between" wrap="nowrap" gap="sm" pl={40}>
            <Text size="xs" c="dimmed">
              {formatDateTime(row.createdAt)}
            </Text>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              Balance {displayCredits(row.balanceAfter).toLocaleString('en-US')}
            </Text>
          </Group>
          {generationHref(row) ? (
            <Box pl={40}>
              <ReferenceCell row={row} />
            </Box>
          ) : null}
        </Stack>
      ))}
    </Stack>
  );

  return (
    <Stack gap="md" component="section" aria-labelledby="ledger-title">
      <Group justify="space-between" align="flex-end" gap="xs">
        <div>
          <Group gap="xs">
            <Title order={2} fz="lg" id="ledger-title">
              Transactions
            </Title>
            {isGuest ? (
              <Badge variant="light" color="gray">
                Demo workspace · read-only
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed">
            Every change to the balance, newest first.
          </Text>
        </div>
        {total > 0 ? (
          <Text size="sm" c="dimmed">
            {total.toLocaleString('en-US')} {total === 1 ? 'transaction' : 'transactions'}
          </Text>
        ) : null}
      </Group>
      <PagedCard
        query={history}
        count={entries.length}
        page={page}
        pages={pages}
        onPageChange={onPageChange}
        noun="transactions"
        empty={{
          icon: <IconListDetails size={26} stroke={1.6} />,
          title: 'No transactions yet',
          description: 'Every credit change — bonuses, purchases, generations and refunds — is listed here with the balance after it.',
        }}
        list={list}
        table={<LedgerTable entries={entries} />}
      />
    </Stack>
  );
}
