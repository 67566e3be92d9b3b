/**
 * A line-drawn icon on a 24-unit grid (`d`, the path), stroked in the text's colour and hidden
 * from assistive technology: the control it sits in carries the name.
 */
export function LineIcon({ d, size = 24 }: { d: string; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path
        d={d}
        stroke="currentColor"
        strokeWidth="2"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
