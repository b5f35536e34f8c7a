/**
 * Labelled values as a description list, each pair in its own `div` (which HTML allows in a `dl`, so a grid can
 * lay the pairs out); the caller's CSS module styles the list and, when given, each value.
 */
export function TermList({
  items,
  className,
  valueClassName,
}: {
  items: readonly (readonly [string, string])[];
  className: string | undefined;
  valueClassName?: string | undefined;
}) {
  return (
    <dl className={className}>
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd className={valueClassName}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
