import qrcode from 'qrcode-generator';
import { dayTheme } from '@prds/shared/theme';

/** Modules of quiet zone around the code (the standard asks for 4). */
const QUIET = 4;

/**
 * `text` as a QR code (qrcode-generator, error correction M), drawn as one SVG path. Always dark on
 * light (the day theme's text on its surface), also at night: phone cameras read inverted codes badly.
 * Its own chunk, loaded only where a code is shown.
 */
export default function QrSvg({ text, label, size }: { text: string; label: string; size: number }) {
  const code = qrcode(0, 'M');
  code.addData(text);
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
      data-qr-text={text}
    >
      <rect width={span} height={span} fill={dayTheme.colors.surface} />
      <path d={path} fill={dayTheme.colors.text} />
    </svg>
  );
}
