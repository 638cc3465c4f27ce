import type { CreateMemberListBody, MemberList } from '@guichet/shared/customers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { customerKeys } from './keys';

/** `POST /member-lists`. */
export function createMemberList(body: CreateMemberListBody): Promise<MemberList> {
  return api.post<MemberList>('/member-lists', body);
}

export function useCreateMemberList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMemberList,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.memberLists }),
  });
}
