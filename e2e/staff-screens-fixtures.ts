import type { Locator, Page } from '@playwright/test';
import { ACCOUNTS } from './accounts';
import { axeViolations, expect, signInThroughApi, test } from './fixtures';
import type { Locale } from '../src/shared/constants';
import { formatAmount, formatDay } from '../src/shared/portfolio/ratios';

/*
 * The portfolio screens as a staff member sees them: each story goes through its screens in French and
 * English, at a desktop and at a phone width, with an axe check in every state it reaches.
 */

export const SCREENS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

export interface Screen {
  locale: Locale;
  phone: boolean;
  /** The French or the English words, whichever the screen speaks. */
  w: (fr: string, en: string) => string;
  money: (value: number) => string;
  day: (iso: string) => string;
}

/** Runs `visit` in each language at each width, the language chosen the way the drawer keeps it. */
export async function onEachScreen(page: Page, visit: (screen: Screen) => Promise<void>): Promise<void> {
  for (const size of SCREENS) {
    await page.setViewportSize(size);
    for (const locale of ['fr', 'en'] as const) {
      await page.evaluate((value) => localStorage.setItem('locale', value), locale);
      await test.step(`${locale} at ${size.width} px`, () =>
        visit({
          locale,
          phone: size.width < 600,
          w: (fr, en) => (locale === 'fr' ? fr : en),
          money: (value) => formatAmount(value, locale),
          day: (iso) => formatDay(iso, locale),
        }));
    }
  }
}

/** Nothing on the page is reached by scrolling sideways. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}

/**
 * The element is seen whole without scrolling anything sideways: inside the window, and not cut by a box
 * around it that scrolls or clips.
 */
export async function expectSeenWhole(element: Locator): Promise<void> {
  await expect(element).toBeVisible();
  const cut = await element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    if (box.left < 0 || box.right > window.innerWidth + 0.5) return `outside the window: ${box.left}–${box.right}`;
    for (let parent = node.parentElement; parent; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      if (style.overflowX === 'visible') continue;
      const frame = parent.getBoundingClientRect();
      if (box.left < frame.left - 0.5 || box.right > frame.right + 0.5) {
        return `cut by ${parent.tagName}.${parent.className}: ${box.left}–${box.right} in ${frame.left}–${frame.right}`;
      }
    }
    return null;
  });
  expect(cut).toBeNull();
}

/**
 * Beyond expectAccessible's serious and critical findings: none of these rules fails either, whatever the
 * impact axe gives it (a duplicate banner is "moderate", yet a screen reader lists two page headers).
 */
export async function expectNoneOf(page: Page, rules: string[]): Promise<void> {
  expect(
    (await axeViolations(page, rules)).map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** A year's statement with these sales; the other figures the same every year. */
export const statement = (year: number, sales: number) => ({
  year: String(year),
  sales: String(sales),
  gross_profit: '200000',
  net_profit: '40000',
  current_assets: '300000',
  current_liabilities: '100000',
  funds_generated: '90000',
  debt_service: '30000',
});

export interface ScheduleAnswer {
  payment: number;
  balance_today: number;
  rows: Array<{ date: string; payment: number; interest: number; principal: number; balance: number }>;
}

/**
 * The stories of one staff-screens file, in the one describe they all share, each starting signed in as the
 * staff member on their first screen (the companies list).
 */
export function staffScreens(stories: () => void): void {
  test.describe('a staff member’s portfolio screens', () => {
    test.beforeEach(async ({ page }) => {
      await signInThroughApi(page, ACCOUNTS.staff.email);
      await expect(page).toHaveURL(/\/companies/);
    });
    stories();
  });
}
