import qrcode from 'qrcode-generator';
import { useMemo } from 'react';

/** Dark modules as one SVG path, one "h1v1h-1z" square each; a 4-module quiet zone around. */
function qrPath(text: string): { size: number; d: string } {
  const qr = qrcode(0, 'M');
  qr.addData(text, 'Byte');
  qr.make();
  const count = qr.getModuleCount();
  let d = '';
  for (let row = 0; row < count; row += 1)
    for (let col = 0; col < count; col += 1)
      if (qr.isDark(row, col)) d += `M${col + 4} ${row + 4}h1v1h-1z`;
  return { size: count + 8, d };
}

/** The URL as a QR code (the salon's booking URLs, a staff member's LINE link), drawn in SVG so it stays sharp when printed (loaded on demand). */
export default function QrCodeSvg({
  text,
  label,
  className = 'salon-qr__svg',
}: {
  text: string;
  label: string;
  className?: string;
}) {
  const { size, d } = useMemo(() => qrPath(text), [text]);
  return (
    <svg
      className={className}
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
