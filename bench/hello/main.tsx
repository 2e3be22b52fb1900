// bench/hello: the floor for bench/web.mjs — React + Mantine + TanStack Router and nothing else:
// one route with a header, a title, a line of text and a button. bench/web.mjs builds it in the same run.
import '@mantine/core/styles.css';

import { Button, Container, Group, MantineProvider, Text, Title } from '@mantine/core';
import { createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

const rootRoute = createRootRoute({
  component: () => (
    <>
      <Group component="header" justify="space-between" p="md">
        <Title order={3}>Hello</Title>
        <Button variant="light">Sign in</Button>
      </Group>
      <Outlet />
    </>
  ),
});
const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: () => (
    <Container>
      <Title order={1}>Hello, world</Title>
      <Text c="dimmed">A React + Mantine + router page with nothing else on it.</Text>
    </Container>
  ),
});
const router = createRouter({ routeTree: rootRoute.addChildren([indexRoute]) });

const container = document.getElementById('root');
if (!container) throw new Error('#root element missing');
createRoot(container).render(
  <StrictMode>
    <MantineProvider defaultColorScheme="auto">
      <RouterProvider router={router} />
    </MantineProvider>
  </StrictMode>,
);
