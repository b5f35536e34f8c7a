import { createTemplate } from './template-database';

/** Vitest global set-up of the API projects: one template database for the whole run. */
export default async function setup(): Promise<() => Promise<void>> {
  return createTemplate();
}
