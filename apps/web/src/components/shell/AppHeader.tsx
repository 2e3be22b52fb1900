import { Box, Burger, Button, Group, UnstyledButton } from '@mantine/core';
import { Link, useLocation } from '@tanstack/react-router';
import { Logo } from './Logo';
import { isNavItemActive, MAIN_LINKS } from './navigation';
import { ThemeToggle } from './ThemeToggle';
import { UserArea } from './UserArea';

interface AppHeaderProps {
  menuOpened: boolean;
  onToggleMenu: () => void;
}

/** The main layout's header: logo, the five main links (desktop), user area and theme toggle; a burger on mobile. */
export function AppHeader({ menuOpened, onToggleMenu }: AppHeaderProps) {
  const pathname = useLocation({ select: (location) => location.pathname });
  return (
    <Group h="100%" px={{ base: 'md', md: 'lg' }} justify="space-between" wrap="nowrap" gap="md">
      <Group gap="xs" wrap="nowrap">
        <Burger
          opened={menuOpened}
          onClick={onToggleMenu}
          hiddenFrom="md"
          size="sm"
          aria-label={menuOpened ? 'Close navigation' : 'Open navigation'}
        />
        <UnstyledButton component={Link} to="/" aria-label="Atelier home">
          <Logo />
        </UnstyledButton>
      </Group>

      <Box component="nav" aria-label="Main navigation" visibleFrom="md" data-testid="desktop-nav">
        <Group gap={4} wrap="nowrap">
          {MAIN_LINKS.map((item) => {
            const active = isNavItemActive(item.to, pathname);
            const Icon = item.icon;
            return (
              <Button
                key={item.to}
                component={Link}
                to={item.to}
                size="sm"
                radius="xl"
                variant={active ? 'light' : 'subtle'}
                color={active ? 'brand' : 'gray'}
                leftSection={<Icon size={16} stroke={1.8} aria-hidden />}
                aria-current={active ? 'page' : undefined}
                fw={active ? 600 : 500}
              >
                {item.label}
              </Button>
            );
          })}
        </Group>
      </Box>

      <Group gap="sm" wrap="nowrap">
        <UserArea />
        <ThemeToggle />
      </Group>
    </Group>
  );
}
