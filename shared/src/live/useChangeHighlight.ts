import { useEffect, useRef, useState } from 'react';
import { css, keyframes, type Theme } from '@emotion/react';

/** How long a changed figure stays highlighted. */
export const CHANGE_HIGHLIGHT_MS = 1500;
/** The class a changed element carries meanwhile (styled by liveChangedStyles). */
export const LIVE_CHANGED_CLASS = 'live-changed';

/**
 * `LIVE_CHANGED_CLASS` for CHANGE_HIGHLIGHT_MS after `version` changed (a pushed update of the odds,
 * volume or state), else undefined. Not on the first render (a row that scrolls into view is not
 * news), nor when `identity` changed too (a recycled row now showing another market).
 */
export function useChangeHighlight(version: string, identity = ''): string | undefined {
  const seen = useRef({ version, identity });
  const [changed, setChanged] = useState(false);
  useEffect(() => {
    const last = seen.current;
    if (last.version === version && last.identity === identity) return undefined;
    seen.current = { version, identity };
    if (last.identity !== identity) {
      setChanged(false);
      return undefined;
    }
    setChanged(true);
    const timer = setTimeout(() => setChanged(false), CHANGE_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [version, identity]);
  return changed ? LIVE_CHANGED_CLASS : undefined;
}

// Colour and shadow only: nothing moves or resizes, so the list never shifts.
const flash = keyframes`
  from {
    box-shadow: 0 0 0 2px var(--live-flash);
    background-color: color-mix(in srgb, var(--live-flash) 16%, transparent);
  }
`;

/**
 * The highlight of an element carrying LIVE_CHANGED_CLASS: a fading flash, or with reduced motion
 * (whose global rule stops animations) a still outline for the same time.
 */
export function liveChangedStyles(theme: Theme) {
  return css`
    &.${LIVE_CHANGED_CLASS} {
      --live-flash: ${theme.colors.primary};
      animation: ${flash} ${CHANGE_HIGHLIGHT_MS}ms ease-out;
    }
    @media (prefers-reduced-motion: reduce) {
      &.${LIVE_CHANGED_CLASS} {
        outline: 2px solid ${theme.colors.primary};
        outline-offset: -2px;
      }
    }
  `;
}
