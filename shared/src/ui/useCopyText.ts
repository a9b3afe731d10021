import { useCallback, useEffect, useRef, useState } from 'react';

/** Where a copy stands: done a moment ago, or refused (an insecure page, a denied permission, an old browser). */
export type CopyState = 'idle' | 'copied' | 'failed';

export interface CopyTextOptions {
  /** How long 'copied' (and, unless `keepFailed`, 'failed') shows before it returns to 'idle'. */
  readonly resetAfterMs: number;
  /** Keep 'failed' until the next copy (the caller shows the text to copy by hand meanwhile). */
  readonly keepFailed?: boolean;
}

/** Copies text to the clipboard and says how it went, for a while; the timer goes with the component. */
export function useCopyText({ resetAfterMs, keepFailed = false }: CopyTextOptions): {
  readonly state: CopyState;
  readonly copy: (text: string) => Promise<void>;
} {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const copy = useCallback(
    async (text: string) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      let next: CopyState;
      try {
        if (typeof navigator === 'undefined' || !navigator.clipboard) throw new Error('no clipboard');
        await navigator.clipboard.writeText(text);
        next = 'copied';
      } catch {
        next = 'failed';
      }
      setState(next);
      if (next === 'copied' || !keepFailed) timer.current = setTimeout(() => setState('idle'), resetAfterMs);
    },
    [resetAfterMs, keepFailed],
  );

  return { state, copy };
}
