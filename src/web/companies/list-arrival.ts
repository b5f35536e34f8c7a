/** How the companies list was reached (react-router's location state): it decides whether the list warns. */
export interface ListArrival {
  /** Sent by documents or events without a current company (components/guards.tsx). */
  needActiveCompany?: boolean;
  /** Leaving a company's form (saved, archived, restored, cancelled). */
  fromCompanyForm?: boolean;
}

/**
 * Leaving a company's form: the user was working on a company, not looking for its documents, so the list
 * does not ask for a current one beside the form's own message.
 */
export const FROM_COMPANY_FORM: ListArrival = { fromCompanyForm: true };
