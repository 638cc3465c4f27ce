import type { CustomerDetail } from '@guichet/shared/customers';
import { api } from '../../../lib/api-client';
import { useCustomerMutation } from './customer-mutation';
import { customerPath } from './get-customer';

export interface ConsentInput {
  granted: boolean;
  wording: string;
}

/** `POST /customers/{id}/consents`: consent given or withdrawn, appended to the history. */
export function recordConsent(customerId: string, input: ConsentInput): Promise<CustomerDetail> {
  return api.post<CustomerDetail>(customerPath(customerId, '/consents'), input);
}

export function useRecordConsent(customerId: string) {
  return useCustomerMutation(customerId, (input: ConsentInput) => recordConsent(customerId, input));
}
