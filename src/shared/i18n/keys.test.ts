import { describe, expect, it } from 'vitest';
import path from 'node:path';
import ts from 'typescript';

/*
 * The catalog's keys are types (docs/decisions/0058): a `t()` key, a field's label, a screen's short-hand or a
 * typed map naming a message that the catalog does not have fails the typecheck. Each snippet below is compiled
 * with the TypeScript compiler against the real catalog, `t` and field map, with the project's own options: the
 * ones naming real keys compile clean, each naming a missing one fails with an error that names it.
 */

const root = path.resolve(import.meta.dirname, '../../..');
/** Where the snippets stand, so they import the real modules as a screen of the SPA does. */
const dir = path.join(root, 'src/web/i18n');

const header = `
import { z } from 'zod';
import { useTranslation, type KeyUnder, type WebCatalogKey } from './index';
import { field } from '../../shared/schemas/record-fields';
import type { RequestState } from '../../shared/pipeline';
declare const state: RequestState;
const { t } = useTranslation();
const label = (key: WebCatalogKey) =>
  field({ input: z.string(), answer: z.string(), label: key, history: 'text', form: 'text', largest: () => '' });
export {};
`;

const snippets: Record<string, string> = {
  'real-keys': `
    t('common.save');
    t('pipeline.state.decided');
    t(\`pipeline.state.\${state}\`);
    field({ input: z.string(), answer: z.string(), label: 'companies.form.fields.name', history: 'text', form: 'text', largest: () => '' });
    const c = (key: KeyUnder<'pipeline.checks'>) => t(\`pipeline.checks.\${key}\`);
    c('title');
    export const STATE_LABEL = { decided: 'pipeline.state.decided', declined: 'pipeline.state.declined' } satisfies Record<'decided' | 'declined', WebCatalogKey>;
    label('servicing.forms.amount');
  `,
  'missing-t-key': `t('common.saveAll');`,
  'missing-label': `field({ input: z.string(), answer: z.string(), label: 'companies.form.fields.nickname', history: 'text', form: 'text', largest: () => '' });`,
  'state-without-label': `t(\`pipeline.state.\${state as RequestState | 'parked'}\`);`,
  'key-from-any-string': `declare const kind: string; t(\`pipeline.state.\${kind}\`);`,
  'missing-under-prefix': `const c = (key: KeyUnder<'pipeline.checks'>) => t(\`pipeline.checks.\${key}\`); c('nothingHere');`,
  'map-missing-label': `export const KIND_LABEL = { a: 'tasks.kind.nope' } satisfies Record<'a', WebCatalogKey>;`,
  'mail-key-on-screen': `t('mail.greeting');`,
};

function compile(): Map<string, string[]> {
  const config = ts.readConfigFile(path.join(root, 'tsconfig.json'), (file) => ts.sys.readFile(file));
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  const files = new Map(
    Object.entries(snippets).map(([name, body]) => [path.join(dir, `__${name}.fixture.ts`), header + body]),
  );
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, language, ...rest) => {
    const text = files.get(path.resolve(fileName));
    return text === undefined
      ? getSourceFile(fileName, language, ...rest)
      : ts.createSourceFile(fileName, text, language, true);
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (fileName) => files.has(path.resolve(fileName)) || fileExists(fileName);
  const program = ts.createProgram({ rootNames: [...files.keys()], options: { ...options, noEmit: true }, host });
  return new Map(
    Object.keys(snippets).map((name) => {
      const file = program.getSourceFile(path.join(dir, `__${name}.fixture.ts`));
      const errors = ts
        .getPreEmitDiagnostics(program, file)
        .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      return [name, errors];
    }),
  );
}

describe('catalog keys as types', () => {
  const errors = compile();

  it('compile clean when every key, label and map names a message of the catalog', () => {
    expect(errors.get('real-keys')).toEqual([]);
  });

  it.each([
    ['missing-t-key', 'common.saveAll'],
    ['missing-label', 'companies.form.fields.nickname'],
    ['state-without-label', 'pipeline.state.parked'],
    ['key-from-any-string', 'pipeline.state.${string}'],
    ['missing-under-prefix', 'nothingHere'],
    ['map-missing-label', 'tasks.kind.nope'],
    ['mail-key-on-screen', 'mail.greeting'],
  ])('fail the typecheck on %s, naming %s', (name, key) => {
    const found = errors.get(name) ?? [];
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(key);
    expect(found[0]).toMatch(/is not assignable to (parameter of )?type/);
  });
});
