import { useIntl } from '@prds/shared/i18n';
import { styled, useThemeMode } from '@prds/shared/theme';

const Toggle = styled.button`
  width: 36px;
  height: 36px;
  display: inline-grid;
  place-items: center;
  flex-shrink: 0;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }

  svg {
    width: 18px;
    height: 18px;
  }
`;

function SunIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </svg>
  );
}

function MoonIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" aria-hidden="true">
      <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
    </svg>
  );
}

/** Day/night toggle; the icon shows the theme you switch to. */
export function ThemeSwitch() {
  const intl = useIntl();
  const { mode, toggle } = useThemeMode();
  const label = intl.formatMessage({ id: mode === 'day' ? 'host.theme.toNight' : 'host.theme.toDay' });
  return (
    <Toggle type="button" data-testid="theme-switch" data-mode={mode} aria-label={label} title={label} onClick={toggle}>
      {mode === 'day' ? <MoonIcon /> : <SunIcon />}
    </Toggle>
  );
}
