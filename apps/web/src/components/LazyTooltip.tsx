import type { TooltipFloatingProps, TooltipProps } from '@mantine/core';
import { useSyncExternalStore } from 'react';

/**
 * Mantine's Tooltip without it (and floating-ui, ~20 KB gzip) in the first load: the children render
 * as they are until the tooltip chunk arrives — on the first pointer, touch or key event, or when the
 * browser is idle after the page loaded, whichever comes first — and then with the real Tooltip.
 * A tooltip only shows on hover or focus, so nothing is lost before then.
 */

type TooltipModule = typeof import('./TooltipChunk');

let loaded: TooltipModule['Tooltip'] | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

export function loadTooltip(): Promise<void> {
  loading ??= import('./TooltipChunk').then((m) => {
    loaded = m.Tooltip;
    for (const listener of listeners) listener();
  });
  return loading;
}

if (typeof window !== 'undefined') {
  const start = () => void loadTooltip().catch((error: unknown) => console.warn('[tooltip] could not load', error));
  for (const type of ['pointerover', 'touchstart', 'keydown'] as const) {
    window.addEventListener(type, start, { once: true, passive: true, capture: true });
  }
  const whenIdle = () =>
    typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(start, { timeout: 2000 }) : setTimeout(start, 200);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const useTooltip = () => useSyncExternalStore(subscribe, () => loaded);

export function LazyTooltip(props: TooltipProps) {
  const Tooltip = useTooltip();
  return Tooltip ? <Tooltip {...props} /> : props.children;
}

export function LazyTooltipFloating(props: TooltipFloatingProps) {
  const Tooltip = useTooltip();
  return Tooltip ? <Tooltip.Floating {...props} /> : props.children;
}
