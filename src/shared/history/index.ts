import { companyEvents } from './companies';
import { documentEvents } from './documents';
import { servicingEvents } from './servicing';
import { pipelineEvents } from './pipeline';
import { noticeEvents } from './notices';
import { guaranteeEvents } from './guarantees';
import { controlsEvents } from './controls';
import type { ParamsOf, SystemEventDefinition } from './define';

export * from './define';

/**
 * Every system event code, each with its parameters and title (docs/decisions/0031). A domain declares its codes
 * in its own file here (`servicing.ts`: `export const servicingEvents = { loanDisbursed: systemEvent<…>(…) }`,
 * titles under its own catalog key, `servicing.history.…`) and adds it on one line below; the wire's list of
 * codes, the types of `recordSystemEvent` and the server's rendering all follow from this object.
 */
export const SYSTEM_EVENTS = {
  ...companyEvents,
  ...documentEvents,
  ...servicingEvents,
  ...pipelineEvents,
  ...noticeEvents,
  ...guaranteeEvents,
  ...controlsEvents,
} satisfies Record<string, SystemEventDefinition<object>>;

export type SystemEventCode = keyof typeof SYSTEM_EVENTS;
export type SystemEventParams = { [C in SystemEventCode]: ParamsOf<(typeof SYSTEM_EVENTS)[C]> };

export const SYSTEM_EVENT_CODES = Object.keys(SYSTEM_EVENTS) as [SystemEventCode, ...SystemEventCode[]];

export function isSystemEventCode(value: unknown): value is SystemEventCode {
  return typeof value === 'string' && Object.hasOwn(SYSTEM_EVENTS, value);
}
