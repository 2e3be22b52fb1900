import '@mantine/charts/styles.css';

import { BarChart } from '@mantine/charts';
import { Accordion, Alert, Anchor, Badge, Grid, Group, Loader, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconRefresh, IconSearch, IconWorld } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { ButtonLink } from '../../components/ButtonLink';
import { ChartCard, StatCard } from '../../components/ChartCard';
import { GuardedButton } from '../../components/GuardedButton';
import { ScreenEmptyState } from '../../components/ScreenEmptyState';
import { track } from '../../lib/analytics';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { RequestArticlesPanel } from './RequestArticlesPanel';
import { SeoScaffold } from './SeoScaffold';
import { formatDate, type PageFindings, type SeoAnalysis, type SeoProject } from './seoData';

const PAGE_COLORS = ['brand.6', 'grape.6', 'orange.6', 'teal.6', 'pink.6', 'cyan.6', 'lime.6'];

function hostLabel(url: string): string {
  try {
    const u = new URL(url);
    const path = u.pathname === '/' ? '' : u.pathname;
    return `${u.host}${path}`.slice(0, 40);
  } catch {
    return url.slice(0, 40);
  }
}

/** /projects/{projectId}/seo/analysis — what competitors rank for, and the gaps to write about. */
export function CompetitorAnalysisScreen({ projectId }: { projectId: string }) {
  return (
    <SeoScaffold
      projectId={projectId}
      step="analysis"
      title="Competitor Analysis"
      description="See which pages and keywords your competitors rank for, and find the topics your site is missing."
    >
      {({ seoProject }) => <AnalysisBody projectId={projectId} seoProject={seoProject} />}
    </SeoScaffold>
  );
}

function AnalysisBody({ projectId, seoProject }: { projectId: string; seoProject: SeoProject }) {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const analyze = trpc.seo.analyze.useMutation();
  const analysis = seoProject.analysis;
  const pageCount = (seoProject.targetUrl ? 1 : 0) + seoProject.competitors.length;

  const run = async () => {
    track('seo_analysis_started', { projectId, pages: pageCount });
    try {
      const res = await analyze.mutateAsync({ id: seoProject.id });
      utils.seo.byProject.setData({ projectId }, (old) => (old ? { ...old, seoProject: res.seoProject } : old));
      const a = res.seoProject.analysis;
      const all = a ? [a.target, ...a.competitors].filter((p): p is PageFindings => Boolean(p)) : [];
      const failed = all.filter((p) => !p.ok).length;
      notifications.show({
        color: failed === all.length ? 'red' : failed ? 'yellow' : 'teal',
        title: failed === all.length ? 'No page could be read' : 'Analysis finished',
        message:
          failed === all.length
            ? 'None of the pages could be read, so nothing was concluded. The setup says why each URL will not work.'
            : failed
              ? `${failed} of ${all.length} pages could not be read; nothing was concluded from them.`
              : `${a?.suggestedTopics.length ?? 0} topic suggestions are ready.`,
      });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Analysis failed', message: errorMessage(error) });
    }
  };

  const runButton = (
    <GuardedButton
      action="generateCompetitorAnalysis"
      onAction={() => void run()}
      loading={analyze.isPending}
      disabled={pageCount === 0}
      leftSection={analysis ? <IconRefresh size={16} aria-hidden /> : <IconSearch size={16} aria-hidden />}
    >
      {analysis ? 'Run again' : 'Start analysis'}
    </GuardedButton>
  );

  if (pageCount === 0) {
    return (
      <ScreenEmptyState
        icon={<IconWorld size={26} stroke={1.6} />}
        title="No pages to analyse"
        description="Add your site’s URL or a few competitor pages in the setup first."
        actions={
          <ButtonLink to="/projects/$projectId/seo/settings" params={{ projectId }}>
            Open setup
          </ButtonLink>
        }
      />
    );
  }

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Stack gap={2}>
            <Text fw={600}>
              {pageCount} page{pageCount === 1 ? '' : 's'} to compare
            </Text>
            <Text size="sm" c="dimmed">
              {analysis ? `Last analysed ${formatDate(analysis.analyzedAt, true)}` : 'Not analysed yet'} · keywords:{' '}
              {seoProject.seoKeywords.join(', ')}
            </Text>
          </Stack>
          {runButton}
        </Group>
        {analyze.isPending ? (
          <Group gap="sm" mt="md" aria-live="polite">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              Fetching and reading {pageCount} page{pageCount === 1 ? '' : 's'}… this can take a few seconds.
            </Text>
          </Group>
        ) : null}
      </Paper>
      {analysis ? (
        <AnalysisResults analysis={analysis} keywords={seoProject.seoKeywords} />
      ) : (
        <ScreenEmptyState
          icon={<IconSearch size={26} stroke={1.6} />}
          title="No analysis yet"
          description="Run an analysis of the pages listed in the setup to see their headings, length and keyword use, and get topic suggestions."
          actions={runButton}
        />
      )}
      {analysis ? (
        <RequestArticlesPanel
          title="Write about these topics"
          seoProject={seoProject}
          suggestions={analysis.suggestedTopics}
          onRequested={() => void navigate({ to: '/projects/$projectId/seo', params: { projectId } })}
        />
      ) : null}
    </Stack>
  );
}

function AnalysisResults({ analysis, keywords }: { analysis: SeoAnalysis; keywords: string[] }) {
  const pages: Array<{ page: PageFindings; role: 'Your site' | 'Competitor' }> = [
    ...(analysis.target ? [{ page: analysis.target, role: 'Your site' as const }] : []),
    ...analysis.competitors.map((page) => ({ page, role: 'Competitor' as const })),
  ];
  const okPages = pages.filter((p) => p.page.ok);
  const competitorsOk = analysis.competitors.filter((p) => p.ok);
  // gaps compare your page with competitors' pages: both must have been read
  const gapsKnown = Boolean(analysis.target?.ok) && competitorsOk.length > 0;
  const gapsUnknownReason = !analysis.target
    ? 'Add your site’s URL in the SEO setup to compare it with your competitors.'
    : !analysis.target.ok
      ? 'Your page could not be read, so no gaps can be worked out from it.'
      : 'No competitor page could be read, so there are no gaps to report.';
  const avgCompetitorWords = competitorsOk.length ? Math.round(competitorsOk.reduce((s, p) => s + p.wordCount, 0) / competitorsOk.length) : 0;

  const wordsData = okPages.map(({ page, role }) => ({
    page: role === 'Your site' ? `You · ${hostLabel(page.url)}` : hostLabel(page.url),
    Words: page.wordCount,
  }));
  const labels = okPages.map(({ page, role }) => (role === 'Your site' ? 'Your site' : hostLabel(page.url)));
  const keywordData = keywords.map((keyword) => {
    const row: Record<string, string | number> = { keyword };
    okPages.forEach(({ page }, i) => {
      row[`p${i}`] = page.keywordFrequencies.find((k) => k.keyword.toLowerCase() === keyword.toLowerCase())?.count ?? 0;
    });
    return row;
  });

  return (
    <Stack gap="lg" data-testid="analysis-results">
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <StatCard label="Pages analysed" value={`${okPages.length}/${pages.length}`} />
        <StatCard label="Your page" value={analysis.target?.ok ? `${analysis.target.wordCount} words` : '—'} />
        <StatCard label="Competitor average" value={competitorsOk.length ? `${avgCompetitorWords} words` : '—'} />
        <StatCard label="Keyword gaps" value={gapsKnown ? String(analysis.keywordGaps.length) : '—'} />
      </SimpleGrid>

      {okPages.length === 0 && pages.length > 0 ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="No page could be read" data-testid="nothing-read">
          None of the {pages.length} pages could be read, so this analysis concludes nothing about them. Check the URLs in the SEO setup: it says why
          each one will not work.
        </Alert>
      ) : null}
      {pages.some((p) => !p.page.ok) ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={okPages.length ? 'Some pages could not be read — nothing is concluded from them' : 'Why the pages could not be read'}
        >
          <Stack gap={2}>
            {pages
              .filter((p) => !p.page.ok)
              .map(({ page }) => (
                <Text key={page.url} size="sm">
                  {page.url}: {page.error ?? `HTTP ${page.status ?? '?'}`}
                </Text>
              ))}
          </Stack>
        </Alert>
      ) : null}

      {okPages.length ? (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <ChartCard title="Length" description="Words of readable text per page">
              <BarChart
                h={Math.max(180, okPages.length * 46)}
                data={wordsData}
                dataKey="page"
                orientation="vertical"
                yAxisProps={{ width: 170 }}
                series={[{ name: 'Words', color: 'brand.6' }]}
                data-testid="chart-words"
              />
            </ChartCard>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <ChartCard title="Keyword use" description="How often each of your keywords appears on each page">
              <BarChart
                h={260}
                data={keywordData}
                dataKey="keyword"
                withLegend
                legendProps={{ verticalAlign: 'bottom' }}
                series={labels.map((label, i) => ({ name: `p${i}`, label, color: PAGE_COLORS[i % PAGE_COLORS.length] as string }))}
                data-testid="chart-keywords"
              />
            </ChartCard>
          </Grid.Col>
        </Grid>
      ) : null}

      <ChartCard title="Pages" description="Title, meta description and structure of every page">
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" highlightOnHover data-testid="pages-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Page</Table.Th>
                <Table.Th>Title and meta description</Table.Th>
                <Table.Th ta="right">Headings</Table.Th>
                <Table.Th ta="right">Words</Table.Th>
                <Table.Th>Top terms</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {pages.map(({ page, role }) => (
                <Table.Tr key={`${role}-${page.url}`}>
                  <Table.Td maw={220}>
                    <Stack gap={2}>
                      <Badge size="xs" variant="light" color={role === 'Your site' ? 'brand' : 'gray'}>
                        {role}
                      </Badge>
                      <Anchor href={page.url} target="_blank" rel="noopener noreferrer nofollow" size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {hostLabel(page.url)}
                      </Anchor>
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    {page.ok ? (
                      <Stack gap={2}>
                        <Text size="sm" fw={500}>
                          {page.title || '(no title)'}
                        </Text>
                        <Text size="xs" c="dimmed" lineClamp={2}>
                          {page.metaDescription || '(no meta description)'}
                        </Text>
                      </Stack>
                    ) : (
                      <Text size="sm" c="red">
                        {page.error ?? 'Could not be fetched'}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{page.ok ? page.headings.length : '—'}</Table.Td>
                  <Table.Td ta="right">{page.ok ? page.wordCount : '—'}</Table.Td>
                  <Table.Td maw={260}>
                    <Group gap={4}>
                      {page.topTerms.slice(0, 6).map((t) => (
                        <Badge key={t.term} size="xs" variant="outline" color="gray" tt="none">
                          {t.term} {t.count}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Accordion variant="separated" radius="md" multiple>
          {okPages.map(({ page, role }) => (
            <Accordion.Item key={`h-${role}-${page.url}`} value={`${role}-${page.url}`}>
              <Accordion.Control>
                <Text size="sm">
                  Headings of {role === 'Your site' ? 'your site' : hostLabel(page.url)} ({page.headings.length})
                </Text>
              </Accordion.Control>
              <Accordion.Panel>
                {page.headings.length ? (
                  <Stack gap={2} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                    {page.headings.map((h, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: headings may repeat; position is their identity
                      <Text key={i} component="li" size="sm" pl={(h.level - 1) * 14}>
                        <Text span c="dimmed" size="xs" ff="monospace">
                          H{h.level}
                        </Text>{' '}
                        {h.text}
                      </Text>
                    ))}
                  </Stack>
                ) : (
                  <Text size="sm" c="dimmed">
                    No headings on this page.
                  </Text>
                )}
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </ChartCard>

      <ChartCard title="Keyword gaps" description="Terms your competitors use that your page uses rarely or not at all">
        {!gapsKnown ? (
          <Text size="sm" c="dimmed" data-testid="gaps-unknown">
            {gapsUnknownReason}
          </Text>
        ) : analysis.keywordGaps.length ? (
          <Table.ScrollContainer minWidth={480}>
            <Table verticalSpacing="xs" striped data-testid="gaps-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Term</Table.Th>
                  <Table.Th ta="right">Uses by competitors</Table.Th>
                  <Table.Th ta="right">Competitors using it</Table.Th>
                  <Table.Th ta="right">Uses on your page</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {analysis.keywordGaps.map((g) => (
                  <Table.Tr key={g.term}>
                    <Table.Td fw={500}>{g.term}</Table.Td>
                    <Table.Td ta="right">{g.competitorCount}</Table.Td>
                    <Table.Td ta="right">{g.competitors}</Table.Td>
                    <Table.Td ta="right">{g.targetCount}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Text size="sm" c="dimmed">
            No gaps found: your page covers the terms your competitors use.
          </Text>
        )}
      </ChartCard>
    </Stack>
  );
}
