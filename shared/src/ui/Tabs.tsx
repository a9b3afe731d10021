import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { css, type Theme } from '@emotion/react';
import styled from '@emotion/styled';
import { Link, useMatch, useResolvedPath } from 'react-router-dom';

export interface TabItem {
  /** Button tabs: the value onChange receives. Link tabs: also the React key. */
  readonly value: string;
  readonly label: ReactNode;
  /** Makes the tab a router link (selected while its route matches). */
  readonly to?: string;
  /** For link tabs: only an exact path match selects it (like NavLink's `end`). */
  readonly end?: boolean;
  readonly 'data-testid'?: string;
}

export interface TabsProps {
  readonly items: readonly TabItem[];
  /** Button tabs: the selected value. */
  readonly value?: string;
  readonly onChange?: (value: string) => void;
  /** Names the tab list for screen readers. */
  readonly 'aria-label'?: string;
  readonly className?: string;
  readonly 'data-testid'?: string;
}

const List = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.spacing.xs};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  overflow-x: auto;
  scrollbar-width: none;
  /* On a narrow screen the tabs scroll sideways; fading the trailing edge shows there is more.
     Where they fit, the faded strip is the empty end of the row. */
  /* A mask reads only alpha: any opaque token will do. */
  mask-image: linear-gradient(to right, ${({ theme }) => theme.colors.text} calc(100% - 2rem), transparent);
  [dir='rtl'] & {
    mask-image: linear-gradient(to left, ${({ theme }) => theme.colors.text} calc(100% - 2rem), transparent);
  }
`;

const tabStyles = (theme: Theme, selected: boolean) => css`
  position: relative;
  flex: none;
  padding: ${theme.spacing.sm} ${theme.spacing.md};
  border: 0;
  background: transparent;
  color: ${selected ? theme.colors.text : theme.colors.textMuted};
  font-size: ${theme.font.size.md};
  font-weight: ${selected ? theme.font.weight.bold : theme.font.weight.medium};
  text-decoration: none;
  white-space: nowrap;
  cursor: pointer;
  &::after {
    content: '';
    position: absolute;
    inset-inline: ${theme.spacing.sm};
    bottom: -1px;
    height: 2px;
    border-radius: 2px;
    background: ${selected ? theme.colors.primary : 'transparent'};
  }
  &:hover {
    color: ${theme.colors.text};
  }
`;

const notSelected = (prop: string) => prop !== '$selected';
const TabButton = styled('button', { shouldForwardProp: notSelected })<{ $selected: boolean }>`
  ${({ theme, $selected }) => tabStyles(theme, $selected)}
`;
const TabLink = styled(Link, { shouldForwardProp: notSelected })<{ $selected: boolean }>`
  ${({ theme, $selected }) => tabStyles(theme, $selected)}
`;

function LinkTab({ item }: { item: TabItem & { to: string } }) {
  const resolved = useResolvedPath(item.to);
  const selected = useMatch({ path: resolved.pathname, end: item.end ?? true }) !== null;
  return (
    <TabLink
      to={item.to}
      role="tab"
      aria-selected={selected}
      aria-current={selected ? 'page' : undefined}
      data-testid={item['data-testid']}
      $selected={selected}
    >
      {item.label}
    </TabLink>
  );
}

/**
 * Tabs as router links (each tab a route, e.g. Get License / My License) or as buttons with
 * `value`/`onChange`. Arrow keys, Home and End move between tabs.
 */
export function Tabs({ items, value, onChange, className, 'aria-label': label, 'data-testid': testId }: TabsProps) {
  const listRef = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const tabs = Array.from(listRef.current?.querySelectorAll<HTMLElement>('[role="tab"]') ?? []);
    const index = tabs.findIndex((tab) => tab === document.activeElement);
    if (index < 0 || tabs.length === 0) return;
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
    let next: number | undefined;
    if (step !== undefined) next = (index + step + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    if (next === undefined) return;
    event.preventDefault();
    tabs[next]?.focus();
  };

  return (
    <List role="tablist" aria-label={label} className={className} data-testid={testId} ref={listRef} onKeyDown={onKeyDown}>
      {items.map((item) => {
        if (item.to !== undefined) return <LinkTab key={item.value} item={{ ...item, to: item.to }} />;
        const selected = item.value === value;
        return (
          <TabButton
            key={item.value}
            type="button"
            role="tab"
            aria-selected={selected}
            tabIndex={selected || value === undefined ? 0 : -1}
            data-testid={item['data-testid']}
            $selected={selected}
            onClick={() => onChange?.(item.value)}
          >
            {item.label}
          </TabButton>
        );
      })}
    </List>
  );
}
