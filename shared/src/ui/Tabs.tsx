import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { css, type Theme } from '@emotion/react';
import styled from '@emotion/styled';
import { useIntl } from 'react-intl';
import { Link, matchPath, useLocation } from 'react-router-dom';

export interface TabItem {
  /** Button tabs: the value onChange receives. Link tabs: also the React key. */
  readonly value: string;
  readonly label: ReactNode;
  /** Makes the tab a router link (selected while its route matches): an absolute path (`paths.*()`). */
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
  /**
   * The panel: what the selected tab shows. Every tab controls it (`aria-controls`) and it is labelled
   * by the selected tab, so a screen reader announces which view the content belongs to.
   */
  readonly children: ReactNode;
  /** Space between the tab row and the panel, and between the panel's children (default md). */
  readonly gap?: keyof Theme['spacing'];
  readonly 'data-panel-testid'?: string;
}

/** How far the row of tabs runs past each edge of what is shown (logical: start = before the first shown tab). */
interface Overflow {
  readonly start: boolean;
  readonly end: boolean;
}

/** Width of the faded strip (the scroll button sits over it). */
const EDGE = '0.64rem';

const Root = styled.div<{ $gap: keyof Theme['spacing'] }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme, $gap }) => theme.spacing[$gap]};
  min-width: 0;
`;

const Panel = styled.div<{ $gap: keyof Theme['spacing'] }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme, $gap }) => theme.spacing[$gap]};
  min-width: 0;
`;

const Frame = styled.div`
  position: relative;
  min-width: 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

// Only an edge the row continues past fades (--s start, --e end, swapped right to left). A mask reads
// only alpha: any opaque token will do. (No comments inside the CSS: they would ship in the bundle.)
const List = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.spacing.xs};
  overflow-x: auto;
  scrollbar-width: none;
  --l: var(--s, 0px);
  --r: var(--e, 0px);
  mask-image: linear-gradient(
    to right,
    transparent,
    ${({ theme }) => theme.colors.text} var(--l),
    ${({ theme }) => theme.colors.text} calc(100% - var(--r)),
    transparent
  );
  [dir='rtl'] & {
    --l: var(--e, 0px);
    --r: var(--s, 0px);
  }
  &[data-overflow-start='true'] {
    --s: ${EDGE};
  }
  &[data-overflow-end='true'] {
    --e: ${EDGE};
  }
`;

// A round button over the faded edge, drawn on the surface so it stands out from the tab text beneath.
const ScrollButton = styled.button`
  position: absolute;
  top: 50%;
  z-index: 1;
  display: flex;
  align-items: center;
  justify-content: center;
  width: 1.7em;
  height: 1.7em;
  padding: 0 0 0.15em;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow.card};
  color: ${({ theme }) => theme.colors.primary};
  font-size: ${({ theme }) => theme.font.size.md};
  line-height: 1;
  transform: translateY(-50%);
  cursor: pointer;
  &[data-edge='start'] {
    inset-inline-start: 0;
  }
  &[data-edge='end'] {
    inset-inline-end: 0;
  }
  [dir='rtl'] & {
    transform: translateY(-50%) scaleX(-1);
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
    bottom: 0;
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

interface TabIds {
  readonly id: string;
  readonly panelId: string;
}

function LinkTab({ item, selected, ids }: { item: TabItem & { to: string }; selected: boolean; ids: TabIds }) {
  return (
    <TabLink
      to={item.to}
      role="tab"
      id={ids.id}
      aria-controls={ids.panelId}
      aria-selected={selected}
      aria-current={selected ? 'page' : undefined}
      data-testid={item['data-testid']}
      $selected={selected}
    >
      {item.label}
    </TabLink>
  );
}

/** The selected item's index: link tabs by the route (as NavLink, `end` by default), button tabs by `value`. */
function selectedIndex(items: readonly TabItem[], value: string | undefined, pathname: string): number {
  return items.findIndex((item) =>
    item.to !== undefined ? matchPath({ path: item.to, end: item.end ?? true }, pathname) !== null : item.value === value,
  );
}

const isRtl = (element: HTMLElement) => getComputedStyle(element).direction === 'rtl';

function measureOverflow(list: HTMLElement): Overflow {
  const room = list.scrollWidth - list.clientWidth;
  // How far the list is scrolled from its start, whichever way the page runs (RTL scrollLeft is ≤ 0);
  // a pixel of slack, as zoomed pages report fractional sizes.
  const scrolled = Math.abs(list.scrollLeft);
  return { start: scrolled > 1, end: room - scrolled > 1 };
}

/** Scrolls `list` sideways (never the page) just enough to show `tab` whole, with the faded edge beside it. */
function revealTab(list: HTMLElement, tab: HTMLElement, smooth: boolean) {
  const shown = list.getBoundingClientRect();
  const box = tab.getBoundingClientRect();
  // Keep the tab clear of the faded strip and the scroll button over it.
  const margin = Math.min(box.width, shown.width / 4);
  let delta = 0;
  if (box.left < shown.left + margin) delta = box.left - shown.left - margin;
  else if (box.right > shown.right - margin) delta = box.right - shown.right + margin;
  if (delta !== 0) list.scrollBy?.({ left: delta, behavior: smooth ? 'smooth' : 'auto' });
}

/**
 * Tabs as router links (each tab a route, e.g. Get License / My License) or as buttons with
 * `value`/`onChange`, and their panel (`children`), wired as the WAI-ARIA tabs pattern: each tab
 * controls the panel, the panel is labelled by the selected tab and can take the focus. Arrow keys,
 * Home and End move between tabs. A row wider than the screen scrolls
 * sideways: the edge it continues past fades and carries a button that scrolls it (left to right or right
 * to left alike), and the selected tab is scrolled into view.
 */
export function Tabs({
  items,
  value,
  onChange,
  className,
  children,
  gap = 'md',
  'aria-label': label,
  'data-testid': testId,
  'data-panel-testid': panelTestId,
}: TabsProps) {
  const intl = useIntl();
  const baseId = useId();
  const panelId = `${baseId}panel`;
  const tabId = (index: number) => `${baseId}tab${index}`;
  const selected = selectedIndex(items, value, useLocation().pathname);
  const listRef = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState<Overflow>({ start: false, end: false });

  const update = useCallback(() => {
    const list = listRef.current;
    if (list === null) return;
    const next = measureOverflow(list);
    setOverflow((current) => (current.start === next.start && current.end === next.end ? current : next));
  }, []);

  // Measure on scroll and whenever the list or a tab changes size (a count arriving in a label, a
  // language switch, a rotated phone).
  useEffect(() => {
    const list = listRef.current;
    if (list === null) return;
    update();
    list.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(list);
    for (const child of Array.from(list.children)) observer?.observe(child);
    return () => {
      list.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [update, items]);

  // The selected tab stays in view: on arrival (a link to the last tab) and whenever the choice
  // changes, not on every render (that would undo the user's own scrolling).
  const revealed = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const list = listRef.current;
    const tab = list?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]') ?? null;
    if (list === null || tab === null || tab === revealed.current) return;
    revealTab(list, tab, revealed.current !== null);
    revealed.current = tab;
  });

  const scrollToward = (edge: 'start' | 'end') => {
    const list = listRef.current;
    if (list === null) return;
    const step = list.clientWidth * 0.7 * (edge === 'end' ? 1 : -1) * (isRtl(list) ? -1 : 1);
    list.scrollBy?.({ left: step, behavior: 'smooth' });
  };
  // Pointer help only: keyboard users move along the row with the arrow keys, which scroll it.
  const button = (edge: 'start' | 'end') =>
    overflow[edge] && (
      <ScrollButton
        type="button"
        data-edge={edge}
        tabIndex={-1}
        aria-hidden="true"
        title={intl.formatMessage({ id: edge === 'start' ? 'common.tabs.scrollBack' : 'common.tabs.scrollForward' })}
        data-testid={testId && `${testId}-scroll-${edge === 'start' ? 'back' : 'forward'}`}
        onClick={() => scrollToward(edge)}
      >
        {edge === 'start' ? '‹' : '›'}
      </ScrollButton>
    );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const tabs = Array.from(listRef.current?.querySelectorAll<HTMLElement>('[role="tab"]') ?? []);
    const index = tabs.findIndex((tab) => tab === document.activeElement);
    if (index < 0 || tabs.length === 0) return;
    const rtl = isRtl(event.currentTarget);
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
    let next: number | undefined;
    if (step !== undefined) next = (index + step + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    if (next === undefined) return;
    event.preventDefault();
    const target = tabs[next];
    target?.focus();
    if (target && listRef.current) revealTab(listRef.current, target, true);
  };

  return (
    <Root className={className} $gap={gap}>
      <Frame>
        {button('start')}
        <List
          role="tablist"
          aria-label={label}
          data-testid={testId}
          data-overflow-start={overflow.start}
          data-overflow-end={overflow.end}
          ref={listRef}
          onKeyDown={onKeyDown}
        >
          {items.map((item, index) => {
            const ids = { id: tabId(index), panelId };
            const isSelected = index === selected;
            if (item.to !== undefined)
              return <LinkTab key={item.value} item={{ ...item, to: item.to }} selected={isSelected} ids={ids} />;
            return (
              <TabButton
                key={item.value}
                type="button"
                role="tab"
                id={ids.id}
                aria-controls={panelId}
                aria-selected={isSelected}
                tabIndex={isSelected || selected < 0 ? 0 : -1}
                data-testid={item['data-testid']}
                $selected={isSelected}
                onClick={() => onChange?.(item.value)}
              >
                {item.label}
              </TabButton>
            );
          })}
        </List>
        {button('end')}
      </Frame>
      <Panel
        role="tabpanel"
        id={panelId}
        aria-labelledby={selected < 0 ? undefined : tabId(selected)}
        aria-label={selected < 0 ? label : undefined}
        tabIndex={0}
        data-testid={panelTestId}
        $gap={gap}
      >
        {children}
      </Panel>
    </Root>
  );
}
