import { Alert, Badge, Button, Card, Group, Image, Loader, Select, SimpleGrid, Slider, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import {
  IconAdjustments,
  IconArrowsHorizontal,
  IconArrowsVertical,
  IconBolt,
  IconCrop,
  IconPhotoPlus,
  IconRotateClockwise,
  IconSparkles,
  IconZoomIn,
  IconZoomOut,
} from '@tabler/icons-react';
import { useState } from 'react';
import { GuardedButton } from '../../components/GuardedButton';
import { ScreenEmptyState } from '../../components/ScreenEmptyState';
import { trpc } from '../../lib/trpc';
import { useEditAccess } from '../collaboration/viewOnly';
import type { Asset, LayerState } from './editorState';

const RATIOS = ['16:9', '9:16', '1:1'] as const;

interface GeneratePanelProps {
  busy: boolean;
  canvasRatio: string;
  onGenerate: (input: { prompt: string; model: string; aspectRatio: (typeof RATIOS)[number]; credits: number }) => Promise<void>;
}

/** Prompt → a new layer, with the model and its price in credits. */
export function GeneratePanel({ busy, canvasRatio, onGenerate }: GeneratePanelProps) {
  const models = trpc.generation.modelsByOutput.useQuery({ output: 'image' }, { staleTime: 5 * 60_000 });
  const [prompt, setPrompt] = useState('');
  const [modelId, setModelId] = useState<string | null>(null);
  const [ratio, setRatio] = useState<string>(RATIOS.includes(canvasRatio as (typeof RATIOS)[number]) ? canvasRatio : '16:9');
  const available = (models.data?.models ?? []).filter((m) => m.available);
  const model = available.find((m) => m.id === modelId) ?? available.find((m) => m.isDefault) ?? available[0];
  const ratios = (model?.requirements.aspectRatios ?? []).filter((r): r is (typeof RATIOS)[number] => RATIOS.includes(r as (typeof RATIOS)[number]));
  const chosenRatio = ratios.includes(ratio as (typeof RATIOS)[number]) ? (ratio as (typeof RATIOS)[number]) : (ratios[0] ?? '1:1');

  if (models.isPending) return <Loader size="sm" />;
  if (models.isError) return <Alert color="red">The image models could not be loaded: {models.error.message}</Alert>;
  if (!model) return <Alert color="yellow">No image model is available right now.</Alert>;
  return (
    <Stack gap="sm">
      <Textarea
        label="Prompt"
        placeholder="A lighthouse on a cliff at dusk, watercolour"
        autosize
        minRows={3}
        maxLength={2000}
        value={prompt}
        onChange={(e) => setPrompt(e.currentTarget.value)}
      />
      <Select
        label="Model"
        data={available.map((m) => ({ value: m.id, label: `${m.name} · ${m.credits} ${m.credits === 1 ? 'credit' : 'credits'}` }))}
        value={model.id}
        allowDeselect={false}
        onChange={setModelId}
        comboboxProps={{ withinPortal: true }}
      />
      {ratios.length ? (
        <Select label="Aspect ratio" data={ratios} value={chosenRatio} allowDeselect={false} onChange={(v) => v && setRatio(v)} />
      ) : null}
      <GuardedButton
        action="generateImage"
        leftSection={<IconSparkles size={16} aria-hidden />}
        loading={busy}
        disabled={!prompt.trim()}
        onAction={() => {
          void onGenerate({ prompt: prompt.trim(), model: model.id, aspectRatio: chosenRatio, credits: model.credits }).then(
            () => setPrompt(''),
            () => {},
          );
        }}
      >
        Generate · {model.credits} {model.credits === 1 ? 'credit' : 'credits'}
      </GuardedButton>
      <Text size="xs" c="dimmed">
        The image appears as a new layer when it is ready. A failed generation is refunded.
      </Text>
    </Stack>
  );
}

export type QuickActionBody =
  | { kind: 'flip'; direction: 'horizontal' | 'vertical' }
  | { kind: 'rotate'; degrees: 90 | 180 | 270 }
  | { kind: 'crop'; left: number; top: number; width: number; height: number }
  | { kind: 'resize'; scale: number }
  | { kind: 'adjust'; brightness: number; contrast: number; saturation: number }
  | { kind: 'filter'; filter: 'grayscale' | 'sepia' | 'invert' | 'blur' | 'sharpen' };

interface QuickActionsProps {
  layer: LayerState | null;
  asset: Asset | undefined;
  running: string | null;
  onRun: (label: string, action: QuickActionBody) => void;
}

/** Server-side pixel operations on the selected image layer; each makes a new asset (undo points back). */
export function QuickActions({ layer, asset, running, onRun }: QuickActionsProps) {
  // Sliders are not form controls: a viewer's are disabled here (the fieldset of ViewOnly covers the rest).
  const { viewOnly } = useEditAccess();
  const [brightness, setBrightness] = useState(1);
  const [contrast, setContrast] = useState(1);
  const [saturation, setSaturation] = useState(1);
  if (layer?.type !== 'IMAGE') {
    return (
      <ScreenEmptyState
        bare
        icon={<IconAdjustments size={22} stroke={1.6} />}
        title="Select an image layer"
        description="Quick actions process the selected image on the server: flip, rotate, crop, resize, adjust and filters."
      />
    );
  }
  if (asset?.status !== 'READY') {
    return <Alert color="gray">This layer’s image is not ready yet.</Alert>;
  }
  const btn = (label: string, action: QuickActionBody, icon?: React.ReactNode) => (
    <GuardedButton
      key={label}
      action={`editImage${label.replace(/\W/g, '')}`}
      size="xs"
      variant="default"
      leftSection={icon}
      loading={running === label}
      disabled={running !== null && running !== label}
      onAction={() => onRun(label, action)}
    >
      {label}
    </GuardedButton>
  );
  return (
    <Stack gap="sm" data-testid="quick-actions">
      <Text size="xs" c="dimmed">
        {asset.width && asset.height ? `${asset.width}×${asset.height} px · ` : ''}the original is kept: undo brings it back.
      </Text>
      <SimpleGrid cols={2} spacing={6}>
        {btn('Flip horizontal', { kind: 'flip', direction: 'horizontal' }, <IconArrowsHorizontal size={14} />)}
        {btn('Flip vertical', { kind: 'flip', direction: 'vertical' }, <IconArrowsVertical size={14} />)}
        {btn('Rotate 90°', { kind: 'rotate', degrees: 90 }, <IconRotateClockwise size={14} />)}
        {btn('Trim edges', { kind: 'crop', left: 0.1, top: 0.1, width: 0.8, height: 0.8 }, <IconCrop size={14} />)}
        {btn('Upscale 2×', { kind: 'resize', scale: 2 }, <IconZoomIn size={14} />)}
        {btn('Downscale ½', { kind: 'resize', scale: 0.5 }, <IconZoomOut size={14} />)}
      </SimpleGrid>
      <Text size="sm" fw={600}>
        Filters
      </Text>
      <Group gap={6}>
        {btn('Grayscale', { kind: 'filter', filter: 'grayscale' })}
        {btn('Sepia', { kind: 'filter', filter: 'sepia' })}
        {btn('Invert', { kind: 'filter', filter: 'invert' })}
        {btn('Blur', { kind: 'filter', filter: 'blur' })}
        {btn('Sharpen', { kind: 'filter', filter: 'sharpen' })}
      </Group>
      <Text size="sm" fw={600}>
        Adjust
      </Text>
      {(
        [
          ['Brightness', brightness, setBrightness, 0.2, 3],
          ['Contrast', contrast, setContrast, 0.2, 3],
          ['Saturation', saturation, setSaturation, 0, 3],
        ] as const
      ).map(([label, value, set, min, max]) => (
        <div key={label}>
          <Text size="xs">
            {label} {Math.round(value * 100)}%
          </Text>
          <Slider
            min={min}
            max={max}
            step={0.05}
            value={value}
            onChange={set}
            label={(v) => `${Math.round(v * 100)}%`}
            thumbLabel={label}
            disabled={viewOnly}
          />
        </div>
      ))}
      <Group gap={6}>
        {btn('Apply adjustments', { kind: 'adjust', brightness, contrast, saturation }, <IconBolt size={14} />)}
        <Button
          size="xs"
          variant="subtle"
          onClick={() => {
            setBrightness(1);
            setContrast(1);
            setSaturation(1);
          }}
        >
          Reset
        </Button>
      </Group>
    </Stack>
  );
}

interface AssetsPanelProps {
  assets: Asset[];
  usedIds: Set<string>;
  onAdd: (asset: Asset) => void;
  onUpload: () => void;
}

/** Every upload, generation and quick-action result of the project; any can become a layer again. */
export function AssetsPanel({ assets, usedIds, onAdd, onUpload }: AssetsPanelProps) {
  if (!assets.length) {
    return (
      <ScreenEmptyState
        bare
        icon={<IconPhotoPlus size={22} stroke={1.6} />}
        title="No assets yet"
        description="Uploads, generated images and quick-action results are kept here."
        actions={
          <GuardedButton action="uploadImage" size="xs" onAction={onUpload}>
            Upload image
          </GuardedButton>
        }
      />
    );
  }
  const label = { upload: 'Upload', generation: 'Generated', edit: 'Edited' } as const;
  return (
    <SimpleGrid cols={2} spacing="xs" data-testid="asset-grid">
      {assets.map((a) => (
        <Card key={a.id} withBorder padding={4} radius="sm">
          {a.status === 'READY' && a.thumbnailUrl ? (
            <Image src={a.thumbnailUrl} alt={a.prompt ?? label[a.type]} h={72} fit="cover" radius="xs" />
          ) : (
            <Stack h={72} align="center" justify="center" gap={2}>
              {a.status === 'FAILED' ? (
                <Text size="xs" c="red" ta="center" lineClamp={3}>
                  {a.error ?? 'Failed'}
                </Text>
              ) : (
                <>
                  <Loader size="xs" />
                  <Text size="xs" c="dimmed">
                    {a.progress}%
                  </Text>
                </>
              )}
            </Stack>
          )}
          <Group justify="space-between" gap={2} mt={4} wrap="nowrap">
            <Tooltip label={a.prompt ?? (a.operation ? JSON.stringify(a.operation) : label[a.type])} multiline w={220}>
              <Badge size="xs" variant="light" color={a.type === 'generation' ? 'grape' : a.type === 'edit' ? 'teal' : 'gray'}>
                {label[a.type]}
              </Badge>
            </Tooltip>
            <GuardedButton action="createLayerFromAsset" size="compact-xs" variant="subtle" disabled={a.status !== 'READY'} onAction={() => onAdd(a)}>
              {usedIds.has(a.id) ? 'Add again' : 'Add'}
            </GuardedButton>
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}
