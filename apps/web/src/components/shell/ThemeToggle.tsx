import type { ThemeSetting } from '@atelier/shared/constants';
import { ActionIcon, type MantineColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { LazyTooltip } from '../LazyTooltip';

/** Our settings are the spec's light, dark, system; Mantine calls "system" 'auto' (it then follows prefers-color-scheme live). */
const toMantine = (setting: ThemeSetting): MantineColorScheme => (setting === 'system' ? 'auto' : setting);
const fromMantine = (scheme: MantineColorScheme): ThemeSetting => (scheme === 'auto' ? 'system' : scheme);

const NEXT: Record<ThemeSetting, ThemeSetting> = { light: 'dark', dark: 'system', system: 'light' };
const LABEL: Record<ThemeSetting, string> = { light: 'Light', dark: 'Dark', system: 'System' };
const ICON = { light: IconSun, dark: IconMoon, system: IconDeviceDesktop } as const;

export function useThemeSetting() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const setting = fromMantine(colorScheme);
  return { setting, setSetting: (next: ThemeSetting) => setColorScheme(toMantine(next)) };
}

/** The header's theme toggle: light → dark → system → light; stored in localStorage by Mantine's manager. */
export function ThemeToggle() {
  const { setting, setSetting } = useThemeSetting();
  const next = NEXT[setting];
  const Icon = ICON[setting];
  const label = `Theme: ${LABEL[setting]}. Switch to ${LABEL[next]}`;
  return (
    <LazyTooltip label={label}>
      <ActionIcon variant="default" size="lg" radius="md" aria-label={label} data-theme-setting={setting} onClick={() => setSetting(next)}>
        <Icon size={18} stroke={1.8} aria-hidden />
      </ActionIcon>
    </LazyTooltip>
  );
}
