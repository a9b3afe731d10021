import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { accountAtom } from '@prds/shared/state';
import { captureReferral } from './referral';

/**
 * Keeps the `?ref` of the route the visitor arrives at (at boot) and of any route they open later,
 * on any page: the host mounts it once inside its router. Renders nothing.
 */
export function ReferralCapture() {
  const { search } = useLocation();
  const account = useAtomValue(accountAtom);
  useEffect(() => {
    captureReferral(search, account);
  }, [search, account]);
  return null;
}
