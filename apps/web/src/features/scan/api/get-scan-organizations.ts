import type { Page } from '@guichet/shared/paging';
import type { ScanOrganization } from '@guichet/shared/scan';
import { LARGEST_PAGE, pagePath, readAllPages } from '../../../lib/paging';
import { SLOW_TIMEOUT_MS, scanApi } from './scan-client';

/** `GET /scan/organizations`: where the staff member holds SCAN, EVENT or ALL (every page: a picker). */
export function getScanOrganizations(): Promise<ScanOrganization[]> {
  return readAllPages((cursor) =>
    scanApi.get<Page<ScanOrganization>>(pagePath('/scan/organizations', LARGEST_PAGE, cursor), {
      organizationId: null,
      timeoutMs: SLOW_TIMEOUT_MS,
    }),
  );
}
