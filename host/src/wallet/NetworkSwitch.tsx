import { useState } from 'react';
import { CHAINS, getActiveChains, isChainId, styled, useIntl, useWallet } from '@prds/shared';

const Field = styled.select<{ $block: boolean }>`
  height: 36px;
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
  max-width: ${({ $block }) => ($block ? 'none' : '10em')};
  padding: 0 ${({ theme }) => theme.spacing.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: 14px;
  text-overflow: ellipsis;
  cursor: pointer;
`;

/**
 * The chain the page wants (desireChainId), from this build's active chains. Picking one asks the
 * wallet to switch (spec §4); without a wallet it only changes the page's chain.
 */
export function NetworkSwitch({ block = false }: { block?: boolean }) {
  const intl = useIntl();
  const { desiredChainId, switchNetwork } = useWallet();
  const [busy, setBusy] = useState(false);
  const chains = getActiveChains();
  return (
    <Field
      data-testid="network-switch"
      $block={block}
      aria-label={intl.formatMessage({ id: 'host.wallet.network' })}
      value={desiredChainId}
      aria-busy={busy || undefined}
      onChange={(event) => {
        const next = event.target.value;
        if (!isChainId(next)) return;
        setBusy(true);
        void switchNetwork(next)
          .catch(() => undefined)
          .finally(() => setBusy(false));
      }}
    >
      {/* A desired chain outside this build's list (should not happen) still shows as the value. */}
      {!chains.includes(desiredChainId) && <option value={desiredChainId}>{CHAINS[desiredChainId].chainName}</option>}
      {chains.map((id) => (
        <option key={id} value={id}>
          {CHAINS[id].chainName}
        </option>
      ))}
    </Field>
  );
}
