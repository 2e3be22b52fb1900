import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { type ProjectSummary, plural } from './projectTypes';

interface DialogProps {
  project: ProjectSummary | null;
  onClose: () => void;
}

/** Rename a project (PUT /projects/{id} with the new name). */
export function RenameProjectModal({ project, onClose }: DialogProps) {
  const utils = trpc.useUtils();
  const update = trpc.projects.update.useMutation();
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: '' },
    validate: {
      name: (value) => (value.trim() === '' ? 'Name is required' : value.trim().length > 200 ? 'Name must be at most 200 characters' : null),
    },
  });
  const { setValues, resetDirty } = form;
  useEffect(() => {
    if (project) {
      setValues({ name: project.name });
      resetDirty({ name: project.name });
    }
  }, [project, setValues, resetDirty]);

  const close = () => {
    update.reset();
    onClose();
  };

  const submit = form.onSubmit(async ({ name }) => {
    if (!project) return;
    try {
      await update.mutateAsync({ id: project.id, name: name.trim() });
      await utils.projects.invalidate();
      notifications.show({ color: 'teal', message: `Renamed to “${name.trim()}”` });
      close();
    } catch {
      /* shown below */
    }
  });

  return (
    <Modal opened={project !== null} onClose={close} title={<Text fw={650}>Rename project</Text>}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Name" data-autofocus withAsterisk {...form.getInputProps('name')} />
          {update.error ? (
            <Alert color="red" icon={<IconAlertCircle size={16} />}>
              {errorMessage(update.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Rename
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Delete a project with its clips, segments and exports, after confirmation. */
export function DeleteProjectModal({ project, onClose }: DialogProps) {
  const utils = trpc.useUtils();
  const remove = trpc.projects.delete.useMutation();

  const close = () => {
    remove.reset();
    onClose();
  };

  const confirm = async () => {
    if (!project) return;
    try {
      await remove.mutateAsync({ id: project.id });
      await utils.projects.invalidate();
      notifications.show({ color: 'teal', message: `Deleted “${project.name}”` });
      close();
    } catch {
      /* shown below */
    }
  };

  const parts = project
    ? [
        project.type === 'VIDEO' ? plural(project.counts.videoClips, 'clip') : plural(project.counts.segments, 'segment'),
        plural(project.counts.exports, 'export'),
      ].join(' and ')
    : '';

  return (
    <Modal opened={project !== null} onClose={close} title={<Text fw={650}>Delete project?</Text>}>
      <Stack gap="md">
        <Text size="sm">
          <Text span fw={600}>
            {project?.name}
          </Text>{' '}
          and its {parts} will be deleted. Generations stay in your history. This cannot be undone.
        </Text>
        {remove.error ? (
          <Alert color="red" icon={<IconAlertCircle size={16} />}>
            {errorMessage(remove.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={remove.isPending}>
            Delete project
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
