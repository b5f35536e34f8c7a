import { parseMarked } from '../../shared/search';

/** A `highlight` from the API (shared/search.ts) as text with its matched words in <mark>; never as HTML. */
export function MarkedText({ highlight }: { highlight: string }) {
  return (
    <>
      {parseMarked(highlight).map((part, index) =>
        part.marked ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>,
      )}
    </>
  );
}
