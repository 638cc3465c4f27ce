import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { api } from './api-client';
import { FILE_TIMEOUT_MS } from './http-client';
import { ORG_SCOPE } from './query-client';

/**
 * A file of the organisation (`/files/{id}`: its logo, an event's cover), fetched with the token since
 * files are not public; a file never changes (a new upload is a new id), so it is kept.
 */
export function fileQueryOptions(path: string) {
  return queryOptions({
    queryKey: [ORG_SCOPE, 'files', path],
    queryFn: () => api.get<Blob>(path, { responseType: 'blob', timeoutMs: FILE_TIMEOUT_MS }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** An object URL for the file, revoked when no longer shown. */
export function useFileUrl(path: string | null | undefined): string | undefined {
  const query = useQuery({ ...fileQueryOptions(path ?? ''), enabled: Boolean(path) });
  const url = useMemo(() => (query.data ? URL.createObjectURL(query.data) : undefined), [query.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}
