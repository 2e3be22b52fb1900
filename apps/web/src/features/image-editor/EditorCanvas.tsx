import { Box, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type PointerEvent as ReactPointerEvent, useEffect, useRef, useState } from 'react';
import { type Asset, type LayerState, resizeFrom, type Shape, shapeSvgProps } from './editorState';

interface EditorCanvasProps {
  width: number;
  height: number;
  background: string;
  layers: LayerState[];
  assets: Map<string, Asset>;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  /** A live change during a gesture (same key for one drag). */
  onChange: (layer: LayerState, gestureKey: string) => void;
  onGestureEnd: () => void;
}

const HANDLES: { sx: number; sy: number; cursor: string }[] = [
  { sx: -1, sy: -1, cursor: 'nwse-resize' },
  { sx: 1, sy: -1, cursor: 'nesw-resize' },
  { sx: 1, sy: 1, cursor: 'nwse-resize' },
  { sx: -1, sy: 1, cursor: 'nesw-resize' },
  { sx: 0, sy: -1, cursor: 'ns-resize' },
  { sx: 1, sy: 0, cursor: 'ew-resize' },
  { sx: 0, sy: 1, cursor: 'ns-resize' },
  { sx: -1, sy: 0, cursor: 'ew-resize' },
];

function ShapeView({ shape, w, h }: { shape: Shape; w: number; h: number }) {
  const { sw, inner } = shapeSvgProps(shape, w, h);
  const paint = { fill: shape.fill, stroke: sw > 0 ? shape.stroke : 'none', strokeWidth: sw };
  return (
    <svg width="100%" height="100%" viewBox={`0 0 ${w} ${h}`} preserveAspectRatio="none" style={{ display: 'block' }} aria-hidden>
      {shape.kind === 'ellipse' ? (
        <ellipse cx={w / 2} cy={h / 2} rx={Math.max(0, w / 2 - sw / 2)} ry={Math.max(0, h / 2 - sw / 2)} {...paint} />
      ) : (
        <rect x={sw / 2} y={sw / 2} width={inner.w} height={inner.h} rx={shape.radius ?? 0} {...paint} />
      )}
    </svg>
  );
}

/**
 * The canvas at the project's size, scaled to fit: layers bottom to top with their opacity, CSS blend
 * mode and rotation (what the server's export composites). Drag a layer to move it, a handle to
 * resize (Shift keeps the proportions), the round handle to rotate (Shift snaps to 15°).
 */
export function EditorCanvas(props: EditorCanvasProps) {
  const { width, height, layers, assets, selectedId } = props;
  const frame = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(0);

  useEffect(() => {
    const el = frame.current?.parentElement;
    if (!el) return;
    const measure = () => {
      const r = el.getBoundingClientRect();
      setScale(Math.max(0.05, Math.min((r.width - 8) / width, (r.height - 8) / height)));
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [width, height]);

  const drag = (
    e: ReactPointerEvent,
    layer: LayerState,
    mode: { kind: 'move' } | { kind: 'resize'; sx: number; sy: number } | { kind: 'rotate' },
  ) => {
    if (e.button !== 0 || scale <= 0) return;
    e.stopPropagation();
    e.preventDefault();
    // Keyboard shortcuts (nudge, delete) follow the canvas once it is clicked.
    frame.current?.focus({ preventScroll: true });
    props.onSelect(layer.id);
    const startX = e.clientX;
    const startY = e.clientY;
    const key = `${mode.kind}:${layer.id}:${Date.now()}`;
    const rect = frame.current?.getBoundingClientRect();
    const centre = rect ? { x: rect.left + (layer.x + layer.width / 2) * scale, y: rect.top + (layer.y + layer.height / 2) * scale } : { x: 0, y: 0 };
    let moved = false;
    const onMove = (ev: PointerEvent) => {
      const dx = (ev.clientX - startX) / scale;
      const dy = (ev.clientY - startY) / scale;
      if (!moved && Math.abs(dx) + Math.abs(dy) < 1 / scale) return;
      moved = true;
      if (mode.kind === 'move') props.onChange({ ...layer, x: layer.x + dx, y: layer.y + dy }, key);
      else if (mode.kind === 'resize') props.onChange(resizeFrom(layer, mode.sx, mode.sy, dx, dy, ev.shiftKey || layer.type === 'IMAGE'), key);
      else {
        let deg = (Math.atan2(ev.clientY - centre.y, ev.clientX - centre.x) * 180) / Math.PI + 90;
        if (ev.shiftKey) deg = Math.round(deg / 15) * 15;
        deg = ((((deg + 180) % 360) + 360) % 360) - 180;
        props.onChange({ ...layer, rotation: Math.round(deg * 10) / 10 }, key);
      }
    };
    const onUp = () => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      window.removeEventListener('pointercancel', onUp);
      props.onGestureEnd();
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', onUp);
  };

  const selected = layers.find((l) => l.id === selectedId && l.visible) ?? null;

  return (
    <Box
      ref={frame}
      data-testid="image-canvas"
      aria-label={`Canvas ${width}×${height}`}
      role="img"
      tabIndex={0}
      onPointerDown={() => {
        frame.current?.focus({ preventScroll: true });
        props.onSelect(null);
      }}
      style={{
        position: 'relative',
        width: width * scale,
        height: height * scale,
        background: props.background === 'transparent' ? 'repeating-conic-gradient(#ddd 0% 25%, #fff 0% 50%) 0 0 / 16px 16px' : props.background,
        boxShadow: 'var(--mantine-shadow-md)',
        overflow: 'hidden',
        isolation: 'isolate',
        touchAction: 'none',
        userSelect: 'none',
      }}
    >
      {layers.map((l) => {
        if (!l.visible) return null;
        const asset = l.assetId ? assets.get(l.assetId) : undefined;
        return (
          <div
            key={l.id}
            data-testid="canvas-layer"
            data-layer-id={l.id}
            data-layer-name={l.name}
            onPointerDown={(e) => drag(e, l, { kind: 'move' })}
            style={{
              position: 'absolute',
              left: l.x * scale,
              top: l.y * scale,
              width: l.width * scale,
              height: l.height * scale,
              transform: l.rotation ? `rotate(${l.rotation}deg)` : undefined,
              opacity: l.opacity / 100,
              mixBlendMode: l.blendMode,
              cursor: 'move',
            }}
          >
            {l.type === 'SHAPE' && l.shape ? (
              <ShapeView shape={l.shape} w={l.width} h={l.height} />
            ) : asset?.status === 'READY' && asset.url ? (
              <img src={asset.url} alt={l.name} draggable={false} style={{ width: '100%', height: '100%', display: 'block', objectFit: 'fill' }} />
            ) : (
              <Center h="100%" bg="rgba(0,0,0,0.35)" c="white">
                {asset?.status === 'FAILED' || !asset ? (
                  <Stack gap={2} align="center" p={4}>
                    <IconAlertTriangle size={18} aria-hidden />
                    <Text size="xs" ta="center">
                      {asset?.error ?? 'Image missing'}
                    </Text>
                  </Stack>
                ) : (
                  <Stack gap={4} align="center">
                    <Loader size="sm" color="white" />
                    <Text size="xs">Generating… {asset.progress}%</Text>
                  </Stack>
                )}
              </Center>
            )}
          </div>
        );
      })}
      {selected ? (
        <div
          data-testid="selection-box"
          style={{
            position: 'absolute',
            left: selected.x * scale,
            top: selected.y * scale,
            width: selected.width * scale,
            height: selected.height * scale,
            transform: selected.rotation ? `rotate(${selected.rotation}deg)` : undefined,
            outline: '2px solid var(--mantine-color-brand-5, #4c6ef5)',
            pointerEvents: 'none',
            zIndex: 10,
          }}
        >
          {HANDLES.map((h) => (
            <div
              key={`${h.sx}:${h.sy}`}
              data-handle="resize"
              onPointerDown={(e) => drag(e, selected, { kind: 'resize', sx: h.sx, sy: h.sy })}
              style={{
                position: 'absolute',
                left: `calc(${((h.sx + 1) / 2) * 100}% - 6px)`,
                top: `calc(${((h.sy + 1) / 2) * 100}% - 6px)`,
                width: 12,
                height: 12,
                background: 'white',
                border: '2px solid var(--mantine-color-brand-5, #4c6ef5)',
                borderRadius: 2,
                cursor: h.cursor,
                pointerEvents: 'auto',
              }}
            />
          ))}
          <div
            data-handle="rotate"
            title="Rotate (Shift snaps to 15°)"
            onPointerDown={(e) => drag(e, selected, { kind: 'rotate' })}
            style={{
              position: 'absolute',
              left: 'calc(50% - 7px)',
              top: -30,
              width: 14,
              height: 14,
              borderRadius: '50%',
              background: 'white',
              border: '2px solid var(--mantine-color-brand-5, #4c6ef5)',
              cursor: 'grab',
              pointerEvents: 'auto',
            }}
          />
        </div>
      ) : null}
    </Box>
  );
}
