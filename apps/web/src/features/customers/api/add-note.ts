import type { CustomerDetail } from '@guichet/shared/customers';
import { api } from '../../../lib/api-client';
import { useCustomerMutation } from './customer-mutation';
import { customerPath } from './get-customer';

/** `POST /customers/{id}/notes`: a note on the timeline. */
export function addNote(customerId: string, body: string): Promise<CustomerDetail> {
  return api.post<CustomerDetail>(customerPath(customerId, '/notes'), { body });
}

export function useAddNote(customerId: string) {
  return useCustomerMutation(customerId, (body: string) => addNote(customerId, body));
}
