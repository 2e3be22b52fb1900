import type { GenerationType } from '@atelier/shared/constants';
import { ActionIcon, Button, type ButtonProps, Tooltip } from '@mantine/core';
import { IconBookmarkPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { PromptFormModal } from '../features/prompts/PromptFormModal';
import { useRequireLogin } from '../lib/auth/useRequireLogin';

interface SavePromptButtonProps extends Omit<ButtonProps, 'children'> {
  /** The prompt text to save (the form opens prefilled; the user can edit it). */
  prompt: string;
  type: GenerationType;
  /** Button text; default 'Save prompt'. */
  label?: string;
  /** A compact icon button (with a tooltip) instead of a labelled button. */
  iconOnly?: boolean;
}

/**
 * "Save prompt": opens the library's save form prefilled with a prompt and its type. Drop it into
 * any screen that shows a prompt (Quick Create, History…). Guests get the login popup instead.
 */
export function SavePromptButton({ prompt, type, label = 'Save prompt', iconOnly = false, ...buttonProps }: SavePromptButtonProps) {
  const [opened, setOpened] = useState(false);
  const guard = useRequireLogin();
  const open = () => guard('savePrompt', () => setOpened(true));
  const disabled = buttonProps.disabled || prompt.trim() === '';
  return (
    <>
      {iconOnly ? (
        <Tooltip label={label}>
          <ActionIcon variant="subtle" color="gray" aria-label={label} onClick={open} disabled={disabled} data-action="savePrompt">
            <IconBookmarkPlus size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ) : (
        <Button
          variant="default"
          leftSection={<IconBookmarkPlus size={16} aria-hidden />}
          {...buttonProps}
          disabled={disabled}
          onClick={open}
          data-action="savePrompt"
        >
          {label}
        </Button>
      )}
      <PromptFormModal opened={opened} onClose={() => setOpened(false)} initial={{ text: prompt, type }} />
    </>
  );
}
