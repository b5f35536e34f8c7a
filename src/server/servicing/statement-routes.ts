import { z } from 'zod';
import { csvAnswerSchema } from '../../shared/schemas/portfolio-answers';
import { translate } from '../../shared/i18n';
import { uuid, contract } from '../platform/http/contract';
import { csvStream, sendCsv, yesNo } from '../platform/http/csv';
import type { FeatureRoutes } from '../platform/route-deps';
import { asOfOf, asOfQuery } from './as-of';
import { loanStatement, statementCsvRows } from './statement';

const loanParams = z.object({ companyId: uuid(), id: uuid() });

/** The statement of account as a file (docs/decisions/0062): the same lines, columns and totals as the screen. */
export const statementRoutes: FeatureRoutes = async (app, { database }) => {
  const { db } = database;

  app.get(
    '/companies/:companyId/financial_contributions/:id/statement.csv',
    contract({
      summary:
        "A loan's statement of account as a CSV file, in the language asked: each line with its debit, credit or recovery, the running balance, and the totals of each column",
      tags: ['servicing'],
      params: loanParams,
      querystring: asOfQuery,
      response: { 200: csvAnswerSchema },
    }),
    async (request, reply) => {
      const locale = request.locale;
      const statement = await loanStatement(db, request.params, asOfOf(request.query.as_of), locale);
      const { header, rows } = statementCsvRows(statement);
      const body = csvStream(
        header,
        (async function* () {
          yield rows;
        })(),
        (cells) => cells,
        locale,
        yesNo(locale),
      );
      const name = `${translate(locale, 'servicing.statementView.file')}-${statement.loanNumber}-${statement.asOf}.csv`;
      return sendCsv(reply, name, body);
    },
  );
};
