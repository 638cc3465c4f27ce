import type { CustomerDetail, UpdateCustomerBody } from '@guichet/shared/customers';
import { api } from '../../../lib/api-client';
import { useCustomerMutation } from './customer-mutation';
import { customerPath } from './get-customer';

/** `PATCH /customers/{id}`: name, phone, language, tags, notes. */
export function updateCustomer(customerId: string, body: UpdateCustomerBody): Promise<CustomerDetail> {
  return api.patch<CustomerDetail>(customerPath(customerId), body);
}

export function useUpdateCustomer(customerId: string) {
  return useCustomerMutation(customerId, (body: UpdateCustomerBody) => updateCustomer(customerId, body));
}
