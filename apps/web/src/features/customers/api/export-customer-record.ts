import { api } from '../../../lib/api-client';
import { customerPath } from './get-customer';

/** `GET /customers/{id}/export`: everything held about the person, as a JSON file. */
export function exportCustomerRecord(customerId: string): Promise<Blob> {
  return api.get<Blob>(customerPath(customerId, '/export'), { responseType: 'blob', timeoutMs: 120_000 });
}
