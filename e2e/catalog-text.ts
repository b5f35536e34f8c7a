/*
 * How the browser stories read the catalogs' messages on screen: `{{values}}` filled as the screens fill them,
 * and matched whatever spaces the locale's formats put in them (thin and no-break ones).
 */

/** A catalog message with its `{{values}}` filled, as the screens write it. */
export function say(text: string, values: Record<string, string | number> = {}): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
}

export const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

/** Matches a text whatever spaces the locale's formats put in it (thin and no-break ones). */
export const loose = (text: string) =>
  new RegExp(
    nbsp(text)
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/ /g, '[\\s\\u00a0\\u202f]'),
  );
