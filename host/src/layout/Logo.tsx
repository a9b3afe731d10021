import { FormattedMessage } from '@prds/shared/i18n';
import { paths } from '@prds/shared/routes';
import { styled } from '@prds/shared/theme';
import { Link } from 'react-router-dom';

const Home = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  font-weight: ${({ theme }) => theme.font.weight.bold};
  font-size: ${({ theme }) => theme.font.size.lg};
  letter-spacing: 0.02em;
  flex-shrink: 0;
`;

const Mark = styled.svg`
  color: ${({ theme }) => theme.colors.primary};
  width: 28px;
  height: 28px;
  flex-shrink: 0;
`;

/** Rising bars in a rounded square: the product's mark, drawn in theme colours. */
export function Logo() {
  return (
    <Home to={paths.home()} data-testid="site-logo">
      <Mark viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="currentColor" opacity="0.14" />
        <rect x="7" y="17" width="4" height="8" rx="1.5" fill="currentColor" opacity="0.45" />
        <rect x="14" y="12" width="4" height="13" rx="1.5" fill="currentColor" opacity="0.7" />
        <rect x="21" y="7" width="4" height="18" rx="1.5" fill="currentColor" />
      </Mark>
      <span>
        <FormattedMessage id="host.brand" />
      </span>
    </Home>
  );
}
