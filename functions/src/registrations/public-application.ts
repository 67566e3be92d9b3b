import type { TransactionStep } from '../email-locks/repository';

/**
 * What makes a create a public application: it arrives awaiting review, its client's rate-limit
 * counter joins the transaction, and the applicant and coordinators are written to.
 */
export interface PublicApplication {
  rateLimit: TransactionStep;
}
