import type { ScanOrganization } from '@guichet/shared/scan';
import { SLOW_TIMEOUT_MS, scanApi } from './scan-client';

/** `GET /scan/organizations`: where the staff member holds SCAN, EVENT or ALL. */
export async function getScanOrganizations(): Promise<ScanOrganization[]> {
  const page = await scanApi.get<{ items: ScanOrganization[] }>('/scan/organizations', {
    organizationId: null,
    timeoutMs: SLOW_TIMEOUT_MS,
  });
  return page.items;
}
