import { GENERATION_TYPES, type GenerationType } from '@atelier/shared';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Chip,
  CopyButton,
  Group,
  Menu,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconBookmark,
  IconCheck,
  IconCopy,
  IconDots,
  IconFilterOff,
  IconPencil,
  IconPlus,
  IconSearch,
  IconSparkles,
  IconStar,
  IconStarFilled,
  IconTrash,
} from '@tabler/icons-react';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { ButtonLink } from '../../components/ButtonLink';
import { GuardedButton } from '../../components/GuardedButton';
import { ScreenEmptyState } from '../../components/ScreenEmptyState';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useAuth } from '../../lib/auth/useAuth';
import { useRequireLogin } from '../../lib/auth/useRequireLogin';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { formatRelative, TYPE_META } from '../history/generation';
import { PromptFormModal } from './PromptFormModal';
import { quickCreateSearch, type SavedPrompt } from './prompts';

function PromptCard({ prompt, onEdit, onDelete }: { prompt: SavedPrompt; onEdit: () => void; onDelete: () => void }) {
  const meta = TYPE_META[prompt.type];
  const utils = trpc.useUtils();
  const guard = useRequireLogin();
  const favourite = trpc.prompts.update.useMutation({
    onSuccess: () => void utils.prompts.list.invalidate(),
    onError: (e) => notifications.show({ color: 'red', title: 'Not saved', message: errorMessage(e) }),
  });
  const isFav = favourite.isPending ? !prompt.favourite : prompt.favourite;
  return (
    <Card withBorder padding="md" radius="lg" data-testid="prompt-card" data-prompt-id={prompt.id}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Text fw={650} lineClamp={1} title={prompt.title}>
              {prompt.title}
            </Text>
            <Group gap={6}>
              <Badge variant="light" color={meta.color} leftSection={<meta.icon size={12} aria-hidden />} size="sm">
                {meta.label}
              </Badge>
              <Badge variant="outline" color="gray" size="sm">
                {prompt.category}
              </Badge>
            </Group>
          </Stack>
          <Group gap={2} wrap="nowrap">
            <Tooltip label={isFav ? 'Remove from favourites' : 'Add to favourites'}>
              <ActionIcon
                variant="subtle"
                color={isFav ? 'yellow' : 'gray'}
                aria-label={isFav ? `Remove “${prompt.title}” from favourites` : `Add “${prompt.title}” to favourites`}
                aria-pressed={isFav}
                onClick={() => guard('editPrompt', () => favourite.mutate({ id: prompt.id, favourite: !prompt.favourite }))}
              >
                {isFav ? <IconStarFilled size={18} aria-hidden /> : <IconStar size={18} aria-hidden />}
              </ActionIcon>
            </Tooltip>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" aria-label={`More actions for “${prompt.title}”`}>
                  <IconDots size={18} aria-hidden />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconPencil size={15} aria-hidden />} onClick={() => guard('editPrompt', onEdit)}>
                  Edit
                </Menu.Item>
                <Menu.Item color="red" leftSection={<IconTrash size={15} aria-hidden />} onClick={() => guard('deletePrompt', onDelete)}>
                  Delete
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
        <Text size="sm" c="dimmed" lineClamp={4} style={{ flex: 1, whiteSpace: 'pre-wrap' }} data-testid="prompt-card-text">
          {prompt.text}
        </Text>
        {prompt.tags.length ? (
          <Group gap={4}>
            {prompt.tags.map((tag) => (
              <Badge key={tag} variant="default" size="xs" tt="none" fw={500}>
                #{tag}
              </Badge>
            ))}
          </Group>
        ) : null}
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="xs" c="dimmed">
            {formatRelative(prompt.updatedAt)}
          </Text>
          <Group gap="xs" wrap="nowrap">
            <CopyButton value={prompt.text} timeout={1500}>
              {({ copied, copy }) => (
                <Button
                  size="xs"
                  variant="default"
                  leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
                  onClick={copy}
                  aria-label={`Copy “${prompt.title}”`}
                >
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
            <ButtonLink
              size="xs"
              to="/quick-create"
              search={quickCreateSearch(prompt)}
              leftSection={<IconSparkles size={14} aria-hidden />}
              aria-label={`Use “${prompt.title}” in Quick Create`}
              data-testid="prompt-use"
            >
              Use
            </ButtonLink>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}

const TYPE_FILTERS = [{ value: 'all', label: 'All' }, ...GENERATION_TYPES.map((t) => ({ value: t, label: TYPE_META[t].label }))];

/** /prompts — the saved-prompt library: category filter, search, copy, favourite and "use" in Quick Create. */
export function PromptsScreen() {
  const { isAuthenticated } = useAuth();
  const utils = trpc.useUtils();
  const [category, setCategory] = useState<string | null>(null);
  const [type, setType] = useState<'all' | GenerationType>('all');
  const [favouritesOnly, setFavouritesOnly] = useState(false);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [editing, setEditing] = useState<SavedPrompt | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<SavedPrompt | null>(null);

  const input = {
    ...(category ? { category } : {}),
    ...(type !== 'all' ? { type } : {}),
    ...(favouritesOnly ? { favourite: true } : {}),
    ...(debounced ? { search: debounced } : {}),
  };
  const list = trpc.prompts.list.useQuery(input, { placeholderData: keepPreviousData });
  // The unfiltered list tells "no prompts at all" from "nothing matches", and gives the category counts.
  const all = trpc.prompts.list.useQuery({});
  const remove = trpc.prompts.delete.useMutation({
    onSuccess: () => {
      void utils.prompts.list.invalidate();
      notifications.show({ color: 'teal', title: 'Prompt deleted', message: `“${deleting?.title}” was removed from your library.` });
      setDeleting(null);
    },
    onError: (e) => notifications.show({ color: 'red', title: 'Not deleted', message: errorMessage(e) }),
  });

  const filtered = Boolean(category || type !== 'all' || favouritesOnly || debounced);
  const clearFilters = () => {
    setCategory(null);
    setType('all');
    setFavouritesOnly(false);
    setSearch('');
  };
  const libraryEmpty = all.data?.total === 0;

  return (
    <Stack gap="lg">
      <ScreenHeader
        eyebrow="Library"
        title="Prompt Library"
        description="Prompts worth keeping, sorted by category, ready to reuse in Quick Create."
        actions={
          <GuardedButton action="savePrompt" onAction={() => setCreating(true)} leftSection={<IconPlus size={16} aria-hidden />}>
            New prompt
          </GuardedButton>
        }
      />

      {!libraryEmpty ? (
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            aria-label="Search prompts"
            placeholder="Search titles, text and tags"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            w={{ base: '100%', sm: 280 }}
          />
          <Select
            aria-label="Category"
            placeholder="All categories"
            clearable
            value={category}
            onChange={setCategory}
            data={(all.data?.categories ?? []).map((c) => ({ value: c.name, label: `${c.name} (${c.count})` }))}
            w={{ base: '100%', sm: 220 }}
            data-testid="prompt-category-filter"
          />
          <SegmentedControl aria-label="Type" value={type} onChange={(v) => setType(v as typeof type)} data={TYPE_FILTERS} />
          <Chip checked={favouritesOnly} onChange={setFavouritesOnly} icon={<IconStarFilled size={12} />} color="yellow" variant="light">
            Favourites
          </Chip>
        </Group>
      ) : null}

      {list.isError ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title="Your prompts could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(list.error)}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : list.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true" aria-label="Loading prompts">
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <Skeleton key={i} h={210} radius="lg" />
          ))}
        </SimpleGrid>
      ) : list.data.prompts.length === 0 ? (
        filtered && !libraryEmpty ? (
          <ScreenEmptyState
            icon={<IconFilterOff size={26} stroke={1.6} />}
            title="No prompts match"
            description="Try another category or search, or clear the filters."
            actions={
              <Button variant="light" onClick={clearFilters}>
                Clear filters
              </Button>
            }
          />
        ) : (
          <ScreenEmptyState
            icon={<IconBookmark size={26} stroke={1.6} />}
            title="No saved prompts yet"
            description={
              isAuthenticated
                ? 'Save a prompt that worked well — here or from Quick Create — and reuse it with one click.'
                : 'Log in to save prompts that worked well and reuse them with one click.'
            }
            actions={
              <GuardedButton action="savePrompt" onAction={() => setCreating(true)} leftSection={<IconPlus size={16} aria-hidden />}>
                Save a prompt
              </GuardedButton>
            }
          />
        )
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          {list.data.prompts.map((p) => (
            <PromptCard key={p.id} prompt={p} onEdit={() => setEditing(p)} onDelete={() => setDeleting(p)} />
          ))}
        </SimpleGrid>
      )}

      <PromptFormModal
        opened={creating || editing !== null}
        prompt={editing}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
      />
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete this prompt?" centered>
        <Stack>
          <Text size="sm">“{deleting?.title}” will be removed from your library. This cannot be undone.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => deleting && remove.mutate({ id: deleting.id })}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
