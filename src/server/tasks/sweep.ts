import { todayIso } from '../../shared/portfolio/schedule';
import type { Db } from '../db/client';
import { generateTasks } from './generators';

export const TASKS_SWEEP = 'tasks-sweep';
/** What time alone changes (a follow-up date coming near, a loan a day later, a statement's grace over), swept hourly. */
export const TASKS_SWEEP_INTERVAL_MS = 60 * 60_000;

/** The sweep of every company: generates what is due today (closing is the causes' triggers', ADR 0041). */
export async function sweepTasks(db: Db, today = todayIso()): Promise<{ created: string[] }> {
  return generateTasks(db, today, { all: true });
}
