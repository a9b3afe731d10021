import {
  Button,
  Card,
  FormattedMessage,
  PLATFORM_TOKEN,
  Page,
  PageHeading,
  accountAtom,
  styled,
  useAtomValue,
  useIsConnected,
} from '@prds/shared';

const Panel = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
  max-width: 7.2rem;
  width: 100%;
`;

const Facts = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};
  margin: 0;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
  dd {
    margin: ${({ theme }) => theme.spacing.xs} 0 0;
    font-weight: ${({ theme }) => theme.font.weight.medium};
    overflow-wrap: anywhere;
  }
`;

const Address = styled.span`
  font-family: ${({ theme }) => theme.font.mono};
`;

const Hint = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  text-align: center;
`;

/** Shown for a fact the page cannot know yet. */
const UNKNOWN = '--';

/** `/claim`: the free one-time PRDS claim (spec §2, §8). */
export function ClaimPage() {
  const account = useAtomValue(accountAtom);
  const connected = useIsConnected();

  return (
    <Page data-testid="page-claim">
      <PageHeading description={<FormattedMessage id="claim.intro" values={{ symbol: PLATFORM_TOKEN.symbol }} />}>
        <FormattedMessage id="claim.title" values={{ symbol: PLATFORM_TOKEN.symbol }} />
      </PageHeading>
      <Panel>
        <Facts>
          <div>
            <dt>
              <FormattedMessage id="claim.wallet" />
            </dt>
            <dd data-testid="claim-address">
              {account === null ? <FormattedMessage id="claim.notConnected" /> : <Address>{account}</Address>}
            </dd>
          </div>
          <div>
            <dt>
              <FormattedMessage id="claim.eligibility" />
            </dt>
            <dd data-testid="claim-eligibility">
              {connected ? UNKNOWN : <FormattedMessage id="claim.eligibilityNeedsWallet" />}
            </dd>
          </div>
        </Facts>
        <Button size="lg" block disabled data-testid="claim-button" aria-describedby="claim-reason">
          <FormattedMessage id="claim.button" values={{ symbol: PLATFORM_TOKEN.symbol }} />
        </Button>
        {!connected && (
          <Hint id="claim-reason" data-testid="claim-reason">
            <FormattedMessage id="claim.connectFirst" />
          </Hint>
        )}
        <Hint>
          <FormattedMessage id="claim.oncePerUser" />
        </Hint>
      </Panel>
    </Page>
  );
}
