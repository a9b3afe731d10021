import { useState } from 'react';
import { FormattedMessage, useIntl } from '@prds/shared/i18n';
import { styled } from '@prds/shared/theme';
import { Badge, Muted, Page, PageHeading, Select } from '@prds/shared/ui';
import { useWallet } from '@prds/shared/wallet';
import {
  BRIDGE_DESTINATION,
  BRIDGE_ROUTES,
  BRIDGE_TOKENS,
  SOURCE_CHAINS,
  routeServes,
  sourcesFor,
  type BridgeToken,
  type SourceChainKey,
} from '@prds/shared/bridges';
import { Balances } from '../../common/Balances';
import { CopyButton } from '../../common/CopyButton';
import { LinkButton, Row, Section, SectionTitle, Stack } from '../../common/layout';

const Routes = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};
  grid-template-columns: minmax(0, 1fr);

  @media ${({ theme }) => theme.breakpoints.tablet} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const AddressText = styled.code`
  font-family: ${({ theme }) => theme.font.mono};
  font-size: ${({ theme }) => theme.font.size.sm};
  overflow-wrap: anywhere;
  direction: ltr;
  unicode-bidi: isolate;
`;

const RouteName = styled.h3`
  font-size: ${({ theme }) => theme.font.size.md};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

const Label = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.xs};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const Note = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.spacing.md};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.warning};
  background: ${({ theme }) => theme.colors.surfaceAlt};
`;

function isBridgeToken(value: string): value is BridgeToken {
  return BRIDGE_TOKENS.some((token) => token === value);
}

function isSource(value: string): value is SourceChainKey {
  return value in SOURCE_CHAINS;
}

/**
 * `/bridge`: the ways to bring USDT or BNB to BNB Smart Chain from other chains (@prds/shared/bridges).
 * Each route is another service's page, opened prefilled with the token, the chains and — where its
 * link takes one — the connected account as the recipient; nothing is bridged here. The balances on
 * the product's chain are read again until the funds arrive.
 */
export function BridgePage() {
  const intl = useIntl();
  const { account, desiredChain } = useWallet();
  const [token, setToken] = useState<BridgeToken>('USDT');
  const sources = sourcesFor(token);
  const [chosen, setFrom] = useState<SourceChainKey>('ethereum');
  const from = sources.includes(chosen) ? chosen : (sources[0] ?? 'ethereum');
  const onBsc = Number(desiredChain.chainId) === BRIDGE_DESTINATION.chainId;
  const routes = BRIDGE_ROUTES.filter((route) => routeServes(route, token, from));

  return (
    <Page data-testid="page-bridge">
      <PageHeading description={<FormattedMessage id="portfolio.bridge.intro" values={{ chain: BRIDGE_DESTINATION.name }} />}>
        <FormattedMessage id="portfolio.bridge.title" />
      </PageHeading>
      <Stack>
        {!onBsc && (
          <Note role="note" data-testid="bridge-other-chain">
            <FormattedMessage
              id="portfolio.bridge.otherChain"
              values={{
                destination: BRIDGE_DESTINATION.name,
                id: String(BRIDGE_DESTINATION.chainId),
                chain: desiredChain.chainName,
              }}
            />
          </Note>
        )}
        <Section as="section" aria-labelledby="bridge-routes-title">
          <SectionTitle id="bridge-routes-title">
            <FormattedMessage id="portfolio.bridge.routes" />
          </SectionTitle>
          <Row>
            <Label>
              <FormattedMessage id="portfolio.bridge.token" />
              <Select
                value={token}
                data-testid="bridge-token"
                onChange={(event) => {
                  if (isBridgeToken(event.target.value)) setToken(event.target.value);
                }}
              >
                {BRIDGE_TOKENS.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </Select>
            </Label>
            <Label>
              <FormattedMessage id="portfolio.bridge.from" />
              <Select
                value={from}
                data-testid="bridge-from"
                onChange={(event) => {
                  if (isSource(event.target.value)) setFrom(event.target.value);
                }}
              >
                {sources.map((key) => (
                  <option key={key} value={key}>
                    {SOURCE_CHAINS[key].name}
                  </option>
                ))}
              </Select>
            </Label>
            <span data-testid="bridge-to">
              <FormattedMessage
                id="portfolio.bridge.to"
                values={{ chain: BRIDGE_DESTINATION.name, id: String(BRIDGE_DESTINATION.chainId) }}
              />
            </span>
          </Row>
          {/* The address the routes' notes speak of: where the funds must arrive. */}
          {account !== null && (
            <Row data-testid="bridge-address">
              <Muted>
                <FormattedMessage id="portfolio.deposit.address" />
              </Muted>
              <AddressText data-testid="bridge-address-text">{account}</AddressText>
              <CopyButton
                text={account}
                label={intl.formatMessage({ id: 'portfolio.deposit.address' })}
                data-testid="bridge-address-copy"
              />
            </Row>
          )}
          <Routes data-testid="bridge-routes">
            {routes.map((route) => (
              <Section as="li" key={route.id} data-testid={`bridge-route-${route.id}`}>
                <Row>
                  <RouteName>{route.name}</RouteName>
                  {route.prefillsRecipient && account !== null && (
                    <Badge tone="success">
                      <FormattedMessage id="portfolio.bridge.prefilled" />
                    </Badge>
                  )}
                </Row>
                <Muted>
                  <FormattedMessage
                    id="portfolio.bridge.routeFacts"
                    values={{
                      tokens: intl.formatList([...route.tokens], { type: 'conjunction' }),
                      chains: intl.formatList(
                        route.from.map((key) => SOURCE_CHAINS[key].name),
                        { type: 'conjunction' },
                      ),
                    }}
                  />
                </Muted>
                {!route.prefillsRecipient && account !== null && (
                  <Muted>
                    <FormattedMessage id="portfolio.bridge.enterAddress" />
                  </Muted>
                )}
                <Row>
                  <LinkButton
                    href={route.link({ token, from, recipient: account })}
                    target="_blank"
                    rel="noopener noreferrer"
                    data-testid={`bridge-open-${route.id}`}
                  >
                    <FormattedMessage id="portfolio.bridge.open" values={{ name: route.name }} />
                  </LinkButton>
                </Row>
              </Section>
            ))}
          </Routes>
          <Muted>
            <FormattedMessage id="portfolio.bridge.disclaimer" />
          </Muted>
        </Section>
        <Balances data-testid="bridge-balances" />
      </Stack>
    </Page>
  );
}
