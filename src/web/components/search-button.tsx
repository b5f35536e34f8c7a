import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, Kbd } from '@mantine/core';
import { useTranslation } from '../i18n';
import { loadChunk } from './stale-build';

// Its own chunk: the palette and its results are loaded the first time it opens, not with every page.
const SearchPalette = lazy(() => loadChunk(() => import('./search-palette')));

const isMac = () => typeof navigator !== 'undefined' && /mac|iphone|ipad/i.test(navigator.userAgent);

/** The top bar's search button, and Ctrl+K (⌘K on a Mac) anywhere in the signed-in app (ADR 0022). */
export function SearchButton() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === 'k' && (isMac() ? event.metaKey : event.ctrlKey) && !event.altKey) {
        // The browser's own Ctrl+K (focus the address bar's search) is what the user did not mean here.
        event.preventDefault();
        setLoaded(true);
        setOpened(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <>
      <Button
        variant="default"
        size="xs"
        aria-label={t('search.openLabel')}
        aria-keyshortcuts={isMac() ? 'Meta+K' : 'Control+K'}
        onClick={() => {
          setLoaded(true);
          setOpened(true);
        }}
        rightSection={
          <Kbd size="xs" visibleFrom="sm" aria-hidden="true">
            {isMac() ? '⌘K' : 'Ctrl+K'}
          </Kbd>
        }
      >
        {t('search.open')}
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <SearchPalette opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
