import { ActionIcon, Badge, Box, Group, Paper, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import type { ArticleSummary } from './seoData';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

const dayKey = (d: Date) => `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;

/** When an article is (or was) on the calendar: its publication, else its scheduled date. */
function calendarDate(a: ArticleSummary): Date | null {
  const iso = a.status === 'PUBLISHED' ? (a.publishedAt ?? a.publishDate) : a.status === 'SCHEDULED' ? a.publishDate : null;
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** A month view of scheduled (violet) and published (green) articles. */
export function PublishingCalendar({ articles, publishSchedule }: { articles: ArticleSummary[]; publishSchedule: number }) {
  const today = new Date();
  const [month, setMonth] = useState(() => new Date(today.getFullYear(), today.getMonth(), 1));

  const byDay = new Map<string, ArticleSummary[]>();
  for (const a of articles) {
    const d = calendarDate(a);
    if (!d) continue;
    const key = dayKey(d);
    byDay.set(key, [...(byDay.get(key) ?? []), a]);
  }

  const first = new Date(month.getFullYear(), month.getMonth(), 1);
  const offset = (first.getDay() + 6) % 7; // Monday first
  const daysInMonth = new Date(month.getFullYear(), month.getMonth() + 1, 0).getDate();
  const cells: Array<Date | null> = [
    ...Array.from({ length: offset }, () => null),
    ...Array.from({ length: daysInMonth }, (_, i) => new Date(month.getFullYear(), month.getMonth(), i + 1)),
  ];
  while (cells.length % 7) cells.push(null);

  const upcoming = articles
    .filter((a) => a.status === 'SCHEDULED' && a.publishDate)
    .sort((a, b) => String(a.publishDate).localeCompare(String(b.publishDate)));
  const monthLabel = month.toLocaleDateString('en-GB', { month: 'long', year: 'numeric' });

  return (
    <Paper withBorder radius="md" p="lg" data-testid="publishing-calendar">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <div>
            <Title order={2} size="h4">
              Publishing calendar
            </Title>
            <Text size="sm" c="dimmed">
              One article every {publishSchedule} day{publishSchedule === 1 ? '' : 's'}; {upcoming.length} scheduled.
            </Text>
          </div>
          <Group gap="xs">
            <ActionIcon
              variant="default"
              aria-label="Previous month"
              onClick={() => setMonth(new Date(month.getFullYear(), month.getMonth() - 1, 1))}
            >
              <IconChevronLeft size={16} aria-hidden />
            </ActionIcon>
            <Text fw={600} w={150} ta="center" aria-live="polite">
              {monthLabel}
            </Text>
            <ActionIcon variant="default" aria-label="Next month" onClick={() => setMonth(new Date(month.getFullYear(), month.getMonth() + 1, 1))}>
              <IconChevronRight size={16} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
        <Box style={{ overflowX: 'auto' }}>
          <SimpleGrid cols={7} spacing={4} miw={560} role="grid" aria-label={`Publishing calendar, ${monthLabel}`}>
            {WEEKDAYS.map((d) => (
              <Text key={d} size="xs" c="dimmed" fw={700} ta="center" role="columnheader">
                {d}
              </Text>
            ))}
            {cells.map((date, i) => {
              // biome-ignore lint/suspicious/noArrayIndexKey: blank cells before/after the month are positional
              if (!date) return <Box key={`empty-${i}`} />;
              const items = byDay.get(dayKey(date)) ?? [];
              const isToday = dayKey(date) === dayKey(today);
              return (
                <Box
                  key={dayKey(date)}
                  role="gridcell"
                  aria-label={`${date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long' })}${items.length ? `: ${items.length} article${items.length === 1 ? '' : 's'}` : ''}`}
                  p={4}
                  mih={64}
                  style={{
                    borderRadius: 'var(--mantine-radius-sm)',
                    border: `1px solid ${isToday ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-border)'}`,
                  }}
                >
                  <Text size="xs" c={isToday ? 'brand' : 'dimmed'} fw={isToday ? 700 : 400}>
                    {date.getDate()}
                  </Text>
                  <Stack gap={2}>
                    {items.map((a) => (
                      <Tooltip key={a.id} label={`${a.status === 'PUBLISHED' ? 'Published' : 'Scheduled'}: ${a.title}`}>
                        <Badge
                          size="xs"
                          radius="sm"
                          variant="light"
                          color={a.status === 'PUBLISHED' ? 'green' : 'violet'}
                          fullWidth
                          tt="none"
                          styles={{ label: { textAlign: 'left' } }}
                        >
                          {a.title}
                        </Badge>
                      </Tooltip>
                    ))}
                  </Stack>
                </Box>
              );
            })}
          </SimpleGrid>
        </Box>
      </Stack>
    </Paper>
  );
}
