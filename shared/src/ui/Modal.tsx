import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled from '@emotion/styled';
import { useIntl } from 'react-intl';

/** What Tab moves between inside a modal (and what a caller may focus first). */
export const FOCUSABLE_SELECTOR =
  'a[href], button:not([disabled]), select:not([disabled]), input:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 50;
  display: grid;
  place-items: center;
  padding: ${({ theme }) => theme.spacing.md};
  background: ${({ theme }) => `color-mix(in srgb, ${theme.colors.bg} 60%, transparent)`};
  backdrop-filter: blur(2px);
`;

const Panel = styled.div`
  width: min(100%, 440px);
  max-width: 100%;
  max-height: calc(100vh - 2 * ${({ theme }) => theme.spacing.md});
  overflow-y: auto;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
  padding: ${({ theme }) => theme.spacing.lg};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadow.raised};

  &:focus {
    outline: none;
  }
`;

const TitleRow = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.sm};
`;

const Title = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

const CloseButton = styled.button`
  width: 32px;
  height: 32px;
  display: inline-grid;
  place-items: center;
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.md};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;

  &:hover {
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }

  svg {
    width: 16px;
    height: 16px;
  }
`;

function CloseIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
      <path d="M6 6l12 12M18 6L6 18" />
    </svg>
  );
}

export interface ModalProps {
  /** The dialog's heading; it also names the dialog for assistive tech. */
  readonly title: ReactNode;
  /** Escape, the close button and a press on the backdrop ask for this; the caller unmounts the modal. */
  readonly onClose: () => void;
  readonly children: ReactNode;
  readonly 'data-testid'?: string;
  readonly closeTestId?: string;
}

/**
 * A modal dialog over the page: rendered into <body>, labelled by its title, focus kept inside
 * (Tab and Shift+Tab wrap), closed by Escape, its close button or the backdrop. It takes the focus
 * when it opens and gives it back to whatever had it before (the button that opened it), so a
 * keyboard user continues where they were. The caller decides which control inside is focused first.
 */
export function Modal({ title, onClose, children, 'data-testid': testId, closeTestId }: ModalProps) {
  const intl = useIntl();
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  // Read once, before the dialog takes the focus: the element to give it back to.
  const [opener] = useState(() => (typeof document === 'undefined' ? null : document.activeElement));

  useEffect(() => {
    panelRef.current?.focus();
    return () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, [opener]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    const panel = panelRef.current;
    if (event.key !== 'Tab' || !panel) return;
    const focusable = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE_SELECTOR)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && (document.activeElement === first || document.activeElement === panel)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <Backdrop
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <Panel
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid={testId}
        onKeyDown={onKeyDown}
      >
        <TitleRow>
          <Title id={titleId}>{title}</Title>
          <CloseButton
            type="button"
            data-testid={closeTestId}
            aria-label={intl.formatMessage({ id: 'common.close' })}
            onClick={onClose}
          >
            <CloseIcon />
          </CloseButton>
        </TitleRow>
        {children}
      </Panel>
    </Backdrop>,
    document.body,
  );
}
