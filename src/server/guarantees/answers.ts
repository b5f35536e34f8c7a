/** The guarantees' answers in their wire shape: cents turned into dollars here and only here. */
import { conservationDue, conservationTaskWanted, publishDue, publishTaskWanted } from '../../shared/guarantees/rules';
import type { Locale } from '../../shared/constants';
import { guaranteesCoverage } from '../../shared/guarantees/rules';
import { toDollars } from '../../shared/money';
import type { GuaranteeAnswer, PortfolioGuarantee } from '../../shared/schemas/guarantees-answers';
import type { GuaranteeRow, PortfolioGuaranteeRow } from './store';

export function guaranteeAnswer(row: GuaranteeRow): GuaranteeAnswer {
  const { amountCents, ...rest } = row;
  return {
    id: rest.id,
    companyId: rest.companyId,
    contributionId: rest.contributionId,
    loanNumber: rest.loanNumber,
    kind: rest.kind,
    guarantorOwnerId: rest.guarantorOwnerId,
    guarantorName: rest.guarantorName,
    guarantorAddress: rest.guarantorAddress,
    amount: amountCents === null ? null : toDollars(amountCents),
    sharePercent: rest.sharePercent,
    rank: rest.rank,
    property: rest.property,
    registry: rest.registry,
    registrationNumber: rest.registrationNumber,
    signedOn: rest.signedOn,
    registeredOn: rest.registeredOn,
    expiresOn: rest.expiresOn,
    deedDocumentId: rest.deedDocumentId,
    deedDocumentName: rest.deedDocumentName,
    state: rest.state,
    toComplete: rest.toComplete,
    releasedOn: rest.releasedOn,
    releaseReason: rest.releaseReason,
    assetSoldOn: rest.assetSoldOn,
    assetSoldNote: rest.assetSoldNote,
    publishBy: publishTaskWanted(row) ? publishDue(row.signedOn!) : null,
    conservationBy: conservationTaskWanted(row) ? conservationDue(row.assetSoldOn!) : null,
    lockVersion: rest.lockVersion,
    insertedAt: rest.insertedAt,
    updatedAt: rest.updatedAt,
  };
}

export function portfolioGuaranteeAnswer(row: PortfolioGuaranteeRow, locale: Locale): PortfolioGuarantee {
  return {
    ...guaranteeAnswer(row),
    companyName: row.companyName,
    fundId: row.fundId,
    fundName: row.fund[locale],
    loanCoverage: guaranteesCoverage(row.loanSecuring, row.outstandingCents),
  };
}
