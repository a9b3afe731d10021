import { useId, useRef, useState, type DragEvent } from 'react';
import styled from '@emotion/styled';
import { FormattedMessage } from 'react-intl';
import type { FileButtonProps } from '../FileButton';

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xs};
  min-width: 0;
`;

const Label = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Zone = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.xs} ${({ theme }) => theme.spacing.sm};
  padding: ${({ theme }) => theme.spacing.sm};
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  font-size: ${({ theme }) => theme.font.size.sm};

  &[data-dragging='true'] {
    border-color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
  &[data-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
  }

  /* The real input stays in the page, focusable and named, but unseen: its label is the button. */
  input {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
    border: 0;
  }
  input:focus-visible + label {
    outline: 2px solid ${({ theme }) => theme.colors.primary};
    outline-offset: 2px;
  }
  input:disabled + label {
    cursor: not-allowed;
    opacity: 0.6;
  }
`;

const Choose = styled.label`
  display: inline-flex;
  align-items: center;
  padding: ${({ theme }) => theme.spacing.xs} ${({ theme }) => theme.spacing.md};
  border: 1px solid ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.primary};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  white-space: nowrap;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
`;

const Name = styled.span`
  flex: 1 1 8em;
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  unicode-bidi: plaintext;
  &[data-empty='true'] {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Hint = styled.span`
  flex-basis: 100%;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.xs};
`;

const Remove = styled.button`
  padding: 0;
  border: 0;
  background: transparent;
  color: ${({ theme }) => theme.colors.primary};
  font-size: ${({ theme }) => theme.font.size.sm};
  text-decoration: underline;
  cursor: pointer;
`;

/**
 * The lazily loaded half of FileButton. A file chooser in the page's language (the browser's own says 'Choose File' / 'No file chosen' in the
 * browser's language whatever the page's): a button that opens the chooser, the chosen file's name, a
 * way to remove it, and a frame a file can be dropped on. The input underneath keeps keyboard access
 * (Tab, then Enter or Space) and screen-reader naming.
 */
export default function FileButtonImpl({
  file,
  onChange,
  label,
  accept,
  invalid,
  disabled,
  'data-testid': testId,
}: FileButtonProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const choose = (next: File | null) => {
    // Cleared, so choosing the same file again still reports it.
    if (input.current) input.current.value = '';
    onChange(next);
  };
  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (disabled || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    setDragging(false);
    if (disabled) return;
    event.preventDefault();
    const dropped = event.dataTransfer.files[0];
    if (dropped !== undefined) choose(dropped);
  };

  return (
    <Wrap>
      {label !== undefined && <Label id={`${id}-label`}>{label}</Label>}
      <Zone
        data-dragging={dragging}
        data-invalid={invalid === true}
        onDragOver={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <input
          ref={input}
          id={`${id}-input`}
          type="file"
          accept={accept}
          disabled={disabled}
          aria-invalid={invalid === true ? true : undefined}
          aria-labelledby={label === undefined ? `${id}-choose` : `${id}-label ${id}-choose`}
          aria-describedby={`${id}-name`}
          data-testid={testId}
          onChange={(event) => onChange(event.target.files?.[0] ?? null)}
        />
        <Choose htmlFor={`${id}-input`} id={`${id}-choose`} data-testid={testId === undefined ? undefined : `${testId}-choose`}>
          <FormattedMessage id={file === null ? 'common.file.choose' : 'common.file.change'} />
        </Choose>
        <Name id={`${id}-name`} data-empty={file === null} data-testid={testId === undefined ? undefined : `${testId}-name`}>
          {file === null ? <FormattedMessage id="common.file.none" /> : file.name}
        </Name>
        {file !== null && (
          <Remove type="button" disabled={disabled} onClick={() => choose(null)}>
            <FormattedMessage id="common.file.remove" />
          </Remove>
        )}
        <Hint>
          <FormattedMessage id={dragging ? 'common.file.dropNow' : 'common.file.drop'} />
        </Hint>
      </Zone>
    </Wrap>
  );
}
