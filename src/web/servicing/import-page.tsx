import { useMemo, useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  FileInput,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type Path, type Resolver } from 'react-hook-form';
import { Link } from 'react-router';
import { formatFileSize } from '../../shared/documents';
import { toCamel } from '../../shared/case';
import { REPAYMENT_KINDS } from '../../shared/servicing/types';
import type { IMPORT_DECIMAL_SEPARATORS, IMPORT_ENCODINGS, IMPORT_SEPARATORS } from '../../shared/schemas/servicing';
import {
  IMPORT_DATE_FORMATS,
  IMPORT_FIELDS,
  IMPORT_MAX_FILE_BYTES,
  IMPORT_MAX_ROWS,
  REPAYMENT_METHODS,
  repaymentImportInputSchema,
  type ImportField,
  type RepaymentImportInput,
} from '../../shared/schemas/servicing';
import type { ImportReport } from '../../shared/schemas/servicing-answers';
import { ApiError } from '../api/client';
import { fieldError } from '../components/form';
import { TableOrCards, type Column } from '../components/table-or-cards';
import { toast } from '../components/toasts';
import { useUnsavedChanges } from '../components/unsaved-changes';
import { SelectField } from '../components/select-field';
import { i18n, useTranslation, type KeyUnder } from '../i18n';
import { useRepaymentImport } from './api';
import { decodeFile, detectSeparator, parseRows } from '../../shared/servicing/import-file';
import { guessMapping, toBase64 } from './csv-preview';
import { count, day, money } from './format';
import { todayIso } from '../../shared/portfolio/schedule';
import classes from './servicing.module.css';
import { failureText } from '../components/query-state';

type Mapping = Record<ImportField, number | null>;

interface ImportValues {
  fileName: string;
  content: string;
  mapping: Mapping;
  encoding: (typeof IMPORT_ENCODINGS)[number];
  separator: (typeof IMPORT_SEPARATORS)[number];
  decimalSeparator: (typeof IMPORT_DECIMAL_SEPARATORS)[number];
  dateFormat: (typeof IMPORT_DATE_FORMATS)[number];
  defaultMethod: (typeof REPAYMENT_METHODS)[number];
  defaultKind: (typeof REPAYMENT_KINDS)[number];
}

const NO_MAPPING: Mapping = {
  loanNumber: null,
  receivedOn: null,
  amount: null,
  reference: null,
  method: null,
  kind: null,
};
const REQUIRED_FIELDS: readonly ImportField[] = ['loanNumber', 'receivedOn', 'amount'];
/** The header and four rows: enough to recognise the columns. */
const PREVIEW_ROWS = 5;
const SEPARATOR_NAMES: Record<string, 'comma' | 'semicolon' | 'tab'> = { ',': 'comma', ';': 'semicolon', '\t': 'tab' };
/** What an optional column's choice holds for "no column". */
const NONE = 'none';
/** The form's fields, as a 422's detail names them (camelCase): their messages show under them. */
const FORM_PATHS = new Set<string>([
  'fileName',
  'content',
  'encoding',
  'separator',
  'decimalSeparator',
  'dateFormat',
  'defaultMethod',
  'defaultKind',
  ...IMPORT_FIELDS.map((field) => `mapping.${field}`),
]);

/**
 * /portfolio/import: repayments from a bank's pre-authorized-debit file or an accounting export (docs/decisions/0038).
 * The file's first rows show as they are read, its columns are mapped (guessed from its header), the dry run
 * says per row what matched and why the others cannot be imported, in the user's language; then the import
 * posts every row or none. Any change to the file or the mapping asks for a new check before importing.
 */
export default function ImportPage() {
  const { t, i18n: language } = useTranslation();
  const locale = language.language;
  const v = (key: KeyUnder<'servicing.importView'>, params?: Record<string, unknown>) =>
    t(`servicing.importView.${key}`, params);
  const [bytes, setBytes] = useState<Uint8Array | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  /** The last import of this visit: said until the page is left, whatever file is chosen next. */
  const [lastImport, setLastImport] = useState<{ on: string; count: number; amount: number } | null>(null);
  const run = useRepaymentImport();
  const form = useForm<ImportValues, unknown, RepaymentImportInput>({
    mode: 'all',
    resolver: zodResolver(repaymentImportInputSchema) as unknown as Resolver<
      ImportValues,
      unknown,
      RepaymentImportInput
    >,
    defaultValues: {
      fileName: '',
      content: '',
      mapping: NO_MAPPING,
      encoding: 'auto',
      separator: 'auto',
      decimalSeparator: 'auto',
      dateFormat: 'auto',
      defaultMethod: 'pad',
      defaultKind: 'regular',
    },
  });
  const unsaved = useUnsavedChanges(form.formState.isDirty && !(report && !report.dryRun));
  const [encoding, separator] = useWatch({ control: form.control, name: ['encoding', 'separator'] });
  const decoded = useMemo(() => bytes && decodeFile(bytes, encoding), [bytes, encoding]);
  const rows = useMemo(() => {
    if (!decoded) return [];
    const text = decoded.text;
    return parseRows(text, separator === 'auto' ? detectSeparator(text) : separator, PREVIEW_ROWS).map(
      (row) => row.cells,
    );
  }, [decoded, separator]);
  const header = rows[0] ?? [];
  const columnChoices = header.map((heading, index) => ({
    value: String(index + 1),
    label: heading.trim()
      ? `${v('columnLabel', { number: index + 1 })} — ${heading.trim()}`
      : v('columnLabel', { number: index + 1 }),
  }));

  /** A new file, a new option or mapping: the last check no longer says what an import would do. */
  const stale = () => {
    setReport(null);
    setFailure(null);
  };

  const choose = async (chosen: File | null) => {
    stale();
    setFile(chosen);
    if (!chosen) {
      setBytes(null);
      form.setValue('content', '', { shouldDirty: true });
      return;
    }
    if (chosen.size > IMPORT_MAX_FILE_BYTES) {
      setBytes(null);
      form.setValue('content', '');
      form.setError('content', {
        type: 'server',
        message: v('fileTooLarge', { size: formatFileSize(IMPORT_MAX_FILE_BYTES, locale) }),
      });
      return;
    }
    const read = new Uint8Array(await chosen.arrayBuffer());
    setBytes(read);
    form.setValue('fileName', chosen.name, { shouldDirty: true });
    form.setValue('content', toBase64(read), { shouldDirty: true, shouldValidate: true });
    const text = decodeFile(read)?.text;
    if (text === undefined) {
      form.setError('content', { type: 'server', message: v('fileUnreadable') });
      return;
    }
    const guessed = guessMapping(parseRows(text, detectSeparator(text), 1)[0]?.cells ?? []);
    form.setValue('mapping', { ...NO_MAPPING, ...guessed }, { shouldDirty: true, shouldValidate: true });
  };

  const submit = (dryRun: boolean) =>
    form.handleSubmit(async (input) => {
      setFailure(null);
      try {
        const answer = await run.mutateAsync({ input, dryRun });
        setReport(answer);
        if (!answer.dryRun) {
          unsaved.release();
          if (answer.postedCount > 0) {
            setLastImport({ on: todayIso(), count: answer.postedCount, amount: answer.postedAmount });
          }
          toast(
            'success',
            answer.postedCount > 0
              ? v('imported', { count: answer.postedCount, amount: money(answer.postedAmount, locale) })
              : v('importedNothing'),
          );
        }
      } catch (error) {
        // A field the screen shows takes its message; anything else (the file as a whole, the network) the alert.
        // A refused import (a loan changed since the check): its message; a new check shows which rows.
        if (error instanceof ApiError && error.body.code === 'import_refused') {
          setReport(null);
          setFailure(error.body.message);
          return;
        }
        const fields = error instanceof ApiError && error.status === 422 ? Object.entries(error.fieldErrors) : [];
        const shown = fields.filter(([path]) => FORM_PATHS.has(path));
        for (const [path, message] of shown) form.setError(path as Path<ImportValues>, { type: 'server', message });
        if (shown.length === 0 || shown.length < fields.length) {
          const elsewhere = fields.filter(([path]) => !FORM_PATHS.has(path)).map(([, message]) => message);
          setFailure(elsewhere.join(' ') || failureText(error, i18n.t('servicing.importView.failed')));
        }
      }
    });

  const canImport =
    report !== null &&
    report.dryRun &&
    report.unmatchedCount === 0 &&
    report.matchedCount - report.alreadyImportedCount > 0;
  const toPost = report ? report.matchedCount - report.alreadyImportedCount : 0;

  const select = <N extends Path<ImportValues>>(
    name: N,
    label: string,
    data: { value: string; label: string }[],
    options: { required?: boolean; clearable?: string } = {},
  ) => (
    <SelectField
      form={form}
      name={name}
      label={label}
      required={options.required}
      data={options.clearable ? [{ value: NONE, label: options.clearable }, ...data] : data}
      shown={(value) =>
        value === null || value === undefined ? (options.clearable ? NONE : null) : String(value as string | number)
      }
      stored={(next) => (name.startsWith('mapping.') ? (next && next !== NONE ? Number(next) : null) : next)}
      onChange={stale}
      placeholder={t('servicing.forms.choose')}
      comboboxProps={{ withinPortal: true }}
    />
  );

  const auto = { value: 'auto', label: v('auto') };
  return (
    <Stack className={classes.page}>
      <Title order={1}>{v('title')}</Title>
      <Text size="sm" c="gray.7">
        {v('intro')}
      </Text>
      {lastImport && (
        <Alert color="green.9" variant="outline" role="status" data-testid="last-import">
          {v('lastImport', {
            date: day(lastImport.on, locale),
            count: count(lastImport.count, locale),
            amount: money(lastImport.amount, locale),
          })}
        </Alert>
      )}
      {!bytes && (
        <Text size="sm" c="gray.7" data-testid="expected-columns">
          {v('expectedColumns')}
        </Text>
      )}
      <form noValidate onSubmit={(e) => void submit(true)(e)}>
        <Stack>
          <FileInput
            label={v('file')}
            placeholder={v('filePlaceholder')}
            description={v('fileHint', {
              size: formatFileSize(IMPORT_MAX_FILE_BYTES, locale),
              rows: count(IMPORT_MAX_ROWS, locale),
            })}
            // Mantine's grey placeholder and description fail contrast on white (axe): a darker grey.
            styles={{
              description: { color: 'var(--mantine-color-gray-7)' },
              placeholder: { color: 'var(--mantine-color-gray-7)' },
            }}
            accept=".csv,.txt,text/csv,text/plain"
            required
            clearable
            value={file}
            onChange={(chosen) => void choose(chosen)}
            error={fieldError(form, 'content') ?? fieldError(form, 'fileName')}
          />
          {rows.length > 0 && file && <Preview rows={rows} name={file.name} />}
          {bytes && (
            <>
              <Paper withBorder p="md" component="fieldset" className={classes.fieldset}>
                <Title order={2} size="h4" component="legend">
                  {v('mapping')}
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
                  {IMPORT_FIELDS.map((field) =>
                    select(
                      `mapping.${field}`,
                      v(`columns.${field}`),
                      columnChoices,
                      REQUIRED_FIELDS.includes(field) ? { required: true } : { clearable: v('noColumn') },
                    ),
                  )}
                </SimpleGrid>
              </Paper>
              <Paper withBorder p="md" component="fieldset" className={classes.fieldset}>
                <Title order={2} size="h4" component="legend">
                  {v('options')}
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
                  {select('encoding', v('encoding'), [
                    auto,
                    { value: 'utf-8', label: 'UTF-8' },
                    { value: 'windows-1252', label: 'Windows-1252' },
                  ])}
                  {select('separator', v('separator'), [
                    auto,
                    { value: ',', label: v('separators.comma') },
                    { value: ';', label: v('separators.semicolon') },
                    { value: '\t', label: v('separators.tab') },
                  ])}
                  {select('decimalSeparator', v('decimalSeparator'), [
                    auto,
                    { value: '.', label: v('decimals.dot') },
                    { value: ',', label: v('decimals.comma') },
                  ])}
                  {select(
                    'dateFormat',
                    v('dateFormat'),
                    IMPORT_DATE_FORMATS.map((format) => (format === 'auto' ? auto : { value: format, label: format })),
                  )}
                  {select(
                    'defaultMethod',
                    v('defaultMethod'),
                    REPAYMENT_METHODS.map((method) => ({
                      value: method,
                      label: t(`servicing.repaymentMethod.${method}`),
                    })),
                  )}
                  {select(
                    'defaultKind',
                    v('defaultKind'),
                    REPAYMENT_KINDS.map((kind) => ({ value: kind, label: t(`servicing.repaymentKind.${kind}`) })),
                  )}
                </SimpleGrid>
              </Paper>
            </>
          )}
          {failure && (
            <Alert color="red.9" variant="outline" role="alert">
              {failure}
            </Alert>
          )}
          <Group>
            <Button
              type="submit"
              variant={canImport ? 'default' : 'filled'}
              loading={run.isPending && run.variables?.dryRun}
            >
              {v('check')}
            </Button>
            {report?.dryRun && (
              <Button
                disabled={!canImport}
                loading={run.isPending && run.variables?.dryRun === false}
                onClick={() => void submit(false)()}
              >
                {canImport ? v('import', { count: toPost }) : v('importNothing')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
      {report && <Report report={report} />}
    </Stack>
  );
}

function Preview({ rows, name }: { rows: string[][]; name: string }) {
  const { t } = useTranslation();
  const v = (key: KeyUnder<'servicing.importView'>, params?: Record<string, unknown>) =>
    t(`servicing.importView.${key}`, params);
  const [header, ...body] = rows;
  const width = Math.max(...rows.map((row) => row.length));
  const cells = (row: string[]) => Array.from({ length: width }, (_, i) => row[i] ?? '');
  return (
    <section aria-labelledby="import-preview">
      <Title order={2} size="h4" id="import-preview" mb="xs">
        {v('preview', { name })}
      </Title>
      {/* A file's columns are as many as it has: on a phone they scroll sideways, in a focusable region. */}
      <div className={classes.scroll} tabIndex={0} role="region" aria-label={v('previewCaption')}>
        <Table withTableBorder striped>
          <Table.Thead>
            <Table.Tr>
              {cells(header ?? []).map((cell, i) => (
                <Table.Th key={i} scope="col">
                  <Text component="span" size="xs" c="gray.7" display="block">
                    {v('columnLabel', { number: i + 1 })}
                  </Text>
                  {cell}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {body.map((row, r) => (
              <Table.Tr key={r}>
                {cells(row).map((cell, i) => (
                  <Table.Td key={i}>{cell}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
    </section>
  );
}

type Matched = ImportReport['matched'][number];
type Unmatched = ImportReport['unmatched'][number];

function Report({ report }: { report: ImportReport }) {
  const { t, i18n: language } = useTranslation();
  const locale = language.language;
  const v = (key: KeyUnder<'servicing.importView'>, params?: Record<string, unknown>) =>
    t(`servicing.importView.${key}`, params);
  const m = (value: number) => money(value, locale);
  const fieldName = (field: Unmatched['problems'][number]['field']) =>
    field === 'row' ? v('wholeRow') : v(`columns.${toCamel(field)}`);
  const unmatchedColumns: Column<Unmatched>[] = [
    { key: 'row', header: v('row'), cell: (row) => row.row, numeric: true, head: true },
    { key: 'loan', header: v('loan'), cell: (row) => row.loanNumber ?? '—', head: true },
    {
      key: 'problems',
      header: v('problems'),
      cell: (row) => (
        <ul className={classes.problems}>
          {row.problems.map((problem, i) => (
            <li key={i}>{v('problemOf', { field: fieldName(problem.field), message: problem.message })}</li>
          ))}
        </ul>
      ),
    },
  ];
  const matchedColumns: Column<Matched>[] = [
    { key: 'row', header: v('row'), cell: (row) => row.row, numeric: true, head: true },
    {
      key: 'loan',
      header: v('loan'),
      head: true,
      cell: (row) => (
        <Anchor component={Link} to={`/companies/${row.companyId}/contributions/${row.contributionId}`}>
          {row.loanNumber}
        </Anchor>
      ),
    },
    { key: 'company', header: v('company'), cell: (row) => row.companyName },
    { key: 'date', header: v('columns.receivedOn'), cell: (row) => day(row.receivedOn, locale) },
    { key: 'amount', header: v('columns.amount'), cell: (row) => m(row.amount), numeric: true },
    { key: 'method', header: v('columns.method'), cell: (row) => t(`servicing.repaymentMethod.${row.method}`) },
    {
      key: 'reference',
      header: v('columns.reference'),
      cell: (row) =>
        row.alreadyImported ? (
          <Group gap={4} component="span">
            {row.reference}
            <Badge variant="filled" color="gray.7" radius="sm">
              {v('alreadyImported')}
            </Badge>
          </Group>
        ) : (
          row.reference
        ),
    },
  ];
  const limit = (shown: number, total: number) =>
    shown < total ? (
      <Text size="sm" c="gray.7">
        {v('listLimit', { shown: count(shown, locale), count: count(total, locale) })}
      </Text>
    ) : null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="import-report">
      <Stack>
        <Title order={2} size="h3" id="import-report">
          {v('report')}
        </Title>
        <ul className={classes.summary} data-testid="import-summary">
          <li>{v('summary.rows', { count: count(report.rowsCount, locale) })}</li>
          <li>
            {v('summary.matched', { count: count(report.matchedCount, locale), amount: m(report.matchedAmount) })}
          </li>
          {report.alreadyImportedCount > 0 && (
            <li>{v('summary.alreadyImported', { count: count(report.alreadyImportedCount, locale) })}</li>
          )}
          <li>
            <Text
              component="span"
              fw={report.unmatchedCount > 0 ? 700 : undefined}
              c={report.unmatchedCount > 0 ? 'red.9' : undefined}
            >
              {v('summary.unmatched', { count: count(report.unmatchedCount, locale) })}
            </Text>
          </li>
        </ul>
        <Text size="sm" c="gray.7">
          {v('readAs', {
            encoding: report.encoding === 'utf-8' ? 'UTF-8' : 'Windows-1252',
            separator: v(`separators.${SEPARATOR_NAMES[report.separator] ?? 'comma'}`),
            decimal: v(report.decimalSeparator === ',' ? 'decimals.comma' : 'decimals.dot'),
          })}{' '}
          {v(report.decimalSeparatorChosen ? 'decimalChosen' : 'decimalFound')}
        </Text>
        {report.dryRun && report.unmatchedCount > 0 && (
          <Alert color="red.9" variant="outline">
            {v('allOrNothing')}
          </Alert>
        )}
        <RowList id="import-unmatched" title={v('unmatched')} rows={report.unmatched} columns={unmatchedColumns}>
          {limit(report.unmatched.length, report.unmatchedCount)}
        </RowList>
        <RowList id="import-matched" title={v('matched')} rows={report.matched} columns={matchedColumns}>
          {limit(report.matched.length, report.matchedCount)}
        </RowList>
      </Stack>
    </Paper>
  );
}

/** One list of the report (rows matched, rows refused), under its heading: nothing when it has no row. */
function RowList<T extends { row: number }>(props: {
  id: string;
  title: string;
  rows: T[];
  columns: Column<T>[];
  children: React.ReactNode;
}) {
  if (props.rows.length === 0) return null;
  return (
    <section aria-labelledby={props.id}>
      <Title order={3} size="h4" id={props.id} mb="xs">
        {props.title}
      </Title>
      <TableOrCards rows={props.rows} columns={props.columns} rowKey={(row) => row.row} label={props.title} border />
      {props.children}
    </section>
  );
}
