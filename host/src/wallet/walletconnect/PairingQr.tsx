import qrcode from 'qrcode-generator';
import { dayTheme } from '@prds/shared';

/** Modules of quiet zone around the code (the standard asks for 4). */
const QUIET = 4;

/**
 * The pairing URI as a QR code (qrcode-generator, error correction M) in one SVG path; dark on light in
 * both themes, which phone cameras read best. Its own chunk, loaded only when a pairing URI is shown.
 */
export default function PairingQr({ uri, label, size }: { uri: string; label: string; size: number }) {
  const code = qrcode(0, 'M');
  code.addData(uri);
  code.make();
  const count = code.getModuleCount();
  const span = count + QUIET * 2;
  let path = '';
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (code.isDark(row, col)) path += `M${col + QUIET} ${row + QUIET}h1v1h-1z`;
    }
  }
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${span} ${span}`}
      shapeRendering="crispEdges"
      data-testid="walletconnect-qr"
    >
      <rect width={span} height={span} fill={dayTheme.colors.surface} />
      <path d={path} fill={dayTheme.colors.text} />
    </svg>
  );
}
