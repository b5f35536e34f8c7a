import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Box, Text } from '@mantine/core';
import { useTranslation } from '../i18n';

/**
 * A table that may be wider than the screen (a phone): it scrolls sideways, is focusable so that the keyboard
 * scrolls it too, and says so above itself whenever it is wider than its box, so no column is hidden without a
 * visible hint. Not a landmark of its own: the section around it names it.
 */
export function ScrollTable({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const hint = useId();
  const [wider, setWider] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const measure = () => setWider(element.scrollWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <>
      {wider && (
        <Text id={hint} size="sm" c="gray.7" mb={4}>
          <span aria-hidden>↔ </span>
          {t('layout.scrollHint')}
        </Text>
      )}
      <Box ref={box} style={{ overflowX: 'auto' }} tabIndex={0} aria-describedby={wider ? hint : undefined}>
        {children}
      </Box>
    </>
  );
}
