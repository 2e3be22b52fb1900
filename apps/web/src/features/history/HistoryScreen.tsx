import { GENERATION_STATUSES, GENERATION_TYPES, type GenerationStatus, type GenerationType } from '@atelier/shared';
import {
  Alert,
  Box,
  Button,
  Card,
  Drawer,
  Group,
  Input,
  Pagination,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconBolt, IconFilterOff, IconHistory, IconSearch } from '@tabler/icons-react';
import { keepPreviousData } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { ButtonLink } from '../../components/ButtonLink';
import { ScreenEmptyState } from '../../components/ScreenEmptyState';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useAuth } from '../../lib/auth/useAuth';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { ShareButton } from '../share/ShareButton';
import { GenerationStatusBadge, GenerationThumb } from './GenerationMedia';
import { GenerationReceipt } from './GenerationReceipt';
import { formatCredits, formatRelative, type Generation, isRunning, STATUS_META, TYPE_META } from './generation';
import { HISTORY_PAGE, type HistorySearch } from './historySearch';

function HistoryCard({ generation, onOpen }: { generation: Generation; onOpen: () => void }) {
  const meta = TYPE_META[generation.type];
  return (
    <Box pos="relative">
      <Card
        component="button"
        type="button"
        onClick={onOpen}
        padding="xs"
        shadow="xs"
        ta="left"
        w="100%"
        style={{ cursor: 'pointer' }}
        aria-label={`${meta.label}: ${generation.prompt}. ${STATUS_META[generation.status].label}. Open receipt`}
        data-testid="history-item"
        data-generation-id={generation.id}
        data-status={generation.status}
        data-type={generation.type}
      >
        <Stack gap="xs">
          <GenerationThumb generation={generation} />
          <Stack gap={4} px={4} pb={4}>
            <Text size="sm" fw={550} lineClamp={2} lh={1.35} mih={38}>
              {generation.prompt}
            </Text>
            {/* The status beside the text, never over it (nor over the picture). */}
            <Group justify="space-between" gap={4} wrap="nowrap">
              <GenerationStatusBadge generation={generation} size="xs" />
              <Text size="xs" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {formatCredits(generation.creditsUsed - generation.creditsRefunded)}
              </Text>
            </Group>
            {/* Share (outside the card's button) sits at the end of this row. */}
            <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }} pr={generation.status === 'COMPLETED' ? 30 : 0}>
              <meta.icon size={13} color={`var(--mantine-color-${meta.color}-filled)`} aria-hidden />
              <Text size="xs" c="dimmed" truncate>
                {formatRelative(generation.createdAt)}
              </Text>
            </Group>
          </Stack>
        </Stack>
      </Card>
      {generation.status === 'COMPLETED' ? (
        <Box pos="absolute" bottom={10} right={10}>
          <ShareButton target={{ generationId: generation.id }} compact />
        </Box>
      ) : null}
    </Box>
  );
}

const TYPE_FILTERS = [{ value: 'all', label: 'All' }, ...GENERATION_TYPES.map((t) => ({ value: t, label: TYPE_META[t].label }))];
const STATUS_FILTERS = GENERATION_STATUSES.map((s) => ({ value: s, label: STATUS_META[s].label }));

/** /history — every generation, newest first: filters, search, pages and each one's receipt. */
export function HistoryScreen() {
  const search: HistorySearch = useSearch({ from: '/_main/history' });
  const navigate = useNavigate({ from: '/history' });
  const { isAuthenticated } = useAuth();
  const isMobile = useMediaQuery('(max-width: 48em)');
  const page = search.page ?? 1;

  const setSearch = (patch: Partial<HistorySearch>, replace = true) =>
    void navigate({ search: (prev: HistorySearch) => ({ ...prev, ...patch }), replace });

  // The search box updates the URL (and the query) 300 ms after the last keystroke.
  const [query, setQuery] = useState(search.q ?? '');
  const [debouncedQuery] = useDebouncedValue(query.trim(), 300);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new debounced text changes the URL
  useEffect(() => {
    if ((search.q ?? '') !== debouncedQuery) setSearch({ q: debouncedQuery || undefined, page: undefined });
  }, [debouncedQuery]);

  const input = {
    limit: HISTORY_PAGE,
    offset: (page - 1) * HISTORY_PAGE,
    ...(search.type ? { type: search.type } : {}),
    ...(search.status ? { status: search.status } : {}),
    ...(search.q ? { search: search.q } : {}),
  };
  const list = trpc.generation.history.useQuery(input, {
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    // Running items update live: while any is queued or generating, the page refreshes itself.
    refetchInterval: (q) => (q.state.data?.generations.some((g) => isRunning(g.status)) ? 2000 : false),
  });

  const generations = list.data?.generations ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / HISTORY_PAGE));
  const filtered = Boolean(search.type || search.status || search.q);
  const openRow = search.id ? generations.find((g) => g.id === search.id) : undefined;

  return (
    <Stack gap="lg">
      <ScreenHeader
        eyebrow="Library"
        title="History"
        description="Every image, clip, voice-over, track and text you have generated, newest first — each with its receipt."
        actions={
          <ButtonLink to="/quick-create" leftSection={<IconBolt size={16} aria-hidden />}>
            New generation
          </ButtonLink>
        }
      />

      {!isAuthenticated ? (
        <Alert variant="light" color="brand" title="Demo workspace">
          You are browsing the demo workspace’s generations. Log in to see and create your own.
        </Alert>
      ) : null}

      <Card padding="md">
        <Group gap="md" wrap="wrap" align="flex-end">
          <TextInput
            label="Search prompts"
            placeholder="teapot, lighthouse, tagline…"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
            style={{ flex: '1 1 240px' }}
            data-testid="history-search"
          />
          <Stack gap={4}>
            <Input.Label id="history-type-label" component="span">
              Type
            </Input.Label>
            <SegmentedControl
              aria-labelledby="history-type-label"
              value={search.type ?? 'all'}
              onChange={(v) => setSearch({ type: v === 'all' ? undefined : (v as GenerationType), page: undefined })}
              data={TYPE_FILTERS}
            />
          </Stack>
          <Select
            label="Status"
            placeholder="Any status"
            data={STATUS_FILTERS}
            value={search.status ?? null}
            onChange={(v) => setSearch({ status: (v as GenerationStatus | null) ?? undefined, page: undefined })}
            clearable
            w={170}
          />
          {filtered ? (
            <Button
              variant="subtle"
              color="gray"
              leftSection={<IconFilterOff size={16} aria-hidden />}
              onClick={() => {
                setQuery('');
                setSearch({ type: undefined, status: undefined, q: undefined, page: undefined });
              }}
            >
              Clear
            </Button>
          ) : null}
        </Group>
      </Card>

      {list.isLoading ? (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 6 }} spacing="md" data-testid="history-loading">
          {Array.from({ length: 12 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders
            <Stack key={i} gap="xs">
              <Skeleton style={{ aspectRatio: '1' }} radius="md" />
              <Skeleton h={12} />
              <Skeleton h={12} w="60%" />
            </Stack>
          ))}
        </SimpleGrid>
      ) : list.error ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Could not load your history">
          <Stack gap="xs" align="flex-start">
            {errorMessage(list.error)}
            <Button size="xs" variant="light" color="red" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : generations.length === 0 ? (
        filtered ? (
          <ScreenEmptyState
            icon={<IconSearch size={26} stroke={1.6} />}
            title="Nothing matches"
            description="No generation matches these filters. Try another word, type or status."
            actions={
              <Button
                variant="light"
                leftSection={<IconFilterOff size={16} aria-hidden />}
                onClick={() => {
                  setQuery('');
                  setSearch({ type: undefined, status: undefined, q: undefined, page: undefined });
                }}
              >
                Clear filters
              </Button>
            }
          />
        ) : (
          <ScreenEmptyState
            icon={<IconHistory size={26} stroke={1.6} />}
            title="No generations yet"
            description="When you generate something it shows up here, so you can find, reuse, re-run or download it later."
            actions={
              <ButtonLink to="/quick-create" leftSection={<IconBolt size={16} aria-hidden />}>
                Open Quick Create
              </ButtonLink>
            }
          />
        )
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed" data-testid="history-total">
            {total.toLocaleString('en-US')} {total === 1 ? 'generation' : 'generations'}
            {filtered ? ' match' : ''}
            {pages > 1 ? ` · page ${page} of ${pages}` : ''}
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 6 }} spacing="md" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
            {generations.map((g) => (
              <HistoryCard key={g.id} generation={g} onOpen={() => setSearch({ id: g.id }, false)} />
            ))}
          </SimpleGrid>
          {pages > 1 ? (
            <Group justify="center" mt="sm">
              <Pagination
                total={pages}
                value={Math.min(page, pages)}
                onChange={(p) => setSearch({ page: p > 1 ? p : undefined }, false)}
                aria-label="History pages"
              />
            </Group>
          ) : null}
        </Stack>
      )}

      <Drawer
        opened={Boolean(search.id)}
        onClose={() => setSearch({ id: undefined })}
        position="right"
        size={isMobile ? '100%' : 560}
        title={
          <Text fw={700} size="lg">
            Receipt
          </Text>
        }
        aria-label="Generation receipt"
      >
        {search.id ? (
          <GenerationReceipt
            key={search.id}
            id={search.id}
            initial={openRow ?? null}
            onOpen={(id) => setSearch({ id })}
            onDeleted={() => setSearch({ id: undefined })}
          />
        ) : null}
      </Drawer>
    </Stack>
  );
}
