/** The few pictograms of the companies screens, drawn inline (no icon library); always decorative. */
function Pictogram({ size, strokeWidth, path }: { size: number; strokeWidth: number; path: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable="false"
    >
      <path d={path} />
    </svg>
  );
}

export const CheckIcon = ({ size = 18 }: { size?: number }) => (
  <Pictogram size={size} strokeWidth={2.5} path="M5 12l5 5L20 7" />
);

export const BuildingIcon = ({ size = 40 }: { size?: number }) => (
  <Pictogram size={size} strokeWidth={1.6} path="M3 21h18M5 21V7l7-4 7 4v14M9 9h1M14 9h1M9 13h1M14 13h1M10 21v-4h4v4" />
);
