import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  type Icon,
  IconBolt,
  IconFolderPlus,
  IconFolders,
  IconMessageChatbot,
  IconMicrophone2,
  IconMusic,
  IconPalette,
  IconPhotoEdit,
  IconUserSquareRounded,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { GuardedButton } from '../../components/GuardedButton';
import { ScreenEmptyState } from '../../components/ScreenEmptyState';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useAuth } from '../../lib/auth/useAuth';

interface Tool {
  to: '/quick-create' | '/chat' | '/image-editor/new' | '/projects' | '/voice-studio' | '/music-studio' | '/avatar-studio' | '/style-transfer';
  title: string;
  description: string;
  icon: Icon;
  gradient: { from: string; to: string };
}

const TOOLS: Tool[] = [
  {
    to: '/quick-create',
    title: 'Quick Create',
    description: 'One prompt to an image, clip, voice-over or text.',
    icon: IconBolt,
    gradient: { from: 'brand.5', to: 'pink.5' },
  },
  {
    to: '/chat',
    title: 'AI Chat',
    description: 'Talk to several models side by side.',
    icon: IconMessageChatbot,
    gradient: { from: 'indigo.5', to: 'cyan.5' },
  },
  {
    to: '/image-editor/new',
    title: 'Image Editor',
    description: 'Layers, generation and edits on one canvas.',
    icon: IconPhotoEdit,
    gradient: { from: 'grape.5', to: 'brand.5' },
  },
  {
    to: '/projects',
    title: 'Projects',
    description: 'Video, image and writing projects.',
    icon: IconFolders,
    gradient: { from: 'teal.5', to: 'lime.5' },
  },
  {
    to: '/voice-studio',
    title: 'Voice Studio',
    description: 'Clone a voice, then speak any text with it.',
    icon: IconMicrophone2,
    gradient: { from: 'orange.5', to: 'red.5' },
  },
  {
    to: '/music-studio',
    title: 'Music Studio',
    description: 'Tracks from a prompt, genre and mood.',
    icon: IconMusic,
    gradient: { from: 'pink.5', to: 'orange.5' },
  },
  {
    to: '/avatar-studio',
    title: 'Avatar Studio',
    description: 'Create avatars and make them talk.',
    icon: IconUserSquareRounded,
    gradient: { from: 'cyan.5', to: 'blue.5' },
  },
  {
    to: '/style-transfer',
    title: 'Style Transfer',
    description: 'Restyle an image in another look.',
    icon: IconPalette,
    gradient: { from: 'yellow.5', to: 'orange.5' },
  },
];

/** / — the studio's home: every tool one click away, and recent work. */
export function DashboardScreen() {
  const { user } = useAuth();
  const greeting = user ? `Welcome back, ${user.email.split('@')[0] ?? ''}` : 'Welcome to Atelier';
  return (
    <Stack gap={40}>
      <ScreenHeader eyebrow="Dashboard" title={greeting} description="Pick a tool to start something new, or carry on with a recent project." />

      <Stack gap="md" component="section" aria-labelledby="dashboard-tools">
        <Title order={2} id="dashboard-tools" fz="lg">
          Start something new
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          {TOOLS.map((tool) => {
            const ToolIcon = tool.icon;
            return (
              <Card key={tool.to} component={Link} to={tool.to} padding="lg" shadow="xs" data-testid="tool-card">
                <Stack gap="sm">
                  <ThemeIcon size={44} radius="md" variant="gradient" gradient={{ ...tool.gradient, deg: 135 }}>
                    <ToolIcon size={22} stroke={1.8} aria-hidden />
                  </ThemeIcon>
                  <div>
                    <Text fw={650}>{tool.title}</Text>
                    <Text size="sm" c="dimmed" lh={1.4}>
                      {tool.description}
                    </Text>
                  </div>
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>
      </Stack>

      <Stack gap="md" component="section" aria-labelledby="dashboard-recent">
        <Group justify="space-between">
          <Title order={2} id="dashboard-recent" fz="lg">
            Recent projects
          </Title>
        </Group>
        <ScreenEmptyState
          icon={<IconFolders size={26} stroke={1.6} />}
          title="No projects yet"
          description="Projects you create or open appear here, newest first."
          actions={
            <GuardedButton action="createProject" leftSection={<IconFolderPlus size={16} aria-hidden />}>
              Create project
            </GuardedButton>
          }
        />
      </Stack>
    </Stack>
  );
}
