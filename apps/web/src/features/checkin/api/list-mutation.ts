import { useMutation, useQueryClient } from '@tanstack/react-query';
import { checkinKeys } from './keys';

/**
 * A change to the event's check-in lists. Everything of check-in is read again: the headcount counts per
 * list and carries each list's alert threshold, and a deleted list takes its log and conflicts with it.
 */
export function useListMutation<A, R>(call: (input: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: checkinKeys.all });
    },
  });
}
