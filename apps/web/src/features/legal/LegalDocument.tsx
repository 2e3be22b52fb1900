import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

export interface LegalSection {
  heading: string;
  body: ReactNode;
}

/** A short legal page inside the auth layout's card. */
export function LegalDocument({ title, updated, intro, sections }: { title: string; updated: string; intro: string; sections: LegalSection[] }) {
  return (
    <Stack gap="lg" component="article">
      <Stack gap={4}>
        <Title order={1} fz={28}>
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          Last updated {updated}
        </Text>
      </Stack>
      <Text>{intro}</Text>
      {sections.map((section) => (
        <Stack gap={6} key={section.heading} component="section">
          <Title order={2} fz="lg">
            {section.heading}
          </Title>
          {typeof section.body === 'string' ? <Text c="dimmed">{section.body}</Text> : section.body}
        </Stack>
      ))}
      <Text size="sm" c="dimmed">
        Ready to create?{' '}
        <Anchor component={Link} to="/login" size="sm">
          Log in or create an account
        </Anchor>
        .
      </Text>
    </Stack>
  );
}

export function BulletList({ items }: { items: string[] }) {
  return (
    <List spacing={4} c="dimmed" size="sm">
      {items.map((item) => (
        <List.Item key={item}>{item}</List.Item>
      ))}
    </List>
  );
}
