import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { LANGUAGES, useIntl, useLang } from '@prds/shared/i18n';
import { useAtomValue } from '@prds/shared/state';
import { deviceAtom, styled } from '@prds/shared/theme';
import { visuallyHidden } from '@prds/shared/ui';
import { nextLanguageIndex } from './languageListbox';

const Anchor = styled.div`
  position: relative;
  flex-shrink: 0;
`;

const Trigger = styled.button`
  height: 36px;
  display: inline-flex;
  align-items: center;
  gap: 6px;
  padding: 0 ${({ theme }) => theme.spacing.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: 14px;
  white-space: nowrap;
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }

  svg {
    width: 16px;
    height: 16px;
    flex: none;
  }
`;

const Hidden = styled.span(visuallyHidden);

const List = styled.ul`
  position: absolute;
  top: calc(100% + 4px);
  inset-inline-end: 0;
  z-index: 30;
  min-width: 11em;
  max-height: min(70vh, 26em);
  overflow-y: auto;
  margin: 0;
  padding: 4px;
  list-style: none;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadow.raised};
  font-size: 14px;
`;

const Option = styled.li<{ $active: boolean }>`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.sm};
  padding: 7px 10px;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme, $active }) => ($active ? theme.colors.surfaceAlt : 'transparent')};
  outline: ${({ theme, $active }) => ($active ? `2px solid ${theme.colors.primary}` : 'none')};
  outline-offset: -2px;
  cursor: pointer;

  &[aria-selected='true'] {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
`;

function GlobeIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
      <path d="M5 12l5 5 9-10" />
    </svg>
  );
}

const indexOf = (code: string) =>
  Math.max(
    0,
    LANGUAGES.findIndex((language) => language.code === code),
  );

/**
 * The 12 languages by their own names, as a button that opens a listbox (the choice is remembered by
 * the i18n provider). Arrow keys, Home, End and a typed letter only move through the list: the site
 * switches when a language is chosen (Enter, Space or a click), not at every step, so walking the
 * list does not re-render the page in each language. Escape or Tab leave it unchanged. On a phone the
 * button shows the language's code to fit a 320px header.
 */
export function LangSwitch() {
  const intl = useIntl();
  const [lang, setLang] = useLang();
  const compact = useAtomValue(deviceAtom) === 'mobile';
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(() => indexOf(lang));
  const triggerRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const id = useId();
  const labelId = `${id}label`;
  const valueId = `${id}value`;
  const listId = `${id}list`;
  const optionId = (index: number) => `${id}option${index}`;
  const current = LANGUAGES[indexOf(lang)] ?? LANGUAGES[0];

  const show = () => {
    setActive(indexOf(lang));
    setOpen(true);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) triggerRef.current?.focus();
  };
  const choose = (index: number) => {
    const language = LANGUAGES[index];
    close(true);
    if (language !== undefined && language.code !== lang) setLang(language.code);
  };

  // The open list takes the focus (it tracks the active option with aria-activedescendant).
  useEffect(() => {
    if (open) listRef.current?.focus();
  }, [open]);
  useEffect(() => {
    if (!open) return;
    document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
  });

  const onTriggerKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      show();
    }
  };

  const onListKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const key = event.key;
    if (key === 'Enter' || key === ' ') {
      event.preventDefault();
      choose(active);
    } else if (key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (key === 'Tab') {
      close(false);
    } else {
      const next = nextLanguageIndex(active, key, LANGUAGES);
      if (next === null) return;
      event.preventDefault();
      setActive(next);
    }
  };

  return (
    <Anchor>
      <Hidden id={labelId}>{intl.formatMessage({ id: 'host.lang.label' })}</Hidden>
      <Trigger
        ref={triggerRef}
        type="button"
        data-testid="lang-switch"
        data-value={lang}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-labelledby={`${labelId} ${valueId}`}
        onClick={() => (open ? close(true) : show())}
        onKeyDown={onTriggerKey}
      >
        <GlobeIcon />
        <span id={valueId} lang={current.code}>
          {compact ? (
            <>
              {current.code.toUpperCase()}
              <Hidden> {current.nativeName}</Hidden>
            </>
          ) : (
            current.nativeName
          )}
        </span>
      </Trigger>
      {open && (
        <List
          ref={listRef}
          id={listId}
          role="listbox"
          tabIndex={-1}
          aria-labelledby={labelId}
          aria-activedescendant={optionId(active)}
          data-testid="lang-listbox"
          onKeyDown={onListKey}
          onBlur={(event) => {
            // Focus leaving for anything but the button (which toggles it) closes the list unchanged.
            if (event.relatedTarget !== triggerRef.current) close(false);
          }}
        >
          {LANGUAGES.map((language, index) => (
            <Option
              key={language.code}
              id={optionId(index)}
              role="option"
              lang={language.code}
              aria-selected={language.code === lang}
              data-value={language.code}
              $active={index === active}
              onMouseMove={() => setActive(index)}
              onClick={() => choose(index)}
            >
              {language.nativeName}
              {language.code === lang && <CheckIcon />}
            </Option>
          ))}
        </List>
      )}
    </Anchor>
  );
}
