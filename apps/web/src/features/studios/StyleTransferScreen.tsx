import type { AppRouter } from '@atelier/api/router';
import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  FileButton,
  Grid,
  Group,
  Image,
  Loader,
  Paper,
  ScrollArea,
  SegmentedControl,
  Select,
  SimpleGrid,
  Slider,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconDownload, IconPalette, IconPhoto, IconSparkles, IconUpload } from '@tabler/icons-react';
import type { inferRouterOutputs } from '@trpc/server';
import { useEffect, useState } from 'react';
import { ButtonLink } from '../../components/ButtonLink';
import { GuardedButton } from '../../components/GuardedButton';
import { ScreenEmptyState } from '../../components/ScreenEmptyState';
import { ScreenHeader } from '../../components/ScreenHeader';
import { track } from '../../lib/analytics';
import { useAuth } from '../../lib/auth/useAuth';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { useLiveGeneration } from '../history/useLiveGeneration';
import { BeforeAfter } from './BeforeAfter';
import { TakeProgress, useModelPrice } from './StudioTakes';
import { readAsDataUrl } from './studioUtils';

type StyleResult = inferRouterOutputs<AppRouter>['styleTransfer']['results']['results'][number];

const MODEL = 'local/style-transfer';
const MAX_IMAGE_MB = 8;

const selectedStyle = (id: string, selected: string) => ({
  borderRadius: 'var(--mantine-radius-md)',
  border: `${id === selected ? 2 : 1}px solid ${id === selected ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-border)'}`,
  background: id === selected ? 'var(--mantine-primary-color-light)' : undefined,
});

/** /style-transfer — repaint an image as a sketch, watercolour, pop art, duotone, vintage photo or pixel art. */
export function StyleTransferScreen() {
  const { isAuthenticated } = useAuth();
  const price = useModelPrice(MODEL);
  const utils = trpc.useUtils();
  const styles = trpc.styleTransfer.styles.useQuery(undefined, { staleTime: 300_000 });
  const results = trpc.styleTransfer.results.useQuery({ limit: 30 }, { staleTime: 5_000 });
  const run = trpc.styleTransfer.run.useMutation();

  const [source, setSource] = useState<'upload' | 'mine'>('upload');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [picked, setPicked] = useState<{ url: string; thumb: string; prompt: string } | null>(null);
  const [style, setStyle] = useState('watercolour');
  const [strength, setStrength] = useState(80);
  const [modelId, setModelId] = useState<string | null>(MODEL);
  const [current, setCurrent] = useState<StyleResult | null>(null);

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const { generation } = useLiveGeneration(current && current.status !== 'COMPLETED' ? current.id : null, current);
  const shown = current ? { ...current, ...(generation ?? {}) } : (results.data?.results[0] ?? null);
  const liveStatus = generation?.status;
  useEffect(() => {
    if (liveStatus && liveStatus !== 'PENDING' && liveStatus !== 'PROCESSING') void utils.styleTransfer.results.invalidate();
  }, [liveStatus, utils]);
  const fileError = file && file.size > MAX_IMAGE_MB * 1024 * 1024 ? `The image must be at most ${MAX_IMAGE_MB} MB` : null;
  const chosenImage = source === 'upload' ? preview : (picked?.thumb ?? null);

  const startBlocked =
    source === 'upload' ? (file ? fileError : 'Choose an image to restyle first.') : picked ? null : 'Pick one of your images first.';

  const start = async () => {
    let image: string;
    if (source === 'upload') {
      if (!file) return;
      image = await readAsDataUrl(file);
    } else {
      if (!picked) return;
      image = picked.url;
    }
    try {
      const model = modelId ?? MODEL;
      const res = await run.mutateAsync({ image, style, strength, ...(model !== MODEL ? { model } : {}) });
      track('generation_triggered', { type: 'image', model, style, strength });
      setCurrent(res.generation);
      void utils.styleTransfer.results.invalidate();
    } catch (e) {
      notifications.show({ color: 'red', title: 'Style transfer not started', message: errorMessage(e) });
    }
  };

  const styleList = styles.data?.styles ?? [];
  const models = styles.data?.models ?? [];
  const chosenModel = models.find((m) => m.id === modelId);
  const shownPrice = chosenModel ? chosenModel.credits : price;
  const pastResults = results.data?.results ?? [];

  return (
    <Stack gap="xl" pb="xl">
      <ScreenHeader
        eyebrow="Studio"
        title="Style Transfer"
        description="Repaint an image as a pencil sketch, watercolour, pop art, duotone, vintage photo or pixel art — rendered on this server."
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder radius="md" p="lg">
            <Stack gap="md">
              <Title order={2} size="h4">
                1. Image
              </Title>
              <SegmentedControl
                value={source}
                onChange={(v) => setSource(v as 'upload' | 'mine')}
                data={[
                  { value: 'upload', label: 'Upload' },
                  { value: 'mine', label: 'My images' },
                ]}
                aria-label="Image source"
              />
              {source === 'upload' ? (
                <Group gap="sm">
                  <FileButton onChange={setFile} accept="image/png,image/jpeg,image/webp">
                    {(props) => (
                      <Button {...props} variant="default" leftSection={<IconUpload size={16} aria-hidden />}>
                        {file ? 'Change image' : 'Choose image'}
                      </Button>
                    )}
                  </FileButton>
                  <Text size="xs" c={fileError ? 'red' : 'dimmed'} lineClamp={2}>
                    {fileError ?? (file ? file.name : `PNG, JPEG or WebP, up to ${MAX_IMAGE_MB} MB`)}
                  </Text>
                </Group>
              ) : (
                <MyImages selectedUrl={picked?.url ?? null} onPick={setPicked} />
              )}
              {chosenImage ? <Image src={chosenImage} alt="The image to restyle" radius="md" mah={220} fit="contain" /> : null}

              <Title order={2} size="h4">
                2. Style
              </Title>
              {styles.isLoading ? (
                <Center py="sm">
                  <Loader size="sm" aria-label="Loading styles" />
                </Center>
              ) : styles.error ? (
                <Alert color="red" variant="light" title="Could not load the styles">
                  {errorMessage(styles.error)}
                </Alert>
              ) : (
                <SimpleGrid cols={2} spacing="xs" role="radiogroup" aria-label="Style">
                  {styleList.map((s) => (
                    <UnstyledButton
                      key={s.id}
                      role="radio"
                      aria-checked={s.id === style}
                      onClick={() => setStyle(s.id)}
                      p="xs"
                      style={selectedStyle(s.id, style)}
                    >
                      <Text size="sm" fw={600}>
                        {s.name}
                      </Text>
                      <Text size="xs" c="dimmed" lineClamp={2}>
                        {s.description}
                      </Text>
                    </UnstyledButton>
                  ))}
                </SimpleGrid>
              )}

              {models.length > 1 ? (
                <Select
                  label="Engine"
                  description={
                    chosenModel && !chosenModel.isLocal
                      ? `${chosenModel.name} repaints the image from a description of the style (hosted, ${chosenModel.provider}).`
                      : 'Local styles are rendered on this server; hosted models can be chosen when their provider is configured.'
                  }
                  data={models.map((m) => ({
                    value: m.id,
                    label: `${m.name}${m.available ? '' : ` — ${m.unavailableReason ?? 'unavailable'}`}`,
                    disabled: !m.available,
                  }))}
                  value={modelId}
                  onChange={setModelId}
                  allowDeselect={false}
                />
              ) : null}
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  3. Strength: {strength} %
                </Text>
                <Slider thumbLabel="Strength" min={0} max={100} step={5} value={strength} onChange={setStrength} label={(v) => `${v} %`} />
                <Group justify="space-between">
                  <Text size="xs" c="dimmed">
                    Original
                  </Text>
                  <Text size="xs" c="dimmed">
                    Full style
                  </Text>
                </Group>
              </Stack>
              <GuardedButton
                action="generateStyleTransfer"
                onAction={() => void start()}
                loading={run.isPending}
                blockedReason={startBlocked}
                leftSection={<IconSparkles size={16} aria-hidden />}
                size="md"
              >
                Apply style{shownPrice != null ? ` · ${shownPrice} credit${shownPrice === 1 ? '' : 's'}` : ''}
              </GuardedButton>
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            {shown ? (
              <ResultPanel result={shown} canSave={isAuthenticated} styleName={styleList.find((s) => s.id === shown.params.style)?.name} />
            ) : results.isLoading ? null : (
              <ScreenEmptyState
                icon={<IconPalette size={26} stroke={1.6} />}
                title="No style transfers yet"
                description="Choose an image and a style on the left; the result appears here with a before/after slider."
              />
            )}
            <Stack gap="sm">
              <Title order={2} size="h4">
                Your style transfers
              </Title>
              {results.isLoading ? (
                <Center py="md">
                  <Loader size="sm" aria-label="Loading style transfers" />
                </Center>
              ) : results.error ? (
                <Alert color="red" variant="light" title="Could not load your style transfers">
                  {errorMessage(results.error)}
                </Alert>
              ) : pastResults.length ? (
                <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                  {pastResults.map((r) => (
                    <li key={r.id}>
                      <UnstyledButton
                        onClick={() => setCurrent(r)}
                        aria-label={`Show ${r.prompt}`}
                        aria-current={r.id === shown?.id ? 'true' : undefined}
                        w="100%"
                        style={(theme) => ({
                          borderRadius: theme.radius.sm,
                          overflow: 'hidden',
                          outline: r.id === shown?.id ? '2px solid var(--mantine-primary-color-filled)' : undefined,
                        })}
                      >
                        {r.status === 'COMPLETED' && (r.thumbnailUrl ?? r.outputUrl) ? (
                          <Image src={r.thumbnailUrl ?? r.outputUrl ?? ''} alt={r.prompt} style={{ aspectRatio: '1 / 1' }} fit="cover" />
                        ) : (
                          <Center style={{ aspectRatio: '1 / 1' }} bg="var(--mantine-color-default-hover)">
                            <Text size="xs" c="dimmed">
                              {r.status === 'FAILED' ? 'Failed' : r.status === 'CANCELLED' ? 'Cancelled' : 'Working…'}
                            </Text>
                          </Center>
                        )}
                      </UnstyledButton>
                    </li>
                  ))}
                </SimpleGrid>
              ) : (
                <Text size="sm" c="dimmed">
                  Results you make are kept here.
                </Text>
              )}
            </Stack>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** The user's completed image generations, to restyle one. */
function MyImages({ selectedUrl, onPick }: { selectedUrl: string | null; onPick: (p: { url: string; thumb: string; prompt: string }) => void }) {
  const history = trpc.generation.history.useQuery({ limit: 40, offset: 0, type: 'image', status: 'COMPLETED' }, { staleTime: 10_000 });
  if (history.isLoading) {
    return (
      <Center py="sm">
        <Loader size="sm" aria-label="Loading your images" />
      </Center>
    );
  }
  if (history.error) {
    return (
      <Alert color="red" variant="light" title="Could not load your images">
        {errorMessage(history.error)}
      </Alert>
    );
  }
  const images = (history.data?.generations ?? []).filter((g) => g.outputUrl);
  if (!images.length) {
    return (
      <ScreenEmptyState
        bare
        icon={<IconPhoto size={24} stroke={1.6} />}
        title="No images yet"
        description="Images you generate anywhere in Atelier can be restyled here — or upload one."
      />
    );
  }
  return (
    <ScrollArea.Autosize mah={220} type="auto">
      <SimpleGrid cols={4} spacing={6} aria-label="Your images">
        {images.map((g) => (
          <UnstyledButton
            key={g.id}
            onClick={() => onPick({ url: g.outputUrl ?? '', thumb: g.thumbnailUrl ?? g.outputUrl ?? '', prompt: g.prompt })}
            aria-pressed={g.outputUrl === selectedUrl}
            aria-label={`Use ${g.prompt}`}
            style={{
              borderRadius: 6,
              overflow: 'hidden',
              outline: g.outputUrl === selectedUrl ? '2px solid var(--mantine-primary-color-filled)' : undefined,
            }}
          >
            <Image src={g.thumbnailUrl ?? g.outputUrl} alt={g.prompt} style={{ aspectRatio: '1 / 1' }} fit="cover" />
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </ScrollArea.Autosize>
  );
}

function ResultPanel({ result, canSave, styleName }: { result: StyleResult; canSave: boolean; styleName: string | undefined }) {
  const projects = trpc.imageEditor.list.useQuery({ limit: 50, offset: 0 }, { enabled: canSave, staleTime: 30_000 });
  const upload = trpc.imageEditor.upload.useMutation();
  const [projectId, setProjectId] = useState<string | null>(null);
  const [savedTo, setSavedTo] = useState<string | null>(null);
  const strength = Number(result.params.strength);

  const save = async () => {
    if (!projectId || !result.outputUrl) return;
    try {
      const blob = await fetch(result.outputUrl).then((r) => {
        if (!r.ok) throw new Error('The result image could not be read');
        return r.blob();
      });
      await upload.mutateAsync({
        id: projectId,
        image: await readAsDataUrl(blob),
        fileName: `${styleName ?? 'Styled'} image.png`,
        addLayer: true,
      });
      setSavedTo(projectId);
      notifications.show({ color: 'teal', title: 'Saved to the project', message: 'The image was added as an asset and a layer.' });
    } catch (e) {
      notifications.show({ color: 'red', title: 'Not saved', message: errorMessage(e) });
    }
  };

  return (
    <Stack gap="sm">
      <TakeProgress generation={result} label="Your style transfer" />
      {result.status === 'COMPLETED' && result.outputUrl ? (
        <Card withBorder radius="md" p="md">
          <Stack gap="sm">
            <Group justify="space-between">
              <Group gap="xs">
                <Title order={2} size="h4">
                  Result
                </Title>
                <Badge variant="light">{styleName ?? String(result.params.style ?? '')}</Badge>
                {Number.isFinite(strength) ? <Badge variant="outline">strength {strength} %</Badge> : null}
              </Group>
              <Button
                component="a"
                href={result.outputUrl}
                download={`style-${String(result.params.style ?? 'result')}-${result.id.slice(0, 8)}.png`}
                variant="light"
                size="xs"
                leftSection={<IconDownload size={14} aria-hidden />}
              >
                Download PNG
              </Button>
            </Group>
            {result.sourceUrl ? (
              <BeforeAfter before={result.sourceUrl} after={result.outputUrl} alt={result.prompt} />
            ) : (
              <Image src={result.outputUrl} alt={result.prompt} radius="md" data-testid="after-image" />
            )}
            {canSave ? (
              <Group align="flex-end" gap="sm">
                <Select
                  label="Save to an image project"
                  placeholder={
                    projects.isLoading ? 'Loading projects…' : projects.data?.projects.length ? 'Choose a project' : 'No image projects yet'
                  }
                  data={(projects.data?.projects ?? []).map((p) => ({ value: p.id, label: p.name }))}
                  value={projectId}
                  onChange={(v) => {
                    setProjectId(v);
                    setSavedTo(null);
                  }}
                  searchable
                  allowDeselect={false}
                  style={{ flex: 1, minWidth: 200 }}
                  error={projects.error ? errorMessage(projects.error) : null}
                />
                <GuardedButton
                  action="saveStyleTransfer"
                  onAction={() => void save()}
                  loading={upload.isPending}
                  blockedReason={projectId ? null : 'Choose a project to save to.'}
                  variant="default"
                  leftSection={<IconDeviceFloppy size={16} aria-hidden />}
                >
                  Save
                </GuardedButton>
                {savedTo ? (
                  <ButtonLink to="/projects/$projectId/image-editor" params={{ projectId: savedTo }} variant="light">
                    Open in image editor
                  </ButtonLink>
                ) : projects.data && !projects.data.projects.length ? (
                  <ButtonLink to="/image-editor/new" variant="subtle">
                    New image project
                  </ButtonLink>
                ) : null}
              </Group>
            ) : null}
          </Stack>
        </Card>
      ) : null}
    </Stack>
  );
}
