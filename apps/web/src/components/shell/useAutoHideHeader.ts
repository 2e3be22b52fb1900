import { EDITOR_HEADER_AUTO_HIDE_MS } from '@atelier/shared/constants';
import { useCallback, useEffect, useRef, useState } from 'react';

/** Window event that editors (or anything else) dispatch to bring the main navigation back. */
export const TOGGLE_MAIN_NAV_EVENT = 'toggle-main-nav';

export interface AutoHideHeader {
  visible: boolean;
  /** Show now and hide EDITOR_HEADER_AUTO_HIDE_MS later. */
  reveal: () => void;
  /** Pointer or focus inside the header: keep it shown. */
  hold: () => void;
  /** Pointer or focus left the header: hide EDITOR_HEADER_AUTO_HIDE_MS later. */
  release: () => void;
}

/**
 * §2: in the image, video and sound editors the header is fixed and auto-hidden. It shows on hover at
 * the top edge or when a `toggle-main-nav` window event arrives, and hides 4000 ms later (while the
 * pointer or keyboard focus is inside it, it stays). When `enabled` is false it is always visible.
 */
export function useAutoHideHeader(enabled: boolean): AutoHideHeader {
  const [visible, setVisible] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const held = useRef(false);

  const clearTimer = useCallback(() => {
    if (timer.current !== undefined) window.clearTimeout(timer.current);
    timer.current = undefined;
  }, []);

  const scheduleHide = useCallback(() => {
    clearTimer();
    timer.current = window.setTimeout(() => {
      timer.current = undefined;
      if (!held.current) setVisible(false);
    }, EDITOR_HEADER_AUTO_HIDE_MS);
  }, [clearTimer]);

  const reveal = useCallback(() => {
    setVisible(true);
    scheduleHide();
  }, [scheduleHide]);

  const hold = useCallback(() => {
    held.current = true;
    clearTimer();
    setVisible(true);
  }, [clearTimer]);

  const release = useCallback(() => {
    held.current = false;
    scheduleHide();
  }, [scheduleHide]);

  useEffect(() => {
    if (!enabled) {
      clearTimer();
      held.current = false;
      setVisible(false);
      return;
    }
    const onToggle = () => reveal();
    window.addEventListener(TOGGLE_MAIN_NAV_EVENT, onToggle);
    return () => {
      window.removeEventListener(TOGGLE_MAIN_NAV_EVENT, onToggle);
      clearTimer();
    };
  }, [enabled, reveal, clearTimer]);

  return { visible: enabled ? visible : true, reveal, hold, release };
}
