import type { SimpleIcon } from 'simple-icons';

/** A brand mark from simple-icons (named imports keep the bundle to the icons used). */
export function BrandIcon({
  icon,
  size = 24,
  color,
  title,
}: {
  icon: Pick<SimpleIcon, 'path' | 'hex'>;
  size?: number;
  color?: string;
  title?: string;
}) {
  return (
    <svg
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={color ?? `#${icon.hex}`}
    >
      {title ? <title>{title}</title> : null}
      <path d={icon.path} />
    </svg>
  );
}
