import { useQuery } from '@prds/shared/query';
import { fetchLicenseSale, licenseQueryKeys } from '../../api';

/** `/api/ticket-sale/sale`: the primary sale as the chain has it (prices, properties, minted and left), and the packets. */
export function useLicenseSale() {
  return useQuery({ queryKey: licenseQueryKeys.sale, queryFn: () => fetchLicenseSale() });
}
