import { PROJECT_TYPES, type ProjectType } from '@atelier/shared';
import { Alert, Button, Group, Modal, Radio, Stack, Text, Textarea, TextInput, ThemeIcon } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { z } from 'zod';
import { track } from '../../lib/analytics';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { PROJECT_TYPE_META, type ProjectSummary } from './projectTypes';

/** The same limits the server's create schema applies (name 1–200, description ≤ 2000). */
export const ZProjectForm = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters'),
  type: z.enum(PROJECT_TYPES, { error: 'Choose a type' }),
  description: z.string().trim().max(2000, 'Description must be at most 2000 characters'),
});
type FormValues = z.infer<typeof ZProjectForm>;

interface CreateProjectModalProps {
  opened: boolean;
  onClose: () => void;
  /** Called with the new project (the screen opens it). */
  onCreated: (project: ProjectSummary) => void;
  defaultType?: ProjectType;
}

/** "New project": name, type (VIDEO, IMAGE, TEXT) and description; fires `project_created`. */
export function CreateProjectModal({ opened, onClose, onCreated, defaultType = 'VIDEO' }: CreateProjectModalProps) {
  const utils = trpc.useUtils();
  const create = trpc.projects.create.useMutation();
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: { name: '', type: defaultType, description: '' },
    validate: schemaResolver(ZProjectForm, { sync: true }),
  });

  const close = () => {
    form.reset();
    create.reset();
    onClose();
  };

  const submit = form.onSubmit(async (values) => {
    try {
      const { project } = await create.mutateAsync({
        name: values.name.trim(),
        type: values.type,
        ...(values.description.trim() ? { description: values.description.trim() } : {}),
      });
      track('project_created', { type: project.type });
      void utils.projects.list.invalidate();
      form.reset();
      create.reset();
      onCreated(project);
    } catch {
      /* shown below from create.error */
    }
  });

  return (
    <Modal opened={opened} onClose={close} title={<Text fw={650}>New project</Text>} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Name" placeholder="Spring launch teaser" data-autofocus withAsterisk {...form.getInputProps('name')} />
          <Radio.Group label="Type" withAsterisk {...form.getInputProps('type')}>
            <Stack gap="xs" mt={6}>
              {PROJECT_TYPES.map((type) => {
                const meta = PROJECT_TYPE_META[type];
                const TypeIcon = meta.icon;
                return (
                  <Radio.Card key={type} value={type} radius="md" p="sm" aria-label={meta.label}>
                    <Group wrap="nowrap" gap="sm" align="center">
                      <Radio.Indicator />
                      <ThemeIcon variant="light" color={meta.color} size="lg" radius="md">
                        <TypeIcon size={18} aria-hidden />
                      </ThemeIcon>
                      <div>
                        <Text fw={600} size="sm">
                          {meta.label}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {meta.description}
                        </Text>
                      </div>
                    </Group>
                  </Radio.Card>
                );
              })}
            </Stack>
          </Radio.Group>
          <Textarea
            label="Description"
            placeholder="What is this project for?"
            autosize
            minRows={2}
            maxRows={5}
            {...form.getInputProps('description')}
          />
          {create.error ? (
            <Alert color="red" icon={<IconAlertCircle size={16} />} title="Could not create the project">
              {errorMessage(create.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create project
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
