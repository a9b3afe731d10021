import { Link } from 'react-router-dom';
import { FormattedMessage, useIntl } from '@prds/shared/i18n';
import { styled } from '@prds/shared/theme';
import { NAV_ITEMS } from './navItems';

const Bar = styled.footer`
  margin-top: ${({ theme }) => theme.spacing.xl};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 14px;
`;

const Inner = styled.div`
  max-width: 12.8rem;
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.spacing.lg} ${theme.spacing.md}`};
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.lg};

  @media ${({ theme }) => theme.breakpoints.tablet} {
    padding: ${({ theme }) => `${theme.spacing.lg} ${theme.spacing.lg}`};
  }
`;

const About = styled.div`
  max-width: 30em;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xs};

  strong {
    color: ${({ theme }) => theme.colors.text};
  }
`;

const Links = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.md}`};
  align-content: flex-start;

  a {
    color: ${({ theme }) => theme.colors.textMuted};
    text-decoration: none;
  }
  a:hover {
    color: ${({ theme }) => theme.colors.text};
  }
`;

const Legal = styled.p`
  flex-basis: 100%;
  padding-top: ${({ theme }) => theme.spacing.sm};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  font-size: 12px;
`;

export function Footer() {
  const intl = useIntl();
  return (
    <Bar data-testid="site-footer">
      <Inner>
        <About>
          <strong>
            <FormattedMessage id="host.brand" />
          </strong>
          <span>
            <FormattedMessage id="host.tagline" />
          </span>
        </About>
        <Links aria-label={intl.formatMessage({ id: 'host.footer.links' })}>
          {NAV_ITEMS.map((item) => (
            <Link key={item.to} to={item.to}>
              <FormattedMessage id={item.labelId} />
            </Link>
          ))}
        </Links>
        <Legal>
          <FormattedMessage id="host.footer.noGambling" />{' '}
          <FormattedMessage id="host.footer.copyright" values={{ year: new Date().getFullYear() }} />
        </Legal>
      </Inner>
    </Bar>
  );
}
