import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { rawRequest } from './raw-request';
import { settingsKey } from './settings-keys';

/** A file of the organisation (`/files/{id}`), fetched with the token; files never change, so kept. */
export function fileQueryOptions(path: string) {
  return queryOptions({
    queryKey: settingsKey('file', path),
    queryFn: async () => (await rawRequest('GET', path)).blob(),
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
