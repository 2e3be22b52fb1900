import { Group, Loader, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useAuth } from '../../lib/auth/useAuth';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';

type Check = { state: 'checking' } | { state: 'done'; ok: boolean; reason: string | null };

/**
 * Checks URLs as they are entered with the competitor fetcher's own rules (`seo.checkUrl`: http/https, no
 * credentials, allowed ports, a host with public addresses only) and says, per URL, whether the analysis can read
 * it or why it will not work. Signed-in users only (guests see the demo setup read-only).
 */
export function UrlChecks({ urls, label }: { urls: string[]; label: string }) {
  const { isAuthenticated } = useAuth();
  const check = trpc.seo.checkUrl.useMutation();
  const [results, setResults] = useState<Record<string, Check>>({});
  // debounce the list's text, not the array (a new array every render)
  const [debounced] = useDebouncedValue(urls.join('\n'), 400);
  const mutate = check.mutateAsync;

  useEffect(() => {
    if (!isAuthenticated) return;
    for (const url of debounced.split('\n')) {
      if (!url || results[url]) continue;
      setResults((r) => ({ ...r, [url]: { state: 'checking' } }));
      mutate({ url })
        .then((res) => setResults((r) => ({ ...r, [url]: { state: 'done', ok: res.ok, reason: res.reason } })))
        .catch((e: unknown) => setResults((r) => ({ ...r, [url]: { state: 'done', ok: false, reason: errorMessage(e) } })));
    }
  }, [debounced, isAuthenticated, mutate, results]);

  const shown = urls.filter((u) => u && results[u]);
  if (!isAuthenticated || shown.length === 0) return null;
  return (
    <Stack gap={4} aria-label={label} data-testid="url-checks">
      {shown.map((url) => {
        const r = results[url] as Check;
        return (
          <Group key={url} gap={6} wrap="nowrap" align="flex-start" data-testid="url-check" data-ok={r.state === 'done' ? String(r.ok) : undefined}>
            {r.state === 'checking' ? (
              <Loader size={14} aria-label={`Checking ${url}`} />
            ) : r.ok ? (
              <IconCircleCheck size={16} color="var(--mantine-color-teal-6)" aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            ) : (
              <IconAlertTriangle size={16} color="var(--mantine-color-red-6)" aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            )}
            <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
              <Text span fw={500} size="xs">
                {url}
              </Text>
              {r.state === 'checking'
                ? ' — checking…'
                : r.ok
                  ? ' — can be read by the analysis'
                  : ` — will not work: ${r.reason ?? 'it cannot be fetched'}`}
            </Text>
          </Group>
        );
      })}
    </Stack>
  );
}
