import { lazy, Suspense } from 'react';
import styled from '@emotion/styled';
import { Skeleton } from './Skeleton';

// Its encoder (qrcode-generator) in a chunk of its own, loaded where a code is first shown: the
// referral link, the deposit address, WalletConnect's pairing.
const QrSvg = lazy(() => import(/* webpackChunkName: "qr-code" */ './qrCode/QrSvg'));

const Frame = styled.figure`
  margin: 0;
  display: inline-flex;
  line-height: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  overflow: hidden;
`;

/** A QR code of `text`, its encoder loaded on first use (a chunk of its own). */
export function QrCode({
  text,
  label,
  size = 176,
  'data-testid': testId,
}: {
  text: string;
  label: string;
  size?: number;
  'data-testid'?: string;
}) {
  return (
    <Frame data-testid={testId}>
      <Suspense fallback={<Skeleton width={`${size}px`} height={`${size}px`} />}>
        <QrSvg text={text} label={label} size={size} />
      </Suspense>
    </Frame>
  );
}
