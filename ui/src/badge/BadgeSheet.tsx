import { type BadgeSize, badgePageSizes } from '@vestibule/shared';
import { useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Badge, type BadgeProps } from './Badge.tsx';

/** CSS pixels per millimetre (96 per inch). */
const PX_PER_MM = 96 / 25.4;

/**
 * The page a badge prints on: its label's size with no margin; a continuous roll's as long as the
 * badge measured (rounded up to the millimetre), so the printer cuts right after it.
 */
export function badgePageRule(size: BadgeSize, measuredHeightMm: number | null): string {
  const page = badgePageSizes[size];
  const height = page.height ?? Math.ceil(measuredHeightMm ?? page.width);
  return `@page { size: ${page.width}mm ${height}mm; margin: 0; }`;
}

/**
 * The badge as the printer gets it (docs/badges.md): a copy of the badge at the end of <body>,
 * off screen, and the print rules that make it the only thing printed, on one page of its label's
 * size. Any printer the system knows prints it; window.print() while this is shown prints it.
 */
export function BadgeSheet(props: BadgeProps) {
  const sheet = useRef<HTMLDivElement>(null);
  const [heightMm, setHeightMm] = useState<number | null>(null);
  useLayoutEffect(() => {
    const badge = sheet.current?.firstElementChild;
    if (badge) setHeightMm(badge.getBoundingClientRect().height / PX_PER_MM);
  }, [props]);
  return createPortal(
    <div ref={sheet} data-badge-print="" aria-hidden="true">
      <Badge {...props} />
      <style>{badgePageRule(props.layout.size, heightMm)}</style>
    </div>,
    document.body,
  );
}

/** Prints the badge sheet shown once its pictures (logo, photo) are decoded: no blank photo on the label. */
export async function printBadgeSheet(): Promise<void> {
  const pictures = [...document.querySelectorAll<HTMLImageElement>('[data-badge-print] img')];
  await Promise.all(pictures.map((picture) => picture.decode().catch(() => undefined)));
  window.print();
}
