import {
  ActionIcon,
  Badge,
  ColorInput,
  Divider,
  Group,
  NumberInput,
  Paper,
  Select,
  Slider,
  Stack,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconEye, IconEyeOff, IconLayersSubtract, IconPhoto, IconShape, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ScreenEmptyState } from '../../components/ScreenEmptyState';
import { useEditAccess, ViewOnly } from '../collaboration/viewOnly';
import { type Asset, BLEND_MODES, type BlendMode, type LayerState } from './editorState';

interface LayerPanelProps {
  layers: LayerState[];
  assets: Map<string, Asset>;
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** One edit of one layer; `gestureKey` joins slider drags into one undo step. */
  onUpdate: (id: string, patch: Partial<LayerState>, gestureKey?: string) => void;
  onMove: (id: string, direction: 1 | -1) => void;
  onDelete: (id: string) => void;
  onGestureEnd: () => void;
  /** Runs an action through the guest guard (rename and delete need an account). */
  guard: (action: string, fn: () => void) => void;
}

function RenameInput({ layer, onRename }: { layer: LayerState; onRename: (name: string) => void }) {
  const [value, setValue] = useState(layer.name);
  useEffect(() => setValue(layer.name), [layer.name]);
  const submit = () => {
    const name = value.trim().slice(0, 80);
    if (name && name !== layer.name) onRename(name);
    else setValue(layer.name);
  };
  return (
    <TextInput
      size="xs"
      label="Name"
      value={value}
      maxLength={80}
      onChange={(e) => setValue(e.currentTarget.value)}
      onBlur={submit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') submit();
      }}
    />
  );
}

/** Layers top to bottom (as in every editor), then the selected layer's properties. */
export function LayerPanel(props: LayerPanelProps) {
  const { layers, selectedId } = props;
  const selected = layers.find((l) => l.id === selectedId) ?? null;
  if (!layers.length) {
    return (
      <ScreenEmptyState
        bare
        icon={<IconLayersSubtract size={22} stroke={1.6} />}
        title="No layers yet"
        description="Upload an image, generate one from a prompt, or add a shape. Each becomes a layer here."
      />
    );
  }
  const top = layers.length - 1;
  return (
    <Stack gap="sm">
      <Stack gap={4} data-testid="layer-list" role="list" aria-label="Layers">
        {layers
          .map((l, i) => ({ l, i }))
          .reverse()
          .map(({ l, i }) => {
            const asset = l.assetId ? props.assets.get(l.assetId) : undefined;
            const active = l.id === selectedId;
            return (
              <Paper
                key={l.id}
                role="listitem"
                data-testid="layer-row"
                data-layer-name={l.name}
                withBorder
                radius="sm"
                p={4}
                bg={active ? 'var(--mantine-color-brand-light, var(--mantine-color-blue-light))' : undefined}
              >
                <Group gap={4} wrap="nowrap">
                  <ViewOnly inline>
                    <Tooltip label={l.visible ? 'Hide layer' : 'Show layer'}>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={`${l.visible ? 'Hide' : 'Show'} ${l.name}`}
                        onClick={() => props.onUpdate(l.id, { visible: !l.visible })}
                      >
                        {l.visible ? <IconEye size={16} aria-hidden /> : <IconEyeOff size={16} aria-hidden />}
                      </ActionIcon>
                    </Tooltip>
                  </ViewOnly>
                  <UnstyledButton
                    onClick={() => props.onSelect(l.id)}
                    style={{ flex: 1, minWidth: 0 }}
                    aria-pressed={active}
                    aria-label={`Select ${l.name}`}
                  >
                    <Group gap={6} wrap="nowrap">
                      {asset?.thumbnailUrl ? (
                        <img src={asset.thumbnailUrl} alt="" width={28} height={20} style={{ objectFit: 'cover', borderRadius: 3, flexShrink: 0 }} />
                      ) : l.type === 'SHAPE' ? (
                        <IconShape size={18} aria-hidden style={{ flexShrink: 0, color: l.shape?.fill }} />
                      ) : (
                        <IconPhoto size={18} aria-hidden style={{ flexShrink: 0 }} />
                      )}
                      {/* the whole name, wrapped: never cut to "A lighth…" */}
                      <Text size="sm" c={l.visible ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere', minWidth: 0 }} data-testid="layer-name">
                        {l.name}
                      </Text>
                      {asset && asset.status !== 'READY' ? (
                        <Badge size="xs" color={asset.status === 'FAILED' ? 'red' : 'gray'} variant="light">
                          {asset.status === 'FAILED' ? 'Failed' : `${asset.progress}%`}
                        </Badge>
                      ) : null}
                    </Group>
                  </UnstyledButton>
                  <Text size="xs" c="dimmed" w={32} ta="right">
                    {l.opacity}%
                  </Text>
                  <ViewOnly inline>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Move ${l.name} up`}
                      disabled={i === top}
                      onClick={() => props.onMove(l.id, 1)}
                    >
                      <IconArrowUp size={14} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Move ${l.name} down`}
                      disabled={i === 0}
                      onClick={() => props.onMove(l.id, -1)}
                    >
                      <IconArrowDown size={14} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete ${l.name}`}
                      onClick={() => props.guard('deleteLayer', () => props.onDelete(l.id))}
                    >
                      <IconTrash size={14} aria-hidden />
                    </ActionIcon>
                  </ViewOnly>
                </Group>
              </Paper>
            );
          })}
      </Stack>

      <Divider label={selected ? 'Selected layer' : 'Select a layer to edit it'} labelPosition="left" />
      {selected ? (
        <ViewOnly>
          <LayerProperties key={selected.id} layer={selected} {...props} />
        </ViewOnly>
      ) : null}
    </Stack>
  );
}

function LayerProperties({ layer, onUpdate, onGestureEnd, guard }: LayerPanelProps & { layer: LayerState }) {
  // Sliders are not form controls: a viewer's are disabled here (the fieldset of ViewOnly covers the rest).
  const { viewOnly } = useEditAccess();
  const update = (patch: Partial<LayerState>, key?: string) => onUpdate(layer.id, patch, key);
  const num = (v: string | number, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
  return (
    <Stack gap="xs" data-testid="layer-properties">
      <RenameInput layer={layer} onRename={(name) => guard('editor.layer.rename', () => update({ name }))} />
      <div>
        <Text size="xs" fw={500} mb={2} id="opacity-label">
          Opacity {layer.opacity}%
        </Text>
        <Slider
          disabled={viewOnly}
          thumbLabel="Opacity"
          min={0}
          max={100}
          value={layer.opacity}
          onChange={(v) => update({ opacity: v }, `opacity:${layer.id}`)}
          onChangeEnd={onGestureEnd}
          label={(v) => `${v}%`}
        />
      </div>
      <Select
        size="xs"
        label="Blend mode"
        data={BLEND_MODES}
        value={layer.blendMode}
        allowDeselect={false}
        onChange={(v) => v && update({ blendMode: v as BlendMode })}
        comboboxProps={{ withinPortal: true }}
      />
      <Group grow gap="xs">
        <NumberInput
          size="xs"
          label="X"
          value={Math.round(layer.x)}
          onChange={(v) => update({ x: num(v, layer.x) }, `x:${layer.id}`)}
          onBlur={onGestureEnd}
        />
        <NumberInput
          size="xs"
          label="Y"
          value={Math.round(layer.y)}
          onChange={(v) => update({ y: num(v, layer.y) }, `y:${layer.id}`)}
          onBlur={onGestureEnd}
        />
      </Group>
      <Group grow gap="xs">
        <NumberInput
          size="xs"
          label="Width"
          min={1}
          value={Math.round(layer.width)}
          onChange={(v) => update({ width: Math.max(1, num(v, layer.width)) }, `w:${layer.id}`)}
          onBlur={onGestureEnd}
        />
        <NumberInput
          size="xs"
          label="Height"
          min={1}
          value={Math.round(layer.height)}
          onChange={(v) => update({ height: Math.max(1, num(v, layer.height)) }, `h:${layer.id}`)}
          onBlur={onGestureEnd}
        />
        <NumberInput
          size="xs"
          label="Rotation"
          min={-180}
          max={180}
          suffix="°"
          value={layer.rotation}
          onChange={(v) => update({ rotation: num(v, layer.rotation) }, `r:${layer.id}`)}
          onBlur={onGestureEnd}
        />
      </Group>
      {layer.type === 'SHAPE' && layer.shape ? (
        <>
          <Select
            size="xs"
            label="Shape"
            data={[
              { value: 'rectangle', label: 'Rectangle' },
              { value: 'ellipse', label: 'Ellipse' },
            ]}
            value={layer.shape.kind}
            allowDeselect={false}
            onChange={(v) =>
              layer.shape &&
              (v === 'rectangle' || v === 'ellipse') &&
              guard('editor.layer.shape', () => update({ shape: { ...(layer.shape as NonNullable<LayerState['shape']>), kind: v } }))
            }
          />
          <Group grow gap="xs">
            <ColorInput
              size="xs"
              label="Fill"
              format="hex"
              value={layer.shape.fill}
              onChange={(fill) =>
                layer.shape && /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(fill) && update({ shape: { ...layer.shape, fill } }, `fill:${layer.id}`)
              }
              onBlur={onGestureEnd}
            />
            <ColorInput
              size="xs"
              label="Stroke"
              format="hex"
              value={layer.shape.stroke === 'transparent' ? '' : layer.shape.stroke}
              placeholder="None"
              onChange={(stroke) =>
                layer.shape &&
                (stroke === '' || /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(stroke)) &&
                update({ shape: { ...layer.shape, stroke: stroke || 'transparent' } }, `stroke:${layer.id}`)
              }
              onBlur={onGestureEnd}
            />
          </Group>
          <Group grow gap="xs">
            <NumberInput
              size="xs"
              label="Stroke width"
              min={0}
              max={500}
              value={layer.shape.strokeWidth}
              onChange={(v) =>
                layer.shape && update({ shape: { ...layer.shape, strokeWidth: Math.max(0, Math.min(500, num(v, 0))) } }, `sw:${layer.id}`)
              }
              onBlur={onGestureEnd}
            />
            {layer.shape.kind === 'rectangle' ? (
              <NumberInput
                size="xs"
                label="Corner radius"
                min={0}
                max={5000}
                value={layer.shape.radius ?? 0}
                onChange={(v) =>
                  layer.shape && update({ shape: { ...layer.shape, radius: Math.max(0, Math.min(5000, num(v, 0))) } }, `rad:${layer.id}`)
                }
                onBlur={onGestureEnd}
              />
            ) : null}
          </Group>
        </>
      ) : null}
    </Stack>
  );
}
