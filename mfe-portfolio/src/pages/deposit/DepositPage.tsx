import { Button, Card, FormattedMessage, Input, Muted, PAY_TOKEN, Page, PageHeading, styled } from '@prds/shared';

const Form = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
  max-width: 6rem;
  width: 100%;
`;

const Label = styled.label`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xs};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

/** `/deposit`: the frame of a deposit; it needs a wallet, which a later issue connects. */
export function DepositPage() {
  return (
    <Page data-testid="page-deposit">
      <PageHeading description={<FormattedMessage id="portfolio.deposit.intro" values={{ symbol: PAY_TOKEN.symbol }} />}>
        <FormattedMessage id="portfolio.deposit.title" />
      </PageHeading>
      <Form as="form" onSubmit={(event) => event.preventDefault()} aria-labelledby="deposit-amount-label">
        <Label id="deposit-amount-label">
          <FormattedMessage id="portfolio.deposit.amount" values={{ symbol: PAY_TOKEN.symbol }} />
          <Input data-testid="deposit-amount" inputMode="decimal" autoComplete="off" disabled />
        </Label>
        <Button type="submit" disabled block data-testid="deposit-submit">
          <FormattedMessage id="portfolio.deposit.submit" />
        </Button>
        <Muted>
          <FormattedMessage id="portfolio.deposit.connect" />
        </Muted>
      </Form>
    </Page>
  );
}
