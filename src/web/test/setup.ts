import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { loadMessages, type Part } from '../i18n';
import { partLoaders } from '../i18n/parts';

// Components are rendered here without the router that fetches their catalog parts (docs/decisions/0030):
// every part is there from the start, in whichever language a test switches to.
beforeAll(() => loadMessages(Object.keys(partLoaders) as Part[]));

// jsdom lacks what Mantine measures with (docs/ARCHITECTURE.md §2).
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView ??= () => undefined;

// A React warning (act, keys, a prop type) or an error logged by a component is a defect: the test that
// caused it fails, with what was logged.
let consoleErrors: unknown[][] = [];
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void consoleErrors.push(args));
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.mocked(console.error).mockRestore();
  if (consoleErrors.length > 0) {
    const logged = consoleErrors.map((args) => args.map(String).join(' ')).join('\n');
    throw new Error(`console.error was called during this test:\n${logged}`);
  }
});
