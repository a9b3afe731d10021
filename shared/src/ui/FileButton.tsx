import { lazy, Suspense, type ReactNode } from 'react';

export interface FileButtonProps {
  /** The chosen file, or null. */
  readonly file: File | null;
  /** A file chosen or dropped (the caller checks its type and size), or null when removed. */
  readonly onChange: (file: File | null) => void;
  /** The field's name, shown above it and read with the button. */
  readonly label?: ReactNode;
  /** What the chooser offers, as `<input accept>` takes it. */
  readonly accept?: string;
  readonly invalid?: boolean;
  readonly disabled?: boolean;
  /** Put on the file input itself, so tests can hand it a file. */
  readonly 'data-testid'?: string;
}

// Only the forms that take a file load it, never a page's first render.
const FileButtonImpl = lazy(() => import('./fileButton/FileButtonImpl'));

/**
 * A file chooser in the page's language (the browser's own says 'Choose File' / 'No file chosen' in the
 * browser's language whatever the page's), with a frame a file can be dropped on and keyboard access.
 */
export function FileButton(props: FileButtonProps) {
  return (
    <Suspense fallback={props.label}>
      <FileButtonImpl {...props} />
    </Suspense>
  );
}
