import { useCallback, useEffect, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { useSharedInstanceId } from '@prds/shared/federation';
import { FormattedMessage, useIntl } from '@prds/shared/i18n';
import { useAtom, useAtomValue } from '@prds/shared/state';
import { deviceAtom, styled } from '@prds/shared/theme';
import { useWallet } from '@prds/shared/wallet';
import { AlertsBell } from './alerts/AlertsBell';
import { LangSwitch } from './LangSwitch';
import { Logo } from './Logo';
import { NAV_ITEMS } from './navItems';
import { ThemeSwitch } from './ThemeSwitch';
import { useMediaQuery } from './useMediaQuery';
import { WalletSlot } from './WalletSlot';
import { NetworkSwitch } from '../wallet/NetworkSwitch';
import { focusAfterConnectAtom } from '../wallet/walletDialog';

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 20;
  background: ${({ theme }) => `color-mix(in srgb, ${theme.colors.surface} 88%, transparent)`};
  backdrop-filter: saturate(1.4) blur(10px);
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

/** The bar's height; the layout sizes the content area below it from this. */
export const HEADER_HEIGHT_PX = 60;

const Row = styled.div`
  max-width: 12.8rem;
  height: ${HEADER_HEIGHT_PX}px;
  margin: 0 auto;
  padding: 0 ${({ theme }) => theme.spacing.md};
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.md};

  /* Same side padding as the UI kit's Page, so the bar lines up with the content below. */
  @media ${({ theme }) => theme.breakpoints.tablet} {
    padding: 0 ${({ theme }) => theme.spacing.lg};
  }
`;

const Nav = styled.nav`
  flex: 1;
  min-width: 0;
  display: flex;
  align-items: center;
  gap: 2px;
  overflow-x: auto;
  scrollbar-width: none;
`;

const Item = styled(NavLink)`
  padding: 6px 9px;
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 14px;
  font-weight: ${({ theme }) => theme.font.weight.medium};
  text-decoration: none;
  white-space: nowrap;

  &:hover {
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }

  &.active {
    color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => `color-mix(in srgb, ${theme.colors.primary} 12%, transparent)`};
  }
`;

const Spacer = styled.div`
  flex: 1;
`;

const Controls = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  flex-shrink: 0;
`;

const MenuButton = styled.button`
  width: 36px;
  height: 36px;
  display: inline-grid;
  place-items: center;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;

  svg {
    width: 18px;
    height: 18px;
  }
`;

const Panel = styled.div`
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow.raised};
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md} ${theme.spacing.md}`};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.sm};
`;

const PanelNav = styled.nav`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 4px;

  a {
    padding: 10px 12px;
    font-size: 15px;
  }
`;

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
      {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
    </svg>
  );
}

function NavItems() {
  return (
    <>
      {NAV_ITEMS.map((item) => (
        <Item key={item.to} to={item.to} end={item.end} data-testid={item.testId}>
          <FormattedMessage id={item.labelId} />
        </Item>
      ))}
    </>
  );
}

/**
 * Eight links plus the controls need about this much room in the longer languages (Russian,
 * Vietnamese); narrower windows get the menu instead of a clipped bar.
 */
const FULL_NAV_QUERY = '(min-width: 1200px)';

/**
 * The site header. On wide screens every route is in the bar; below 1200px the links move into a
 * menu (and on mobile, under 768px, the wallet button too), while the language and theme switches
 * stay in reach.
 */
export function Header() {
  const intl = useIntl();
  const device = useAtomValue(deviceAtom);
  const { pathname } = useLocation();
  const fullNav = useMediaQuery(FULL_NAV_QUERY);
  const compact = !fullNav;
  const { account } = useWallet();
  // The menu stays open only on the page, layout and account it was opened with: navigating, resizing
  // or connecting (it would cover the page the person connected for) closes it.
  const menuPlace = `${pathname}|${compact}|${account ?? ''}`;
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const menuOpen = openedAt === menuPlace;
  const setMenuOpen = useCallback((open: boolean) => setOpenedAt(open ? menuPlace : null), [menuPlace]);
  useEffect(() => {
    if (!menuOpen) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen, setMenuOpen]);

  // On a phone the account button lives in the menu: connected while the menu is closed, the focus
  // goes to the toggle that shows it rather than falling to <body>.
  const menuToggleRef = useRef<HTMLButtonElement>(null);
  const [focusAfterConnect, setFocusAfterConnect] = useAtom(focusAfterConnectAtom);
  const walletInMenu = device === 'mobile';
  useEffect(() => {
    if (!focusAfterConnect || !walletInMenu || menuOpen || menuToggleRef.current === null) return;
    menuToggleRef.current.focus();
    setFocusAfterConnect(false);
  }, [focusAfterConnect, walletInMenu, menuOpen, setFocusAfterConnect]);

  const navLabel = intl.formatMessage({ id: 'host.nav.label' });
  const instance = useSharedInstanceId();
  return (
    <Bar data-testid="site-header" data-shared-instance={instance}>
      <Row>
        <Logo />
        {compact ? (
          <Spacer />
        ) : (
          <Nav aria-label={navLabel} data-testid="site-nav">
            <NavItems />
          </Nav>
        )}
        <Controls>
          {device !== 'mobile' && <NetworkSwitch />}
          <LangSwitch />
          <ThemeSwitch />
          <AlertsBell />
          {device !== 'mobile' && <WalletSlot />}
          {compact && (
            <MenuButton
              ref={menuToggleRef}
              type="button"
              data-testid="menu-toggle"
              aria-expanded={menuOpen}
              aria-controls="site-menu"
              aria-label={intl.formatMessage({ id: menuOpen ? 'host.nav.closeMenu' : 'host.nav.openMenu' })}
              onClick={() => setMenuOpen(!menuOpen)}
            >
              <MenuIcon open={menuOpen} />
            </MenuButton>
          )}
        </Controls>
      </Row>
      {compact && menuOpen && (
        <Panel id="site-menu" data-testid="site-menu">
          <PanelNav aria-label={navLabel}>
            <NavItems />
          </PanelNav>
          {device === 'mobile' && <NetworkSwitch block />}
          {device === 'mobile' && <WalletSlot block />}
        </Panel>
      )}
    </Bar>
  );
}
