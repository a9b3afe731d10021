import { useState } from 'react';
import { CHAINS, getActiveChains, isChainId } from '@prds/shared/chains';
import { useIntl } from '@prds/shared/i18n';
import { useWallet } from '@prds/shared/wallet';
import { HeaderSelect as Field } from '../layout/HeaderSelect';

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
