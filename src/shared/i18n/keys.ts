import type { en } from './en';
import type { signedIn } from './signed-in.en';
import type { accounting } from './domains/accounting.en';
import type { committee } from './domains/committee.en';
import type { decisions } from './domains/decisions.en';
import type { guarantees } from './domains/guarantees.en';
import type { controls } from './domains/controls.en';
import type { letters } from './domains/letters.en';
import type { mail } from './domains/mail.en';
import type { notices } from './domains/notices.en';
import type { pipeline } from './domains/pipeline.en';
import type { analyst } from './domains/analyst.en';
import type { privacy } from './domains/privacy.en';
import type { servicing } from './domains/servicing.en';
import type { tasks } from './domains/tasks.en';
import type { twoFactor } from './domains/two-factor.en';

/*
 * The catalog's keys as types (docs/decisions/0058): every dotted path to a message of the English parts, as one
 * flat union of string literals computed once here. `t()`, a field's `label`, a schema's message and a typed map
 * over a closed set (`satisfies Record<State, CatalogKey>`) take only these, so a key missing from the catalog
 * fails the typecheck. French has the same keys (`SameKeys`, ADR 0030). Types only: importing this file brings
 * no catalog to the page.
 */

/** Every dotted path of a catalog part to a string leaf. */
type Leaves<T, Prefix extends string> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** What the browser can show: every part but the mails. */
interface WebCatalog {
  accounting: typeof accounting;
  committee: typeof committee;
  decisions: typeof decisions;
  notices: typeof notices;
  controls: typeof controls;
  letters: typeof letters;
  pipeline: typeof pipeline;
  analyst: typeof analyst;
  privacy: typeof privacy;
  servicing: typeof servicing;
  tasks: typeof tasks;
  twoFactor: typeof twoFactor;
  guarantees: typeof guarantees;
}

/** A key of a message the SPA can show (first load, signed-in frame, a web domain). */
export type WebCatalogKey = Leaves<typeof en, ''> | Leaves<typeof signedIn, ''> | Leaves<WebCatalog, ''>;

/** A key of any message, the mails' included: what the server's `translate` reads. */
export type CatalogKey = WebCatalogKey | Leaves<typeof mail, 'mail.'>;

/** Every part, as the server reads them whole. */
type WholeCatalog = typeof en & typeof signedIn & WebCatalog & { mail: typeof mail };

/** The node at a dotted path of a catalog (`servicing.forms`), never when there is none. */
type At<T, Path extends string> = Path extends `${infer Head}.${infer Rest}`
  ? Head extends keyof T
    ? At<T[Head], Rest>
    : never
  : Path extends keyof T
    ? T[Path]
    : never;

/**
 * The keys under a prefix, without it: `CatalogKeyUnder<'pipeline.checks'>` for a screen's short-hand
 * `c = (key) => t(\`pipeline.checks.${key}\`)`, so its callers are checked too. Read from that node alone, not by
 * filtering the whole union, so each prefix costs the typecheck only its own keys.
 */
export type CatalogKeyUnder<Prefix extends string> = Leaves<At<WholeCatalog, Prefix>, ''>;
