import { Button, Group, ScrollArea } from '@mantine/core';
import { IconChartPie, IconCpu, IconFlask, IconLayoutDashboard, IconMail, IconReceipt2, IconUsers } from '@tabler/icons-react';
import { Link, useLocation } from '@tanstack/react-router';

const LINKS = [
  { to: '/admin', label: 'Overview', icon: IconLayoutDashboard },
  { to: '/admin/users', label: 'Users', icon: IconUsers },
  { to: '/admin/profitability', label: 'Profitability', icon: IconChartPie },
  { to: '/admin/ai-control', label: 'AI Control', icon: IconCpu },
  { to: '/admin/model-test', label: 'Model Test', icon: IconFlask },
  { to: '/admin/model-pricing', label: 'Model Pricing', icon: IconReceipt2 },
  { to: '/admin/outbox', label: 'Outbox', icon: IconMail },
] as const;

/** Links between the admin screens (one row; it scrolls sideways on narrow screens). */
export function AdminNav() {
  const pathname = useLocation({ select: (location) => location.pathname });
  return (
    <ScrollArea type="never" mb="xl" offsetScrollbars={false}>
      <Group gap={6} component="nav" aria-label="Admin sections" wrap="nowrap">
        {LINKS.map(({ to, label, icon: LinkIcon }) => {
          const active = to === '/admin' ? pathname === '/admin' || pathname === '/admin/' : pathname.startsWith(to);
          return (
            <Button
              key={to}
              component={Link}
              to={to}
              size="xs"
              radius="xl"
              variant={active ? 'light' : 'subtle'}
              color={active ? 'brand' : 'gray'}
              aria-current={active ? 'page' : undefined}
              leftSection={<LinkIcon size={14} aria-hidden />}
              style={{ flexShrink: 0 }}
            >
              {label}
            </Button>
          );
        })}
      </Group>
    </ScrollArea>
  );
}
