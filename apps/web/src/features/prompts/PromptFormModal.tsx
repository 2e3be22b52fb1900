import { GENERATION_TYPES, type GenerationType } from '@atelier/shared';
import { Autocomplete, Button, Group, Modal, SegmentedControl, Stack, Switch, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { TYPE_META } from '../history/generation';
import { DEFAULT_CATEGORIES, type SavedPrompt, suggestTitle } from './prompts';

interface FormValues {
  title: string;
  text: string;
  type: GenerationType;
  category: string;
  tags: string[];
  favourite: boolean;
}

interface PromptFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** Edit this prompt; otherwise a new one prefilled from `initial`. */
  prompt?: SavedPrompt | null;
  initial?: { text?: string; type?: GenerationType };
  onSaved?: (prompt: SavedPrompt) => void;
}

/** The save / edit form of a library prompt: title, text, type, category, tags, favourite. */
export function PromptFormModal({ opened, onClose, prompt, initial, onSaved }: PromptFormModalProps) {
  const utils = trpc.useUtils();
  const categories = trpc.prompts.list.useQuery({}, { enabled: opened });
  const form = useForm<FormValues>({
    initialValues: { title: '', text: '', type: 'image', category: 'General', tags: [], favourite: false },
    validate: {
      title: (v) => (v.trim() === '' ? 'Give the prompt a title' : v.length > 120 ? 'At most 120 characters' : null),
      text: (v) => (v.trim() === '' ? 'The prompt text is required' : v.length > 4000 ? 'At most 4,000 characters' : null),
      category: (v) => (v.trim() === '' ? 'Choose or type a category' : v.length > 40 ? 'At most 40 characters' : null),
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the modal opens
  useEffect(() => {
    if (!opened) return;
    form.setValues(
      prompt
        ? { title: prompt.title, text: prompt.text, type: prompt.type, category: prompt.category, tags: prompt.tags, favourite: prompt.favourite }
        : {
            title: suggestTitle(initial?.text ?? ''),
            text: initial?.text ?? '',
            type: initial?.type ?? 'image',
            category: 'General',
            tags: [],
            favourite: false,
          },
    );
    form.resetDirty();
  }, [opened, prompt?.id]);

  const done = (saved: SavedPrompt, verb: string) => {
    void utils.prompts.list.invalidate();
    notifications.show({ color: 'teal', title: `Prompt ${verb}`, message: `“${saved.title}” is in your Prompt Library.` });
    onSaved?.(saved);
    onClose();
  };
  const onError = (e: unknown) => notifications.show({ color: 'red', title: 'Not saved', message: errorMessage(e) });
  const create = trpc.prompts.create.useMutation({ onSuccess: (r) => done(r.prompt, 'saved'), onError });
  const update = trpc.prompts.update.useMutation({ onSuccess: (r) => done(r.prompt, 'updated'), onError });
  const busy = create.isPending || update.isPending;

  const categoryOptions = [...new Set([...(categories.data?.categories.map((c) => c.name) ?? []), ...DEFAULT_CATEGORIES])];

  return (
    <Modal opened={opened} onClose={onClose} title={prompt ? 'Edit prompt' : 'Save prompt'} size="lg" centered>
      <form
        onSubmit={form.onSubmit((v) => {
          const body = { ...v, title: v.title.trim(), text: v.text.trim(), category: v.category.trim() };
          if (prompt) update.mutate({ id: prompt.id, ...body });
          else create.mutate(body);
        })}
      >
        <Stack gap="md">
          <TextInput label="Title" placeholder="e.g. Golden-hour product shot" data-autofocus {...form.getInputProps('title')} />
          <Textarea label="Prompt" autosize minRows={3} maxRows={10} {...form.getInputProps('text')} data-testid="prompt-form-text" />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="prompt-type-label">
              Type
            </Text>
            <SegmentedControl
              aria-labelledby="prompt-type-label"
              data={GENERATION_TYPES.map((t) => ({ value: t, label: TYPE_META[t].label }))}
              {...form.getInputProps('type')}
            />
          </Stack>
          <Group grow align="flex-start">
            <Autocomplete label="Category" data={categoryOptions} {...form.getInputProps('category')} />
            <TagsInput label="Tags" placeholder="Type and press Enter" maxTags={12} clearable {...form.getInputProps('tags')} />
          </Group>
          <Switch label="Favourite" {...form.getInputProps('favourite', { type: 'checkbox' })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} data-testid="prompt-form-submit">
              {prompt ? 'Save changes' : 'Save prompt'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
